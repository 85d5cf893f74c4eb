import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  FILE_EXPORT_FORMATS,
  FILE_EXPORT_KINDS,
  FILE_EXPORT_STATUSES,
  INTEGRATION_RECORD_STATUSES,
  INTEGRATION_RECORD_TYPES,
} from '@hearth/shared/file-exports/file-exports.constants';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';

/**
 * An export type (system-level admin /admin/file-export-types): its kind, format, retention and settings of the
 * kind (e.g. the Sandata provider id, the ADP company code). Built-in types are seeded; an admin edits them.
 */
export const fileExportTypes = pgTable('file_export_types', {
  name: text('name').primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: FILE_EXPORT_KINDS }).notNull(),
  format: text('format', { enum: FILE_EXPORT_FORMATS }).notNull(),
  /** Hours a finished export's file is kept. */
  retentionHours: integer('retention_hours').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One export run: its parameters, the job's state and the file it wrote. */
export const fileExports = pgTable(
  'file_exports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The branch it covers (null: every branch in the requester's scope at the time it ran). */
    branchId: integer('branch_id').references(() => branches.id),
    typeName: text('type_name')
      .notNull()
      .references(() => fileExportTypes.name),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: FILE_EXPORT_STATUSES }).notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    jobId: text('job_id'),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    rowCount: integer('row_count'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /**
     * The user whose reach the export covers: the one the requester was acting as when it was queued (the
     * impersonated user while impersonating, else the requester). Null on exports queued before it was kept: the
     * requester's own reach.
     */
    scopeUserId: integer('scope_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('file_exports_company_idx').on(t.companyId, t.createdAt),
    index('file_exports_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * One record an EVV aggregator export sent or held back (issue "Payroll, billing, reports" item 3: the
 * integration-transaction-records report; the transactions are the EVV kinds' file_exports rows): a client,
 * employee or visit of the file, its key in the aggregator's layout, and `sent` or `rejected` with the reason
 * (e.g. a client without a Medicaid ID), so the office can fix the record before the next export.
 */
export const integrationTransactionRecords = pgTable(
  'integration_transaction_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileExportId: integer('file_export_id')
      .notNull()
      .references(() => fileExports.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    recordType: text('record_type', { enum: INTEGRATION_RECORD_TYPES }).notNull(),
    /** The record's key in the aggregator's layout (e.g. Sandata VisitOtherID, ClientID, EmployeeIdentifier). */
    externalKey: text('external_key'),
    shiftId: integer('shift_id'),
    clientId: integer('client_id'),
    caregiverId: integer('caregiver_id'),
    status: text('status', { enum: INTEGRATION_RECORD_STATUSES }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integration_transaction_records_export_idx').on(t.fileExportId),
    index('integration_transaction_records_branch_idx').on(t.branchId, t.createdAt),
  ],
);
