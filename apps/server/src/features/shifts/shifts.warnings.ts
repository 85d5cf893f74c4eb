import { and, eq, gt, lt, max, ne, notInArray, sql } from 'drizzle-orm';
import type { ShiftWarning } from '@hearth/shared/shifts/shifts.schema';
import type { ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import { MAX_SHIFT_MINUTES, WEEKLY_OVERTIME_THRESHOLD_MINUTES } from '@hearth/shared/shifts/shifts.constants';
import { authorizedUnits, overlap, type AuthorizationLimits } from '@hearth/shared/clients/authorization-units';
import { todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import {
  calendarMonthOf,
  calendarWeekOf,
  formatHours,
  formatLocalDate,
  formatLocalSpan,
  formatMonth,
  localDateOf,
  minutesWithin,
  workweekOf,
  type TimeSpan,
} from '@hearth/shared/shifts/workweek';
import type { Scope } from '../../auth/scope';
import { caregiverCredentials, caregivers } from '../caregivers/caregivers.schema';
import type { clientAuthorizations } from '../clients/clients.schema';
import { shifts } from './shifts.schema';
import { authorizationShifts, authorizationUnitRules, shiftUnits } from './shifts.units';

/** A shift as it would be saved, with what the warnings need to know and name. `id` is 0 for a new shift. */
export interface ShiftDraft {
  id: number;
  clientId: number;
  clientName: string;
  timezone: string;
  caregiver: { id: number; name: string; maxWeeklyHours: number | null } | null;
  status: ShiftStatus;
  startAt: Date;
  endAt: Date;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  payerSourceId: number | null;
  payerSourceName: string | null;
  serviceCode: string | null;
  modifiers: string[];
  authorization: typeof clientAuthorizations.$inferSelect | null;
}

/** Statuses that hold no time: a cancelled shift is off the schedule and a missed one was not worked. */
const IDLE_STATUSES: ShiftStatus[] = ['cancelled', 'missed'];

/**
 * The warnings about saving a shift (issue "Scheduling" item 3), shown before the user confirms; none refuses the
 * save. In order: client_double_booked, authorization_exceeded, overtime, max_weekly_hours, credential_expires.
 * A cancelled or missed shift raises none.
 * @returns ShiftWarning[] with human, specific messages (local dates in the branch's time zone).
 */
export async function shiftWarnings(scope: Scope, d: ShiftDraft): Promise<ShiftWarning[]> {
  if (IDLE_STATUSES.includes(d.status)) return [];
  return [
    ...(await clientDoubleBooked(scope, d)),
    ...(await authorizationWarnings(scope, d)),
    ...(await caregiverHourWarnings(scope, d)),
    ...(await credentialWarnings(scope, d)),
  ];
}

/** Another non-cancelled shift of the client overlapping this one (the client cannot host two visits at once). */
async function clientDoubleBooked(scope: Scope, d: ShiftDraft): Promise<ShiftWarning[]> {
  const others = await scope.db
    .select({
      id: shifts.id,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      caregiverFirstName: caregivers.firstName,
      caregiverLastName: caregivers.lastName,
    })
    .from(shifts)
    .leftJoin(caregivers, eq(caregivers.id, shifts.caregiverId))
    .where(
      and(
        eq(shifts.clientId, d.clientId),
        ne(shifts.status, 'cancelled'),
        ne(shifts.id, d.id),
        lt(shifts.startAt, d.endAt),
        gt(shifts.startAt, new Date(d.startAt.getTime() - MAX_SHIFT_MINUTES * 60_000)),
        gt(shifts.endAt, d.startAt),
      ),
    )
    .orderBy(shifts.startAt)
    .limit(3);
  return others.map((o) => {
    const withWhom = o.caregiverFirstName ? `with ${o.caregiverFirstName} ${o.caregiverLastName}` : 'an open shift';
    const span = formatLocalSpan({ start: o.startAt, end: o.endAt }, d.timezone);
    return {
      code: 'client_double_booked' as const,
      message: `${d.clientName} already has a shift then: ${span}, ${withWhom} (shift ${o.id})`,
    };
  });
}

/** The authorization's code and number as a message names it: "T1019 U1, authorization MH-2025-001". */
function authorizationLabel(a: NonNullable<ShiftDraft['authorization']>): string {
  const code = [a.serviceCode, ...a.modifiers].join(' ');
  return `${code} authorization ${a.authorizationNumber ?? `#${a.id}`}`;
}

/**
 * authorization_exceeded: for each limit the matched authorization gives, the units of the client's shifts on it
 * (shifts.units.ts: not cancelled or missed, units per shift by the payer service's unit length and rounding
 * rule) plus this shift's, in the limit's period: the calendar week (Sunday to Saturday) or month holding the
 * shift's local date, or the whole authorization; allowed units by authorizedUnits for that one limit and
 * period (packages/shared/src/clients/authorization-units.ts). Also warns when a payer is given but none of its
 * authorizations covers the shift's local date.
 */
async function authorizationWarnings(scope: Scope, d: ShiftDraft): Promise<ShiftWarning[]> {
  const localDate = localDateOf(d.startAt, d.timezone);
  const a = d.authorization;
  if (!a) {
    if (!d.payerSourceId) return [];
    const code = d.serviceCode ? `${[d.serviceCode, ...d.modifiers].join(' ')} ` : '';
    return [
      {
        code: 'authorization_exceeded',
        message: `No ${code}authorization of ${d.payerSourceName} covers ${formatLocalDate(localDate)}`,
      },
    ];
  }
  const none = { unitsPerWeek: null, unitsPerMonth: null, unitsTotal: null };
  const limits: { limits: AuthorizationLimits; period: { startDate: string; endDate: string }; words: string }[] = [];
  if (a.unitsPerWeek !== null) {
    const week = calendarWeekOf(localDate);
    limits.push({
      limits: { ...a, ...none, unitsPerWeek: a.unitsPerWeek },
      period: week,
      words: `in the week of ${formatLocalDate(week.startDate)}`,
    });
  }
  if (a.unitsPerMonth !== null) {
    limits.push({
      limits: { ...a, ...none, unitsPerMonth: a.unitsPerMonth },
      period: calendarMonthOf(localDate),
      words: `in ${formatMonth(localDate)}`,
    });
  }
  if (a.unitsTotal !== null) {
    limits.push({
      limits: { ...a, ...none, unitsTotal: a.unitsTotal },
      period: { startDate: a.startDate, endDate: a.endDate },
      words: `in total (${formatLocalDate(a.startDate)} to ${formatLocalDate(a.endDate)})`,
    });
  }
  if (limits.length === 0) return [];
  const rule = (await authorizationUnitRules(scope, [a.id])).get(a.id)!;
  const periods = limits.map((l) => overlap(a, l.period)!);
  const others = await authorizationShifts(scope, {
    clientId: d.clientId,
    authorizationIds: [a.id],
    startDate: periods.map((p) => p.startDate).sort()[0]!,
    endDate: periods
      .map((p) => p.endDate)
      .sort()
      .reverse()[0]!,
    excludeShiftId: d.id,
  });
  const mine = shiftUnits(d, rule);
  const warnings: ShiftWarning[] = [];
  limits.forEach((l, i) => {
    const p = periods[i]!;
    const allowed = authorizedUnits(l.limits, l.period);
    const scheduled =
      mine +
      others
        .filter((s) => s.localDate >= p.startDate && s.localDate <= p.endDate)
        .reduce((sum, s) => sum + shiftUnits(s, rule), 0);
    if (scheduled > allowed) {
      warnings.push({
        code: 'authorization_exceeded',
        message: `With this shift, ${scheduled} units of the ${authorizationLabel(a)} would be scheduled ${l.words}: it allows ${allowed}`,
      });
    }
  });
  return warnings;
}

/**
 * overtime and max_weekly_hours: the caregiver's minutes in each FLSA workweek the shift touches (Sunday 00:00 to
 * Sunday 00:00 in the branch's time zone, workweekOf; docs/glossary.md "Overtime"), from every shift of theirs in any
 * branch that is not cancelled or missed, counting only the minutes inside the week, plus this shift's. Overtime
 * past WEEKLY_OVERTIME_THRESHOLD_MINUTES (40 hours, FLSA); max_weekly_hours past caregivers.max_weekly_hours.
 */
async function caregiverHourWarnings(scope: Scope, d: ShiftDraft): Promise<ShiftWarning[]> {
  if (!d.caregiver) return [];
  const shift: TimeSpan = { start: d.startAt, end: d.endAt };
  const weeks = [workweekOf(d.startAt, d.timezone)];
  const last = workweekOf(new Date(d.endAt.getTime() - 1), d.timezone);
  if (last.firstDate !== weeks[0]!.firstDate) weeks.push(last);
  const warnings: ShiftWarning[] = [];
  for (const week of weeks) {
    const theirs = await scope.db
      .select({ startAt: shifts.startAt, endAt: shifts.endAt })
      .from(shifts)
      .where(
        and(
          eq(shifts.caregiverId, d.caregiver.id),
          notInArray(shifts.status, IDLE_STATUSES),
          ne(shifts.id, d.id),
          lt(shifts.startAt, week.end),
          gt(shifts.startAt, new Date(week.start.getTime() - MAX_SHIFT_MINUTES * 60_000)),
          gt(shifts.endAt, week.start),
        ),
      );
    const minutes = [shift, ...theirs.map((s) => ({ start: s.startAt, end: s.endAt }))].reduce(
      (sum, s) => sum + minutesWithin(s, week),
      0,
    );
    const would = `${d.caregiver.name} would work ${formatHours(minutes)} hours in the week of ${formatLocalDate(week.firstDate)}`;
    if (minutes > WEEKLY_OVERTIME_THRESHOLD_MINUTES) {
      const threshold = formatHours(WEEKLY_OVERTIME_THRESHOLD_MINUTES);
      warnings.push({ code: 'overtime', message: `${would} (over ${threshold}: overtime)` });
    }
    const cap = d.caregiver.maxWeeklyHours;
    if (cap !== null && minutes > cap * 60) {
      warnings.push({ code: 'max_weekly_hours', message: `${would}, over their maximum of ${cap} hours a week` });
    }
  }
  return warnings;
}

/**
 * credential_expires: each credential of the caregiver (by name, its latest expiry, so a renewed one does not
 * warn) whose expiry date is before the last local date the shift touches: it is expired on the day of the visit.
 */
async function credentialWarnings(scope: Scope, d: ShiftDraft): Promise<ShiftWarning[]> {
  if (!d.caregiver) return [];
  const shiftDate = localDateOf(new Date(d.endAt.getTime() - 1), d.timezone);
  const latest = max(caregiverCredentials.expiresOn);
  const rows = await scope.db
    .select({ name: caregiverCredentials.name, expiresOn: latest })
    .from(caregiverCredentials)
    .where(eq(caregiverCredentials.caregiverId, d.caregiver.id))
    .groupBy(caregiverCredentials.name)
    .having(sql`${latest} < ${shiftDate}`)
    .orderBy(caregiverCredentials.name);
  const today = todayIn(d.timezone);
  return rows.map((c) => ({
    code: 'credential_expires' as const,
    message: `${d.caregiver!.name}'s ${c.name} ${c.expiresOn! < today ? 'expired' : 'expires'} on ${formatLocalDate(c.expiresOn!)}, before this shift on ${formatLocalDate(shiftDate)}`,
  }));
}
