import { sql } from 'drizzle-orm';
import { FILE_EXPORT_STATUSES, type FileExportStatus } from '@hearth/shared/file-exports/file-exports.constants';
import type { ViewDefinition } from '../views/views.registry';
import { fileExportInScope } from './file-exports.scope';

const STATUS_LABELS: Record<FileExportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  expired: 'Expired',
};

/**
 * The exports list (/file-exports; spec "Files") as a backend view: type, status, branch (empty: every branch of
 * the requester), rows, size in bytes, who queued it, when, when it finished and when its file expires, newest
 * first. Scoped as getFileExport (fileExportInScope: the caller's company; a branch in scope, or no branch for
 * exports the caller queued). Export types are not a permissioned table: their labels are no one's data.
 */
export const fileExportsView: ViewDefinition = {
  name: 'fileExports',
  label: 'File exports',
  tables: ['file_exports', 'branches', 'users'],
  source: (scope) => ({
    from: sql`file_exports join file_export_types on file_export_types.name = file_exports.type_name
      left join branches on branches.id = file_exports.branch_id
      left join users on users.id = file_exports.created_by_user_id`,
    where: fileExportInScope(scope),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`file_exports.id`,
  optionLabel: sql`file_export_types.label || ' #' || file_exports.id`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`file_exports.id` },
    { key: 'type', label: 'Type name', type: 'text', sql: sql`file_exports.type_name`, visibleByDefault: false },
    { key: 'typeLabel', label: 'Type', type: 'text', sql: sql`file_export_types.label`, searchable: true },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`file_exports.status`,
      options: FILE_EXPORT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
    { key: 'branchId', label: 'Branch ID', type: 'number', sql: sql`file_exports.branch_id`, visibleByDefault: false },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    { key: 'fileName', label: 'File', type: 'text', sql: sql`file_exports.file_name`, searchable: true },
    { key: 'rowCount', label: 'Rows', type: 'number', sql: sql`file_exports.row_count` },
    { key: 'fileSizeBytes', label: 'Size (bytes)', type: 'number', sql: sql`file_exports.file_size_bytes` },
    { key: 'error', label: 'Error', type: 'text', sql: sql`file_exports.error`, visibleByDefault: false },
    { key: 'createdByName', label: 'Created by', type: 'text', sql: sql`users.name`, searchable: true },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`file_exports.created_at` },
    { key: 'finishedAt', label: 'Finished', type: 'datetime', sql: sql`file_exports.finished_at`, visibleByDefault: false },
    { key: 'expiresAt', label: 'Expires', type: 'datetime', sql: sql`file_exports.expires_at` },
  ],
  defaultSort: [{ column: 'createdAt', direction: 'desc' }],
  rowLink: '/file-exports?fileExportId={id}',
};
