import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * The demo agency's authenticator secret (base32), the one the README's demo table shows: every demo staff and
 * caregiver user is enrolled with it, so the flows compute their sign-in codes from it (RFC 6238, 6 digits, 30 s).
 */
export const DEMO_TOTP_SECRET = 'NBSWC4TUNAWWIZLNN4WXI33UOAWWWZLZ';

/** Demo users who have no second factor (clients and trusted contacts are never asked for one). */
const WITHOUT_MFA = new Set(['client', 'trustedcontact']);

/** Whether the demo user `username` is asked for a code at sign-in. */
export function asksForCode(username: string): boolean {
  return !WITHOUT_MFA.has(username);
}

/** The current authenticator code of `secret` (the demo secret unless given). */
export function totpNow(secret = DEMO_TOTP_SECRET): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

/**
 * The session token of a password sign-in's answer: directly, or, when the answer asks for the second factor,
 * after sending the authenticator code (the pending sign-in is a cookie the request context keeps).
 */
export async function tokenAfterSecondFactor(request: APIRequestContext, signIn: APIResponse, origin: string): Promise<string> {
  expect(signIn.status(), await signIn.text()).toBe(200);
  const body = (await signIn.json()) as { twoFactorRedirect?: boolean };
  let answer = signIn;
  if (body.twoFactorRedirect) {
    answer = await request.post('/api/auth/two-factor/verify-totp', { data: { code: totpNow() }, headers: { origin } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  const token = answer.headers()['set-auth-token'];
  expect(token).toBeTruthy();
  return token!;
}
