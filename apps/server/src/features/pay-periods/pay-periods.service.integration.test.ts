import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PayPeriodLockTimeOutput } from '@hearth/shared/pay-periods/pay-periods.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { users } from '../users/users.schema';
import { payPeriodLockOverrides } from './pay-periods.schema';

/** Periods here are in 2020 and 2031-2032, far from anything the demo seed generates around today. */
let t: TestApp;
const tokens: Record<string, string> = {};
const branchIds: Record<string, number> = {};
const boston = () => branchIds.Boston!;
const worcester = () => branchIds.Worcester!;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['companyadmin', 'branchmanager', 'rvp', 'nurse']) tokens[u] = await t.signIn(u);
  const branches = (await t.trpc('query', 'getBranches', undefined, tokens.companyadmin)).body.result?.data as {
    id: number;
    name: string;
  }[];
  for (const b of branches) branchIds[b.name] = b.id;
});
afterAll(() => t.close());

async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: string) {
  const res = await t.trpc(kind, path, input, tokens[as]);
  return {
    status: res.status,
    data: res.body.result?.data as T,
    message: res.body.error?.message,
    fieldErrors: res.body.error?.data.fieldErrors,
  };
}

async function create(input: Record<string, unknown>, as = 'companyadmin'): Promise<PayPeriodLockTimeOutput> {
  const res = await call<PayPeriodLockTimeOutput>('mutation', 'createPayPeriodLockTime', input, as);
  expect(res.message).toBeUndefined();
  return res.data;
}

describe('pay period lock times', () => {
  it('creates a lock time, stored in UTC, open until its time and locked after', async () => {
    const open = await create({
      branchId: boston(),
      periodStart: '2031-01-01',
      periodEnd: '2031-01-15',
      locksAt: '2031-01-18T12:00:00-05:00',
    });
    expect(open).toMatchObject({
      branchId: boston(),
      branchName: 'Boston',
      timezone: 'America/New_York',
      periodStart: '2031-01-01',
      periodEnd: '2031-01-15',
      locksAt: '2031-01-18T17:00:00.000Z',
      locked: false,
    });
    expect(Object.keys(open).sort()).toEqual(
      ['id', 'branchId', 'branchName', 'timezone', 'periodStart', 'periodEnd', 'locksAt', 'locked', 'updatedAt'].sort(),
    );
    const past = await create({
      branchId: boston(),
      periodStart: '2020-03-01',
      periodEnd: '2020-03-15',
      locksAt: '2020-03-18T16:00:00Z',
    });
    expect(past.locked).toBe(true);
  });

  it('lists the lock times in scope, newest period first, optionally of one branch', async () => {
    await create({ branchId: worcester(), periodStart: '2031-02-01', periodEnd: '2031-02-15', locksAt: '2031-02-18T17:00:00Z' });
    const all = await call<PayPeriodLockTimeOutput[]>('query', 'getPayPeriodLockTimes', undefined, 'companyadmin');
    const mine = all.data.filter((l) => l.periodStart.startsWith('2031') || l.periodStart.startsWith('2020'));
    expect(mine.map((l) => [l.branchName, l.periodStart])).toEqual([
      ['Worcester', '2031-02-01'],
      ['Boston', '2031-01-01'],
      ['Boston', '2020-03-01'],
    ]);
    const starts = all.data.map((l) => l.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());
    const onlyBoston = await call<PayPeriodLockTimeOutput[]>('query', 'getPayPeriodLockTimes', { branchId: boston() }, 'nurse');
    expect(onlyBoston.status).toBe(200);
    expect(onlyBoston.data.length).toBeGreaterThan(0);
    expect(onlyBoston.data.every((l) => l.branchId === boston())).toBe(true);
  });

  it("refuses a period overlapping another of the branch, naming it; other branches' periods do not count", async () => {
    const res = await call(
      'mutation',
      'createPayPeriodLockTime',
      { branchId: boston(), periodStart: '2031-01-10', periodEnd: '2031-01-25', locksAt: '2031-01-28T17:00:00Z' },
      'companyadmin',
    );
    expect(res.status).toBe(409);
    expect(res.message).toBe('Boston already has the pay period 2031-01-01 to 2031-01-15, which overlaps this one');
    expect(res.fieldErrors?.periodStart).toEqual([res.message]);
    // The day after the period ends is free, and so is the same period in Worcester.
    await create({ branchId: boston(), periodStart: '2031-01-16', periodEnd: '2031-01-31', locksAt: '2031-02-03T17:00:00Z' });
    await create({ branchId: worcester(), periodStart: '2031-01-01', periodEnd: '2031-01-15', locksAt: '2031-01-18T17:00:00Z' });
  });

  it('edits a lock time; the merged period must still be valid and not overlap', async () => {
    const lock = await create({
      branchId: boston(),
      periodStart: '2031-03-01',
      periodEnd: '2031-03-15',
      locksAt: '2031-03-18T16:00:00Z',
    });
    const moved = await call<PayPeriodLockTimeOutput>(
      'mutation',
      'updatePayPeriodLockTime',
      { id: lock.id, locksAt: '2020-01-01T00:00:00Z' },
      'branchmanager',
    );
    expect(moved.data).toMatchObject({
      id: lock.id,
      periodStart: '2031-03-01',
      locksAt: '2020-01-01T00:00:00.000Z',
      locked: true,
    });

    const backwards = await call('mutation', 'updatePayPeriodLockTime', { id: lock.id, periodEnd: '2031-02-20' }, 'companyadmin');
    expect(backwards.status).toBe(400);
    expect(backwards.message).toBe('periodEnd: The period must end on or after its start');
    expect(backwards.fieldErrors?.periodEnd).toEqual(['The period must end on or after its start']);

    const overlapping = await call(
      'mutation',
      'updatePayPeriodLockTime',
      {
        id: lock.id,
        periodStart: '2031-01-31',
        periodEnd: '2031-02-14',
      },
      'companyadmin',
    );
    expect(overlapping.status).toBe(409);
    expect(overlapping.message).toBe('Boston already has the pay period 2031-01-16 to 2031-01-31, which overlaps this one');

    const extended = await call<PayPeriodLockTimeOutput>(
      'mutation',
      'updatePayPeriodLockTime',
      { id: lock.id, periodStart: '2031-02-25', periodEnd: '2031-03-20' },
      'companyadmin',
    );
    expect(extended.data).toMatchObject({ periodStart: '2031-02-25', periodEnd: '2031-03-20', locked: true });
    expect(
      (await call('mutation', 'updatePayPeriodLockTime', { id: 999_999, locksAt: '2031-01-01T00:00:00Z' }, 'companyadmin'))
        .status,
    ).toBe(404);
  });

  it('deletes a lock time, unless overrides were recorded under it', async () => {
    const lock = await create({
      branchId: boston(),
      periodStart: '2031-04-01',
      periodEnd: '2031-04-15',
      locksAt: '2031-04-18T16:00:00Z',
    });
    const res = await call('mutation', 'deletePayPeriodLockTime', { id: lock.id }, 'branchmanager');
    expect(res.data).toEqual({ id: lock.id });
    const again = await call('mutation', 'deletePayPeriodLockTime', { id: lock.id }, 'branchmanager');
    expect(again.status).toBe(404);
    expect(again.message).toBe(`Pay period lock time ${lock.id} not found`);

    const audited = await create({
      branchId: boston(),
      periodStart: '2031-05-01',
      periodEnd: '2031-05-15',
      locksAt: '2020-05-18T16:00:00Z',
    });
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'companyadmin'));
    await t.database.db
      .insert(payPeriodLockOverrides)
      .values({ shiftId: 1, lockTimeId: audited.id, userId: admin!.id, action: 'update' });
    const kept = await call('mutation', 'deletePayPeriodLockTime', { id: audited.id }, 'companyadmin');
    expect(kept.status).toBe(409);
    expect(kept.message).toContain('2031-05-01 to 2031-05-15');
  });
});

