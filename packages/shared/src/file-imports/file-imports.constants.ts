/**
 * File imports (spec "File imports" calls, /file-imports and /file-import-rows; issue: imports and exports).
 * Agencies move in with spreadsheets: a file is uploaded, then a job reads it row by row.
 */

/** What an import type creates or updates. */
export const FILE_IMPORT_TARGETS = [
  'clients',
  'caregivers',
  'payer_sources',
  'authorizations',
  'shifts',
  'adp_employees',
] as const;
export type FileImportTarget = (typeof FILE_IMPORT_TARGETS)[number];

/**
 * An import's life: created with an upload URL (`awaiting_upload`), `queued` once the bytes are stored, `running`
 * while the job reads it, then `completed` (even with row errors) or `failed` (the file itself could not be read:
 * the reason is in `error`; a job that failed for another cause was retried first).
 */
export const FILE_IMPORT_STATUSES = ['awaiting_upload', 'queued', 'running', 'completed', 'failed'] as const;
export type FileImportStatus = (typeof FILE_IMPORT_STATUSES)[number];

/** What happened to one row: a new record, a changed one, nothing to change, or the row's message says why not. */
export const FILE_IMPORT_ROW_STATUSES = ['created', 'updated', 'unchanged', 'error'] as const;
export type FileImportRowStatus = (typeof FILE_IMPORT_ROW_STATUSES)[number];

/** The formats an import reads: CSV (any of the content types browsers report for .csv) and XLSX. */
export const FILE_IMPORT_CSV_CONTENT_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'] as const;
export const FILE_IMPORT_XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The size limit of an import file, in bytes (100 MiB: about 300,000 Synthea-shaped client rows). */
export const FILE_IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** How long the upload URL of queueFileImport stays valid, in seconds (15 minutes). */
export const FILE_IMPORT_UPLOAD_URL_TTL_SECONDS = 15 * 60;
