import { bigint, boolean, date, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { caregivers } from '../caregivers/caregivers.schema';

/**
 * One caregiver's payroll for one pay period (issue "Payroll, billing, reports": the payroll report), computed by
 * the shared payroll rules and stored so the view engine can page, sort, filter and export it; recomputing a
 * period replaces the lines of the branches in the caller's scope. Minutes are whole minutes; money integer
 * cents; miles hundredths of a mile. regular + overtime = visit + travel minutes (travel is hours worked, FLSA).
 * Only caregiver_id references its table: company, branch and user are copied when computed, and a foreign key
 * checks (and share-locks) its row for every line inserted (issue "The largest agencies": 50,000 lines a period).
 */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** The caregiver's branch when computed (its time zone gave the workweeks). */
    branchId: integer('branch_id').notNull(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    visits: integer('visits').notNull().default(0),
    visitMinutes: integer('visit_minutes').notNull().default(0),
    travelMinutes: integer('travel_minutes').notNull().default(0),
    regularMinutes: integer('regular_minutes').notNull().default(0),
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    /** The blended regular rate of the period (FLSA 29 CFR 778.115), cents per hour, rounded to the cent. */
    regularRateCents: integer('regular_rate_cents').notNull().default(0),
    straightTimePayCents: bigint('straight_time_pay_cents', { mode: 'number' }).notNull().default(0),
    overtimePremiumCents: bigint('overtime_premium_cents', { mode: 'number' }).notNull().default(0),
    mileageHundredths: integer('mileage_hundredths').notNull().default(0),
    mileageCents: bigint('mileage_cents', { mode: 'number' }).notNull().default(0),
    deductionCents: bigint('deduction_cents', { mode: 'number' }).notNull().default(0),
    /** Wages before deductions: straight-time pay + overtime premium (mileage is a reimbursement, not wages). */
    grossPayCents: bigint('gross_pay_cents', { mode: 'number' }).notNull().default(0),
    /** Whether some worked minutes had no pay rate (the caregiver has none for the visit's service). */
    missingPayRate: boolean('missing_pay_rate').notNull().default(false),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    computedByUserId: integer('computed_by_user_id'),
  },
  (t) => [
    uniqueIndex('payroll_lines_period_caregiver_idx').on(t.periodFrom, t.periodTo, t.caregiverId),
    index('payroll_lines_branch_period_idx').on(t.branchId, t.periodFrom),
  ],
);
