import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Renames an audited row's keys from column names (as the trigger stores them, e.g. first_name) to the
 * table's field names (firstName). Keys that match no column stay as they are.
 */
export function toAuditRowKeys(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const byColumn = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [byColumn.get(column) ?? column, value]));
}
