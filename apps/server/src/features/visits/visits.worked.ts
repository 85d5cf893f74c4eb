import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  effectiveVisitTimes,
  workedMinutes,
  type EffectiveVisitTimes,
  type PayPeriod,
  type TimesheetTimes,
} from '@hearth/shared/payroll/payroll-hours';
import { zoneCalendar } from '@hearth/shared/payroll/payroll-calendar';
import { calendarWeekOf } from '@hearth/shared/shifts/workweek';
import type { TravelVisit } from '@hearth/shared/payroll/payroll-travel';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openRowCursor } from '../../db/row-cursor';
import { branches } from '../branches/branches.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import type { TimesheetRow } from './visits.timesheets';

/**
 * The worked visits of a period, as payroll, billing and the period exports read them: one set of rules (not
 * cancelled; checked in, else scheduled to start, in the window; effectiveVisitTimes, office edits win; workedSpan;
 * at least a minute) behind two loaders, the full rows of the exports and billing (loadExportVisits) and the lean
 * columns of payroll (loadPayrollVisits).
 */

/** A visit as the period exports read it: the shift, its branch's time zone, its timesheets and effective times. */
export interface ExportVisit {
  shift: typeof shifts.$inferSelect;
  timeZone: string;
  sheets: TimesheetRow[];
  times: EffectiveVisitTimes<TimesheetRow>;
  /**
   * The worked span: the effective check-in to check-out when both exist and are in order; for a shift the office
   * marked completed without times, its scheduled start to end (as billing units count it, shifts.units.ts
   * billableMinutes); else null (not worked yet).
   */
  span: { checkIn: Date; checkOut: Date } | null;
  /** Local date (branch time zone) of the worked span's start, else of the check-in, else of the scheduled start. */
  date: string;
  /** Minutes of the worked span (0 when there is none). */
  minutes: number;
}

/** The worked span of a shift with its effective times (see ExportVisit.span). */
function workedSpan(
  shift: Pick<ExportVisit['shift'], 'status' | 'startAt' | 'endAt'>,
  times: Pick<EffectiveVisitTimes, 'checkIn' | 'checkOut'>,
): ExportVisit['span'] {
  if (times.checkIn && times.checkOut && times.checkOut > times.checkIn)
    return { checkIn: times.checkIn, checkOut: times.checkOut };
  if (shift.status === 'completed' && !times.checkIn && !times.checkOut) return { checkIn: shift.startAt, checkOut: shift.endAt };
  return null;
}

const DAY_MS = 86_400_000;

/**
 * An instant column as whole epoch milliseconds (UTC) in a float8, its microseconds cut off as the driver's Dates
 * cut them: date_part's float8 seconds hold the stored microseconds within a quarter of one from 1970 to 2106, so
 * rounding recovers them exactly. extract(epoch …) would be exact too but computes in numeric, which cost payroll's
 * query about a second at full size. A whole float8 of 13 digits is written exactly whatever extra_float_digits.
 */
function epochMs(column: string): SQL {
  return sql.raw(`floor(round(date_part('epoch', ${column}) * 1000000) / 1000)`);
}

