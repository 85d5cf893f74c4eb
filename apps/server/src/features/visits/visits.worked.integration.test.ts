import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { inTransaction } from '../../db/transaction';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { ny, shiftFixtures } from '../shifts/shifts.test-support';
import { timesFromTimesheets } from './visits.timesheets';
import { isWorked, loadExportVisits, openPayrollVisits, type PayrollSourceVisit } from './visits.worked';

/**
 * Payroll's loader (openPayrollVisits: the worked-visit rules in SQL, one row per caregiver) against the exports'
 * (loadExportVisits and isWorked: the same rules in TypeScript) on visits with every kind of timesheet: device and
 * office times, office edits that move a time either way, a missing check-in or check-out, times out of order, a
 * visit under a minute, and shifts completed without times, missed or cancelled. Both must find the same worked
 * visits with the same spans.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
const window = { start: new Date(ny('2025-05-01 00:00')), end: new Date(ny('2025-05-29 00:00')) };

/** A small deterministic generator (mulberry32), so a failure names visits that can be built again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** A timesheet to write: its times (either may be missing) and their types (1 mobile, 2 offline, 3 office). */
interface Sheet {
  in: Date | null;
  out: Date | null;
  inType: number;
  outType: number;
}

/** A shift of a caregiver at a client, its status and timesheets written as given (the service's own rule for the shift's times). */
async function visit(v: {
  caregiverId: number;
  clientId: number;
  from: string;
  to: string;
  sheets: Sheet[];
  status?: 'completed' | 'missed' | 'cancelled';
}) {
  const shift = await f.shift({
    clientId: v.clientId,
    caregiverId: v.caregiverId,
    startTimestamp: ny(v.from),
    endTimestamp: ny(v.to),
  });
  const rows = v.sheets.length
    ? await f.db
        .insert(shiftTimesheets)
        .values(
          v.sheets.map((s) => ({
            shiftId: shift.id,
            checkIn: s.in,
            checkInType: s.in ? s.inType : null,
            checkOut: s.out,
            checkOutType: s.out ? s.outType : null,
          })),
        )
        .returning()
    : [];
  const times = timesFromTimesheets('scheduled', rows);
  await f.db
    .update(shifts)
    .set({ ...times, status: v.status ?? times.status })
    .where(eq(shifts.id, shift.id));
  return shift.id;
}

/** Every visit of the window as payroll reads it, by shift id. */
async function payrollVisits(): Promise<PayrollSourceVisit[]> {
  return inTransaction(f.db, async (db) => {
    const cursor = await openPayrollVisits(db, sql`true`, window, { fetchRows: 2 });
    const visits = await cursor.through(Number.MAX_SAFE_INTEGER);
    await cursor.close();
    return visits.sort((a, b) => a.id - b.id);
  });
}

beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
});
afterAll(() => t.close());

