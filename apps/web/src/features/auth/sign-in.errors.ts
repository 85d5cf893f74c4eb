import { CODE_ATTEMPTS } from '@hearth/shared/mfa/mfa.constants';

/** Where a sign-in problem happened: the password form, the second factor, a login link, or a password reset. */
export type SignInStep = 'password' | 'code' | 'link' | 'reset';

/** A failed auth call as the pages see it: HTTP status (undefined: no answer), better-auth's code, server text. */
export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
  retryAfterSeconds?: number;
}

/**
 * How the sign-in pages show a problem: `key` of the signIn catalogue (with `count` minutes where it says a wait),
 * or the server's own `message` when it is the clearest text (a login link's reason, a policy rule); `screen` says
 * where: an alert on the form, the Authentication Failed screen (a login link: the device could not be
 * authenticated), the Authentication Error screen (the sign-in cannot go on: start again), or the "An error
 * occurred" screen with Try again (spec section 8).
 */
export interface SignInProblem {
  screen: 'alert' | 'authFailed' | 'authError' | 'unexpected';
  key?: SignInMessageKey;
  count?: number;
  message?: string;
}

/** The signIn catalogue's messages of errors (packages/shared/src/i18n/en/sign-in.json `errors`). */
export type SignInMessageKey =
  | 'errors.incorrectCredentials'
  | 'errors.codeMismatch'
  | 'errors.expiredCode'
  | 'errors.signInExpired'
  | 'errors.limitExceeded'
  | 'errors.tooManyRequests'
  | 'errors.tooManyRequestsIn'
  | 'errors.userNotConfirmed'
  | 'errors.notAuthorized'
  | 'errors.passwordResetRequired'
  | 'errors.resetLinkInvalid'
  | 'errors.network'
  | 'errors.unexpected';

/**
 * better-auth's codes that mean "these credentials did not sign anyone in": an unknown user, a wrong password and
 * a user without a password all read the same, so the message never says whether an account exists.
 */
const WRONG_CREDENTIALS = new Set([
  'INVALID_USERNAME_OR_PASSWORD',
  'INVALID_EMAIL_OR_PASSWORD',
  'USER_NOT_FOUND',
  'INVALID_PASSWORD',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'INVALID_EMAIL',
  'INVALID_USERNAME',
  'INVALID_USER',
]);

/** The identity errors by better-auth code (the spec's named exceptions of section 8), whatever the step. */
const BY_CODE: Record<string, SignInProblem> = {
  INVALID_CODE: { screen: 'alert', key: 'errors.codeMismatch' },
  INVALID_BACKUP_CODE: { screen: 'alert', key: 'errors.codeMismatch' },
  OTP_HAS_EXPIRED: { screen: 'alert', key: 'errors.expiredCode' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { screen: 'alert', key: 'errors.expiredCode' },
  ACCOUNT_TEMPORARILY_LOCKED: { screen: 'alert', key: 'errors.limitExceeded', count: CODE_ATTEMPTS.lockMinutes },
  INVALID_TWO_FACTOR_COOKIE: { screen: 'authError', key: 'errors.signInExpired' },
  EMAIL_NOT_VERIFIED: { screen: 'alert', key: 'errors.userNotConfirmed' },
  PASSWORD_RESET_REQUIRED: { screen: 'alert', key: 'errors.passwordResetRequired' },
  INVALID_TOKEN: { screen: 'alert', key: 'errors.resetLinkInvalid' },
  TOKEN_EXPIRED: { screen: 'alert', key: 'errors.resetLinkInvalid' },
};

/** A 429's wait in whole minutes (at least 1), or undefined when the answer did not say. */
function waitMinutes(seconds: number | undefined): number | undefined {
  return seconds && seconds > 0 ? Math.max(1, Math.ceil(seconds / 60)) : undefined;
}

/**
 * The problem to show for a failed auth call at `step` (issue 20, spec section 8 "Screens" and the identity
 * errors). Rules, in order: no answer is a network problem; 429 is a wait (in minutes when Retry-After says);
 * a login link's refusal is the Authentication Failed screen with the server's reason; a known better-auth code
 * has its message; at the password step any 401 or wrong-credentials code is "Incorrect username or password"
 * (never "user not found"); at the code step a 401 is a wrong code; 403 is not authorized; another 4xx with a
 * server message shows it; anything else (5xx) is the "An error occurred" screen.
 */
export function signInProblemOf(failure: AuthFailure, step: SignInStep): SignInProblem {
  const { status, code, message } = failure;
  if (status === undefined) {
    return step === 'link' ? { screen: 'authFailed', key: 'errors.network' } : { screen: 'alert', key: 'errors.network' };
  }
  if (status === 429 && code !== 'ACCOUNT_TEMPORARILY_LOCKED') {
    const count = waitMinutes(failure.retryAfterSeconds);
    const problem: SignInProblem = count
      ? { key: 'errors.tooManyRequestsIn', count, screen: 'alert' }
      : { key: 'errors.tooManyRequests', screen: 'alert' };
    return step === 'link' ? { ...problem, screen: 'authFailed' } : problem;
  }
  if (step === 'link' && status < 500) {
    return message ? { screen: 'authFailed', message } : { screen: 'authFailed', key: 'errors.notAuthorized' };
  }
  if (step === 'password' && (WRONG_CREDENTIALS.has(code ?? '') || status === 401)) {
    return { screen: 'alert', key: 'errors.incorrectCredentials' };
  }
  const known = code ? BY_CODE[code] : undefined;
  if (known) return known;
  if (step === 'code' && status === 401) return { screen: 'alert', key: 'errors.codeMismatch' };
  if (status === 403) return { screen: 'alert', key: 'errors.notAuthorized' };
  if (status < 500 && message) return { screen: 'alert', message };
  return { screen: 'unexpected', key: 'errors.unexpected' };
}

/** The AuthFailure of whatever an auth call threw: an HttpError's fields, or no status for a network failure. */
export function authFailureOf(error: unknown): AuthFailure {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const { status, code, message, retryAfterSeconds } = error as AuthFailure & { status: number };
    return { status, code, message, retryAfterSeconds };
  }
  if (error instanceof TypeError) return {};
  return { status: 500, message: error instanceof Error ? error.message : undefined };
}
