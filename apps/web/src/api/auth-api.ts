import { APP_VERSION, HEADERS } from '@hearth/shared/app/app.constants';
import { HttpError } from './api-error';
import { clearToken, setToken } from './auth-token';
import { queryClient } from './query-client';
import { messageOf } from './rest';
import { apiHeaders } from './trpc';

/**
 * POSTs `body` as JSON to a sign-in endpoint (better-auth's /api/auth/... or the login-link redemption), which needs
 * no session: the pending second factor travels as a cookie.
 */
function postSignIn(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.appVersion]: APP_VERSION },
    body: JSON.stringify(body),
  });
}

/**
 * Signs in by username or email (an identifier with '@' is an email) and stores the token the server returns in
 * the `set-auth-token` header, unless a second factor is due (then `secondFactor` lists the methods and
 * verifySecondFactor finishes). Throws an Error with the server's message when the credentials are refused.
 */
export async function signIn(identifier: string, password: string): Promise<SignInResult> {
  const byEmail = identifier.includes('@');
  const response = await postSignIn(
    `/api/auth/sign-in/${byEmail ? 'email' : 'username'}`,
    byEmail ? { email: identifier, password } : { username: identifier, password },
  );
  if (response.status === 200) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;
    // The password was right but a second factor is due: no session yet (its pending state is a cookie).
    if (body?.twoFactorRedirect) return { secondFactor: body.twoFactorMethods ?? [] };
  }
  await storeSession(response);
  return { secondFactor: null };
}

/** What a password sign-in asks next: nothing (signed in) or a second factor, with the methods offered. */
export type SignInResult = { secondFactor: null } | { secondFactor: string[] };

/** The ways to give the second factor at sign-in: authenticator code, texted code, backup code. */
export type SecondFactorKind = 'totp' | 'otp' | 'backup-code';

/**
 * Finishes a sign-in with its second factor and stores the session (issue 20). `trustDevice` is the spec's
 * remember-device flag: this browser is not asked again for 30 days.
 * @throws HttpError with the server's message for a wrong or expired code (401) or a locked account (429).
 */
export async function verifySecondFactor(kind: SecondFactorKind, code: string, trustDevice: boolean): Promise<void> {
  const path = kind === 'backup-code' ? 'verify-backup-code' : `verify-${kind}`;
  const response = await postSignIn(`/api/auth/two-factor/${path}`, { code, trustDevice });
  await storeSession(response);
}

/**
 * The HttpError of a refused auth call: the server's message, better-auth's error `code` and a 429's wait (Retry-After
 * from Hearth's sign-in limits, X-Retry-After from better-auth's limiter), so the page can word it
 * (features/auth/sign-in.errors.ts).
 */
async function authErrorOf(response: Response): Promise<HttpError> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: unknown };
  const wait = Number(response.headers.get('retry-after') ?? response.headers.get('x-retry-after') ?? Number.NaN);
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new HttpError(response.status, await messageOf(response), code, Number.isFinite(wait) ? wait : undefined);
}

/**
 * "Forgot password?": asks the server to email a reset link to `email` (issue 20). The answer is the same whether
 * or not the account exists, so this resolves for any well-formed address.
 * @throws HttpError (429 past 3 requests a minute from one address), TypeError when the server cannot be reached.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const response = await postSignIn('/api/auth/request-password-reset', { email });
  if (response.status !== 200) throw await authErrorOf(response);
}

/**
 * Sets a new password with the token of a reset link; every session of the user ends, none is started.
 * @throws HttpError 400 with code INVALID_TOKEN for an invalid, used or expired link, or the policy rule broken.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const response = await postSignIn('/api/auth/reset-password', { token, newPassword });
  if (response.status !== 200) throw await authErrorOf(response);
}

/** Texts a sign-in code to the verified phone of the user whose sign-in awaits its second factor. */
export async function sendSignInCode(): Promise<void> {
  const response = await postSignIn('/api/auth/two-factor/send-otp', {});
  if (response.status !== 200) throw await authErrorOf(response);
}

/**
 * Signs in with a one-time login link's token (the `token` of /login?token=..., sent by the office) and stores
 * the session like a password sign-in. Throws an Error with the server's message for an invalid, used or expired
 * link.
 */
export async function signInWithLink(token: string): Promise<void> {
  const response = await postSignIn('/api/login-links/redeem', { token });
  await storeSession(response);
}

/** Keeps the session token of a successful sign-in response (`set-auth-token`), or throws the server's message. */
async function storeSession(response: Response): Promise<void> {
  if (response.status !== 200) throw await authErrorOf(response);
  const token = response.headers.get('set-auth-token');
  if (!token) throw new Error('The server did not return a session token');
  // The previous user's cached data must never show to the next one.
  queryClient.clear();
  setToken(token);
}

/**
 * Signs out on the server, then forgets the session locally whatever the server said, so a failed call can never
 * leave the user signed in on this device. Rethrows the server error so the caller can report it.
 */
export async function signOut(): Promise<void> {
  try {
    const response = await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...apiHeaders(), 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new HttpError(response.status, await messageOf(response));
  } finally {
    clearToken('signed-out');
    queryClient.clear();
  }
}
