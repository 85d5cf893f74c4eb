import { asc, eq, sql } from 'drizzle-orm';
import { TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import type { Db } from '../../db/client';
import { auditLog } from '../audit/audit.schema';
import { users } from '../users/users.schema';

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
