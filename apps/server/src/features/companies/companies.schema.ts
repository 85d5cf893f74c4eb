import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The agency. Company-level roles see every branch of their company. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
