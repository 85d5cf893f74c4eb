import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SESSION } from '@hearth/shared/app/app.constants';
import { startTestApp, type TestApp } from '../test/test-app';
import { sessions } from '../features/users/users.schema';
import { outbox } from '../features/notify/notify.schema';
import { caregivers } from '../features/caregivers/caregivers.schema';
import { issueLoginLink } from './login-links';
import { sessionEndsAt } from './caller';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

/** The stored row of a bearer token (better-auth signs the token it hands out as `<token>.<signature>`). */
async function sessionRowOf(token: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.token, token.split('.')[0]!));
  if (!row) throw new Error('no session row for the token');
  return row;
}

/**
 * Moves a session's sign-in `hoursAgo` into the past while its expiry stays an hour ahead, as a session slid forward
 * by use would be: only the age from sign-in can refuse it.
 */
async function signedInHoursAgo(token: string, hoursAgo: number): Promise<void> {
  const row = await sessionRowOf(token);
  await t.database.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - hoursAgo * HOUR), expiresAt: new Date(Date.now() + HOUR) })
    .where(eq(sessions.id, row.id));
}

const restCurrentUser = (token: string) => t.fetch('/users/current', { headers: { authorization: `Bearer ${token}` } });

describe('maximum sign-in age (spec section 9): 12 hours from sign-in, whatever the use', () => {
  it('keeps the expiry a new session was given: using it does not move it forward', async () => {
    const token = await t.signIn('nurse');
    const before = await sessionRowOf(token);
    expect(before.expiresAt.getTime() - before.createdAt.getTime()).toBeCloseTo(SESSION.maxSignInAgeMs, -4);
    // Past better-auth's default refresh age, a use would have slid the expiry before.
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * HOUR), expiresAt: new Date(Date.now() + HOUR) })
      .where(eq(sessions.id, before.id));
    expect((await t.trpc('query', 'getCurrentUser', undefined, token)).status).toBe(200);
    const get = await t.fetch('/api/auth/get-session', { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(200);
    const after = await sessionRowOf(token);
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + HOUR);
  });

  it('refuses a 13-hour-old password session on tRPC and REST even though its expiry lies ahead', async () => {
    const token = await t.signIn('nurse');
    expect((await t.trpc('query', 'getCurrentUser', undefined, token)).status).toBe(200);
    await signedInHoursAgo(token, 11.9);
    expect((await t.trpc('query', 'getCurrentUser', undefined, token)).status).toBe(200);
    // The caller resolved a moment ago is cached: the cached check must refuse it too.
    await signedInHoursAgo(token, 13);
    const rpc = await t.trpc('query', 'getCurrentUser', undefined, token);
    expect(rpc.status).toBe(401);
    expect(rpc.body.error?.message).toBe('Sign in to continue');
    expect((await t.trpc('mutation', 'sendCaregiverLoginLink', { caregiverId: 1 }, token)).status).toBe(401);
    expect((await restCurrentUser(token)).status).toBe(401);
  });

  it('refuses an old session met for the first time by this process (no cached caller)', async () => {
    const token = await t.signIn('branchmanager');
    await signedInHoursAgo(token, 12.5);
    expect((await restCurrentUser(token)).status).toBe(401);
    expect((await t.trpc('query', 'getBranches', undefined, token)).status).toBe(401);
  });

  it('refuses a login-link session past 12 hours the same way', async () => {
    const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.branchId, 1)).limit(1);
    const admin = await t.signIn('companyadmin');
    const sent = await t.trpc('mutation', 'sendCaregiverLoginLink', { caregiverId: caregiver!.id }, admin);
    expect(sent.status).toBe(200);
    const [message] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    const userId = message!.userId!;
    // The outbox masks the token, so a fresh link is issued straight for the test.
    await t.enrolMfa(userId);
    const { token: linkToken } = await issueLoginLink(t.database.db, userId);
    const res = await t.fetch('/api/login-links/redeem', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: linkToken }),
    });
    expect(res.status).toBe(200);
    const session = res.headers.get('set-auth-token')!;
    expect((await t.trpc('query', 'getCurrentUser', undefined, session)).status).toBe(200);
    await signedInHoursAgo(session, 13);
    expect((await t.trpc('query', 'getCurrentUser', undefined, session)).status).toBe(401);
    expect((await restCurrentUser(session)).status).toBe(401);
  });
});

describe('sessionEndsAt', () => {
  it('is the stored expiry or 12 hours after creation, whichever comes first', () => {
    const createdAt = new Date('2026-03-01T08:00:00Z');
    expect(sessionEndsAt({ createdAt, expiresAt: new Date('2026-03-01T09:00:00Z') })).toBe(Date.parse('2026-03-01T09:00:00Z'));
    expect(sessionEndsAt({ createdAt, expiresAt: new Date('2026-03-02T08:00:00Z') })).toBe(Date.parse('2026-03-01T20:00:00Z'));
    expect(sessionEndsAt({ createdAt: createdAt.toISOString(), expiresAt: '2026-03-01T20:00:01Z' })).toBe(
      Date.parse('2026-03-01T20:00:00Z'),
    );
  });
});
