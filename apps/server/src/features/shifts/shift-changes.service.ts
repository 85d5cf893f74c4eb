import { and, desc, eq, getTableColumns, inArray, or, sql, type Table } from 'drizzle-orm';
import type { ShiftChangeOutput } from '@hearth/shared/shifts/shifts.schema';
import type { Scope } from '../../auth/scope';
import { auditLog } from '../audit/audit.schema';
import { toAuditRowKeys } from '../audit/audit.rows';
import { payPeriodLockOverrides } from '../pay-periods/pay-periods.schema';
import { users } from '../users/users.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
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
 * transaction, so equal times mean the same request. `lockOverrideAction` names that override's action
 * (offline_timesheet: the caregiver's phone uploaded an offline check after the lock, admitPhoneEntry).
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
      lockOverrideAction: sql<string | null>`(select min(${o.action}) from ${o} where ${o.shiftId} = ${shift.id}
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
  const changes = rows.map(({ log, userName, lockOverrideAction }): ShiftChangeOutput => {
    const isShift = log.tableName === 'shifts';
    return {
      id: log.id,
      at: log.createdAt.toISOString(),
      userId: log.changedBy,
      userName,
      record: isShift ? 'shift' : 'timesheet',
      operation: log.operation,
      changes: fieldChanges(isShift ? shifts : shiftTimesheets, log.operation, log.oldRow, log.newRow),
      lockOverride: lockOverrideAction !== null,
      lockOverrideAction,
    };
  });
  return withNames(scope, changes);
}

/** Fields that hold the id of a person or a payer, and how to read their names (first and last, or name). */
const NAMED_REFERENCES = {
  caregiverId: {
    table: caregivers,
    id: caregivers.id,
    name: sql<string>`${caregivers.firstName} || ' ' || ${caregivers.lastName}`,
  },
  clientId: { table: clients, id: clients.id, name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}` },
  payerSourceId: { table: payerSources, id: payerSources.id, name: sql<string>`${payerSources.name}` },
  createdBy: { table: users, id: users.id, name: sql<string>`${users.name}` },
} as const;

/**
 * Adds fromLabel / toLabel (the names) to changes of fields that refer to a caregiver, client, payer or user, so
 * the history reads "Maria Lopez -> Tom Hale" rather than ids; one query per kind of reference.
 */
async function withNames(scope: Scope, list: ShiftChangeOutput[]): Promise<ShiftChangeOutput[]> {
  const names = new Map<string, Map<number, string>>();
  for (const [field, ref] of Object.entries(NAMED_REFERENCES)) {
    const ids = new Set<number>();
    for (const change of list) {
      for (const c of change.changes) {
        if (c.field !== field) continue;
        for (const v of [c.from, c.to]) if (typeof v === 'number') ids.add(v);
      }
    }
    if (ids.size === 0) continue;
    const rows = await scope.db
      .select({ id: ref.id, name: ref.name })
      .from(ref.table)
      .where(inArray(ref.id, [...ids]));
    names.set(field, new Map(rows.map((r) => [r.id, r.name])));
  }
  const label = (field: string, value: unknown) => (typeof value === 'number' ? (names.get(field)?.get(value) ?? null) : null);
  return list.map((change) => ({
    ...change,
    changes: change.changes.map((c) =>
      names.has(c.field) ? { ...c, fromLabel: label(c.field, c.from), toLabel: label(c.field, c.to) } : c,
    ),
  }));
}
