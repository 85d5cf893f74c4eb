import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { accessLog } from '../features/access-log/access-log.schema';
import { companies } from '../features/companies/companies.schema';
import { auditLog } from '../features/audit/audit.schema';
import { users } from '../features/users/users.schema';
import { isIdleEnded } from './session-activity';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The server's clock, moved by the tests instead of waiting. */
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sessionNow: () => new Date(clock) });
});
afterAll(() => t.close());

/** Signs in and puts the server's clock at the sign-in. */
async function signInNow(username: string): Promise<string> {
  const token = await t.signIn(username);
  clock = Date.now();
  return token;
}

const currentUser = async (token: string) => (await t.trpc('query', 'getCurrentUser', undefined, token)).status;
const restCurrentUser = async (token: string) =>
  (await t.fetch('/users/current', { headers: { authorization: `Bearer ${token}` } })).status;

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function logoffsOf(username: string) {
  return t.database.db
    .select({ reason: accessLog.reason })
    .from(accessLog)
    .where(and(eq(accessLog.userId, await userIdOf(username)), eq(accessLog.action, 'logoff')));
}

describe('isIdleEnded (spec section 9: older than the inactivity limit)', () => {
  it('ends a session strictly past the limit, not at it', () => {
    expect(isIdleEnded(0, 30 * MINUTE, 30 * MINUTE)).toBe(false);
    expect(isIdleEnded(0, 30 * MINUTE + 1, 30 * MINUTE)).toBe(true);
    expect(isIdleEnded(0, 29 * MINUTE, 30 * MINUTE)).toBe(false);
  });
});

describe('the server ends an idle session (issue 20 item 3)', () => {
  it('keeps a session used every 29 minutes and ends it after 31 idle minutes, on tRPC and REST, logging one logoff', async () => {
    const token = await signInNow('nurse');
    const before = (await logoffsOf('nurse')).length;
    clock += 29 * MINUTE;
    expect(await currentUser(token)).toBe(200);
    clock += 29 * MINUTE;
    expect(await restCurrentUser(token)).toBe(200);
    clock += 31 * MINUTE;
    expect(await currentUser(token)).toBe(401);
    // The session is gone: going back in time does not bring it back.
    clock -= 31 * MINUTE;
    expect(await restCurrentUser(token)).toBe(401);
    const logoffs = await logoffsOf('nurse');
    expect(logoffs.length - before).toBe(1);
    expect(logoffs.at(-1)?.reason).toBe('idle');
  });

  it('counts idleness from sign-in when the session was never used', async () => {
    const token = await signInNow('prn');
    clock += 31 * MINUTE;
    expect(await restCurrentUser(token)).toBe(401);
  });

  it('ends a session 12 hours after sign-in however active, logging the max-age logoff', async () => {
    const token = await signInNow('rvp');
    const signedInAt = clock;
    for (let at = 20 * MINUTE; at < 12 * HOUR; at += 20 * MINUTE) {
      clock = signedInAt + at;
      expect({ at, status: await currentUser(token) }).toEqual({ at, status: 200 });
    }
    clock = signedInAt + 12 * HOUR - 1000;
    expect(await currentUser(token)).toBe(200);
    clock = signedInAt + 12 * HOUR + 1000;
    expect(await currentUser(token)).toBe(401);
    expect((await logoffsOf('rvp')).at(-1)?.reason).toBe('max-age');
  });
});

describe("a company's inactivity limit: shorter, never longer (security settings)", () => {
  it('a company admin shortens it to 10 minutes, which then ends sessions idle for 11; the change is audited', async () => {
    const admin = await signInNow('companyadmin');
    const set = await t.trpc('mutation', 'updateSecuritySettings', { idleTimeoutMinutes: 10 }, admin);
    expect(set.status).toBe(200);
    expect(set.body.result?.data).toEqual({ idleTimeoutMinutes: 10, accessLogRetentionYears: 6 });
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'companies'), eq(auditLog.operation, 'UPDATE')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited?.changedBy).toBe(await userIdOf('companyadmin'));
    expect(audited?.newRow?.security_settings).toEqual({ idleTimeoutMinutes: 10, accessLogRetentionYears: 6 });

    const nurse = await signInNow('branchmanager');
    // The browser learns the limit from the current user, on tRPC and REST alike, to log off with the server.
    const current = await t.trpc('query', 'getCurrentUser', undefined, nurse);
    expect((current.body.result?.data as { idleTimeoutMinutes: number }).idleTimeoutMinutes).toBe(10);
    const rest = await t.fetch('/users/current', { headers: { authorization: `Bearer ${nurse}` } });
    expect(((await rest.json()) as { idleTimeoutMinutes: number }).idleTimeoutMinutes).toBe(10);
    clock += 9 * MINUTE;
    expect(await currentUser(nurse)).toBe(200);
    clock += 11 * MINUTE;
    expect(await currentUser(nurse)).toBe(401);

    const back = await signInNow('companyadmin');
    expect((await t.trpc('mutation', 'updateSecuritySettings', { idleTimeoutMinutes: 30 }, back)).status).toBe(200);
  });

  it('refuses a limit longer than the spec’s 30 minutes with a clear message, and a stored longer one counts as 30', async () => {
    const admin = await signInNow('companyadmin');
    const longer = await t.trpc('mutation', 'updateSecuritySettings', { idleTimeoutMinutes: 31 }, admin);
    expect(longer.status).toBe(400);
    expect(longer.body.error?.message).toContain('cannot be longer than 30 minutes');
    const shortRetention = await t.trpc('mutation', 'updateSecuritySettings', { accessLogRetentionYears: 2 }, admin);
    expect(shortRetention.status).toBe(400);
    expect(shortRetention.body.error?.message).toContain('at least 6 years');

    const [nurseRow] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'nurse'));
    await t.database.db
      .update(companies)
      .set({ securitySettings: { idleTimeoutMinutes: 120 } })
      .where(eq(companies.id, nurseRow!.companyId!));
    const token = await signInNow('nurse');
    clock += 31 * MINUTE;
    expect(await currentUser(token)).toBe(401);
    await t.database.db.update(companies).set({ securitySettings: {} }).where(eq(companies.id, nurseRow!.companyId!));
  });

  it('lets only the roles holding the action read or change the settings', async () => {
    for (const role of ['branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client']) {
      const token = await signInNow(role);
      expect({ role, status: (await t.trpc('query', 'getSecuritySettings', undefined, token)).status }).toEqual({
        role,
        status: 403,
      });
      const res = await t.trpc('mutation', 'updateSecuritySettings', { idleTimeoutMinutes: 5 }, token);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
    const admin = await signInNow('companyadmin');
    expect((await t.trpc('query', 'getSecuritySettings', undefined, admin)).body.result?.data).toEqual({
      idleTimeoutMinutes: 30,
      accessLogRetentionYears: 6,
    });
  });
});