describe('scope and permissions', () => {
  it("keeps a branch manager to their branch: Worcester's lock times are unseen and untouchable (404)", async () => {
    const theirs = await create({
      branchId: worcester(),
      periodStart: '2032-01-01',
      periodEnd: '2032-01-15',
      locksAt: '2032-01-18T17:00:00Z',
    });
    const list = await call<PayPeriodLockTimeOutput[]>('query', 'getPayPeriodLockTimes', undefined, 'branchmanager');
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((l) => l.branchId === boston())).toBe(true);

    const filtered = await call('query', 'getPayPeriodLockTimes', { branchId: worcester() }, 'branchmanager');
    expect(filtered.status).toBe(404);
    expect(filtered.message).toBe(`Branch ${worcester()} not found`);
    const created = await call(
      'mutation',
      'createPayPeriodLockTime',
      { branchId: worcester(), periodStart: '2032-02-01', periodEnd: '2032-02-15', locksAt: '2032-02-18T17:00:00Z' },
      'branchmanager',
    );
    expect(created.status).toBe(404);
    expect(created.message).toBe(`Branch ${worcester()} not found`);
    const updated = await call(
      'mutation',
      'updatePayPeriodLockTime',
      { id: theirs.id, locksAt: '2020-01-01T00:00:00Z' },
      'branchmanager',
    );
    expect(updated.status).toBe(404);
    expect(updated.message).toBe(`Pay period lock time ${theirs.id} not found`);
    expect((await call('mutation', 'deletePayPeriodLockTime', { id: theirs.id }, 'branchmanager')).status).toBe(404);
    const still = await call<PayPeriodLockTimeOutput[]>(
      'query',
      'getPayPeriodLockTimes',
      { branchId: worcester() },
      'companyadmin',
    );
    expect(still.data.find((l) => l.id === theirs.id)?.locksAt).toBe('2032-01-18T17:00:00.000Z');
  });

  it('lets roles without the write actions read but not write (403)', async () => {
    expect((await call('query', 'getPayPeriodLockTimes', undefined, 'rvp')).status).toBe(200);
    for (const as of ['rvp', 'nurse']) {
      const res = await call(
        'mutation',
        'createPayPeriodLockTime',
        { branchId: boston(), periodStart: '2032-03-01', periodEnd: '2032-03-15', locksAt: '2032-03-18T17:00:00Z' },
        as,
      );
      expect(res.status).toBe(403);
      expect(res.message).toBe('Your role may not use createPayPeriodLockTime');
    }
  });
});

describe('validation', () => {
  it.each([
    [{ periodEnd: '2031-06-01' }, 'periodEnd: The period must end on or after its start'],
    [{ periodEnd: '2031-07-20' }, 'periodEnd: A pay period is at most 31 days'],
    [{ periodStart: '2031-02-30' }, 'periodStart: Use a real date written YYYY-MM-DD'],
    [{ locksAt: '2031-06-20 12:00' }, 'locksAt: Use an ISO 8601 time with an offset, like 2026-11-02T14:00:00Z'],
    [{ branchId: undefined }, 'branchId: Must be a number'],
  ])('refuses %j with "%s"', async (change, message) => {
    const input = {
      branchId: boston(),
      periodStart: '2031-06-05',
      periodEnd: '2031-06-18',
      locksAt: '2031-06-21T16:00:00Z',
      ...change,
    };
    const res = await call('mutation', 'createPayPeriodLockTime', input, 'companyadmin');
    expect(res.status).toBe(400);
    expect(res.message).toBe(message);
  });
});
