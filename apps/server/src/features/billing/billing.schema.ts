import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_LINE_STATUSES } from '@hearth/shared/billing/billing.constants';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { clients, clientAuthorizations } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/**
 * One worked visit of a billing period (issue "Payroll, billing, reports": the billing report), computed by the
 * billing rules and stored so the view engine can page, sort, filter and export it; recomputing a period
 * replaces the lines of the branches in the caller's scope. Units by the payer's unit length and rounding rule,
 * money integer cents. `status` says whether it is billed and, when not, why (never silently dropped).
 */
export const billingLines = pgTable(
  'billing_lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The shift's branch. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    caregiverId: integer('caregiver_id').references(() => caregivers.id),
    payerSourceId: integer('payer_source_id')
      .notNull()
      .references(() => payerSources.id),
    authorizationId: integer('authorization_id').references(() => clientAuthorizations.id),
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
    computedByUserId: integer('computed_by_user_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('billing_lines_period_shift_idx').on(t.periodFrom, t.periodTo, t.shiftId),
    index('billing_lines_branch_period_idx').on(t.branchId, t.periodFrom),
  ],
);
