import { describe, expect, it } from 'vitest';
import { HttpError } from '@/api/api-error';
import { authFailureOf, signInProblemOf } from './sign-in.errors';

describe('sign-in problems never say whether an account exists', () => {
  it.each([
    [{ status: 401, code: 'INVALID_USERNAME_OR_PASSWORD' }],
    [{ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }],
    [{ status: 400, code: 'USER_NOT_FOUND' }],
    [{ status: 400, code: 'CREDENTIAL_ACCOUNT_NOT_FOUND' }],
    [{ status: 401, code: 'INVALID_PASSWORD' }],
    [{ status: 401 }],
  ])('%j at the password step reads "Incorrect username or password"', (failure) => {
    expect(signInProblemOf(failure, 'password')).toEqual({ screen: 'alert', key: 'errors.incorrectCredentials' });
  });
});

describe('the identity errors each have a message', () => {
  it.each([
    ['INVALID_CODE', 401, 'errors.codeMismatch'],
    ['INVALID_BACKUP_CODE', 401, 'errors.codeMismatch'],
    ['OTP_HAS_EXPIRED', 400, 'errors.expiredCode'],
    ['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 400, 'errors.expiredCode'],
    ['EMAIL_NOT_VERIFIED', 403, 'errors.userNotConfirmed'],
    ['PASSWORD_RESET_REQUIRED', 403, 'errors.passwordResetRequired'],
  ])('%s (%i) at the code step', (code, status, key) => {
    expect(signInProblemOf({ status, code }, 'code')).toMatchObject({ screen: 'alert', key });
  });

  it('a locked second factor says how long the checks are paused', () => {
    expect(signInProblemOf({ status: 429, code: 'ACCOUNT_TEMPORARILY_LOCKED' }, 'code')).toEqual({
      screen: 'alert',
      key: 'errors.limitExceeded',
      count: 15,
    });
  });

  it('a wrong code without a code name is still a code mismatch; 403 is not authorized', () => {
    expect(signInProblemOf({ status: 401 }, 'code').key).toBe('errors.codeMismatch');
    expect(signInProblemOf({ status: 403 }, 'password').key).toBe('errors.notAuthorized');
  });

  it('too many requests: the wait in minutes when the answer says, rounded up', () => {
    expect(signInProblemOf({ status: 429, retryAfterSeconds: 61 }, 'password')).toEqual({
      screen: 'alert',
      key: 'errors.tooManyRequestsIn',
      count: 2,
    });
    expect(signInProblemOf({ status: 429 }, 'reset')).toEqual({ screen: 'alert', key: 'errors.tooManyRequests' });
  });

  it('a sign-in that lost its pending second factor is the Authentication Error screen', () => {
    expect(signInProblemOf({ status: 401, code: 'INVALID_TWO_FACTOR_COOKIE' }, 'code').screen).toBe('authError');
  });

  it('a used or expired reset link says so', () => {
    expect(signInProblemOf({ status: 400, code: 'INVALID_TOKEN' }, 'reset').key).toBe('errors.resetLinkInvalid');
  });

  it('a policy refusal from the server shows the server’s rule', () => {
    const failure = { status: 400, message: 'Password must contain a number' };
    expect(signInProblemOf(failure, 'reset')).toEqual({ screen: 'alert', message: 'Password must contain a number' });
  });
});

describe('screens', () => {
  it('a refused login link is Authentication Failed with the server’s reason', () => {
    const failure = { status: 400, message: 'This sign-in link is invalid, used or expired' };
    expect(signInProblemOf(failure, 'link')).toEqual({ screen: 'authFailed', message: failure.message });
    expect(signInProblemOf({ status: 429 }, 'link')).toEqual({ screen: 'authFailed', key: 'errors.tooManyRequests' });
  });

  it('no answer is a network problem; a server failure is "An error occurred"', () => {
    expect(signInProblemOf({}, 'password')).toEqual({ screen: 'alert', key: 'errors.network' });
    expect(signInProblemOf({}, 'link').screen).toBe('authFailed');
    expect(signInProblemOf({ status: 500, message: 'boom' }, 'password')).toEqual({
      screen: 'unexpected',
      key: 'errors.unexpected',
    });
  });
});

describe('authFailureOf', () => {
  it('reads an HttpError, and a fetch TypeError as no answer', () => {
    expect(authFailureOf(new HttpError(429, 'Too many', undefined, 90))).toEqual({
      status: 429,
      code: undefined,
      message: 'Too many',
      retryAfterSeconds: 90,
    });
    expect(authFailureOf(new TypeError('Failed to fetch'))).toEqual({});
  });
});
