import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray, sql } from 'drizzle-orm';
import { evvVisitFlags } from '@hearth/shared/dashboards/evv-compliance';
import { startTestApp, type TestApp } from '../../test/test-app';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { evvVisitsCte } from './dashboards-evv.sql';
import { rowsOf } from '../../db/rows';
import { dashboardFixtures, type TestCheck } from './dashboards.test-support';

/** Timesheet sets whose flags differ, including several timesheets per visit, ties, and office checks. */
const CASES: { name: string; sheets: { in?: TestCheck; out?: TestCheck; reasonCode?: string }[] }[] = [
  {
    name: 'device, inside',
    sheets: [{ in: { at: '09:02', type: 1, inside: true }, out: { at: '11:00', type: 1, inside: true } }],
  },
  {
    name: 'offline, late',
    sheets: [{ in: { at: '09:16', type: 2, inside: true }, out: { at: '11:00', type: 2, inside: true } }],
  },
  {
    name: 'exactly at the grace limit',
    sheets: [{ in: { at: '09:15', type: 1, inside: true }, out: { at: '11:00', type: 1, inside: true } }],
  },
  {
    name: 'check-in outside',
    sheets: [{ in: { at: '09:00', type: 1, inside: false }, out: { at: '11:00', type: 1, inside: true } }],
  },
  {
    name: 'unknown position',
    sheets: [{ in: { at: '09:00', type: 1, inside: null }, out: { at: '11:00', type: 1, inside: true } }],
  },
  { name: 'no check-out', sheets: [{ in: { at: '09:00', type: 1, inside: true } }] },
  { name: 'no timesheet', sheets: [] },
  {
    name: 'office check-out with reason',
    sheets: [{ in: { at: '09:00', type: 1, inside: true } }, { out: { at: '11:05', type: 3 }, reasonCode: 'no_signal' }],
  },
  {
    name: 'office check-in wins and is late',
    sheets: [
      { in: { at: '09:00', type: 1, inside: true }, out: { at: '11:00', type: 1, inside: true } },
      { in: { at: '09:40', type: 3 }, reasonCode: 'other' },
    ],
  },
  {
    name: 'two device sheets, earliest outside',
    sheets: [
      { in: { at: '09:10', type: 1, inside: true }, out: { at: '11:00', type: 1, inside: true } },
      { in: { at: '09:05', type: 1, inside: false } },
    ],
  },
  {
    name: 'tie of check-ins: the lower id counts',
    sheets: [
      { in: { at: '09:05', type: 1, inside: null } },
      { in: { at: '09:05', type: 1, inside: true }, out: { at: '11:00', type: 1, inside: true } },
    ],
  },
  {
    name: 'phone clock off at check-out',
    sheets: [{ in: { at: '09:00', type: 2, inside: true }, out: { at: '11:00', type: 2, inside: true, skew: true } }],
  },
  {
    name: 'phone clock within the tolerance',
    sheets: [{ in: { at: '09:00', type: 1, inside: true, skew: false }, out: { at: '11:00', type: 1, inside: true } }],
  },
  {
    name: 'offline check-out arrived after the pay period locked',
    sheets: [{ in: { at: '09:00', type: 2, inside: true }, out: { at: '11:00', type: 2, inside: true, afterLock: true } }],
  },
  {
    name: 'office check-in over a late phone check-in: a type 3 check carries no lock flag',
    sheets: [{ in: { at: '09:00', type: 3, afterLock: true }, reasonCode: 'other' }],
  },
  {
    name: 'out before in',
    sheets: [{ in: { at: '10:00', type: 1, inside: true } }, { out: { at: '09:30', type: 1, inside: true } }],
  },
];

describe('evvVisitsCte', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof dashboardFixtures>>;
  const shiftIds: number[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    f = await dashboardFixtures(t);
    const client = await f.addClient('Sequel', 'Evvtest');
    for (const [i, c] of CASES.entries()) {
      const date = `2031-05-${String(i + 1).padStart(2, '0')}`;
      const caregiver = await f.addCaregiver({ firstName: `Case${i}`, lastName: 'Evvtest' });
      const at = (check?: TestCheck) => (check ? { ...check, at: `${date} ${check.at}` } : undefined);
      const sheets = c.sheets.map((s) => ({ ...s, in: at(s.in), out: at(s.out) }));
      shiftIds.push(
        await f.visit({
          clientId: client.id,
          caregiverId: caregiver.id,
          status: 'completed',
          from: `${date} 09:00`,
          to: `${date} 11:00`,
          sheets,
        }),
      );
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives every visit the flags evvVisitFlags gives the same rows', async () => {
    const ids = sql.join(
      shiftIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const fromSql = rowsOf<{
      id: number;
      compliant: boolean;
      geofence_exception: boolean;
      manual_edit: boolean;
      late_check_in: boolean;
      clock_skew: boolean;
      after_lock: boolean;
    }>(
      await f.db.execute(sql`with ${evvVisitsCte(sql`s.id in (${ids})`)}
        select v.id, v.compliant, v.geofence_exception, v.manual_edit, v.late_check_in, v.clock_skew, v.after_lock from v order by v.id`),
    );
    const shiftRows = await f.db.select().from(shifts).where(inArray(shifts.id, shiftIds));
    const sheetRows = await f.db
      .select()
      .from(shiftTimesheets)
      .where(inArray(shiftTimesheets.shiftId, shiftIds))
      .orderBy(asc(shiftTimesheets.id));
    const pure = shiftRows
      .sort((a, b) => a.id - b.id)
      .map((s) => {
        const flags = evvVisitFlags({
          startAt: s.startAt,
          timesheets: sheetRows
            .filter((ts) => ts.shiftId === s.id)
            .map((ts) => ({
              ...ts,
              checkInInsideGeofence: ts.checkInMetadata?.insideGeofence ?? null,
              checkOutInsideGeofence: ts.checkOutMetadata?.insideGeofence ?? null,
              checkInClockSkew: ts.checkInMetadata?.clockSkew ?? null,
              checkOutClockSkew: ts.checkOutMetadata?.clockSkew ?? null,
              checkInAfterLock: ts.checkInMetadata?.afterPayPeriodLock != null,
              checkOutAfterLock: ts.checkOutMetadata?.afterPayPeriodLock != null,
            })),
        });
        return {
          id: s.id,
          compliant: flags.compliant,
          geofence_exception: flags.geofenceException,
          manual_edit: flags.manualEdit,
          late_check_in: flags.lateCheckIn,
          clock_skew: flags.clockSkew,
          after_lock: flags.afterLock,
        };
      });
    expect(fromSql.map((r) => ({ ...r, id: Number(r.id) }))).toEqual(pure);
    // The cases cover each flag both ways, so the comparison is not trivially all-false.
    for (const key of ['compliant', 'geofence_exception', 'manual_edit', 'late_check_in', 'clock_skew', 'after_lock'] as const) {
      expect(new Set(pure.map((p) => p[key]))).toEqual(new Set([true, false]));
    }
  });
});
