import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { outbox } from '../features/notify/notify.schema';
import { caregivers } from '../features/caregivers/caregivers.schema';
import { verifications } from '../features/users/users.schema';
import { accessLog } from '../features/access-log/access-log.schema';
import { hashOf } from './login-links';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('companyadmin');
});
afterAll(() => t.close());

const redeem = (token: string) =>
  t.fetch('/api/login-links/redeem', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });

async function sendCaregiverLink(): Promise<{ token: string; caregiverId: number }> {
  const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.branchId, 1)).limit(1);
  const res = await t.trpc('mutation', 'sendCaregiverLoginLink', { caregiverId: caregiver!.id }, admin);
  expect(res.body.error?.message).toBeUndefined();
  const [message] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const token = new URL(message!.link!, 'http://x').searchParams.get('token')!;
  // A link is refused to a caregiver who has no second factor yet (issue 20); this one has enrolled.
  await t.enrolMfa(message!.userId!);
  return { token, caregiverId: caregiver!.id };
}

describe('login links', () => {
  it('signs in once with the emailed link; the session acts as that caregiver', async () => {
    const { token } = await sendCaregiverLink();
    const res = await redeem(token);
    expect(res.status).toBe(200);
    const session = res.headers.get('set-auth-token')!;
    expect(session).toBeTruthy();
    const me = await t.trpc('query', 'getCurrentUser', undefined, session);
    expect(me.body.result?.data).toMatchObject({ isCaregiver: true });

    const again = await redeem(token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe('This sign-in link is invalid, used or expired');

    // Both are in the access log: the sign-in by link, then the refused second use, with no token kept.
    const logged = await t.database.db
      .select({
        action: accessLog.action,
        userId: accessLog.userId,
        method: accessLog.method,
        reason: accessLog.reason,
        mfaUsed: accessLog.mfaUsed,
      })
      .from(accessLog)
      .orderBy(desc(accessLog.id))
      .limit(2);
    const userId = (me.body.result?.data as { id: number }).id;
    expect(logged.reverse()).toEqual([
      { action: 'sign-in', userId, method: 'login-link', reason: null, mfaUsed: false },
      { action: 'sign-in-failed', userId: null, method: 'login-link', reason: 'invalid-link', mfaUsed: null },
    ]);
  });

  it('refuses an expired link and a forged one with the same message', async () => {
    const { token } = await sendCaregiverLink();
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, hashOf(token)));
    expect((await redeem(token)).status).toBe(400);
    expect((await redeem('x'.repeat(43))).status).toBe(400);
  });

  it('only the newest link of a user works', async () => {
    const first = await sendCaregiverLink();
    const second = await sendCaregiverLink();
    expect((await redeem(first.token)).status).toBe(400);
    expect((await redeem(second.token)).status).toBe(200);
  });
});
