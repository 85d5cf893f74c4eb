import { sql } from 'drizzle-orm';
import { pgTable, bigserial, text, timestamp, integer, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per INSERT, UPDATE or DELETE on an audited table, written by the `audit_row()`
 * trigger with the old and new row and the changing user (`app.user_id`, set per request transaction).
 * `row_id` is the changed row's id; `user_id` the user the row belongs to, for the user history screen.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableName: text('table_name').notNull(),
    operation: text('operation', { enum: ['INSERT', 'UPDATE', 'DELETE'] }).notNull(),
    rowId: integer('row_id'),
    userId: integer('user_id'),
    branchId: integer('branch_id'),
    changedBy: integer('changed_by'),
    oldRow: jsonb('old_row').$type<Record<string, unknown>>(),
    newRow: jsonb('new_row').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_table_row_idx').on(t.tableName, t.rowId),
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    // A shift's change history reads its timesheets' rows by the shift_id inside them (deleted ones included).
    index('audit_log_timesheet_shift_idx')
      .on(sql`((coalesce(${t.newRow}, ${t.oldRow}) ->> 'shift_id')::integer)`)
      .where(sql`${t.tableName} = 'shift_timesheets'`),
  ],
);
