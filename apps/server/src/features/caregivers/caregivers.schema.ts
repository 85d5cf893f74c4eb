import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, integer, date, index, jsonb } from 'drizzle-orm/pg-core';
import { CAREGIVER_STATUSES } from '@hearth/shared/caregivers/caregivers.constants';
import { users } from '../users/users.schema';
import * as columns from '../records/records.columns';

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
    ...columns.personColumns(),
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
    ...columns.timestampColumns(),
  },
  (t) => [
    index('caregivers_branch_idx').on(t.branchId, t.lastName),
    index('caregivers_user_idx').on(t.userId),
    index('caregivers_external_idx').on(t.externalId),
    // The ADP employees import finds caregivers by their file number (file-imports.people.ts findExisting).
    index('caregivers_adp_file_number_idx').on(t.adpFileNumber),
    // pg_trgm GIN indexes serve the list's "contains" filters (ilike '%text%') on the names, and the shifts view's
    // "Last, First" name, without reading every row (issue 26).
    index('caregivers_last_name_trgm_idx').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('caregivers_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('caregivers_full_name_trgm_idx').using('gin', sql`(${t.lastName} || ', ' || ${t.firstName}) gin_trgm_ops`),
  ],
);

/** The id and caregiver_id columns every record on a caregiver starts with. */
const caregiverRecordColumns = () => columns.ownedRecordColumns('caregiverId', 'caregiver_id', () => caregivers.id);

/** A caregiver's home address with coordinates (WGS84 degrees), for pickup ranking and travel. */
export const caregiverAddresses = pgTable(
  'caregiver_addresses',
  { ...caregiverRecordColumns(), ...columns.addressColumns() },
  (t) => [index('caregiver_addresses_caregiver_idx').on(t.caregiverId)],
);

/** A certification or license of a caregiver (CNA, HHA, CPR, TB test...) with its expiry date. */
export const caregiverCredentials = pgTable(
  'caregiver_credentials',
  {
    ...caregiverRecordColumns(),
    name: text('name').notNull(),
    number: text('number'),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caregiver_credentials_caregiver_idx').on(t.caregiverId, t.expiresOn)],
);

/** A file on a caregiver's record (same flow as client files). */
export const caregiverFiles = pgTable('caregiver_files', { ...caregiverRecordColumns(), ...columns.recordFileColumns() }, (t) => [
  index('caregiver_files_caregiver_idx').on(t.caregiverId),
]);

/** A dated note on a caregiver's record. */
export const caregiverJournalEntries = pgTable(
  'caregiver_journal_entries',
  { ...caregiverRecordColumns(), ...columns.journalEntryColumns() },
  (t) => [index('caregiver_journal_entries_caregiver_idx').on(t.caregiverId, t.entryDate)],
);

/** Money advanced to a caregiver, in cents, deducted from a later payroll (docs/glossary.md "Cash advance"). */
export const caregiverCashAdvances = pgTable(
  'caregiver_cash_advances',
  {
    ...caregiverRecordColumns(),
    amountCents: integer('amount_cents').notNull(),
    advancedOn: date('advanced_on').notNull(),
    reason: text('reason'),
    deductedOn: date('deducted_on'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...columns.timestampColumns(),
  },
  (t) => [index('caregiver_cash_advances_caregiver_idx').on(t.caregiverId, t.advancedOn)],
);
