import { pgTable, serial, text, timestamp, integer, date, doublePrecision, boolean, index } from 'drizzle-orm/pg-core';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';

/** Caregiver statuses (hiring pipeline to separation). */
export const CAREGIVER_STATUSES = ['applicant', 'active', 'inactive', 'terminated'] as const;

/** A caregiver (home care aide). Profile screens and the rest of the record arrive with the caregivers issue. */
export const caregivers = pgTable(
  'caregivers',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id').references(() => users.id),
    externalId: text('external_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    hireDate: date('hire_date'),
    status: text('status', { enum: CAREGIVER_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caregivers_branch_idx').on(t.branchId, t.lastName), index('caregivers_user_idx').on(t.userId)],
);

/** A caregiver's home address with coordinates (WGS84 degrees), for pickup ranking and travel. */
export const caregiverAddresses = pgTable(
  'caregiver_addresses',
  {
    id: serial('id').primaryKey(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    isPrimary: boolean('is_primary').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caregiver_addresses_caregiver_idx').on(t.caregiverId)],
);
