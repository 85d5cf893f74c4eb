import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { EXPORT_FORMATS, ZViewFilter, ZViewSort } from '@hearth/shared/views/views.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { authorizeView } from './views.service';
import { compileWhere, compileSort, iterateViewRows } from './views.query';
import type { ViewColumnDefinition } from './views.registry';

/** The table state an export reproduces: the same filters, sort and search as the screen, and its columns. */
export const ZExportViewInput = z.object({
  view: z.string().min(1).max(100),
  format: z.enum(EXPORT_FORMATS, { message: 'format must be csv or xlsx' }),
  filters: z.array(ZViewFilter).max(50).default([]),
  sort: z.array(ZViewSort).max(5).default([]),
  search: z.string().trim().max(200).optional(),
  columns: z.array(z.string().min(1).max(100)).max(100).optional(),
});
export type ExportViewInput = z.infer<typeof ZExportViewInput>;

/**
 * A value as a file cell: money in dollars from integer cents (CSV text with 2 decimals, XLSX a number shown with
 * 2 decimals), booleans as Yes/No, enums by label, the rest as is.
 */
export function exportCell(
  column: ViewColumnDefinition,
  value: unknown,
  format: ExportViewInput['format'],
): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.type === 'money') return format === 'csv' ? (Number(value) / 100).toFixed(2) : Number(value) / 100;
  if (column.type === 'boolean') return value ? 'Yes' : 'No';
  if (column.type === 'enum') return column.options?.find((o) => o.value === value)?.label ?? String(value);
  return value as string | number;
}

/**
 * Exports every row of a view in the given state (all pages, not only the visible one) as CSV or XLSX, streamed
 * in chunks so a large result never sits in memory. The state is checked before anything is sent.
 * @returns the file name (`<view>-YYYY-MM-DD.<format>`), its content type and the byte stream.
 * @throws AppError BAD_REQUEST (bad state or columns), FORBIDDEN, NOT_FOUND, before streaming starts.
 */
export function exportView({ scope, input }: { scope: Scope; input: ExportViewInput }) {
  const view = authorizeView(scope, input.view);
  const keys = input.columns?.length ? input.columns : view.columns.filter((c) => c.visibleByDefault !== false).map((c) => c.key);
  const columns = keys.map((k) => {
    const column = view.columns.find((c) => c.key === k);
    if (!column) throw new AppError('BAD_REQUEST', `Unknown column "${k}" in view ${view.name}`);
    return column;
  });
  const state = { filters: input.filters, sort: input.sort, search: input.search };
  compileWhere(scope, view, state);
  compileSort(view, state.sort);
  const chunks = iterateViewRows(scope, view, state, keys);
  const toCells = (row: Record<string, unknown>) => columns.map((c) => exportCell(c, row[c.key], input.format));
  const filename = `${view.name}-${new Date().toISOString().slice(0, 10)}.${input.format}`;

  if (input.format === 'csv') {
    async function* csv() {
      yield `\uFEFF${Papa.unparse([columns.map((c) => c.label)])}\r\n`;
      for await (const rows of chunks) yield `${Papa.unparse(rows.map(toCells))}\r\n`;
    }
    return { filename, contentType: 'text/csv; charset=utf-8', stream: Readable.from(csv()) };
  }

  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(view.label);
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(12, c.label.length + 2),
    ...(c.type === 'money' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const rows of chunks) for (const row of rows) sheet.addRow(toCells(row)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { filename, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
}
