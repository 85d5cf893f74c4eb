import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { EvvCounts, EvvDashboardOutput, EvvSortKey } from '@hearth/shared/dashboards/dashboards.schema';
import { EVV_SORT_KEYS } from '@hearth/shared/dashboards/dashboards.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/rows';
import { branches } from '../branches/branches.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { ny } from '../shifts/shifts.test-support';
import { evvCountColumns, evvCountsOf, evvVisitsCte, localDate, type EvvRow } from './dashboards-evv.sql';
import { dashboardFixtures, type TestCheck } from './dashboards.test-support';

type Sheets = { in?: TestCheck; out?: TestCheck; reasonCode?: string }[];

/** Timesheet sets giving each flag both ways (the times are on the visit's day, scheduled 2 hours from its start). */
const SHEETS: ((start: string, end: string) => Sheets)[] = [
  (s, e) => [{ in: { at: s, type: 1, inside: true }, out: { at: e, type: 1, inside: true } }],
  (s, e) => [{ in: { at: s, type: 1, inside: false }, out: { at: e, type: 2, inside: true } }],
  (s, e) => [{ in: { at: s, type: 1, inside: true } }, { out: { at: e, type: 3 }, reasonCode: 'no_signal' }],
  (s, e) => [{ in: { at: s, type: 2, inside: true, skew: true }, out: { at: e, type: 2, inside: true } }],
  (s, e) => [{ in: { at: s, type: 1, inside: null }, out: { at: e, type: 1, inside: true } }],
  () => [],
];

/** Local dates of the visits: two days before the weeks, three whole weeks from Sunday 2031-06-01, a day after. */
const DATES = ['2031-05-30', '2031-05-31', '2031-06-02', '2031-06-07', '2031-06-10', '2031-06-14', '2031-06-19', '2031-06-22'];

/** Periods compared: whole weeks, weeks with days around them, days inside weeks, one day. */
const PERIODS = [
  { from: '2031-06-01', to: '2031-06-21' },
  { from: '2031-05-30', to: '2031-06-22' },
  { from: '2031-06-03', to: '2031-06-17' },
  { from: '2031-06-04', to: '2031-06-09' },
  { from: '2031-06-07', to: '2031-06-07' },
];

type Truth = {
  totals: EvvCounts;
  trends: (EvvCounts & { weekStart: string })[];
  caregivers: Map<number, EvvCounts>;
  clients: Map<number, EvvCounts>;
};

