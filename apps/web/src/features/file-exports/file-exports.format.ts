import type { FileExportFormat, FileExportStatus } from '@hearth/shared/file-exports/file-exports.constants';
import type { FileExportKind } from '@hearth/shared/file-exports/file-exports.constants';
import { i18n } from '@/i18n/i18n.setup';

/** A status's badge color and its label, read from the catalogue in the shown language on each use. */
function statusDisplay(status: FileExportStatus, color: string): { readonly label: string; color: string } {
  return {
    color,
    get label() {
      return i18n.t(`exportStatus.${status}`, { ns: 'files' });
    },
  };
}

/** How an export's status reads and its badge color. */
export const EXPORT_STATUS_DISPLAY: Record<FileExportStatus, { readonly label: string; color: string }> = {
  queued: statusDisplay('queued', 'gray'),
  running: statusDisplay('running', 'blue'),
  completed: statusDisplay('completed', 'teal'),
  failed: statusDisplay('failed', 'red'),
  expired: statusDisplay('expired', 'gray'),
};

/** The statuses during which an export is still being made (the list refreshes meanwhile). */
export const ACTIVE_EXPORT_STATUSES: FileExportStatus[] = ['queued', 'running'];

/** Whether an export is still being made. */
export const isActiveExportStatus = (status: FileExportStatus) => ACTIVE_EXPORT_STATUSES.includes(status);

/** A file format as a person reads it ("Excel (XLSX)"). */
export const exportFormatLabel = (format: FileExportFormat): string => i18n.t(`formats.${format}`, { ns: 'files' });

/** What an export kind exports, as a person reads it ("ADP payroll"). */
export const exportKindLabel = (kind: FileExportKind): string => i18n.t(`kinds.${kind}`, { ns: 'files' });

/** A retention in hours as a person reads it: "7 days", "36 hours", "1 day 6 hours". */
export function formatRetention(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts: string[] = [];
  if (days > 0) parts.push(i18n.t('retention.days', { ns: 'files', count: days }));
  if (rest > 0 || days === 0) parts.push(i18n.t('retention.hours', { ns: 'files', count: rest }));
  return parts.join(' ');
}
