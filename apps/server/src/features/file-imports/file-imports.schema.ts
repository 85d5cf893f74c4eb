import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  boolean,
  bigint,
} from 'drizzle-orm/pg-core';
import {
  FILE_IMPORT_ROW_STATUSES,
  FILE_IMPORT_STATUSES,
  FILE_IMPORT_TARGETS,
} from '@hearth/shared/file-imports/file-imports.constants';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';
import type { JobRunner } from '../../jobs/jobs.runner';

/**
 * An import type (system-level admin /admin/file-import-types): what it creates (target), how the file's headers
 * map to the target's fields (`mapping`: field key -> header name and an optional transform), and defaults for
 * fields the file leaves out (e.g. the branch). Built-in types are seeded; an admin edits their mapping.
 */
export const fileImportTypes = pgTable('file_import_types', {
  name: text('name').primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  target: text('target', { enum: FILE_IMPORT_TARGETS }).notNull(),
  mapping: jsonb('mapping').$type<Record<string, { header: string; transform?: string }>>().notNull(),
  defaults: jsonb('defaults').$type<Record<string, unknown>>().notNull().default({}),
  builtIn: boolean('built_in').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One uploaded file and the job reading it; counts are rows of the file (header excluded). */
export const fileImports = pgTable(
  'file_imports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The branch new records go to (null for company-level targets such as payer sources). */
    branchId: integer('branch_id').references(() => branches.id),
    typeName: text('type_name')
      .notNull()
      .references(() => fileImportTypes.name),
    fileName: text('file_name').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: FILE_IMPORT_STATUSES }).notNull().default('awaiting_upload'),
    /** Why the file as a whole could not be imported (e.g. missing columns, listed by name). */
    error: text('error'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Rows written that lost something of the file (also counted as created, updated or unchanged). */
    warningCount: integer('warning_count').notNull().default(0),
    /** Job attempts so far (a retried job counts each). */
    attempts: integer('attempts').notNull().default(0),
    jobId: text('job_id'),
    /** The process running (or that last ran) an attempt; with heartbeatAt, how recovery tells a killed one. */
    runner: jsonb('runner').$type<JobRunner>(),
    /** Written every HEARTBEAT_EVERY_MS while an attempt runs (jobs/jobs.runner.ts). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('file_imports_company_idx').on(t.companyId, t.createdAt),
    index('file_imports_status_idx').on(t.status, t.createdAt),
  ],
);

/** One data row of an import and its outcome; lineNumber is the file's line (the header is line 1). */
export const fileImportRows = pgTable(
  'file_import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileImportId: integer('file_import_id')
      .notNull()
      .references(() => fileImports.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    status: text('status', { enum: FILE_IMPORT_ROW_STATUSES }).notNull(),
    externalId: text('external_id'),
    /** The record created or updated (a client, caregiver, payer source, authorization or shift id). */
    recordId: integer('record_id'),
    /** Why the row was not written (status error). */
    message: text('message'),
    /** What a written row lost and what was kept ("Address not saved: ZIP 00000 is a placeholder, not a ZIP code"). */
    warning: text('warning'),
    /**
     * A row in error as read, header -> cell text: what the office corrects. Null for a written row, whose values
     * are in its record and whose cells are in the kept file (a copy per row was a third of a large import's writes).
     */
    data: jsonb('data').$type<Record<string, string>>(),
  },
  (t) => [
    uniqueIndex('file_import_rows_line_idx').on(t.fileImportId, t.lineNumber),
    index('file_import_rows_status_idx').on(t.fileImportId, t.status, t.lineNumber),
  ],
);
