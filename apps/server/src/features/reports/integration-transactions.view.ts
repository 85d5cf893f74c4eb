import { sql } from 'drizzle-orm';
import { EVV_AGGREGATOR_KINDS, FILE_EXPORT_STATUSES } from '@hearth/shared/file-exports/file-exports.constants';
import { EVV_AGGREGATOR_LABELS } from '@hearth/shared/payer-sources/payer-sources.constants';
import { inBranchScope } from '../../auth/scope';
import { fileExportInScope } from '../file-exports/file-exports.scope';
import type { ViewDefinition } from '../views/views.registry';

/** The EVV aggregator kinds as a SQL list: ('evv_sandata', 'evv_hhaexchange'). */
const evvKindsSql = sql.raw(`(${EVV_AGGREGATOR_KINDS.map((k) => `'${k}'`).join(', ')})`);

/** The aggregator of an EVV export type's kind: evv_sandata -> sandata, evv_hhaexchange -> hhaexchange. */
export const aggregatorSql = sql`substr(file_export_types.kind, 5)`;

/** The aggregator column's options (Sandata, HHAeXchange). */
export const AGGREGATOR_OPTIONS = EVV_AGGREGATOR_KINDS.map((kind) => {
  const value = kind.slice(4) as 'sandata' | 'hhaexchange';
  return { value, label: EVV_AGGREGATOR_LABELS[value] };
});

/** A capitalised status label: queued -> Queued. */
const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The records report's URL narrowed to one export (the table reads `filters` from the query string as JSON:
 * [{"column":"fileExportId","operator":"equals","value":<id>}]), with the export's id left as `{id}` for rowLink.
 */
const recordsOfExportLink = `/reports/integration-transaction-records?filters=${encodeURIComponent(
  '[{"column":"fileExportId","operator":"equals","value":',
)}{id}${encodeURIComponent('}]')}`;

/**
 * The integration transactions report (issue "Payroll, billing, reports" item 3): each export to an EVV aggregator
 * (file_exports of the kinds EVV_AGGREGATOR_KINDS, with its type's label and kind) the caller may see
 * (fileExportInScope, as the /file-exports list), with its aggregator, period (params from / to), status, how many
 * of its integration transaction records were sent and rejected (only records of the caller's branches, so the
 * counts match the records report), who queued it, when, when it finished and its error. Newest first; a row
 * opens the records report narrowed to that export.
 */
export const reportIntegrationTransactionsView: ViewDefinition = {
  name: 'reportIntegrationTransactions',
  label: 'Integration transactions',
  tables: ['file_exports', 'integration_transaction_records', 'branches', 'users'],
  source: (scope) => ({
    from: sql`file_exports join file_export_types on file_export_types.name = file_exports.type_name
      left join branches on branches.id = file_exports.branch_id
      left join users on users.id = file_exports.created_by_user_id
      left join lateral (
        select count(*) filter (where r.status = 'sent')::int as sent,
          count(*) filter (where r.status = 'rejected')::int as rejected
        from integration_transaction_records r
        where r.file_export_id = file_exports.id and ${inBranchScope(scope, sql`r.branch_id`)}
      ) counts on true`,
    where: sql`file_export_types.kind in ${evvKindsSql} and ${fileExportInScope(scope)}`,
  }),
  timeZone: sql`branches.timezone`,
  id: sql`file_exports.id`,
  optionLabel: sql`file_export_types.label || ' #' || file_exports.id`,
  columns: [
    { key: 'id', label: 'Export ID', type: 'number', sql: sql`file_exports.id` },
    { key: 'typeLabel', label: 'Type', type: 'text', sql: sql`file_export_types.label`, searchable: true },
    {
      key: 'aggregator',
      label: 'Aggregator',
      type: 'enum',
      sql: aggregatorSql,
      options: AGGREGATOR_OPTIONS,
      visibleByDefault: false,
    },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name`, visibleByDefault: false },
    { key: 'periodFrom', label: 'From', type: 'date', sql: sql`(file_exports.params ->> 'from')::date` },
    { key: 'periodTo', label: 'To', type: 'date', sql: sql`(file_exports.params ->> 'to')::date` },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`file_exports.status`,
      options: FILE_EXPORT_STATUSES.map((value) => ({ value, label: label(value) })),
    },
    { key: 'recordsSent', label: 'Sent', type: 'number', sql: sql`counts.sent` },
    { key: 'recordsRejected', label: 'Rejected', type: 'number', sql: sql`counts.rejected` },
    { key: 'createdByName', label: 'Created by', type: 'text', sql: sql`users.name`, searchable: true },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`file_exports.created_at` },
    { key: 'finishedAt', label: 'Finished', type: 'datetime', sql: sql`file_exports.finished_at` },
    { key: 'error', label: 'Error', type: 'text', sql: sql`file_exports.error`, searchable: true },
  ],
  defaultSort: [
    { column: 'createdAt', direction: 'desc' },
    { column: 'id', direction: 'desc' },
  ],
  rowLink: recordsOfExportLink,
};
