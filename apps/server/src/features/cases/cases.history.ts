import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { CaseHistoryEntry } from '@hearth/shared/cases/cases.schema';
import type { Scope } from '../../auth/scope';
import { auditLog } from '../audit/audit.schema';
import { users } from '../users/users.schema';
import { findCase } from './cases.read';

/** The audited tables of a case's history, what each is, and the columns shown (a whitelist: nothing else leaves). */
const HISTORY_TABLES = {
  cases: {
    what: 'case',
    fields: [
      'status',
      'priority',
      'title',
      'description',
      'assignee_user_id',
      'shift_id',
      'acknowledged_at',
      'state_reported_at',
      'state_report_note',
      'completed_at',
      'cancelled_at',
      'last_reason',
    ],
  },
  case_comments: { what: 'comment', fields: ['body'] },
  case_attachments: { what: 'attachment', fields: ['filename', 'status'] },
  care_forms: { what: 'module', fields: ['status', 'version', 'amendment_reason'] },
} as const;

type HistoryTable = keyof typeof HISTORY_TABLES;

/** A value of an audited row as text (null stays null; objects as JSON). */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The whitelisted fields that differ between the old and new row (every non-null one for an insert). */
function changesOf(table: HistoryTable, oldRow: Record<string, unknown> | null, newRow: Record<string, unknown> | null) {
  return HISTORY_TABLES[table].fields.flatMap((field) => {
    const from = text(oldRow?.[field]);
    const to = text(newRow?.[field]);
    return from === to ? [] : [{ field, from, to }];
  });
}

/**
 * A case's history (cases.history) {id} -> CaseHistoryEntry[], oldest first: the audit log rows (audit_row
 * triggers, migrations 0030 and 0031) of the case, its comments, its attachments and its modules' care forms, each
 * with when, who (the changing user's name) and the whitelisted fields that changed (HISTORY_TABLES). An update
 * changing none of them (a save of answers) is left out.
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function caseHistory({ scope, input }: { scope: Scope; input: { id: number } }): Promise<CaseHistoryEntry[]> {
  const c = await findCase(scope, input.id);
  const caseIdInRow = sql`(coalesce(${auditLog.newRow}, ${auditLog.oldRow}) ->> 'case_id')::integer`;
  const rows = await scope.db
    .select({
      at: auditLog.createdAt,
      table: auditLog.tableName,
      operation: auditLog.operation,
      oldRow: auditLog.oldRow,
      newRow: auditLog.newRow,
      who: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(
      or(
        and(eq(auditLog.tableName, 'cases'), eq(auditLog.rowId, c.id)),
        and(sql`${auditLog.tableName} in ('case_comments', 'case_attachments', 'care_forms')`, eq(caseIdInRow, c.id)),
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(2000);
  return rows.flatMap((row) => {
    const table = row.table as HistoryTable;
    const changes = changesOf(table, row.oldRow, row.newRow);
    if (row.operation === 'UPDATE' && changes.length === 0) return [];
    return [{ at: row.at.toISOString(), who: row.who, what: HISTORY_TABLES[table].what, operation: row.operation, changes }];
  });
}
