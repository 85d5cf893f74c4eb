import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, integer, date, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';

/**
 * Per branch and pay period (calendar dates in the branch's time zone, both included), the time after which
 * shifts starting in the period are locked (docs/glossary.md "Pay period lock").
 */
export const payPeriodLockTimes = pgTable(
  'pay_period_lock_times',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    locksAt: timestamp('locks_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_period_lock_times_branch_period_idx').on(t.branchId, t.periodStart),
    check('pay_period_lock_times_period_order', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/** A change to a locked shift made under a role's hasPayPeriodLockOverride: who, what, when (audit). */
export const payPeriodLockOverrides = pgTable(
  'pay_period_lock_overrides',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id').notNull(),
    lockTimeId: integer('lock_time_id')
      .notNull()
      .references(() => payPeriodLockTimes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_period_lock_overrides_shift_idx').on(t.shiftId)],
);
