import type { FileImportRowStatus } from '@hearth/shared/file-imports/file-imports.constants';
import type { ViewFilter } from '@hearth/shared/views/views.schema';

/** Column keys of the fileImportRows view this page relies on. */
export const ROWS_IMPORT_COLUMN = 'fileImportId';
export const ROWS_STATUS_COLUMN = 'status';
export const ROWS_WARNING_COLUMN = 'hasWarning';

/** What the rows page's picker shows: a row status, the rows written with a warning, or every row. */
export type RowPick = FileImportRowStatus | 'warning' | 'all';

/** The filter that fixes the rows table to one import. */
export const importFilter = (fileImportId: number): ViewFilter => ({
  column: ROWS_IMPORT_COLUMN,
  operator: 'equals',
  value: fileImportId,
});

/** Whether the filters keep exactly this import (one equals filter on its id, nothing else on that column). */
export function hasOnlyImport(filters: readonly ViewFilter[], fileImportId: number): boolean {
  const own = filters.filter((f) => f.column === ROWS_IMPORT_COLUMN);
  return own.length === 1 && own[0]!.operator === 'equals' && own[0]!.value === fileImportId;
}

/**
 * The filters with the import fixed: any other filter on the import column is replaced (the page shows one import;
 * the table's filter editor or a hand-edited link must not widen it). Other filters are kept in order.
 */
export function withImport(filters: readonly ViewFilter[], fileImportId: number): ViewFilter[] {
  return [importFilter(fileImportId), ...filters.filter((f) => f.column !== ROWS_IMPORT_COLUMN)];
}

/**
 * What the filters pick: 'warning' for exactly one filter "has a warning" and no status filter, else the one row
 * status (equals, or `in` with one value), else 'all'.
 */
export function pickedStatus(filters: readonly ViewFilter[]): RowPick {
  const status = filters.filter((f) => f.column === ROWS_STATUS_COLUMN);
  const warning = filters.filter((f) => f.column === ROWS_WARNING_COLUMN);
  if (warning.length > 0) {
    const [only] = warning;
    return warning.length === 1 && status.length === 0 && only!.operator === 'equals' && only!.value === true ? 'warning' : 'all';
  }
  if (status.length !== 1) return 'all';
  const [filter] = status;
  if (filter!.operator === 'equals' && typeof filter!.value === 'string') return filter!.value as FileImportRowStatus;
  if (filter!.operator === 'in' && Array.isArray(filter!.value) && filter!.value.length === 1) {
    return filter!.value[0] as FileImportRowStatus;
  }
  return 'all';
}

/** The filters showing one pick ('all': none), the import and other filters kept. */
export function withStatus(filters: readonly ViewFilter[], pick: RowPick): ViewFilter[] {
  const others = filters.filter((f) => f.column !== ROWS_STATUS_COLUMN && f.column !== ROWS_WARNING_COLUMN);
  if (pick === 'all') return others;
  if (pick === 'warning') return [...others, { column: ROWS_WARNING_COLUMN, operator: 'equals', value: true }];
  return [...others, { column: ROWS_STATUS_COLUMN, operator: 'equals', value: pick }];
}

/** The import id of a /file-import-rows link (?fileImportId=12), or null when missing or malformed. */
export function fileImportIdOf(params: URLSearchParams): number | null {
  const raw = params.get('fileImportId');
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
