import { and, asc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  effectiveVisitTimes,
  workedMinutes,
  type EffectiveVisitTimes,
  type PayPeriod,
} from '@hearth/shared/payroll/payroll-hours';
import { zoneCalendar } from '@hearth/shared/payroll/payroll-calendar';
import { TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import type { Db } from '../../db/client';
import { auditLog } from '../audit/audit.schema';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';

export type TimesheetRow = typeof shiftTimesheets.$inferSelect;

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

/** The worked span of a shift with its effective times (see ExportVisit.span); payroll's lean loader uses it too. */
export function workedSpan(
  shift: Pick<ExportVisit['shift'], 'status' | 'startAt' | 'endAt'>,
  times: Pick<EffectiveVisitTimes, 'checkIn' | 'checkOut'>,
): ExportVisit['span'] {
  if (times.checkIn && times.checkOut && times.checkOut > times.checkIn)
    return { checkIn: times.checkIn, checkOut: times.checkOut };
  if (shift.status === 'completed' && !times.checkIn && !times.checkOut) return { checkIn: shift.startAt, checkOut: shift.endAt };
  return null;
}

const DAY_MS = 86_400_000;

/** The UTC window that surely holds every instant whose local date is in the period, in any US time zone. */
export function periodWindow(period: PayPeriod, extraDays = 0): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${period.from}T00:00:00Z`) - (1 + extraDays) * DAY_MS),
    end: new Date(Date.parse(`${period.to}T00:00:00Z`) + (2 + extraDays) * DAY_MS),
  };
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
  const at = sql`coalesce(${shifts.checkInAt}, ${shifts.startAt})`;
  const rows = await db
    .select({ shift: shifts, timeZone: branches.timezone })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(and(ne(shifts.status, 'cancelled'), gte(at, window.start), lt(at, window.end), where))
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
    const times = effectiveVisitTimes(mine);
    const span = workedSpan(shift, times);
    return {
      shift,
      timeZone,
      sheets: mine,
      times,
      span,
      // zoneCalendar: localDateOf without Luxon's cost per visit (a large agency's period has 160,000 of them).
      date: zoneCalendar(timeZone).localDate(span?.checkIn ?? times.checkIn ?? shift.startAt),
      minutes: span ? workedMinutes(span) : 0,
    };
  });
}

/** Whether the visit's local date lies in the period. */
export function inPeriod(visit: ExportVisit, period: PayPeriod): boolean {
  return visit.date >= period.from && visit.date <= period.to;
}

/**
 * Whether a visit counts as completed for payroll and billing: it has a worked span of at least a minute (both
 * effective times, or the completed status with no times at all).
 */
export function isWorked(visit: ExportVisit): visit is ExportVisit & { span: NonNullable<ExportVisit['span']> } {
  return visit.span !== null && visit.minutes > 0;
}

/** An office edit of a visit's times as the audit trail recorded it (EVV "visit changes"). */
export interface OfficeEdit {
  shiftId: number;
  at: Date;
  userName: string | null;
  userEmail: string | null;
  reasonCode: string | null;
  reasonNote: string | null;
  /** Which times it set. */
  checkIn: boolean;
  checkOut: boolean;
}

/** Whether an audited timesheet row set `field` (check_in / check_out) as an office entry (type 3). */
function setByOffice(
  field: 'check_in' | 'check_out',
  oldRow: Record<string, unknown> | null,
  newRow: Record<string, unknown>,
): boolean {
  if (newRow[`${field}_type`] !== TIMESHEET_TYPES.office || newRow[field] == null) return false;
  const before = oldRow?.[field];
  return before == null || Date.parse(String(before)) !== Date.parse(String(newRow[field]));
}

/**
 * The office edits of the given shifts' times, oldest first, from the audit trail (audit_log rows of
 * shift_timesheets, as getShiftChanges reads them, deleted timesheets included): each insert or update that set a
 * check-in or check-out as an office entry (type 3), with who made it, when, and its reason code and note.
 */
export async function officeEditsOf(db: Db, shiftIds: number[]): Promise<OfficeEdit[]> {
  if (shiftIds.length === 0) return [];
  const rows = await db
    .select({ log: auditLog, userName: users.name, userEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(
      sql`${auditLog.tableName} = 'shift_timesheets'
        and (coalesce(${auditLog.newRow}, ${auditLog.oldRow}) ->> 'shift_id')::integer in (${sql.join(
          shiftIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.flatMap(({ log, userName, userEmail }): OfficeEdit[] => {
    if (!log.newRow) return [];
    const checkIn = setByOffice('check_in', log.oldRow, log.newRow);
    const checkOut = setByOffice('check_out', log.oldRow, log.newRow);
    if (!checkIn && !checkOut) return [];
    return [
      {
        shiftId: Number(log.newRow.shift_id),
        at: log.createdAt,
        userName,
        userEmail,
        reasonCode: (log.newRow.reason_code as string | null) ?? null,
        reasonNote: (log.newRow.reason_note as string | null) ?? null,
        checkIn,
        checkOut,
      },
    ];
  });
}
