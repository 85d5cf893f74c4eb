import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { URI } from 'otpauth';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { MFA_ENROLMENT_REQUIRED_MESSAGE } from '@hearth/shared/mfa/mfa.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { cookieOf, totpCode } from '../../test/mfa-support';
import { outbox } from '../notify/notify.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { users } from '../users/users.schema';
import { LOGIN_LINK_NEEDS_MFA_MESSAGE } from '../../auth/login-links';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('companyadmin');
});
afterAll(() => t.close());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const passwordSignIn = (username: string, cookie = '') =>
  t.fetch('/api/auth/sign-in/username', json({ username, password: DEMO_PASSWORD }, cookie ? { cookie } : {}));
const userIdOf = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

/** Resets `username`'s second factors as the company admin, then signs them in with the password alone. */
async function unenrolled(username: string): Promise<string> {
  const reset = await t.trpc('mutation', 'resetUserMfa', { userId: await userIdOf(username) }, admin);
  expect(reset.body.error?.message).toBeUndefined();
  return t.signIn(username, DEMO_PASSWORD, { enrolMfa: false });
}

/** Enrols the signed-in user's authenticator through better-auth -> its base32 secret, backup codes and new token. */
async function enrolAuthenticator(token: string) {
  const auth = { authorization: `Bearer ${token}` };
  // better-auth asks a user who has a password for it again before enrolling.
  expect((await t.fetch('/api/auth/two-factor/enable', json({}, auth))).status).toBe(400);
  const enable = await t.fetch('/api/auth/two-factor/enable', json({ password: DEMO_PASSWORD }, auth));
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const otp = URI.parse(totpURI);
  expect(otp).toMatchObject({ issuer: 'Hearth', digits: 6, period: 30 });
  const base32 = (otp as unknown as { secret: { base32: string } }).secret.base32;
  const wrong = await t.fetch('/api/auth/two-factor/verify-totp', json({ code: '000000' }, auth));
  expect(wrong.status).toBe(401);
  const verify = await t.fetch('/api/auth/two-factor/verify-totp', json({ code: totpCode(base32) }, auth));
  expect(verify.status).toBe(200);
  return { base32, backupCodes, token: verify.headers.get('set-auth-token') ?? token };
}

