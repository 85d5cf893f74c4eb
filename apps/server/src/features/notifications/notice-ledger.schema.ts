import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the notification jobs have already announced (issue "Reaching people" item 3): one row per kind and
 * subject (`visit_reminder` of shift 12, `late_visit` of shift 12, `credential_expiring` of credential 4 expiring on
 * 2026-12-01). A job inserts its rows with ON CONFLICT DO NOTHING and notifies only for those it inserted, so a
 * run repeated, overlapping or racing another server process never sends twice.
 */
export const noticeLedger = pgTable(
  'notice_ledger',
  {
    kind: text('kind').notNull(),
    /** The subject of the notice: a shift id, or a record id and the date it is about ("4:2026-12-01"). */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] })],
);