/** The UTC window that surely holds every instant whose local date is in the period, in any US time zone. */
export function periodWindow(period: PayPeriod, extraDays = 0): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${period.from}T00:00:00Z`) - (1 + extraDays) * DAY_MS),
    end: new Date(Date.parse(`${period.to}T00:00:00Z`) + (2 + extraDays) * DAY_MS),
  };
}

/** The columns of a shift the window is tested on: Drizzle's columns, or those of an alias in raw SQL. */
interface WindowColumns {
  status: SQL | typeof shifts.status;
  checkInAt: SQL | typeof shifts.checkInAt;
  startAt: SQL | typeof shifts.startAt;
}

/**
 * The shifts a window's visits come from: not cancelled, and checked in (else scheduled to start) within the UTC
 * window, start included, end excluded.
 */
function inVisitWindow(columns: WindowColumns, window: { start: Date; end: Date }): SQL {
  const at = sql`coalesce(${columns.checkInAt}, ${columns.startAt})`;
  return sql`${columns.status} <> 'cancelled' and ${at} >= ${window.start} and ${at} < ${window.end}`;
}

/**
 * A shift's effective times from its timesheets (office edits win), its worked span and the span's minutes (0
 * when there is none): the rule both loaders apply to each visit.
 */
function workedOf<T extends TimesheetTimes>(
  shift: Pick<ExportVisit['shift'], 'status' | 'startAt' | 'endAt'>,
  sheets: readonly T[],
): { times: EffectiveVisitTimes<T>; span: ExportVisit['span']; minutes: number } {
  const times = effectiveVisitTimes(sheets);
  const span = workedSpan(shift, times);
  return { times, span, minutes: span ? workedMinutes(span) : 0 };
}

/**
 * The shifts matching `where` that are not cancelled and whose check-in (else scheduled start) lies in the UTC
 * window, each with its timesheets (in id order), effective times (effectiveVisitTimes: office-edited times win),
 * local date and worked minutes. Callers narrow by local date (inPeriod) afterwards.
 */
export async function loadExportVisits(
  db: Db,
  where: SQL | undefined,
  window: { start: Date; end: Date },
): Promise<ExportVisit[]> {
  const rows = await db
    .select({ shift: shifts, timeZone: branches.timezone })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(and(inVisitWindow(shifts, window), where))
    .orderBy(asc(shifts.startAt), asc(shifts.id));
  const sheets = rows.length
    ? await db
        .select()
        .from(shiftTimesheets)
        // One array parameter: a period of a large agency has more shifts than a statement has parameters (65,535).
        .where(sql`${shiftTimesheets.shiftId} = any(${`{${rows.map((r) => r.shift.id).join(',')}}`}::int[])`)
        .orderBy(asc(shiftTimesheets.id))
    : [];
  const byShift = new Map<number, TimesheetRow[]>();
  for (const sheet of sheets) byShift.set(sheet.shiftId, [...(byShift.get(sheet.shiftId) ?? []), sheet]);
  return rows.map(({ shift, timeZone }) => {
    const mine = byShift.get(shift.id) ?? [];
    const { times, span, minutes } = workedOf(shift, mine);
    return {
      shift,
      timeZone,
      sheets: mine,
      times,
      span,
      // zoneCalendar: localDateOf without Luxon's cost per visit (a large agency's period has 160,000 of them).
      date: zoneCalendar(timeZone).localDate(span?.checkIn ?? times.checkIn ?? shift.startAt),
      minutes,
    };
  });
}

/** Whether the visit's local date lies in the period. */
export function inPeriod(visit: Pick<ExportVisit, 'date'>, period: PayPeriod): boolean {
  return visit.date >= period.from && visit.date <= period.to;
}

/**
 * Whether a visit counts as completed for payroll and billing: it has a worked span of at least a minute (both
 * effective times, or the completed status with no times at all).
 */
export function isWorked<T extends Pick<ExportVisit, 'span' | 'minutes'>>(
  visit: T,
): visit is T & { span: NonNullable<ExportVisit['span']> } {
  return visit.span !== null && visit.minutes > 0;
}

/**
 * A worked visit as payroll reads it: the shift, its caregiver, client and service, its worked span, and the
 * client's primary address coordinates for travel (null as read; payroll fills it in).
 */
export interface PayrollSourceVisit extends TravelVisit {
  caregiverId: number;
  serviceCode: string | null;
}

/** The window's columns in the payroll and billing queries, whose shifts are aliased `s`. */
const WINDOW_COLUMNS_OF_S: WindowColumns = { status: sql`s.status`, checkInAt: sql`s.check_in_at`, startAt: sql`s.start_at` };

/**
 * The UTC window of payroll's reads: every instant whose local date lies in a workweek the period touches (Sunday
 * to Saturday around its first and last dates), in any US time zone (a day of margin each side, as periodWindow).
 * A workweek's overtime depends on all its hours (29 CFR 778.103), and on no other week's.
 */
export function workweeksWindow(period: PayPeriod): { start: Date; end: Date } {
  return periodWindow({ from: calendarWeekOf(period.from).startDate, to: calendarWeekOf(period.to).endDate });
}

/**
 * Days before the window a visit's check-in may lie and its worked span still reach into the window (a check-out
 * forgotten for days): such a visit's minutes in the first workweek count toward its overtime.
 */
const REACH_DAYS = 7;

/**
 * Caregivers per FETCH of the payroll cursor: each row holds one caregiver's visits of the window (about 50), and
 * payroll's chunk is as many caregivers (PAYROLL_CHUNK), so the FETCH it sends ahead holds about its next chunk.
 */
const FETCH_CAREGIVERS = 2_000;

/** A row of the payroll cursor: a caregiver and their worked spans as [shift id, client id, service code, in, out]. */
interface PayrollRow {
  caregiver_id: number;
  visits: string | [number, number, string | null, number, number][];
}

/** The worked visits of `rows` (one caregiver each): spans of at least a minute (workedMinutes), as Dates. */
function payrollVisitsOf(rows: readonly PayrollRow[]): PayrollSourceVisit[] {
  const visits: PayrollSourceVisit[] = [];
  for (const row of rows) {
    const caregiverId = Number(row.caregiver_id);
    const spans = typeof row.visits === 'string' ? (JSON.parse(row.visits) as Exclude<PayrollRow['visits'], string>) : row.visits;
    for (const [id, clientId, serviceCode, inMs, outMs] of spans) {
      const checkIn = new Date(inMs);
      const checkOut = new Date(outMs);
      if (workedMinutes({ checkIn, checkOut }) <= 0) continue;
      visits.push({ id, caregiverId, clientId, serviceCode, checkIn, checkOut, location: null });
    }
  }
  return visits;
}

/** The worked visits of a window read caregiver by caregiver, in caregiver id order (see openPayrollVisits). */
export interface PayrollVisitCursor {
  /**
   * The worked visits of the caregivers with an id up to `lastCaregiverId` not yet returned (call with increasing
   * ids). Reads the cursor on until a later caregiver's row (or the end) shows those caregivers are complete. With
   * `readAhead` the next FETCH is sent as soon as the rows are taken, before they are parsed (for a caller whose
   * other reads go to another connection, so they do not wait behind it).
   */
  through(lastCaregiverId: number, options?: { readAhead?: boolean }): Promise<PayrollSourceVisit[]>;
  /** Sends the next FETCH while the caller computes (RowCursor.readAhead). */
  readAhead(): void;
  /** Closes the cursor (the transaction that holds it may go on). */
  close(): Promise<void>;
}

/**
 * The worked visits of the caregivers matching `caregiverIn` (a condition on `s.caregiver_id`) whose check-in (else
 * scheduled start) lies in the UTC window, or up to REACH_DAYS before it with a check-out or scheduled end inside
 * it, by the same rules as the period exports (loadExportVisits and isWorked: not cancelled; effectiveVisitTimes,
 * office edits win; workedSpan, a shift marked completed without times counts its schedule; at least a minute).
 * The database applies those rules (the integration tests compare both loaders on every kind of timesheet). A visit
 * without an office-edited time counts the shift's own check_in_at and check_out_at, which writeTimesheet keeps as
 * its timesheets' earliest check-in and latest check-out (effectiveVisitTimes); only the few with an office edit
 * (found through shift_timesheets_office_edit_idx) read their timesheets, with the SQL of the EVV flags of
 * migration 0037, grouped once and joined by hash, so a million visits cost no million lookups (nor a million
 * empty lateral subqueries). It sends one row per caregiver, their spans as JSON (instants as epochMs), in
 * caregiver id order through a cursor: a large agency's window (1.5 million visits) reaches the process as 50,000
 * small rows, taken a chunk of caregivers at a time (through). Must run inside a transaction (a cursor lives in
 * one).
 * @param options name: unique among the transaction's open cursors; fetchRows: caregivers per FETCH
 * (FETCH_CAREGIVERS).
 */
export async function openPayrollVisits(
  db: Db,
  caregiverIn: SQL,
  window: { start: Date; end: Date },
  options: { name?: string; fetchRows?: number } = {},
): Promise<PayrollVisitCursor> {
  const { name = 'payroll_visits', fetchRows = FETCH_CAREGIVERS } = options;
  const reach = { start: new Date(window.start.getTime() - REACH_DAYS * DAY_MS), end: window.end };
  const rows = await openRowCursor<PayrollRow>(
    db,
    name,
    sql`
    with w as materialized (
      select s.id, s.caregiver_id, s.client_id, s.service_code, s.status, s.start_at, s.end_at, s.check_in_at,
        s.check_out_at, exists (select from shift_timesheets o
          where o.shift_id = s.id and (o.check_in_type = 3 or o.check_out_type = 3)) as office_edited
      from shifts s
      where ${inVisitWindow(WINDOW_COLUMNS_OF_S, reach)} and s.caregiver_id is not null and ${caregiverIn}
        and (coalesce(s.check_in_at, s.start_at) >= ${window.start} or greatest(s.check_out_at, s.end_at) >= ${window.start})),
    o as (
      select ts.shift_id, coalesce(min(ts.check_in) filter (where ts.check_in_type = 3), min(ts.check_in)) as eff_in,
        coalesce(max(ts.check_out) filter (where ts.check_out_type = 3), max(ts.check_out)) as eff_out
      from shift_timesheets ts where ts.shift_id in (select w.id from w where w.office_edited) group by ts.shift_id),
    e as (
      select w.caregiver_id, w.id, w.client_id, w.service_code, w.status, w.start_at, w.end_at,
        case when w.office_edited then o.eff_in else w.check_in_at end as eff_in,
        case when w.office_edited then o.eff_out else w.check_out_at end as eff_out
      from w left join o on o.shift_id = w.id),
    v as (
      select e.caregiver_id, e.id, e.client_id, e.service_code,
        case when e.eff_out > e.eff_in then e.eff_in
          when e.eff_in is null and e.eff_out is null and e.status = 'completed' then e.start_at end as span_in,
        case when e.eff_out > e.eff_in then e.eff_out
          when e.eff_in is null and e.eff_out is null and e.status = 'completed' then e.end_at end as span_out
      from e)
    select v.caregiver_id,
      json_agg(json_build_array(v.id, v.client_id, v.service_code, ${epochMs('v.span_in')}, ${epochMs('v.span_out')}) order by v.id) as visits
    from v where v.span_out > v.span_in
    group by v.caregiver_id order by v.caregiver_id`,
    fetchRows,
  );
  return {
    async through(lastCaregiverId, { readAhead = false } = {}) {
      // A caregiver's visits are one row: they are complete once read.
      const taken = await rows.take((read) => read.findIndex((r) => Number(r.caregiver_id) > lastCaregiverId));
      if (readAhead) rows.readAhead();
      return payrollVisitsOf(taken);
    },
    readAhead: () => rows.readAhead(),
    close: () => rows.close(),
  };
}

/** A worked-or-not visit as billing reads it: the shift's billing columns, its timesheets' times and its span. */
export interface BillingSourceVisit extends Omit<ExportVisit, 'shift' | 'sheets' | 'times'> {
  shift: Pick<
    ExportVisit['shift'],
    'id' | 'branchId' | 'clientId' | 'caregiverId' | 'payerSourceId' | 'authorizationId' | 'serviceCode' | 'modifiers' | 'status'
  >;
  sheets: TimesheetTimes[];
  times: EffectiveVisitTimes;
}

/** Rows per FETCH of the billing cursor: a few megabytes of lean rows per round trip. */
const FETCH_ROWS = 20_000;

const dateOf = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

/** A row of the billing query: a shift's billing columns and one of its timesheets (none: null times). */
interface BillingRow {
  id: number;
  client_id: number;
  service_code: string | null;
  status: string;
  start_ms: number;
  end_ms: number;
  in_ms: number | null;
  out_ms: number | null;
  check_in_type: number | null;
  check_out_type: number | null;
  sheet_id?: number | null;
  branch_id: number;
  caregiver_id: number | null;
  payer_source_id: number | null;
  authorization_id: number | null;
  modifiers: string[] | string;
  reason_code: string | null;
  time_zone: string;
}

/** The visits of `rows` (a shift's rows consecutive) as billing reads them, by the exports' rules (workedOf). */
function billingVisitsOf(rows: readonly BillingRow[]): BillingSourceVisit[] {
  const visits: BillingSourceVisit[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i]!;
    const sheets: TimesheetTimes[] = [];
    for (; i < rows.length && rows[i]!.id === first.id; i++) {
      const r = rows[i]!;
      if (r.sheet_id === null || r.sheet_id === undefined) continue;
      const sheet = { checkIn: dateOf(r.in_ms), checkOut: dateOf(r.out_ms), checkInType: r.check_in_type };
      sheets.push({ ...sheet, checkOutType: r.check_out_type, reasonCode: r.reason_code });
    }
    const startAt = new Date(Number(first.start_ms));
    const shift = { status: first.status, startAt, endAt: new Date(Number(first.end_ms)) } as Parameters<typeof workedSpan>[0];
    const { times, span, minutes } = workedOf(shift, sheets);
    const modifiers = typeof first.modifiers === 'string' ? (JSON.parse(first.modifiers) as string[]) : first.modifiers;
    visits.push({
      shift: {
        id: Number(first.id),
        branchId: Number(first.branch_id),
        clientId: Number(first.client_id),
        caregiverId: first.caregiver_id === null ? null : Number(first.caregiver_id),
        payerSourceId: first.payer_source_id === null ? null : Number(first.payer_source_id),
        authorizationId: first.authorization_id === null ? null : Number(first.authorization_id),
        serviceCode: first.service_code,
        modifiers,
        status: shift.status,
      },
      timeZone: first.time_zone,
      sheets,
      times,
      span,
      date: zoneCalendar(first.time_zone).localDate(span?.checkIn ?? times.checkIn ?? startAt),
      minutes,
    });
  }
  return visits;
}

/**
 * The billing columns of the shifts matching `where` (on shifts aliased `s`) in the window, not cancelled, with
 * their timesheets and branch zone, ordered by `order`: the window's rows are selected first (a materialized CTE:
 * one scan of shifts, whatever index the order could walk) and then sorted.
 */
function billingSelect(where: SQL, window: { start: Date; end: Date }, order: SQL): SQL {
  return sql`
    with w as materialized (
      select s.id, s.branch_id, s.client_id, s.caregiver_id, s.payer_source_id, s.authorization_id, s.service_code,
        s.modifiers, s.status, ${epochMs('s.start_at')} as start_ms, ${epochMs('s.end_at')} as end_ms, b.timezone as time_zone,
        ${epochMs('t.check_in')} as in_ms, ${epochMs('t.check_out')} as out_ms, t.check_in_type, t.check_out_type, t.reason_code,
        t.id as sheet_id
      from shifts s join branches b on b.id = s.branch_id left join shift_timesheets t on t.shift_id = s.id
      where ${inVisitWindow(WINDOW_COLUMNS_OF_S, window)} and ${where})
    select * from w order by ${order}`;
}

/**
 * The shifts matching `where` (on shifts aliased `s`) in the window, as openBillingVisits reads them, all at once:
 * for sets a chunk bounds (the visits of a chunk's authorizations), lean columns instead of loadExportVisits' full
 * rows mapped by the ORM.
 */
export async function loadBillingVisits(db: Db, where: SQL, window: { start: Date; end: Date }): Promise<BillingSourceVisit[]> {
  return billingVisitsOf(rowsOf<BillingRow>(await db.execute(billingSelect(where, window, sql`id, sheet_id`))));
}

/** The visits of a window read a chunk of clients at a time, in client id order (see openBillingVisits). */
export interface BillingVisitCursor {
  /** The visits of the next `clients` clients (fewer at the end; none once every client was returned). */
  next(clients: number): Promise<BillingSourceVisit[]>;
  /** Sends the next FETCH now (RowCursor.readAhead), so the database reads while the caller computes. */
  readAhead(): void;
  close(): Promise<void>;
}

/**
 * The shifts matching `where` (a condition on shifts aliased `s`) that are not cancelled and whose check-in (else
 * scheduled start) lies in the UTC window, as loadExportVisits reads them (timesheets in id order, effective times,
 * office edits winning, local date, worked minutes) but with billing's columns only and through a cursor in client
 * id order, so a large agency's period is read a chunk of clients at a time (issue "The largest agencies"). The
 * window's rows are selected first (a materialized CTE: one scan) and then sorted, as openPayrollVisits does. Must
 * run inside a transaction. Callers narrow by local date (inPeriod) and isWorked afterwards.
 * @param options name: unique among the transaction's open cursors; fetchRows: rows per FETCH (FETCH_ROWS).
 */
export async function openBillingVisits(
  db: Db,
  where: SQL,
  window: { start: Date; end: Date },
  options: { name?: string; fetchRows?: number } = {},
): Promise<BillingVisitCursor> {
  const { name = 'billing_visits', fetchRows = FETCH_ROWS } = options;
  const rows = await openRowCursor<BillingRow>(db, name, billingSelect(where, window, sql`client_id, id, sheet_id`), fetchRows);
  /** The index of the first row after the first `clients` clients of `read`, or -1 when they may go on. */
  const endOf = (clients: number) => (read: readonly BillingRow[]) => {
    let seen = 0;
    for (let i = 0; i < read.length; i++) {
      if (i > 0 && read[i]!.client_id === read[i - 1]!.client_id) continue;
      if (++seen > clients) return i;
    }
    return -1;
  };
  return {
    next: async (clients) => billingVisitsOf(await rows.take(endOf(clients))),
    readAhead: () => rows.readAhead(),
    close: () => rows.close(),
  };
}
