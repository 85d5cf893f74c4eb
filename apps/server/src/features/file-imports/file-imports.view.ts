import { sql } from 'drizzle-orm';
import { FILE_IMPORT_ROW_STATUSES, FILE_IMPORT_STATUSES } from '@hearth/shared/file-imports/file-imports.constants';
import type { ViewDefinition } from '../views/views.registry';
import { fileImportInScope } from './file-imports.service';

/** How the status filters and cells name the statuses. */
const STATUS_LABELS: Record<(typeof FILE_IMPORT_STATUSES)[number], string> = {
  awaiting_upload: 'Awaiting upload',
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};
const ROW_STATUS_LABELS: Record<(typeof FILE_IMPORT_ROW_STATUSES)[number], string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  error: 'Error',
};

/**
 * The imports list (/file-imports) as a backend view: the caller's company's imports of a branch in scope or of
 * no branch (system level: all), newest first. A row opens its rows (/file-import-rows?fileImportId=N).
 */
export const fileImportsView: ViewDefinition = {
  name: 'fileImports',
  label: 'File imports',
  tables: ['file_imports', 'branches', 'users'],
  source: (scope) => ({
    from: sql`file_imports join file_import_types on file_import_types.name = file_imports.type_name
      left join branches on branches.id = file_imports.branch_id
      left join users on users.id = file_imports.created_by_user_id`,
    where: fileImportInScope(scope),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`file_imports.id`,
  optionLabel: sql`file_imports.file_name`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`file_imports.id`, visibleByDefault: false },
    { key: 'typeLabel', label: 'Type', type: 'text', sql: sql`file_import_types.label` },
    { key: 'fileName', label: 'File', type: 'text', sql: sql`file_imports.file_name`, searchable: true },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`file_imports.status`,
      options: FILE_IMPORT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
    // What needs the office first, errors then warnings, comes before what went well; the default columns fit at
    // 1280 px (every count is on the import's own page, and the others are in the column chooser).
    { key: 'errorCount', label: 'Errors', type: 'number', sql: sql`file_imports.error_count` },
    { key: 'warningCount', label: 'Warnings', type: 'number', sql: sql`file_imports.warning_count` },
    { key: 'createdCount', label: 'Created', type: 'number', sql: sql`file_imports.created_count` },
    { key: 'updatedCount', label: 'Updated', type: 'number', sql: sql`file_imports.updated_count` },
    { key: 'createdAt', label: 'Uploaded', type: 'datetime', sql: sql`file_imports.created_at` },
    {
      key: 'unchangedCount',
      label: 'Unchanged',
      type: 'number',
      sql: sql`file_imports.unchanged_count`,
      visibleByDefault: false,
    },
    { key: 'rowsTotal', label: 'Rows', type: 'number', sql: sql`file_imports.rows_total`, visibleByDefault: false },
    {
      key: 'rowsDone',
      label: 'Rows done',
      type: 'number',
      sql: sql`file_imports.rows_done`,
      visibleByDefault: false,
    },
    { key: 'error', label: 'Problem', type: 'text', sql: sql`file_imports.error`, visibleByDefault: false },
    {
      key: 'createdByName',
      label: 'Uploaded by',
      type: 'text',
      sql: sql`users.name`,
      searchable: true,
      visibleByDefault: false,
    },
  ],
  defaultSort: [{ column: 'createdAt', direction: 'desc' }],
  rowLink: '/file-import-rows?fileImportId={id}',
};

/**
 * The rows of imports (/file-import-rows, filtered by fileImportId) as a backend view, scoped through their
 * import: line, status, the row's key, its error or warning, the cells a row in error read and the record written.
 * Errors come first, then warnings, then by line.
 */
export const fileImportRowsView: ViewDefinition = {
  name: 'fileImportRows',
  label: 'File import rows',
  tables: ['file_import_rows', 'file_imports'],
  source: (scope) => ({
    from: sql`file_import_rows join file_imports on file_imports.id = file_import_rows.file_import_id`,
    where: fileImportInScope(scope),
  }),
  id: sql`file_import_rows.id`,
  optionLabel: sql`file_imports.file_name || ' line ' || file_import_rows.line_number`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`file_import_rows.id`, visibleByDefault: false },
    { key: 'fileImportId', label: 'Import', type: 'number', sql: sql`file_import_rows.file_import_id`, visibleByDefault: false },
    { key: 'lineNumber', label: 'Line', type: 'number', sql: sql`file_import_rows.line_number` },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`file_import_rows.status`,
      options: FILE_IMPORT_ROW_STATUSES.map((value) => ({ value, label: ROW_STATUS_LABELS[value] })),
    },
    {
      key: 'isError',
      label: 'Is an error',
      type: 'boolean',
      sql: sql`(file_import_rows.status = 'error')`,
      visibleByDefault: false,
    },
    {
      key: 'hasWarning',
      label: 'Has a warning',
      type: 'boolean',
      sql: sql`(file_import_rows.warning is not null)`,
      visibleByDefault: false,
    },
    { key: 'externalId', label: 'Key', type: 'text', sql: sql`file_import_rows.external_id`, searchable: true },
    { key: 'message', label: 'Error', type: 'text', sql: sql`file_import_rows.message`, searchable: true },
    { key: 'warning', label: 'Warning', type: 'text', sql: sql`file_import_rows.warning`, searchable: true },
    {
      // What a row in error read, "Header: cell; ..." (fileImportRows.data keeps them, without the empty ones): what
      // the office corrects before importing the row again, shown and exported beside its error. Empty for a row
      // written (its values are in its record).
      key: 'cells',
      label: 'Cells as read',
      type: 'text',
      sql: sql`(select string_agg(cell.key || ': ' || cell.value, '; ' order by cell.key)
        from jsonb_each_text(file_import_rows.data) cell)`,
    },
    { key: 'recordId', label: 'Record', type: 'number', sql: sql`file_import_rows.record_id` },
  ],
  defaultSort: [
    { column: 'isError', direction: 'desc' },
    { column: 'hasWarning', direction: 'desc' },
    { column: 'lineNumber', direction: 'asc' },
  ],
  rowLink: null,
};
