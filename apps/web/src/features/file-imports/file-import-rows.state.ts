import type { FileImportRowStatus } from '@hearth/shared/file-imports/file-imports.constants';
import type { ViewFilter } from '@hearth/shared/views/views.schema';

/** Column keys of the fileImportRows view this page relies on. */
export const ROWS_IMPORT_COLUMN = 'fileImportId';
export const ROWS_STATUS_COLUMN = 'status';

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

/** The one row status the filters pick (equals, or `in` with one value), or 'all'. */
export function pickedStatus(filters: readonly ViewFilter[]): FileImportRowStatus | 'all' {
  const status = filters.filter((f) => f.column === ROWS_STATUS_COLUMN);
  if (status.length !== 1) return 'all';
  const [filter] = status;
  if (filter!.operator === 'equals' && typeof filter!.value === 'string') return filter!.value as FileImportRowStatus;
  if (filter!.operator === 'in' && Array.isArray(filter!.value) && filter!.value.length === 1) {
    return filter!.value[0] as FileImportRowStatus;
  }
  return 'all';
}

/** The filters showing one row status ('all': none), the import and other filters kept. */
export function withStatus(filters: readonly ViewFilter[], status: FileImportRowStatus | 'all'): ViewFilter[] {
  const others = filters.filter((f) => f.column !== ROWS_STATUS_COLUMN);
  return status === 'all' ? others : [...others, { column: ROWS_STATUS_COLUMN, operator: 'equals', value: status }];
}

/** The import id of a /file-import-rows link (?fileImportId=12), or null when missing or malformed. */
export function fileImportIdOf(params: URLSearchParams): number | null {
  const raw = params.get('fileImportId');
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
