import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { startTestApp, type TestApp } from '../test/test-app';
import { users } from '../features/users/users.schema';
import { issueLoginLink } from './login-links';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const post = (app: TestApp, path: string, body: unknown) =>
  app.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const byUsername = (app: TestApp, username: string, password: string) =>
  post(app, '/api/auth/sign-in/username', { username, password });
const byEmail = (app: TestApp, email: string, password: string) => post(app, '/api/auth/sign-in/email', { email, password });

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('sign-in limits: per account (both paths together) and per address', () => {
  it('counts wrong passwords by username and by email against one account budget', async () => {
    t = await startTestApp({ signInAccountRateLimitMax: 4, signInRateLimitMax: 10 });
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await byUsername(t, 'nurse', 'Wrong-pass-1!')).status);
    for (let i = 0; i < 2; i++) statuses.push((await byEmail(t, 'nurse@demo.hearth.care', 'Wrong-pass-1!')).status);
    expect(statuses).toEqual([401, 401, 401, 401]);

    // The fifth guess is refused on either path, even with the right password.
    const refused = await byEmail(t, 'NURSE@demo.hearth.care', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await byUsername(t, 'nurse', DEMO_PASSWORD)).status).toBe(429);

    // Another person behind the same address still signs in.
    const other = await byUsername(t, 'branchmanager', DEMO_PASSWORD);
    expect(other.status).toBe(200);
    expect(other.headers.get('set-auth-token')).toBeTruthy();
  });

  it('does not count successful sign-ins, so an office signing in all morning is never limited', async () => {
    t = await startTestApp({ signInAccountRateLimitMax: 2, signInRateLimitMax: 3 });
    for (let i = 0; i < 6; i++) expect((await byUsername(t, 'nurse', DEMO_PASSWORD)).status).toBe(200);
    expect((await byUsername(t, 'nurse', 'Wrong-pass-1!')).status).toBe(401);
    expect((await byUsername(t, 'nurse', DEMO_PASSWORD)).status).toBe(200);
  });

  it('limits failed sign-ins per address across accounts, above the per-account limit', async () => {
    t = await startTestApp({ signInAccountRateLimitMax: 2, signInRateLimitMax: 3 });
    expect((await byUsername(t, 'nurse', 'Wrong-pass-1!')).status).toBe(401);
    expect((await byUsername(t, 'prn', 'Wrong-pass-1!')).status).toBe(401);
    expect((await byEmail(t, 'nobody@example.com', 'Wrong-pass-1!')).status).toBe(401);
    const refused = await byUsername(t, 'branchmanager', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^Too many failed sign-ins from this address\. Try again in \d+ seconds\.$/);
  });

  it('gives concurrent guesses no more than the budget', async () => {
    t = await startTestApp({ signInAccountRateLimitMax: 3, signInRateLimitMax: 100 });
    const app = t;
    const results = await Promise.all(Array.from({ length: 8 }, () => byUsername(app, 'prn', 'Wrong-pass-1!')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('login-link redemption limits', () => {
  it('refuses an address after too many failed redemptions, with a message and Retry-After', async () => {
    t = await startTestApp({ loginLinkRateLimit: { perAddress: 3, perUser: 100 } });
    for (let i = 0; i < 3; i++) {
      expect((await post(t, '/api/login-links/redeem', { token: `guessed-token-${i}-${'x'.repeat(30)}` })).status).toBe(400);
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'caregiver'));
    const { token } = await issueLoginLink(t.database.db, user!.id);
    const refused = await post(t, '/api/login-links/redeem', { token });
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^Too many sign-in link attempts from this address\. Try again in \d+ seconds\.$/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('counts only failed redemptions per address, and limits sign-ins by link per user without using up the link', async () => {
    t = await startTestApp({ loginLinkRateLimit: { perAddress: 1, perUser: 2 } });
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'caregiver'));
    for (let i = 0; i < 2; i++) {
      const { token } = await issueLoginLink(t.database.db, user!.id);
      expect((await post(t, '/api/login-links/redeem', { token })).status).toBe(200);
    }
    const { token } = await issueLoginLink(t.database.db, user!.id);
    const refused = await post(t, '/api/login-links/redeem', { token });
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^Too many sign-ins by link for this account\. Try again in \d+ seconds\.$/);
    // Refused for its user, the link was not used up and the address was not charged: another user's link works.
    const [other] = await t.database.db.select().from(users).where(eq(users.username, 'nurse'));
    const { token: otherToken } = await issueLoginLink(t.database.db, other!.id);
    expect((await post(t, '/api/login-links/redeem', { token: otherToken })).status).toBe(200);
  });
});
