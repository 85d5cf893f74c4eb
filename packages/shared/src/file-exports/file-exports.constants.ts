/**
 * File exports (spec "File exports" calls, /file-exports; issue: imports and exports). An export runs as a job,
 * writes one file to the storage and is downloadable until it expires.
 */

/** The kinds of export; each export type (admin /admin/file-export-types) is one of them with its settings. */
export const FILE_EXPORT_KINDS = [
  'clients',
  'caregivers',
  'shifts',
  'payroll_adp',
  'billing',
  'evv_sandata',
  'evv_hhaexchange',
] as const;
export type FileExportKind = (typeof FILE_EXPORT_KINDS)[number];

/** File formats an export writes. */
export const FILE_EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type FileExportFormat = (typeof FILE_EXPORT_FORMATS)[number];

/** An export's life: `queued`, `running`, then `completed` (downloadable until expiresAt), `failed` or `expired`. */
export const FILE_EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'expired'] as const;
export type FileExportStatus = (typeof FILE_EXPORT_STATUSES)[number];

/** How long an export's file is kept by default, in hours (7 days). */
export const FILE_EXPORT_DEFAULT_RETENTION_HOURS = 7 * 24;

/** The export kinds that send to an EVV aggregator: their exports are the integration transactions. */
export const EVV_AGGREGATOR_KINDS = ['evv_sandata', 'evv_hhaexchange'] as const satisfies readonly FileExportKind[];

/** What an integration transaction record stands for in the aggregator's file. */
export const INTEGRATION_RECORD_TYPES = ['client', 'employee', 'visit'] as const;
export type IntegrationRecordType = (typeof INTEGRATION_RECORD_TYPES)[number];

/** `sent`: in the file; `rejected`: held back with the reason (the aggregator would refuse it). */
export const INTEGRATION_RECORD_STATUSES = ['sent', 'rejected'] as const;
export type IntegrationRecordStatus = (typeof INTEGRATION_RECORD_STATUSES)[number];
