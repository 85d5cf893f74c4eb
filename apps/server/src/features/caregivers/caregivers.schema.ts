import { pgTable, serial, text, timestamp, integer, date, doublePrecision, boolean, index, jsonb } from 'drizzle-orm/pg-core';
import { CAREGIVER_STATUSES } from '@hearth/shared/caregivers/caregivers.constants';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';
import { journalEntryColumns, recordFileColumns } from '../records/records.columns';

/** A pay rate of a caregiver, in cents per hour, with what it applies to (e.g. "Standard", "Weekend", "T1019"). */
export interface PayRate {
  label: string;
  hourlyRateCents: number;
  serviceCode?: string | null;
}

/** Weekly availability: for each weekday (0 Sunday to 6 Saturday) the local time windows, "HH:MM"-"HH:MM". */
export type Availability = { weekday: number; start: string; end: string }[];

/** A caregiver (home care aide): HR fields, pay rates, skills, languages, availability, weekly hour cap. */
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
    adpFileNumber: text('adp_file_number'),
    payRates: jsonb('pay_rates').$type<PayRate[]>().notNull().default([]),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    availability: jsonb('availability').$type<Availability>().notNull().default([]),
    maxWeeklyHours: integer('max_weekly_hours'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('caregivers_branch_idx').on(t.branchId, t.lastName),
    index('caregivers_user_idx').on(t.userId),
    index('caregivers_external_idx').on(t.externalId),
  ],
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

/** A certification or license of a caregiver (CNA, HHA, CPR, TB test...) with its expiry date. */
export const caregiverCredentials = pgTable(
  'caregiver_credentials',
  {
    id: serial('id').primaryKey(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number'),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caregiver_credentials_caregiver_idx').on(t.caregiverId, t.expiresOn)],
);

/** A file on a caregiver's record (same flow as client files). */
export const caregiverFiles = pgTable(
  'caregiver_files',
  {
    id: serial('id').primaryKey(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    ...recordFileColumns(),
  },
  (t) => [index('caregiver_files_caregiver_idx').on(t.caregiverId)],
);

/** A dated note on a caregiver's record. */
export const caregiverJournalEntries = pgTable(
  'caregiver_journal_entries',
  {
    id: serial('id').primaryKey(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    ...journalEntryColumns(),
  },
  (t) => [index('caregiver_journal_entries_caregiver_idx').on(t.caregiverId, t.entryDate)],
);

/** Money advanced to a caregiver, in cents, deducted from a later payroll (docs/glossary.md "Cash advance"). */
export const caregiverCashAdvances = pgTable(
  'caregiver_cash_advances',
  {
    id: serial('id').primaryKey(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    advancedOn: date('advanced_on').notNull(),
    reason: text('reason'),
    deductedOn: date('deducted_on'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caregiver_cash_advances_caregiver_idx').on(t.caregiverId, t.advancedOn)],
);