describe('the EVV dashboard from its rollups', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof dashboardFixtures>>;
  const visitIds: number[] = [];

  /** The dashboard as the per-visit flags give it (evvVisitsCte over every visit, grouped): what the rollups must equal. */
  async function perVisit(period: { from: string; to: string }, branchId?: number): Promise<Truth> {
    const where = sql`s.status = 'completed' and ${localDate} between ${period.from}::date and ${period.to}::date
      ${branchId === undefined ? sql`` : sql`and s.branch_id = ${branchId}`}`;
    type Row = EvvRow & {
      g_caregiver: number;
      g_client: number;
      g_week: number;
      caregiver_id: number | null;
      client_id: number | null;
      week: string | null;
    };
    const rows = rowsOf<Row>(
      await f.db.execute(sql`with ${evvVisitsCte(where)}
        select grouping(v.caregiver_id) as g_caregiver, grouping(v.client_id) as g_client, grouping(v.week_start) as g_week,
          v.caregiver_id, v.client_id, v.week_start::text as week, ${evvCountColumns}
        from v group by grouping sets ((v.caregiver_id), (v.client_id), (v.week_start), ())`),
    );
    const total = rows.find((r) => Number(r.g_caregiver) + Number(r.g_client) + Number(r.g_week) === 3);
    return {
      totals: evvCountsOf(total),
      trends: rows
        .filter((r) => Number(r.g_week) === 0)
        .map((r) => ({ weekStart: r.week!, ...evvCountsOf(r) }))
        .sort((a, b) => a.weekStart.localeCompare(b.weekStart)),
      caregivers: new Map(
        rows
          .filter((r) => Number(r.g_caregiver) === 0 && r.caregiver_id !== null)
          .map((r) => [Number(r.caregiver_id), evvCountsOf(r)]),
      ),
      clients: new Map(rows.filter((r) => Number(r.g_client) === 0).map((r) => [Number(r.client_id), evvCountsOf(r)])),
    };
  }

  /** Every page of a list (pages of 3, to cross page boundaries), in the order the dashboard gives. */
  async function allPages(input: Record<string, unknown>) {
    const rows: EvvDashboardOutput['list']['rows'] = [];
    let total = 0;
    for (let page = 1; page <= 50; page++) {
      const out = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', { ...input, page, pageSize: 3 }, 'developer');
      total = out.list.total;
      rows.push(...out.list.rows);
      if (out.list.rows.length < 3) break;
    }
    expect(rows).toHaveLength(total);
    return rows;
  }

  /** Checks every period, all branches and Boston alone, against the per-visit computation. */
  async function expectSameAsPerVisit() {
    for (const period of PERIODS) {
      for (const branchId of [undefined, f.boston.id]) {
        const truth = await perVisit(period, branchId);
        if (period === PERIODS[1]) expect(truth.caregivers.size).toBeGreaterThan(1);
        const input = { ...period, ...(branchId === undefined ? {} : { branchId }) };
        const out = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', input, 'developer');
        expect(out.totals, JSON.stringify(input)).toEqual(truth.totals);
        expect(out.trends, JSON.stringify(input)).toEqual(truth.trends);
        for (const list of ['caregivers', 'clients'] as const) {
          const rows = await allPages({ ...input, list, sort: 'name' });
          const got = new Map(rows.map(({ id, name: _name, ...counts }) => [id, counts]));
          expect(got, `${list} ${JSON.stringify(input)}`).toEqual(truth[list]);
        }
      }
    }
  }

  /** The stored flags equal evvVisitsCte visit by visit, and each rollup equals the sums of the stored flags. */
  async function expectStoredFlagsExact() {
    const diff = rowsOf<{ n: number }>(
      await f.db.execute(sql`with ${evvVisitsCte(sql`s.status = 'completed'`)},
        truth as (select v.id as shift_id, v.branch_id, v.local_date, v.caregiver_id, v.client_id, v.compliant,
          v.geofence_exception, v.manual_edit, v.late_check_in from v),
        stored as (select shift_id, branch_id, local_date, caregiver_id, client_id, compliant, geofence_exception,
          manual_edit, late_check_in from evv_visit_flags)
        select (select count(*) from (table truth except all table stored) a)::int
          + (select count(*) from (table stored except all table truth) b)::int as n`),
    );
    expect(diff[0]!.n).toBe(0);
    const sums = (key: SQL) => sql`select ${key}, count(*)::int, count(*) filter (where compliant)::int,
      count(*) filter (where geofence_exception)::int, count(*) filter (where manual_edit)::int,
      count(*) filter (where late_check_in)::int from evv_visit_flags`;
    const week = sql`local_date - extract(dow from local_date)::int`;
    const rollups = rowsOf<{ n: number }>(
      await f.db.execute(sql`select
        (select count(*) from ((${sums(sql`local_date, branch_id`)} group by 1, 2)
          except (select local_date, branch_id, visits, compliant, geofence_exceptions, manual_edits, late_check_ins
            from evv_branch_days where visits > 0)) a)::int
        + (select count(*) from ((${sums(sql`${week}, branch_id, caregiver_id`)} where caregiver_id is not null group by 1, 2, 3)
          except (select week_start, branch_id, caregiver_id, visits, compliant, geofence_exceptions, manual_edits,
            late_check_ins from evv_caregiver_weeks where visits > 0)) b)::int
        + (select count(*) from ((${sums(sql`${week}, branch_id, client_id`)} group by 1, 2, 3)
          except (select week_start, branch_id, client_id, visits, compliant, geofence_exceptions, manual_edits,
            late_check_ins from evv_client_weeks where visits > 0)) c)::int
        + (select count(*) from evv_branch_days where visits < 0 or (visits = 0 and compliant + geofence_exceptions
          + manual_edits + late_check_ins <> 0))::int as n`),
    );
    expect(rollups[0]!.n).toBe(0);
  }

  beforeAll(async () => {
    t = await startTestApp();
    f = await dashboardFixtures(t);
    const carers = [
      await f.addCaregiver({ firstName: 'Rolla', lastName: 'Evvroll' }),
      await f.addCaregiver({ firstName: 'Rollb', lastName: 'Evvroll' }),
      await f.addCaregiver({ firstName: 'Rollc', lastName: 'Evvroll' }),
      await f.addCaregiver({ firstName: 'Rolld', lastName: 'Evvroll', branchId: f.worcester.id }),
    ];
    const clients = [
      await f.addClient('Clienta', 'Evvroll'),
      await f.addClient('Clientb', 'Evvroll'),
      await f.addClient('Clientc', 'Evvroll', f.worcester.id),
    ];
    for (let i = 0; i < 24; i++) {
      const date = DATES[i % DATES.length]!;
      const k = i % 4;
      const hour = String(8 + Math.floor(i / DATES.length) * 3).padStart(2, '0');
      const start = `${date} ${hour}:00`;
      const end = `${date} ${String(Number(hour) + 2).padStart(2, '0')}:00`;
      const late = i % 5 === 1 ? `${date} ${hour}:20` : start;
      visitIds.push(
        await f.visit({
          clientId: (k === 3 ? clients[2]! : clients[i % 2]!).id,
          caregiverId: i === 23 ? null : carers[k]!.id,
          status: i % 7 === 6 ? 'missed' : 'completed',
          from: start,
          to: end,
          sheets: SHEETS[i % SHEETS.length]!(late, end),
        }),
      );
    }
    // Just after midnight in New York: the evening before on the west coast, in the week before (a Saturday).
    visitIds.push(
      await f.visit({
        clientId: clients[2]!.id,
        caregiverId: carers[3]!.id,
        status: 'completed',
        from: '2031-06-08 00:30',
        to: '2031-06-08 02:30',
        sheets: SHEETS[0]!('2031-06-08 00:30', '2031-06-08 02:30'),
      }),
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives the per-visit figures for whole weeks, days around them and one branch', async () => {
    await expectStoredFlagsExact();
    await expectSameAsPerVisit();
  });

  it('stays exact after check-ins, office edits, cancellations, moves, deletions and a time zone change', async () => {
    expect(await worcesterSunday()).toBe(1);
    // A visit in progress checked in late by the phone, then checked out and completed.
    const live = await f.visit({
      clientId: (await firstClient()).id,
      caregiverId: null,
      status: 'in_progress',
      from: '2031-06-10 18:00',
      to: '2031-06-10 20:00',
    });
    await f.db.insert(shiftTimesheets).values({
      shiftId: live,
      checkIn: new Date(ny('2031-06-10 18:25')),
      checkInType: 1,
      checkInMetadata: { lat: 42.35, lon: -71.06, distanceMetres: 10, insideGeofence: true },
    });
    const [sheet] = await f.db.select().from(shiftTimesheets).where(eq(shiftTimesheets.shiftId, live));
    await f.db
      .update(shiftTimesheets)
      .set({
        checkOut: new Date(ny('2031-06-10 20:00')),
        checkOutType: 1,
        checkOutMetadata: { lat: 42.35, lon: -71.06, distanceMetres: 10, insideGeofence: true },
      })
      .where(eq(shiftTimesheets.id, sheet!.id));
    await f.db.update(shifts).set({ status: 'completed' }).where(eq(shifts.id, live));
    // The office enters a check-out, as saveShiftTimesheet writes it (a manual edit).
    await f.db.insert(shiftTimesheets).values({
      shiftId: visitIds[0]!,
      checkOut: new Date(ny('2031-05-30 10:30')),
      checkOutType: 3,
      reasonCode: 'no_signal',
    });
    // A cancellation, a missed visit completed, a visit moved to another week, one given to another caregiver.
    await f.db
      .update(shifts)
      .set({ status: 'cancelled', cancelReason: 'Client request', cancelledAt: new Date() })
      .where(eq(shifts.id, visitIds[4]!));
    await f.db.update(shifts).set({ status: 'completed' }).where(eq(shifts.id, visitIds[6]!));
    await f.db
      .update(shifts)
      .set({ startAt: new Date(ny('2031-06-16 20:00')), endAt: new Date(ny('2031-06-16 22:00')) })
      .where(eq(shifts.id, visitIds[9]!));
    const [other] = await f.db.select({ caregiverId: shifts.caregiverId }).from(shifts).where(eq(shifts.id, visitIds[2]!));
    await f.db
      .update(shifts)
      .set({
        caregiverId: other!.caregiverId,
        startAt: new Date(ny('2031-06-19 21:00')),
        endAt: new Date(ny('2031-06-19 22:00')),
      })
      .where(eq(shifts.id, visitIds[5]!));
    // A timesheet deleted, one checked in later, a visit deleted.
    await f.db.delete(shiftTimesheets).where(eq(shiftTimesheets.shiftId, visitIds[12]!));
    await f.db
      .update(shiftTimesheets)
      .set({ checkIn: sql`check_in + interval '40 minutes'` })
      .where(eq(shiftTimesheets.shiftId, visitIds[7]!));
    await f.db.delete(shifts).where(eq(shifts.id, visitIds[10]!));
    expect(rowsOf(await f.db.execute(sql`select 1 from evv_visit_flags where shift_id = ${visitIds[10]!}`))).toEqual([]);
    // Worcester moves to the west coast: its after-midnight visit falls on the Saturday before.
    await f.db.update(branches).set({ timezone: 'America/Los_Angeles' }).where(eq(branches.id, f.worcester.id));
    await expectStoredFlagsExact();
    await expectSameAsPerVisit();
    expect(await worcesterSunday()).toBe(0);
  });

  it('sorts each list in SQL by any column, either way, and pages it', async () => {
    const period = PERIODS[1]!;
    for (const sort of EVV_SORT_KEYS) {
      for (const desc of [false, true]) {
        const rows = await allPages({ ...period, list: 'caregivers', sort, desc });
        const key = (r: (typeof rows)[number]) =>
          sort === 'name' ? r.name : sort === 'rate' ? r.rate! : r[sort as Exclude<EvvSortKey, 'name' | 'rate'>];
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [key(rows[i - 1]!), key(rows[i]!)];
          if (sort !== 'name') expect(desc ? a >= b : a <= b, `${sort} ${desc}`).toBe(true);
        }
      }
    }
    const first = await f.api.ok<EvvDashboardOutput>(
      'query',
      'getEvvDashboard',
      { ...period, list: 'clients', pageSize: 1 },
      'developer',
    );
    const past = await f.api.ok<EvvDashboardOutput>(
      'query',
      'getEvvDashboard',
      { ...period, list: 'clients', page: 99, pageSize: 1 },
      'developer',
    );
    expect(first.list.total).toBeGreaterThan(1);
    expect(past.list).toMatchObject({ total: first.list.total, rows: [] });
  });

  /** The client of the first visit (Boston). */
  async function firstClient() {
    const [row] = await f.db.select({ id: shifts.clientId }).from(shifts).where(eq(shifts.id, visitIds[0]!));
    return row!;
  }

  /** Worcester's completed visits on Sunday 2031-06-08 as the dashboard counts them. */
  async function worcesterSunday() {
    const input = { from: '2031-06-08', to: '2031-06-08', branchId: f.worcester.id };
    return (await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', input, 'developer')).totals.visits;
  }
});
