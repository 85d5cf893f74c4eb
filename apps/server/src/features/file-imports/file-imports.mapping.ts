import { applyTransforms } from '@hearth/shared/file-imports/file-imports.transforms';
import type { ImportField } from './file-imports.target';

/**
 * From a file's header row and an import type's mapping to each row's field values. Headers are matched by name,
 * trimmed and case-insensitively, never by position: extra columns are ignored and moved ones still found (other
 * Synthea versions add and move columns; docs/glossary.md "Synthea").
 */

/** A column the import reads: the field it fills, where it is in the row and the transform chain. */
export interface ColumnPlan {
  field: string;
  index: number;
  transform?: string;
}

function normalized(header: string): string {
  return header.trim().toLowerCase();
}

/**
 * Which column fills which field: for every mapped field whose header the file has, its index (the first column
 * of that name). A mapped field whose header is missing is left out (the import does not change it), unless the
 * field is required: then its header is listed in `missing`.
 */
export function planColumns(
  headers: string[],
  mapping: Record<string, { header: string; transform?: string }>,
  fields: ImportField[],
): { columns: ColumnPlan[]; missing: string[] } {
  const indexOf = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = normalized(header.replace(/^\uFEFF/, ''));
    if (key !== '' && !indexOf.has(key)) indexOf.set(key, index);
  });
  const columns: ColumnPlan[] = [];
  const missing: string[] = [];
  for (const field of fields) {
    const mapped = mapping[field.key];
    if (!mapped) continue;
    const index = indexOf.get(normalized(mapped.header));
    if (index === undefined) {
      if (field.required && !missing.includes(mapped.header)) missing.push(mapped.header);
      continue;
    }
    columns.push({ field: field.key, index, ...(mapped.transform ? { transform: mapped.transform } : {}) });
  }
  return { columns, missing };
}

/** The message of a file that lacks required columns, naming them as the mapping does. */
export function missingColumnsMessage(missing: string[], typeLabel: string): string {
  const list = missing.map((h) => `"${h}"`).join(', ');
  return missing.length === 1
    ? `The file has no ${list} column, which the ${typeLabel} import needs`
    : `The file lacks the columns ${list}, which the ${typeLabel} import needs`;
}

/**
 * A row's field values: each planned column's cell, transformed; then the type's defaults fill the fields the
 * file leaves empty or does not have (defaults are field key -> value; other keys such as branchId are not fields).
 */
export function rowValues(
  cells: string[],
  columns: ColumnPlan[],
  defaults: Record<string, unknown>,
  fieldKeys: Set<string>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const column of columns) values[column.field] = applyTransforms(column.transform, cells[column.index] ?? '');
  for (const [key, value] of Object.entries(defaults)) {
    if (!fieldKeys.has(key) || value === null || value === undefined || value === '') continue;
    if (!values[key]) values[key] = String(value);
  }
  return values;
}

/**
 * The row as read, header -> cell text (what file_import_rows.data keeps of a row in error). Empty cells and unnamed
 * columns are left out: a missing header means an empty cell, and a large import stores much less.
 */
export function rowData(headers: string[], cells: string[]): Record<string, string> {
  const data: Record<string, string> = {};
  headers.forEach((header, i) => {
    const name = header.trim();
    const cell = cells[i] ?? '';
    if (name !== '' && cell !== '' && !(name in data)) data[name] = cell;
  });
  return data;
}
