import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CaseHistoryEntry } from '@hearth/shared/cases/cases.schema';
import type { Scope } from '../../auth/scope';
import { auditLog } from '../audit/audit.schema';
import { shifts } from '../shifts/shifts.schema';
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
 * changing none of them (a save of answers) is left out; assignees read as names and visits as their start (readable).
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
  const entries = rows.flatMap((row) => {
    const table = row.table as HistoryTable;
    const changes = changesOf(table, row.oldRow, row.newRow);
    if (row.operation === 'UPDATE' && changes.length === 0) return [];
    return [{ at: row.at.toISOString(), who: row.who, what: HISTORY_TABLES[table].what, operation: row.operation, changes }];
  });
  return readable(scope, c.companyId, entries);
}

/** Ids of the values of `field` in the entries' changes. */
function idsOf(entries: CaseHistoryEntry[], field: string): number[] {
  const values = entries.flatMap((e) => e.changes.filter((c) => c.field === field).flatMap((c) => [c.from, c.to]));
  return [...new Set(values.filter((v): v is string => v !== null && /^\d{1,9}$/.test(v)).map(Number))];
}

/**
 * The entries with their ids made readable: an assignee (assignee_user_id) as the user's name (users of the case's
 * company only), a visit (shift_id) as its start (ISO, UTC; the screen writes it in the reader's zone). An id no
 * longer found stays as it is.
 */
async function readable(scope: Scope, companyId: number, entries: CaseHistoryEntry[]): Promise<CaseHistoryEntry[]> {
  const userIds = idsOf(entries, 'assignee_user_id');
  const shiftIds = idsOf(entries, 'shift_id');
  const names = userIds.length
    ? await scope.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.companyId, companyId)))
    : [];
  const starts = shiftIds.length
    ? await scope.db.select({ id: shifts.id, startAt: shifts.startAt }).from(shifts).where(inArray(shifts.id, shiftIds))
    : [];
  const shown = new Map<string, string>([
    ...names.map((u) => [`assignee_user_id:${u.id}`, u.name] as const),
    ...starts.map((s) => [`shift_id:${s.id}`, s.startAt.toISOString()] as const),
  ]);
  const value = (field: string, v: string | null) => (v === null ? null : (shown.get(`${field}:${v}`) ?? v));
  return entries.map((e) => ({
    ...e,
    changes: e.changes.map((c) => ({ field: c.field, from: value(c.field, c.from), to: value(c.field, c.to) })),
  }));
}
