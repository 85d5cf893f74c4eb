import type { FileExportFormat, FileExportStatus } from '@hearth/shared/file-exports/file-exports.constants';

/** How an export's status reads and its badge color. */
export const EXPORT_STATUS_DISPLAY: Record<FileExportStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
};

/** The statuses during which an export is still being made (the list refreshes meanwhile). */
export const ACTIVE_EXPORT_STATUSES: FileExportStatus[] = ['queued', 'running'];

/** Whether an export is still being made. */
export const isActiveExportStatus = (status: FileExportStatus) => ACTIVE_EXPORT_STATUSES.includes(status);

/** File formats as a person reads them. */
export const EXPORT_FORMAT_LABELS: Record<FileExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', json: 'JSON' };

/** A retention in hours as a person reads it: "7 days", "36 hours", "1 day 6 hours". */
export function formatRetention(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (rest > 0 || days === 0) parts.push(`${rest} ${rest === 1 ? 'hour' : 'hours'}`);
  return parts.join(' ');
}