describe('payroll reads the worked visits by the exports’ rules', () => {
  it('finds the same visits and spans as loadExportVisits on every kind of timesheet', async () => {
    const next = random(20250501);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const caregivers = [
      await f.addCaregiver({ firstName: 'Wanda', lastName: 'Worked' }),
      await f.addCaregiver({ firstName: 'Xena', lastName: 'Worked' }),
    ];
    const clients = [await f.addClient('Yves', 'Worked'), await f.addClient('Zora', 'Worked')];
    const ids: number[] = [];
    for (let day = 2; day <= 27; day++) {
      for (const [k, caregiver] of caregivers.entries()) {
        const date = `2025-05-${String(day).padStart(2, '0')}`;
        const from = `${date} ${k === 0 ? '08:00' : '13:00'}`;
        const start = new Date(ny(from)).getTime();
        const minutes = (n: number) => new Date(start + n * 60_000);
        // The first two days: office edits that move the check-in later and the check-out earlier than the
        // device's, and an office check-out beside a device check-in. Then random times near the schedule, some
        // out of order, some under a minute, an office type on some.
        const device: Sheet = { in: minutes(0), out: minutes(245), inType: 1, outType: 1 };
        const office: Sheet = { in: minutes(15), out: minutes(230), inType: 3, outType: 3 };
        const sheets: Sheet[] =
          day <= 3
            ? [device, k === 0 ? office : { ...office, in: null }]
            : Array.from({ length: pick([0, 1, 1, 2, 3]) }, () => ({
                in: pick([null, minutes(pick([-10, 0, 5, 30]))]),
                out: pick([null, minutes(pick([0.4, 20, 240, 245])), minutes(-20)]),
                inType: pick([1, 2, 3]),
                outType: pick([1, 2, 3]),
              }));
        const status =
          sheets.length === 0
            ? pick([undefined, 'completed', 'completed', 'missed', 'cancelled'] as const)
            : pick([undefined, undefined, 'cancelled'] as const);
        ids.push(
          await visit({
            caregiverId: caregiver.id,
            clientId: pick(clients).id,
            from,
            to: `${date} ${k === 0 ? '12:00' : '17:30'}`,
            sheets,
            status,
          }),
        );
      }
    }
    const exported = (await loadExportVisits(f.db, undefined, window))
      .filter((v) => isWorked(v) && ids.includes(v.shift.id))
      .map((v) => ({
        id: v.shift.id,
        caregiverId: v.shift.caregiverId,
        clientId: v.shift.clientId,
        serviceCode: v.shift.serviceCode,
        checkIn: v.span!.checkIn,
        checkOut: v.span!.checkOut,
        location: null,
      }))
      .sort((a, b) => a.id - b.id);
    const read = (await payrollVisits()).filter((v) => ids.includes(v.id));
    expect(read).toEqual(exported);
    // The draw covers what the rules tell apart: worked and not, office edits, completed without times.
    expect(exported.length).toBeGreaterThan(10);
    expect(ids.length - exported.length).toBeGreaterThan(10);
  });

  it('reads a visit checked in before the window whose worked span reaches into it, and not one that ends before', async () => {
    const caregiver = await f.addCaregiver({ firstName: 'Reach', lastName: 'Worked' });
    const client = await f.addClient('Reached', 'Worked');
    const sheet = (from: string, to: string): Sheet[] => [
      { in: new Date(ny(from)), out: new Date(ny(to)), inType: 1, outType: 1 },
    ];
    // A check-out forgotten for three days, and a visit that ended the day before the window.
    const reaching = await visit({
      caregiverId: caregiver.id,
      clientId: client.id,
      from: '2025-04-28 20:00',
      to: '2025-04-28 23:00',
      sheets: sheet('2025-04-28 20:00', '2025-05-01 08:00'),
    });
    const before = await visit({
      caregiverId: caregiver.id,
      clientId: client.id,
      from: '2025-04-29 09:00',
      to: '2025-04-29 11:00',
      sheets: sheet('2025-04-29 09:00', '2025-04-29 11:00'),
    });
    const read = (await payrollVisits()).filter((v) => v.caregiverId === caregiver.id).map((v) => v.id);
    expect(read).toContain(reaching);
    expect(read).not.toContain(before);
  });

  it('reads instants with microseconds as the exports do, to the millisecond cut down', async () => {
    const caregiver = await f.addCaregiver({ firstName: 'Micro', lastName: 'Worked' });
    const client = await f.addClient('Second', 'Worked');
    const sheet = { in: new Date(ny('2025-05-20 09:00')), out: new Date(ny('2025-05-20 11:00')), inType: 1, outType: 1 };
    const id = await visit({
      caregiverId: caregiver.id,
      clientId: client.id,
      from: '2025-05-20 09:00',
      to: '2025-05-20 11:00',
      sheets: [sheet],
    });
    // A time written by the database itself (now(), a migration) keeps microseconds; .999999 must not round up.
    await f.db.execute(sql`update shift_timesheets set check_in = check_in + interval '12.345999 seconds',
      check_out = check_out + interval '0.000999 seconds' where shift_id = ${id}`);
    await f.db.execute(sql`update shifts set check_in_at = check_in_at + interval '12.345999 seconds',
      check_out_at = check_out_at + interval '0.000999 seconds' where id = ${id}`);
    const [exported] = (await loadExportVisits(f.db, sql`${shifts.id} = ${id}`, window)).filter(isWorked);
    const [read] = (await payrollVisits()).filter((v) => v.id === id);
    expect(read!.checkIn.getTime()).toBe(sheet.in.getTime() + 12_345);
    expect(read!.checkOut.getTime()).toBe(sheet.out.getTime());
    expect({ in: read!.checkIn, out: read!.checkOut }).toEqual({ in: exported!.span.checkIn, out: exported!.span.checkOut });
  });
});
