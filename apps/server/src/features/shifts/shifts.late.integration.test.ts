import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LateVisitOutput } from '@hearth/shared/shifts/shifts.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { shifts } from './shifts.schema';
import { shiftFixtures } from './shifts.test-support';
import { getLateVisits } from './shifts.late';

let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
const minutesAgo = (n: number, from = new Date()) => new Date(from.getTime() - n * 60_000);

/** A visit of `caregiverId` at `clientId` starting `startedMinutesAgo` before now, two hours long. */
async function visit(clientId: number, caregiverId: number, branchId: number, startedMinutesAgo: number) {
  const startAt = minutesAgo(startedMinutesAgo);
  const [row] = await f.db
    .insert(shifts)
    .values({ branchId, clientId, caregiverId, startAt, endAt: new Date(startAt.getTime() + 120 * 60_000) })
    .returning({ id: shifts.id });
  return row!.id;
}

let late: number;
let worcesterLate: number;
beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
  f.api.tokens.client = await t.signIn('client');
  const client = await f.addClient('Lena', 'Late');
  const aide = await f.addCaregiver({ firstName: 'Tim', lastName: 'Tardy', phoneNumber: '617-555-0177' });
  late = await visit(client.id, aide.id, f.boston.id, 40);
  await visit(client.id, aide.id, f.boston.id, 10 - 200); // starts later today
  const onTime = await visit(client.id, aide.id, f.boston.id, 300);
  await f.db
    .update(shifts)
    .set({ checkInAt: minutesAgo(299), status: 'in_progress' })
    .where(eq(shifts.id, onTime));
  await visit(client.id, aide.id, f.boston.id, 13 * 60); // a missed visit, past the alert window
  const worcesterClient = await f.addClient('Walt', 'Late', f.worcester.id);
  const worcesterAide = await f.addCaregiver({ firstName: 'Wes', lastName: 'Tardy', branchId: f.worcester.id });
  worcesterLate = await visit(worcesterClient.id, worcesterAide.id, f.worcester.id, 20);
});
afterAll(() => t.close());

describe('getLateVisits', () => {
  it("lists the caller's branches' visits not checked in 15 minutes after their start, with the caregiver's phone", async () => {
    const rows = await f.api.ok<LateVisitOutput[]>('query', 'getLateVisits', {}, 'branchmanager');
    const mine = rows.filter((r) => r.shiftId === late);
    expect(mine).toEqual([
      expect.objectContaining({
        clientName: 'Lena Late',
        caregiverName: 'Tim Tardy',
        caregiverPhone: '617-555-0177',
        timezone: 'America/New_York',
        branchId: f.boston.id,
      }),
    ]);
    expect(mine[0]!.minutesLate).toBeGreaterThanOrEqual(40);
    expect(rows.every((r) => r.branchId === f.boston.id)).toBe(true);
    expect(rows.map((r) => r.shiftId)).not.toContain(worcesterLate);
    expect(rows.filter((r) => r.clientName === 'Lena Late')).toHaveLength(1);
  });

  it('keeps each branch to its staff, and a branch out of scope yields nothing', async () => {
    const prn = await f.api.ok<LateVisitOutput[]>('query', 'getLateVisits', {}, 'prn');
    expect(prn.map((r) => r.shiftId)).toContain(worcesterLate);
    expect(prn.map((r) => r.shiftId)).not.toContain(late);
    expect(await f.api.ok('query', 'getLateVisits', { branchId: f.boston.id }, 'prn')).toEqual([]);
    const company = await f.api.ok<LateVisitOutput[]>('query', 'getLateVisits', {}, 'companyadmin');
    expect(company.map((r) => r.shiftId)).toEqual(expect.arrayContaining([late, worcesterLate]));
    expect((await f.api.fail('query', 'getLateVisits', {}, 'caregiver')).status).toBe(403);
    expect((await f.api.fail('query', 'getLateVisits', {}, 'client')).status).toBe(403);
    expect((await f.api.fail('query', 'getLateVisits', { branchId: 'Boston' }, 'branchmanager')).status).toBe(400);
  });

  it('follows the clock: not yet late at 14 minutes, no longer listed once checked in', async () => {
    const scope = { db: f.db, level: 'system' as const, companyId: null, branchIds: [] } as never;
    const [row] = await f.db.select().from(shifts).where(eq(shifts.id, late));
    const at = (minutes: number) => new Date(row!.startAt.getTime() + minutes * 60_000);
    const ids = async (now: Date) => (await getLateVisits({ scope, input: {}, now })).map((r) => r.shiftId);
    expect(await ids(at(14))).not.toContain(late);
    expect(await ids(at(15))).toContain(late);
    await f.db
      .update(shifts)
      .set({ checkInAt: at(16), status: 'in_progress' })
      .where(eq(shifts.id, late));
    expect(await ids(at(20))).not.toContain(late);
  });
});
