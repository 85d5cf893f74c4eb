import { sql } from 'drizzle-orm';
import { INTEGRATION_RECORD_STATUSES, INTEGRATION_RECORD_TYPES } from '@hearth/shared/file-exports/file-exports.constants';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { AGGREGATOR_OPTIONS, aggregatorSql } from './integration-transactions.view';

const RECORD_TYPE_LABELS: Record<(typeof INTEGRATION_RECORD_TYPES)[number], string> = {
  client: 'Client',
  employee: 'Employee',
  visit: 'Visit',
};
const STATUS_LABELS: Record<(typeof INTEGRATION_RECORD_STATUSES)[number], string> = {
  sent: 'Sent',
  rejected: 'Rejected',
};

/**
 * The integration transaction records report (issue "Payroll, billing, reports" item 3): each client, employee and
 * visit an EVV aggregator export considered (integration_transaction_records, written by the Sandata and
 * HHAeXchange builders through evvTransactionRecords), with its export, aggregator, record type, key in the
 * aggregator's layout, client, caregiver, visit date (the shift's local date on its branch's clock), `sent` or
 * `rejected` with the reason, and when it was recorded. Scoped by the record's own branch (the client's, the
 * caregiver's or the visit's). Rejected first, then newest first, so what to fix comes first; filtered by
 * `fileExportId` it lists one export (the integration transactions report links here so).
 */
export const reportIntegrationTransactionRecordsView: ViewDefinition = {
  name: 'reportIntegrationTransactionRecords',
  label: 'Integration transaction records',
  tables: ['integration_transaction_records', 'file_exports', 'branches', 'clients', 'caregivers', 'shifts'],
  source: (scope) => ({
    from: sql`integration_transaction_records records
      join file_exports on file_exports.id = records.file_export_id
      join file_export_types on file_export_types.name = file_exports.type_name
      join branches on branches.id = records.branch_id
      left join clients on clients.id = records.client_id
      left join caregivers on caregivers.id = records.caregiver_id
      left join shifts on shifts.id = records.shift_id`,
    where: inBranchScope(scope, sql`records.branch_id`),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`records.id`,
  optionLabel: sql`records.record_type || ' ' || coalesce(records.external_key, '') || ' (export #' || records.file_export_id || ')'`,
  columns: [
    { key: 'id', label: 'Record ID', type: 'number', sql: sql`records.id`, visibleByDefault: false },
    { key: 'fileExportId', label: 'Export ID', type: 'number', sql: sql`records.file_export_id` },
    {
      key: 'aggregator',
      label: 'Aggregator',
      type: 'enum',
      sql: aggregatorSql,
      options: AGGREGATOR_OPTIONS,
      visibleByDefault: false,
    },
    {
      key: 'recordType',
      label: 'Record',
      type: 'enum',
      sql: sql`records.record_type`,
      options: INTEGRATION_RECORD_TYPES.map((value) => ({ value, label: RECORD_TYPE_LABELS[value] })),
    },
    { key: 'externalKey', label: 'Key', type: 'text', sql: sql`records.external_key`, searchable: true },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`records.status`,
      options: INTEGRATION_RECORD_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
    { key: 'message', label: 'Message', type: 'text', sql: sql`records.message`, searchable: true },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`records.client_id`, visibleByDefault: false },
    {
      key: 'clientName',
      label: 'Client',
      type: 'text',
      sql: sql`clients.last_name || ', ' || clients.first_name`,
      searchable: true,
    },
    { key: 'caregiverId', label: 'Caregiver ID', type: 'number', sql: sql`records.caregiver_id`, visibleByDefault: false },
    {
      key: 'caregiverName',
      label: 'Caregiver',
      type: 'text',
      sql: sql`caregivers.last_name || ', ' || caregivers.first_name`,
      searchable: true,
    },
    { key: 'shiftId', label: 'Visit ID', type: 'number', sql: sql`records.shift_id`, visibleByDefault: false },
    { key: 'visitDate', label: 'Visit date', type: 'date', sql: sql`(shifts.start_at at time zone branches.timezone)::date` },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    { key: 'createdAt', label: 'Recorded', type: 'datetime', sql: sql`records.created_at` },
  ],
  // 'rejected' sorts before 'sent'.
  defaultSort: [
    { column: 'status', direction: 'asc' },
    { column: 'createdAt', direction: 'desc' },
  ],
  rowLink: null,
};
