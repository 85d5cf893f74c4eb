import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_LINE_STATUSES } from '@hearth/shared/billing/billing.constants';
import { shifts } from '../shifts/shifts.schema';

/**
 * One worked visit of a billing period (issue "Payroll, billing, reports": the billing report), computed by the
 * billing rules and stored so the view engine can page, sort, filter and export it; recomputing a period
 * replaces the lines of the branches in the caller's scope. Units by the payer's unit length and rounding rule,
 * money integer cents. `status` says whether it is billed and, when not, why (never silently dropped).
 * Only shift_id references its table: the other ids are copied from the shift and its payer when computed, and a
 * foreign key checks (and share-locks) its row for every line inserted, which cost a large agency's period more
 * than computing it (issue "The largest agencies": eight checks per line, a million lines a period).
 */
export const billingLines = pgTable(
  'billing_lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** The shift's branch. */
    branchId: integer('branch_id').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    clientId: integer('client_id').notNull(),
    caregiverId: integer('caregiver_id'),
    payerSourceId: integer('payer_source_id').notNull(),
    authorizationId: integer('authorization_id'),
    /** The visit's local date in its branch's time zone. */
    visitDate: date('visit_date').notNull(),
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    serviceCode: text('service_code'),
    modifiers: text('modifiers').notNull().default(''),
    minutes: integer('minutes').notNull().default(0),
    units: integer('units').notNull().default(0),
    rateCents: integer('rate_cents'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    evvRequired: boolean('evv_required').notNull().default(false),
    evvVerified: boolean('evv_verified').notNull().default(false),
    overAuthorization: boolean('over_authorization').notNull().default(false),
    status: text('status', { enum: BILLING_LINE_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    computedByUserId: integer('computed_by_user_id'),
  },
  (t) => [
    uniqueIndex('billing_lines_period_shift_idx').on(t.periodFrom, t.periodTo, t.shiftId),
    index('billing_lines_branch_period_idx').on(t.branchId, t.periodFrom),
  ],
);
