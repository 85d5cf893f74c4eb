import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CAREGIVER_SHIFTS_PAGE_SIZE,
  type CaregiverAppCountsOutput,
  type CaregiverAppGetShiftsInput,
  type CaregiverShiftOutput,
  type CaregiverShiftsPage,
} from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { missedCountPeriodStart } from '@hearth/shared/pay-periods/pay-period';
import { isTimeEntryMissing } from '@hearth/shared/shifts/shift-flags';
import { MAX_SHIFT_MINUTES, TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import { parseEvvSettings } from '@hearth/shared/caregiver-app/evv-settings';
import { checkInOpensAt, phoneEntriesCloseAt } from '@hearth/shared/caregiver-app/evv-time-rules';
import type { Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { shiftPickupInvitations, shifts } from '../shifts/shifts.schema';
import { findCallerCaregiver, type CallerCaregiver } from './caregiver-app.lookup';

/** The columns of one shift as the caregiver app shows it: one query, the joins below, no per-shift reads. */
const SHIFT_COLUMNS = {
  id: shifts.id,
  startAt: shifts.startAt,
  endAt: shifts.endAt,
  timezone: branches.timezone,
  status: shifts.status,
  clientId: shifts.clientId,
  firstName: clients.firstName,
  lastName: clients.lastName,
  line1: clientAddresses.line1,
  line2: clientAddresses.line2,
  city: clientAddresses.city,
  state: clientAddresses.state,
  zip: clientAddresses.zip,
  lat: clientAddresses.lat,
  lon: clientAddresses.lon,
  geofenceRadiusMetres: branches.geofenceRadiusMetres,
  evvSettings: companies.evvSettings,
  serviceCode: shifts.serviceCode,
  checkInAt: shifts.checkInAt,
  checkOutAt: shifts.checkOutAt,
  tasksMissing: shifts.tasksMissing,
  careSheetId: careSheets.id,
  offlineCheckIn: sql<boolean>`exists (select 1 from shift_timesheets t
    where t.shift_id = ${shifts.id} and t.check_in_type = ${TIMESHEET_TYPES.offline})`,
  offlineCheckOut: sql<boolean>`exists (select 1 from shift_timesheets t
    where t.shift_id = ${shifts.id} and t.check_out_type = ${TIMESHEET_TYPES.offline})`,
};

/**
 * The start (UTC) of the pay period the missed count runs from (spec section 9, missedCountPeriodStart), taken
 * from today's date in the caregiver's time zone; the period starts at local midnight.
 */
export function missedPeriodStart(timezone: string, now: Date): Date {
  const today = DateTime.fromJSDate(now, { zone: timezone }).toISODate() ?? '';
  return DateTime.fromISO(missedCountPeriodStart(today), { zone: timezone }).startOf('day').toJSDate();
}

/**
 * The missed-visit rule of the caregiver app (spec section 9, docs/glossary.md "Missing visit"): a shift of the
 * caregiver that is not cancelled, started before `now` and since the pay period start, with no check-in, or past its
 * end with no check-out (the timeEntryMissing flag, shift-flags.ts).
 */
function missingCondition(me: CallerCaregiver, now: Date): SQL {
  const nowIso = now.toISOString();
  return and(
    ne(shifts.status, 'cancelled'),
    lt(shifts.startAt, sql`${nowIso}::timestamptz`),
    gte(shifts.startAt, missedPeriodStart(me.timezone, now)),
    or(isNull(shifts.checkInAt), and(isNull(shifts.checkOutAt), lt(shifts.endAt, sql`${nowIso}::timestamptz`))),
  ) as SQL;
}

/** Which of the caregiver's shifts a status filter keeps (cancelled ones only when asked for). */
function statusCondition(me: CallerCaregiver, status: NonNullable<CaregiverAppGetShiftsInput>['status'], now: Date) {
  if (status === 'missing') return missingCondition(me, now);
  if (status) return eq(shifts.status, status);
  return ne(shifts.status, 'cancelled');
}

/**
 * Shifts that start at or after `dayStart` or are still running then: a visit from 11 pm to 3 am stays on the phone
 * after midnight, where the caregiver checks out of it. A visit lasts at most MAX_SHIFT_MINUTES, so the start bound
 * keeps the (caregiver, start) index in use.
 */
function runningOnOrAfter(dayStart: Date): SQL {
  const earliest = new Date(dayStart.getTime() - MAX_SHIFT_MINUTES * 60_000);
  return and(gte(shifts.startAt, earliest), gt(shifts.endAt, dayStart)) as SQL;
}

/**
 * A page of the calling caregiver's own shifts (caregiverAppGetShifts {after?, before?, status?}; issue
 * "caregiver app" item 2, spec "Caregiver app"), ascending by start, at most CAREGIVER_SHIFTS_PAGE_SIZE (20) shifts
 * except that shifts starting at the same instant are never split across pages (see shift-pages.ts for the
 * cursors: the next page is `after` = last start + 1 ms, the previous one `before` = first start).
 * - `after`: shifts starting at or after it (with `before` too: and before that);
 * - `before` alone: the last page of shifts starting before it;
 * - neither: from the start of today in the caregiver's branch time zone, with the visits started before and still
 *   running then (with `status: 'missing'`, from the pay period start instead, since missed visits are in the past).
 * Status: 'missing' keeps the missed visits since the pay period start (missingCondition); another status keeps
 * that status; none keeps every shift but cancelled ones. Each shift carries the client's full name and primary
 * address with coordinates (the caregiver is going there), the branch's geofence radius in metres, times in ISO
 * UTC, offline and missing flags, the care sheet id, the care plan id (the client's id), and from when a
 * check-in and until when any phone entry is accepted (the company's EVV settings). Three queries: the
 * caregiver, the page, whether more exist before and after (plus one when a page ends on tied starts).
 * @returns ZCaregiverShiftsPage.
 * @throws AppError FORBIDDEN "Only caregivers use the caregiver app" for a user with no caregiver record.
 */
export async function caregiverAppGetShifts({
  scope,
  input,
  now = new Date(),
}: {
  scope: Scope;
  input: CaregiverAppGetShiftsInput;
  now?: Date;
}): Promise<CaregiverShiftsPage> {
  const me = await findCallerCaregiver(scope);
  const filter = and(eq(shifts.caregiverId, me.id), statusCondition(me, input?.status, now)) as SQL;
  const backwards = input?.before !== undefined && input.after === undefined;
  const window: SQL[] = [filter];
  let lowerBound: Date | null = null;
  if (backwards) {
    window.push(lt(shifts.startAt, new Date(input.before!)));
  } else {
    if (input?.after || input?.status === 'missing') {
      lowerBound = input.after ? new Date(input.after) : missedPeriodStart(me.timezone, now);
      window.push(gte(shifts.startAt, lowerBound));
    } else {
      lowerBound = DateTime.fromJSDate(now, { zone: me.timezone }).startOf('day').toJSDate();
      window.push(runningOnOrAfter(lowerBound));
    }
    if (input?.before) window.push(lt(shifts.startAt, new Date(input.before)));
  }
  const order = backwards ? [desc(shifts.startAt), desc(shifts.id)] : [asc(shifts.startAt), asc(shifts.id)];
  let rows = await shiftRows(scope, and(...window) as SQL)
    .orderBy(...order)
    .limit(CAREGIVER_SHIFTS_PAGE_SIZE + 1);
  if (rows.length > CAREGIVER_SHIFTS_PAGE_SIZE) {
    const lastKept = rows[CAREGIVER_SHIFTS_PAGE_SIZE - 1]!;
    const extra = rows[CAREGIVER_SHIFTS_PAGE_SIZE]!;
    rows = rows.slice(0, CAREGIVER_SHIFTS_PAGE_SIZE);
    if (extra.startAt.getTime() === lastKept.startAt.getTime()) {
      const seen = new Set(rows.map((r) => r.id));
      const ties = await shiftRows(scope, and(filter, eq(shifts.startAt, lastKept.startAt)) as SQL).orderBy(...order);
      rows.push(...ties.filter((r) => !seen.has(r.id)));
    }
  }
  if (backwards) rows.reverse();
  const first = rows[0]?.startAt ?? (backwards ? new Date(input.before!) : lowerBound!);
  const last = rows.at(-1)?.startAt ?? null;
  const [more] = await scope.db
    .select({
      hasBefore: sql<boolean>`exists (select 1 from shifts where ${and(filter, lt(shifts.startAt, first))})`,
      hasAfter: last
        ? sql<boolean>`exists (select 1 from shifts where ${and(filter, gt(shifts.startAt, last))})`
        : sql<boolean>`exists (select 1 from shifts where ${and(filter, gte(shifts.startAt, first))})`,
    })
    .from(sql`(select 1) as one`);
  return {
    shifts: rows.map((r) => toCaregiverShift(r, now)),
    hasBefore: more?.hasBefore === true,
    hasAfter: more?.hasAfter === true,
  };
}

/** The page query: a shift with its client, primary address, branch and care sheet, in one statement. */
function shiftRows(scope: Scope, where: SQL) {
  return scope.db
    .select(SHIFT_COLUMNS)
    .from(shifts)
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .leftJoin(
      clientAddresses,
      eq(
        clientAddresses.id,
        sql`(select a.id from client_addresses a where a.client_id = ${shifts.clientId} and a.is_primary
          order by a.id limit 1)`,
      ),
    )
    .leftJoin(careSheets, eq(careSheets.shiftId, shifts.id))
    .where(where)
    .$dynamic();
}

type ShiftRow = Awaited<ReturnType<typeof shiftRows>>[number];

function toCaregiverShift(r: ShiftRow, now: Date): CaregiverShiftOutput {
  const evv = parseEvvSettings(r.evvSettings);
  return {
    id: r.id,
    startTimestamp: r.startAt.toISOString(),
    endTimestamp: r.endAt.toISOString(),
    timezone: r.timezone,
    status: r.status,
    clientId: r.clientId,
    clientName: `${r.firstName} ${r.lastName}`.trim(),
    address:
      r.line1 === null
        ? null
        : { line1: r.line1, line2: r.line2, city: r.city ?? '', state: r.state ?? '', zip: r.zip ?? '', lat: r.lat, lon: r.lon },
    geofenceRadiusMetres: r.geofenceRadiusMetres,
    serviceCode: r.serviceCode,
    checkIn: r.checkInAt?.toISOString() ?? null,
    checkOut: r.checkOutAt?.toISOString() ?? null,
    offlineCheckIn: r.offlineCheckIn === true,
    offlineCheckOut: r.offlineCheckOut === true,
    tasksMissing: r.tasksMissing,
    timeEntryMissing: isTimeEntryMissing(
      { status: r.status, startAt: r.startAt, endAt: r.endAt, checkIn: r.checkInAt, checkOut: r.checkOutAt },
      now,
    ),
    careSheetId: r.careSheetId,
    carePlanId: r.clientId,
    checkInOpensAt: checkInOpensAt(r.startAt, evv).toISOString(),
    phoneEntriesCloseAt: phoneEntriesCloseAt(r.endAt, evv).toISOString(),
  };
}

/**
 * The counts on the caregiver app's bottom bar (caregiverAppGetCounts; issue "caregiver app" item 1): `missed`,
 * the caregiver's missed visits since the pay period start (the rule of caregiverAppGetShifts status 'missing',
 * spec section 9), and `pickup`, their live pickup offers (sent or seen, the shift still open, scheduled and in
 * the future, as caregiverAppGetPickupInvitations lists them). Reading does not mark offers seen.
 * @returns ZCaregiverAppCountsOutput.
 * @throws AppError FORBIDDEN "Only caregivers use the caregiver app" for a user with no caregiver record.
 */
export async function caregiverAppGetCounts({
  scope,
  now = new Date(),
}: {
  scope: Scope;
  now?: Date;
}): Promise<CaregiverAppCountsOutput> {
  const me = await findCallerCaregiver(scope);
  const nowIso = now.toISOString();
  const [counts] = await scope.db
    .select({
      missed: sql<number>`(select count(*)::int from shifts where ${and(eq(shifts.caregiverId, me.id), missingCondition(me, now))})`,
      pickup: sql<number>`(select count(*)::int from ${shiftPickupInvitations}
        join ${shifts} on ${eq(shifts.id, shiftPickupInvitations.shiftId)}
        where ${and(
          eq(shiftPickupInvitations.caregiverId, me.id),
          inArray(shiftPickupInvitations.status, ['sent', 'seen']),
          isNull(shifts.caregiverId),
          eq(shifts.status, 'scheduled'),
          gt(shifts.startAt, sql`${nowIso}::timestamptz`),
        )})`,
    })
    .from(sql`(select 1) as one`);
  return { missed: Number(counts?.missed ?? 0), pickup: Number(counts?.pickup ?? 0) };
}
