import { and, desc, eq, getTableColumns, or, sql, type Table } from 'drizzle-orm';
import type { ShiftChangeOutput } from '@hearth/shared/shifts/shifts.schema';
import type { Scope } from '../../auth/scope';
import { auditLog } from '../audit/audit.schema';
import { toAuditRowKeys } from '../audit/audit.rows';
import { payPeriodLockOverrides } from '../pay-periods/pay-periods.schema';
import { users } from '../users/users.schema';
import { shifts, shiftTimesheets } from './shifts.schema';
import { findShift } from './shifts.lookup';

/** Fields that say nothing about the change itself. */
const QUIET_ON_UPDATE = new Set(['updatedAt']);
const QUIET_ON_INSERT_OR_DELETE = new Set(['id', 'createdAt', 'updatedAt']);

/** An audited value as the API gives it: timestamps of timestamp columns in ISO 8601 UTC, the rest as stored. */
function present(table: Table, field: string, value: unknown): unknown {
  const column = (getTableColumns(table) as Record<string, { columnType?: string }>)[field];
  if (column?.columnType === 'PgTimestamp' && typeof value === 'string') return new Date(value).toISOString();
  return value ?? null;
}

/**
 * The field-level changes of one audit row, with field names of the table (camelCase): for an update the fields
 * whose value differs (updatedAt left out), for an insert the fields it set, for a delete the fields it had
 * (id and the row's own timestamps left out; empty values too).
 */
export function fieldChanges(
  table: Table,
  operation: 'INSERT' | 'UPDATE' | 'DELETE',
  oldRow: Record<string, unknown> | null,
  newRow: Record<string, unknown> | null,
): ShiftChangeOutput['changes'] {
  const before = oldRow ? toAuditRowKeys(table, oldRow) : {};
  const after = newRow ? toAuditRowKeys(table, newRow) : {};
  const quiet = operation === 'UPDATE' ? QUIET_ON_UPDATE : QUIET_ON_INSERT_OR_DELETE;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !quiet.has(field))
    .map((field) => ({ field, from: present(table, field, before[field]), to: present(table, field, after[field]) }))
    .filter((c) => JSON.stringify(c.from) !== JSON.stringify(c.to))
    .filter((c) => operation === 'UPDATE' || !isEmpty(c.from ?? c.to));
}

function isEmpty(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.length === 0);
}

/**
 * Who changed what on a shift and when (getShiftChanges {scheduleId}; spec "shift change"), from the audit trail
 * (audit_log, written by triggers): the shift's own rows and those of its timesheets (matched by the shift_id in
 * the audited row, so deleted timesheets still show), newest first. Each change names the user (the real one
 * while impersonating), the record (shift or timesheet), the operation and each field from -> to (fieldChanges).
 * `lockOverride` marks changes made under a pay period lock override: a pay_period_lock_overrides row of the
 * shift by the same user with the same created_at. Both rows take now(), the start time of the request's
 * transaction, so equal times mean the same request.
 * @returns ShiftChangeOutput[].
 * @throws AppError NOT_FOUND "Shift N not found" when missing or another branch's.
 */
export async function getShiftChanges({
  scope,
  input,
}: {
  scope: Scope;
  input: { scheduleId: number };
}): Promise<ShiftChangeOutput[]> {
  const { row: shift } = await findShift(scope, input.scheduleId);
  const o = payPeriodLockOverrides;
  const rows = await scope.db
    .select({
      log: auditLog,
      userName: users.name,
      lockOverride: sql<boolean>`exists (select 1 from ${o} where ${o.shiftId} = ${shift.id}
        and ${o.userId} = ${auditLog.changedBy} and ${o.createdAt} = ${auditLog.createdAt})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(
      or(
        and(eq(auditLog.tableName, 'shifts'), eq(auditLog.rowId, shift.id)),
        // Written as the partial index audit_log_timesheet_shift_idx is (a literal table name), so it serves this.
        sql`${auditLog.tableName} = 'shift_timesheets'
          and (coalesce(${auditLog.newRow}, ${auditLog.oldRow}) ->> 'shift_id')::integer = ${shift.id}`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map(({ log, userName, lockOverride }) => {
    const isShift = log.tableName === 'shifts';
    return {
      id: log.id,
      at: log.createdAt.toISOString(),
      userId: log.changedBy,
      userName,
      record: isShift ? 'shift' : 'timesheet',
      operation: log.operation,
      changes: fieldChanges(isShift ? shifts : shiftTimesheets, log.operation, log.oldRow, log.newRow),
      lockOverride: Boolean(lockOverride),
    };
  });
}
