import {
  FILE_IMPORT_CSV_CONTENT_TYPES,
  FILE_IMPORT_XLSX_CONTENT_TYPE,
  type FileImportRowStatus,
  type FileImportStatus,
  type FileImportTarget,
} from '@hearth/shared/file-imports/file-imports.constants';
import type { FileImportProgress, FileImportTypeOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { formatCount as formatShownCount } from '@/format/money';
import { i18n } from '@/i18n/i18n.setup';

/** A status's badge color and its label, read from the catalogue in the shown language on each use. */
function statusDisplay(status: FileImportStatus, color: string): { readonly label: string; color: string } {
  return {
    color,
    get label() {
      return i18n.t(`importStatus.${status}`, { ns: 'files' });
    },
  };
}

/** How an import's status reads and its badge color. */
export const IMPORT_STATUS_DISPLAY: Record<FileImportStatus, { readonly label: string; color: string }> = {
  awaiting_upload: statusDisplay('awaiting_upload', 'gray'),
  queued: statusDisplay('queued', 'gray'),
  running: statusDisplay('running', 'blue'),
  completed: statusDisplay('completed', 'teal'),
  failed: statusDisplay('failed', 'red'),
};

/**
 * The rows page's filter choices, errors first, then the rows written with a warning (which are also created,
 * updated or unchanged), then the statuses.
 */
export const ROW_STATUS_CHOICES: { value: FileImportRowStatus | 'warning'; readonly label: string }[] = (
  ['error', 'warning', 'created', 'updated', 'unchanged'] as const
).map((value) => ({
  value,
  get label() {
    return i18n.t(`rowStatus.${value}`, { ns: 'files' });
  },
}));

/** Whether an import has stopped changing: completed (even with row errors) or failed. */
export function isFinalImportStatus(status: FileImportStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** The statuses during which an import's counts still move (the list and the rows page refresh meanwhile). */
export const ACTIVE_IMPORT_STATUSES: FileImportStatus[] = ['awaiting_upload', 'queued', 'running'];

/** A row count with the shown language's digit grouping: 1171 as "1,171" (US Spanish groups the same way). */
export const formatCount = (value: number) => formatShownCount(value);

/**
 * The share of rows done, 0 to 100 (whole percent, rounded down so 100 means every row): 0 until the job has
 * counted the rows (rowsTotal null); a completed import is 100 even when it had no rows.
 */
export function progressPercent(p: Pick<FileImportProgress, 'status' | 'rowsDone' | 'rowsTotal'>): number {
  if (p.status === 'completed') return 100;
  if (!p.rowsTotal) return 0;
  return Math.min(100, Math.floor((p.rowsDone / p.rowsTotal) * 100));
}

/** "1,024 / 1,171 rows", or what the import is waiting for while the rows are not counted yet. */
export function progressText(p: Pick<FileImportProgress, 'status' | 'rowsDone' | 'rowsTotal'>): string {
  const t = i18n.getFixedT(null, 'files');
  if (p.rowsTotal !== null) return t('progress.rows', { done: formatCount(p.rowsDone), total: formatCount(p.rowsTotal) });
  switch (p.status) {
    case 'awaiting_upload':
      return t('progress.awaitingUpload');
    case 'queued':
      return t('progress.queued');
    case 'running':
      return t('progress.running');
    case 'completed':
      return t('progress.rowsDone', { done: formatCount(p.rowsDone) });
    case 'failed':
      return t('progress.failed');
  }
}

/**
 * The Content-Type to declare for a chosen file and to PUT it with. Browsers report CSV files inconsistently (an
 * empty type, text/csv, or application/vnd.ms-excel on Windows), and some report nothing for XLSX, so the name's
 * extension decides: .xlsx is always the XLSX type; .csv keeps a CSV type the browser gave, else text/csv. Any
 * other file keeps its own type, which fileImportProblem then refuses by name.
 */
export function importContentType(file: { name: string; type: string }): string {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  if (name.endsWith('.xlsx')) return FILE_IMPORT_XLSX_CONTENT_TYPE;
  if (name.endsWith('.csv')) return (FILE_IMPORT_CSV_CONTENT_TYPES as readonly string[]).includes(type) ? type : 'text/csv';
  return type || 'application/octet-stream';
}

/** One column an import type expects: the header in the file, the field it fills and whether a file must have it. */
export interface ExpectedColumn {
  field: string;
  header: string;
  label: string;
  required: boolean;
  transform: string | null;
}

/** The columns of a type's mapping, required ones first, each in the order of the target's fields. */
export function expectedColumns(type: Pick<FileImportTypeOutput, 'fields' | 'mapping'>): ExpectedColumn[] {
  const columns: ExpectedColumn[] = [];
  for (const field of type.fields) {
    const mapped = type.mapping[field.key];
    if (!mapped) continue;
    columns.push({
      field: field.key,
      header: mapped.header,
      label: field.label,
      required: field.required,
      transform: mapped.transform ?? null,
    });
  }
  return [...columns.filter((c) => c.required), ...columns.filter((c) => !c.required)];
}

/** The /file-import-rows link of an import. */
export const rowsHref = (fileImportId: number) => `/file-import-rows?fileImportId=${fileImportId}`;

/** What an import type creates or updates, as a person reads it. */
export const importTargetLabel = (target: FileImportTarget): string => i18n.t(`targets.${target}`, { ns: 'files' });
