import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, date, boolean, index, jsonb } from 'drizzle-orm/pg-core';
import { CLIENT_STATUSES, NURSE_ASSESSMENT_TYPES } from '@hearth/shared/clients/clients.constants';
import { users } from '../users/users.schema';
import * as columns from '../records/records.columns';
import { payerSources } from '../payer-sources/payer-sources.schema';

/** A care recipient (spec section 3 "Client"; fields beyond the spec that agencies need). */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    ...columns.personColumns(),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender'),
    preferredLanguage: text('preferred_language'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    medicaidId: text('medicaid_id'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('active'),
    primaryPayerSourceId: integer('primary_payer_source_id').references(() => payerSources.id),
    carePlanTasks: jsonb('care_plan_tasks').$type<string[]>().notNull().default([]),
    accessNotes: text('access_notes'),
    notes: text('notes'),
    ...columns.timestampColumns(),
  },
  (t) => [
    index('clients_branch_idx').on(t.branchId, t.lastName),
    index('clients_user_idx').on(t.userId),
    index('clients_external_idx').on(t.externalId),
    // pg_trgm GIN indexes serve the list's "contains" filters (ilike '%text%') on the names, and the shifts view's
    // "Last, First" name, without reading every row (issue 26).
    index('clients_last_name_trgm_idx').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('clients_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('clients_full_name_trgm_idx').using('gin', sql`(${t.lastName} || ', ' || ${t.firstName}) gin_trgm_ops`),
  ],
);

/** The id and client_id columns every record on a client starts with. */
const clientRecordColumns = () => columns.ownedRecordColumns('clientId', 'client_id', () => clients.id);

/** A client's address with its coordinates (WGS84 degrees) for EVV geofencing and the map. */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    ...clientRecordColumns(),
    label: text('label').notNull().default('Home'),
    ...columns.addressColumns(),
  },
  (t) => [index('client_addresses_client_idx').on(t.clientId)],
);

/** Family and trusted contacts of a client; portal access lets them use the client app. */
export const clientContacts = pgTable(
  'client_contacts',
  {
    ...clientRecordColumns(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    isEmergencyContact: boolean('is_emergency_contact').notNull().default(false),
    hasPortalAccess: boolean('has_portal_access').notNull().default(false),
    // What the contact may do in the client app (client-app.constants.ts CONTACT_PERMISSIONS and their defaults).
    portalSchedule: boolean('portal_schedule').notNull().default(true),
    portalCareNotes: boolean('portal_care_notes').notNull().default(false),
    portalMessages: boolean('portal_messages').notNull().default(false),
    portalAlerts: boolean('portal_alerts').notNull().default(true),
    portalStatements: boolean('portal_statements').notNull().default(false),
    ...columns.timestampColumns(),
  },
  (t) => [index('client_contacts_client_idx').on(t.clientId), index('client_contacts_user_idx').on(t.userId)],
);

/** A payer's approval of units of a service code for a client between two dates (docs/glossary.md "Authorization"). */
export const clientAuthorizations = pgTable(
  'client_authorizations',
  {
    ...clientRecordColumns(),
    payerSourceId: integer('payer_source_id')
      .notNull()
      .references(() => payerSources.id),
    /** The authorization's id in the system it was imported from (file imports upsert by it). */
    externalId: text('external_id'),
    serviceCode: text('service_code').notNull(),
    modifiers: jsonb('modifiers').$type<string[]>().notNull().default([]),
    authorizationNumber: text('authorization_number'),
    unitsPerWeek: integer('units_per_week'),
    unitsPerMonth: integer('units_per_month'),
    unitsTotal: integer('units_total'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    notes: text('notes'),
    ...columns.timestampColumns(),
  },
  (t) => [
    index('client_authorizations_client_idx').on(t.clientId, t.payerSourceId, t.startDate),
    index('client_authorizations_external_idx').on(t.externalId),
  ],
);

/**
 * A file on a client's record. Created first (status pending) with an upload URL; the upload marks it uploaded
 * (spec section 4 "File upload").
 */
export const clientFiles = pgTable('client_files', { ...clientRecordColumns(), ...columns.recordFileColumns() }, (t) => [
  index('client_files_client_idx').on(t.clientId),
]);

/** A dated note on a client's record (docs/glossary.md "Journal entry"). */
export const clientJournalEntries = pgTable(
  'client_journal_entries',
  { ...clientRecordColumns(), ...columns.journalEntryColumns() },
  (t) => [index('client_journal_entries_client_idx').on(t.clientId, t.entryDate)],
);

/** A nurse's periodic assessment of a client. */
export const nurseAssessments = pgTable(
  'nurse_assessments',
  {
    ...clientRecordColumns(),
    assessmentType: text('assessment_type', { enum: NURSE_ASSESSMENT_TYPES }).notNull(),
    assessedOn: date('assessed_on').notNull(),
    nextDueOn: date('next_due_on'),
    nurseUserId: integer('nurse_user_id').references(() => users.id, { onDelete: 'set null' }),
    findings: text('findings').notNull(),
    carePlanChanges: text('care_plan_changes'),
    ...columns.timestampColumns(),
  },
  (t) => [index('nurse_assessments_client_idx').on(t.clientId, t.assessedOn)],
);
