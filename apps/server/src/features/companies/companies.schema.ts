import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The agency. Company-level roles see every branch of their company. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * The company's payroll rules (packages/shared/src/payroll/payroll-settings.ts: overtime threshold and
   * multiplier, optional daily overtime, paid travel speed, mileage rate); `{}` means the federal defaults.
   */
  payrollSettings: jsonb('payroll_settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
