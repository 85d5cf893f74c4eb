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
  /**
   * The company's EVV time rules for entries from the caregiver app (packages/shared/src/caregiver-app/
   * evv-settings.ts: how early a check-in opens, how late the phone may still record, the phone clock tolerance);
   * `{}` means the defaults.
   */
  evvSettings: jsonb('evv_settings').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The company's session and access log rules (packages/shared/src/access-log/security-settings.ts: a shorter
   * inactivity limit, the access log's retention in years); `{}` means the spec's and HIPAA's defaults.
   */
  securitySettings: jsonb('security_settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
