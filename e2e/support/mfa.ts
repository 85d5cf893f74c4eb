import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { Secret, TOTP, URI } from 'otpauth';

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

/** The authenticator secrets (base32) of the users a flow created and enrolled (enrolAuthenticator), by username. */
const enrolledSecrets = new Map<string, string>();

/** The authenticator secret `username` signs in with: their own when a flow enrolled them, else the demo one. */
export function secretOf(username: string | undefined): string {
  return (username && enrolledSecrets.get(username)) || DEMO_TOTP_SECRET;
}

/** Who signs in, for the second factor: the code's secret and, to enrol a new user, their password. */
export interface SignInWho {
  username: string;
  password: string;
}

/**
 * The session token of a password sign-in's answer: directly, or, when the answer asks for the second factor,
 * after sending the authenticator code (the pending sign-in is a cookie the request context keeps). A user a flow
 * created, who must have a second factor and has none yet, is enrolled with a new authenticator (enrolAuthenticator)
 * as they would be through the mandatory dialog, and their secret kept for their next sign-ins.
 */
export async function tokenAfterSecondFactor(
  request: APIRequestContext,
  signIn: APIResponse,
  origin: string,
  who?: SignInWho,
): Promise<string> {
  expect(signIn.status(), await signIn.text()).toBe(200);
  const body = (await signIn.json()) as { twoFactorRedirect?: boolean };
  let answer = signIn;
  if (body.twoFactorRedirect) {
    const code = totpNow(secretOf(who?.username));
    answer = await request.post('/api/auth/two-factor/verify-totp', { data: { code }, headers: { origin } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  const token = answer.headers()['set-auth-token'];
  expect(token).toBeTruthy();
  if (body.twoFactorRedirect || !who) return token!;
  return (await enrolAuthenticator(request, token!, who, origin)) ?? token!;
}

/**
 * Enrols the signed-in `who` with a new authenticator when their role must have a second factor and they have none
 * (getMfaStatus's mustEnrol): better-auth's enable (with the password), then a first code -> the new session token,
 * or null when nothing was needed.
 */
async function enrolAuthenticator(
  request: APIRequestContext,
  token: string,
  who: SignInWho,
  origin: string,
): Promise<string | null> {
  const headers = { authorization: `Bearer ${token}`, origin };
  const status = await request.get('/api/trpc/getMfaStatus', { headers });
  expect(status.status(), await status.text()).toBe(200);
  if (!((await status.json()) as { result: { data: { mustEnrol: boolean } } }).result.data.mustEnrol) return null;
  const enable = await request.post('/api/auth/two-factor/enable', { data: { password: who.password }, headers });
  expect(enable.status(), await enable.text()).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = (URI.parse(totpURI) as TOTP).secret.base32;
  const verify = await request.post('/api/auth/two-factor/verify-totp', { data: { code: totpNow(secret) }, headers });
  expect(verify.status(), await verify.text()).toBe(200);
  enrolledSecrets.set(who.username, secret);
  return verify.headers()['set-auth-token'] ?? null;
}
