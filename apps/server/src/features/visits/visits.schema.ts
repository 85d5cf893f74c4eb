import { pgTable, text, timestamp, integer, jsonb, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * Receipts of records the caregiver app sends with a device-generated id (check-ins, check-outs, care sheets made
 * online or replayed from the offline queue): the first call stores its result here in the same transaction as
 * the record; a replay with the same id answers the stored result and writes nothing (issue "caregiver app" item
 * 6: a replay never creates a second entry).
 */
export const clientRecordReceipts = pgTable('client_record_receipts', {
  clientRecordId: uuid('client_record_id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  result: jsonb('result').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