describe('mandatory MFA (spec section 6, issue 20)', () => {
  it('refuses every procedure but enrolment to an unenrolled staff user, until they enrol an authenticator', async () => {
    const token = await unenrolled('rvp');
    const refused = await t.trpc('query', 'getBranches', undefined, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(MFA_ENROLMENT_REQUIRED_MESSAGE);
    const status = await t.trpc('query', 'getMfaStatus', undefined, token);
    expect(status.body.result?.data).toMatchObject({ enabled: [], required: true, mustEnrol: true });
    expect((await t.trpc('query', 'getCurrentUser', undefined, token)).status).toBe(200);

    const enrolled = await enrolAuthenticator(token);
    expect((await t.trpc('query', 'getBranches', undefined, enrolled.token)).status).toBe(200);
    const after = await t.trpc('query', 'getMfaStatus', undefined, enrolled.token);
    expect(after.body.result?.data).toMatchObject({
      enabled: ['SOFTWARE_TOKEN_MFA'],
      preferred: 'SOFTWARE_TOKEN_MFA',
      mustEnrol: false,
    });

    // From now on the password alone is not enough: a code from the secret computed here (RFC 6238) is.
    const challenge = await passwordSignIn('rvp');
    expect(await challenge.clone().json()).toMatchObject({ twoFactorRedirect: true });
    const halfway = challenge.headers.get('set-auth-token');
    if (halfway) expect((await t.trpc('query', 'getBranches', undefined, halfway)).status).toBe(401);
    const wrong = await t.verifyTotp(challenge, '123456');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid code');
    const signedIn = await t.verifyTotp(challenge, totpCode(enrolled.base32));
    expect(signedIn.status).toBe(200);
    expect((await t.trpc('query', 'getBranches', undefined, signedIn.headers.get('set-auth-token')!)).status).toBe(200);

    // A backup code signs in once.
    const [backup] = enrolled.backupCodes;
    const useBackup = async () => {
      const next = await passwordSignIn('rvp');
      return t.fetch(
        '/api/auth/two-factor/verify-backup-code',
        json({ code: backup }, { cookie: cookieOf(next, 'two_factor')! }),
      );
    };
    expect((await useBackup()).status).toBe(200);
    expect((await useBackup()).status).toBe(401);
  });

  it("records an admin reset of a user's MFA in the user history and ends their sessions", async () => {
    const nurse = await t.signIn('nurse');
    const id = await userIdOf('nurse');
    expect((await t.trpc('mutation', 'resetUserMfa', { userId: id }, admin)).status).toBe(200);
    expect((await t.trpc('query', 'getCurrentUser', undefined, nurse)).status).toBe(401);
    const history = await t.fetch(`/users/${id}/history`, { headers: { authorization: `Bearer ${admin}` } });
    expect(JSON.stringify(await history.json())).toContain('twoFactorEnabled');
    const caregiver = await t.signIn('caregiver');
    expect((await t.trpc('mutation', 'resetUserMfa', { userId: id }, caregiver)).status).toBe(403);
  });

  it("refuses an admin's reset of their own MFA, which keeps their session", async () => {
    const own = await t.trpc('mutation', 'resetUserMfa', { userId: await userIdOf('companyadmin') }, admin);
    expect(own.status).toBe(400);
    expect(own.body.error?.message).toMatch(/Authenticator button/);
    expect((await t.trpc('query', 'getCurrentUser', undefined, admin)).status).toBe(200);
  });

  it('refuses a login link to a caregiver who has no second factor', async () => {
    const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.branchId, 2)).limit(1);
    expect((await t.trpc('mutation', 'sendCaregiverLoginLink', { caregiverId: caregiver!.id }, admin)).status).toBe(200);
    const [message] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    const token = new URL(message!.link!, 'http://x').searchParams.get('token')!;
    const res = await t.fetch('/api/login-links/redeem', json({ token }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(LOGIN_LINK_NEEDS_MFA_MESSAGE);
  });

  it("locks a user's code checks after 5 wrong codes, across sign-in attempts", async () => {
    for (let i = 0; i < 5; i++) {
      const challenge = await passwordSignIn('prn');
      expect((await t.verifyTotp(challenge, '000001')).status).toBe(401);
    }
    const locked = await t.verifyTotp(await passwordSignIn('prn'));
    expect(locked.status).toBe(429);
  });

  it('trusts a remembered device for later sign-ins', async () => {
    const first = await t.verifyTotp(await passwordSignIn('branchmanager'), totpCode(), true);
    expect(first.status).toBe(200);
    const trusted = cookieOf(first, 'trust_device');
    expect(trusted).toBeTruthy();
    const again = await passwordSignIn('branchmanager', trusted!);
    expect(again.headers.get('set-auth-token')).toBeTruthy();
  });
});

describe('SMS codes (spec section 8)', () => {
  it('verifies a phone by a texted code before SMS can be preferred', async () => {
    const token = await t.signIn('developer');
    const refused = await t.trpc('mutation', 'setMfaPreference', { preference: 'SMS_MFA' }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/^Cannot switch to SMS MFA/);

    expect((await t.trpc('mutation', 'sendPhoneVerificationCode', { phoneNumber: '+1 (555) 201-3344' }, token)).status).toBe(200);
    const [sms] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+15552013344' });
    const code = /\d{6}/.exec(sms!.body)![0];
    const wrong = await t.trpc('mutation', 'verifyPhone', { code: code === '111111' ? '222222' : '111111' }, token);
    expect(wrong.body.result?.data).toEqual({ verified: false });
    expect((await t.trpc('mutation', 'verifyPhone', { code }, token)).body.result?.data).toEqual({ verified: true });
    expect((await t.trpc('mutation', 'setMfaPreference', { preference: 'SMS_MFA' }, token)).status).toBe(200);
    const status = await t.trpc('query', 'getMfaStatus', undefined, token);
    expect(status.body.result?.data).toMatchObject({ preferred: 'SMS_MFA', phoneVerified: true, phoneNumber: '+15552013344' });
    const disable = await t.trpc('mutation', 'setMfaPreference', { preference: 'DISABLED' }, token);
    expect(disable.status).toBe(403);

    // Signing in, the texted code goes to the verified phone.
    const challenge = await passwordSignIn('developer');
    const cookie = cookieOf(challenge, 'two_factor')!;
    expect((await t.fetch('/api/auth/two-factor/send-otp', json({}, { cookie }))).status).toBe(200);
    const [signInSms] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(signInSms).toMatchObject({ channel: 'sms', kind: 'mfa_sign_in_code', recipient: '+15552013344' });
    const otp = /\d{6}/.exec(signInSms!.body)![0];
    const verified = await t.fetch('/api/auth/two-factor/verify-otp', json({ code: otp }, { cookie }));
    expect(verified.status).toBe(200);
  });

  it('texts at most 5 codes in 15 minutes, sign-in and phone codes together, and says when to try again', async () => {
    // The developer was sent two codes above (the phone's and a sign-in code): three more are allowed.
    const token = await t.signIn('developer');
    for (let i = 0; i < 2; i += 1) {
      const sent = await t.trpc('mutation', 'sendPhoneVerificationCode', { phoneNumber: '+1 555 201 3344' }, token);
      expect(sent.status).toBe(200);
    }
    const cookie = cookieOf(await passwordSignIn('developer'), 'two_factor')!;
    expect((await t.fetch('/api/auth/two-factor/send-otp', json({}, { cookie }))).status).toBe(200);
    const phoneRefused = await t.trpc('mutation', 'sendPhoneVerificationCode', { phoneNumber: '+1 555 201 3344' }, token);
    expect(phoneRefused.status).toBe(429);
    expect(phoneRefused.body.error?.message).toBe('Too many codes were sent. Try again in 15 minutes.');
    const signInRefused = await t.fetch('/api/auth/two-factor/send-otp', json({}, { cookie }));
    expect(signInRefused.status).toBe(429);
    expect(((await signInRefused.json()) as { message: string }).message).toMatch(/Too many codes/);
    expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, token)).status).toBe(200);
    const spanish = await t.trpc('mutation', 'sendPhoneVerificationCode', { phoneNumber: '+1 555 201 3344' }, token);
    expect(spanish.body.error?.message).toBe('Se enviaron demasiados códigos. Vuelva a intentarlo en 15 minutos.');
    expect((await t.trpc('mutation', 'setMyLanguage', { language: null }, token)).status).toBe(200);
  });

  it('asks for exactly 6 digits', async () => {
    const token = await t.signIn('developer');
    const empty = await t.trpc('mutation', 'verifyPhone', { code: '' }, token);
    expect(empty.body.error?.message).toMatch(/Please enter the verification code/);
  });
});
