import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH } from '@hearth/shared/auth/password.rules';
import { startTestApp, type TestApp } from '../test/test-app';
import { users, verifications } from '../features/users/users.schema';
import { caregivers } from '../features/caregivers/caregivers.schema';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await startTestApp();
  manager = await t.signIn('branchmanager');
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token?: string) =>
  t.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** The demo caregiver's record (signed in as `caregiver`) and user id. */
async function demoCaregiver(): Promise<{ caregiverId: number; userId: number }> {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, 'caregiver'));
  const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, user!.id));
  return { caregiverId: caregiver!.id, userId: user!.id };
}

const tooLong = `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`;

describe('a password set by staff or reset ends the user’s sessions', () => {
  it('setCaregiverPassword signs out every phone of the caregiver; the new password works', async () => {
    const { caregiverId } = await demoCaregiver();
    const first = await t.trpc('mutation', 'setCaregiverPassword', { caregiverId, password: 'Office-set-1!' }, manager);
    expect(first.status).toBe(200);
    const phone = await t.signIn('caregiver', 'Office-set-1!');
    const otherPhone = await t.signIn('caregiver', 'Office-set-1!');
    expect((await t.trpc('query', 'getCurrentUser', undefined, phone)).status).toBe(200);

    const again = await t.trpc('mutation', 'setCaregiverPassword', { caregiverId, password: 'Office-set-2!' }, manager);
    expect(again.status).toBe(200);
    expect((await t.trpc('query', 'getCurrentUser', undefined, phone)).status).toBe(401);
    expect((await t.fetch('/users/current', { headers: { authorization: `Bearer ${otherPhone}` } })).status).toBe(401);
    // The staff member who set it stays signed in.
    expect((await t.trpc('query', 'getCurrentUser', undefined, manager)).status).toBe(200);
    const fresh = await t.signIn('caregiver', 'Office-set-2!');
    expect((await t.trpc('query', 'getCurrentUser', undefined, fresh)).status).toBe(200);
  });

  it('a password reset ends the sessions signed in with the old password', async () => {
    const old = await t.signIn('prn');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'prn'));
    // The token the reset email would carry (better-auth stores it as reset-password:<token> -> user id).
    const resetToken = 'reset-token-for-the-test-0123456789';
    await t.database.db.insert(verifications).values({
      identifier: `reset-password:${resetToken}`,
      value: String(user!.id),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'Reset-pass-9!' });
    expect(reset.status).toBe(200);
    expect((await t.trpc('query', 'getCurrentUser', undefined, old)).status).toBe(401);
    await t.signIn('prn', 'Reset-pass-9!');
  });
});

describe('one maximum password length for sign-in and every path that sets one', () => {
  const message = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;

  it('setCaregiverPassword refuses a password longer than sign-in accepts, naming the limit', async () => {
    const { caregiverId } = await demoCaregiver();
    const res = await t.trpc('mutation', 'setCaregiverPassword', { caregiverId, password: tooLong }, manager);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(`password: ${message}`);
    const longest = `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`;
    const ok = await t.trpc('mutation', 'setCaregiverPassword', { caregiverId, password: longest }, manager);
    expect(ok.status).toBe(200);
    await t.signIn('caregiver', longest);
  });

  it('change-password and reset-password refuse it with the same message', async () => {
    const nurse = await t.signIn('nurse');
    const change = await post('/api/auth/change-password', { currentPassword: 'Hearth-demo-1!', newPassword: tooLong }, nurse);
    expect(change.status).toBe(400);
    expect(((await change.json()) as { message: string }).message).toBe(message);
    const reset = await post('/api/auth/reset-password', { token: 'whatever-token', newPassword: tooLong });
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { message: string }).message).toBe(message);
  });

  it('sign-in refuses a password past the same length', async () => {
    const res = await post('/api/auth/sign-in/username', { username: 'nurse', password: `${tooLong}` });
    expect(res.status).toBe(400);
  });
});
