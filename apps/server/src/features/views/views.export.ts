import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { zText } from '@hearth/shared/app/input-rules';
import { DateTime } from 'luxon';
import { EXPORT_FORMATS, ROW_TIME_ZONE_KEY, ZViewFilter, ZViewSort } from '@hearth/shared/views/views.schema';
import { formatInstant, formatInstantInterval, zoneAbbreviation } from '@hearth/shared/app/time-display';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import type { Language } from '@hearth/shared/i18n/languages';
import { localizeColumnLabels } from '@hearth/shared/views/view-labels';
import { msg, serverT } from '../../i18n/server-i18n';
import { viewName } from '../../i18n/record-names';
import { authorizeView } from './views.service';
import { compileWhere, compileSort, iterateViewRows, localizeRows } from './views.query';
import type { ViewColumnDefinition, ViewDefinition } from './views.registry';
import { csvText, spreadsheetCell } from './spreadsheet-cells';

/** The table state an export reproduces: the same filters, sort and search as the screen, and its columns. */
export const ZExportViewInput = z.object({
  view: zText().min(1).max(100),
  format: z.enum(EXPORT_FORMATS, { message: 'format must be csv or xlsx' }),
  filters: z.array(ZViewFilter).max(50).default([]),
  sort: z.array(ZViewSort).max(5).default([]),
  search: zText().trim().max(200).optional(),
  columns: z.array(zText().min(1).max(100)).max(100).optional(),
});
export type ExportViewInput = z.infer<typeof ZExportViewInput>;

/** An XLSX cell holding a wall-clock date and time, shown with its zone's abbreviation by its number format. */
export interface WallClockCell {
  value: Date;
  numFmt: string;
}

/**
 * An instant as an XLSX date cell on the wall clock of `timeZone`: a spreadsheet date (sortable, filterable) whose
 * number format writes it as on screen with four-digit years and the zone's abbreviation at that instant
 * ("03/09/2026 9:00 AM CDT"). Spreadsheet dates carry no zone, so the Date holds the wall-clock fields as UTC
 * (ExcelJS writes Dates from their UTC time). Null for an unreadable instant.
 */
export function wallClockCell(at: string, timeZone: string): WallClockCell | null {
  const local = DateTime.fromISO(at, { zone: timeZone });
  if (!local.isValid) return null;
  const value = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  return { value, numFmt: `mm/dd/yyyy h:mm AM/PM "${zoneAbbreviation(timeZone, at)}"` };
}

/**
 * A name a view declares (`label`, `columns.<key>`, `options.<key>.<value>`) in `language`, as the staff table shows
 * it (localizeViewMeta on the web): the dataTable catalogue's backendViews.<view>.<path>, else the server's English.
 * English is the server's own text, so an English export is as it always was.
 */
export function viewWord(view: string, path: string, english: string, language: Language): string {
  if (language === 'en') return english;
  return serverT(language)(`dataTable:backendViews.${view}.${path}` as never, { defaultValue: english }) as string;
}

/** A column with its label and its options' labels in `language` (viewWord), for an export's heading and cells. */
export function localizeColumn(view: ViewDefinition, column: ViewColumnDefinition, language: Language): ViewColumnDefinition {
  if (language === 'en') return column;
  return localizeColumnLabels(column, (path, english) => viewWord(view.name, path, english, language));
}

/**
 * A value as a file cell: money in dollars from integer cents (CSV text with 2 decimals, XLSX a number shown with
 * 2 decimals), booleans as Yes/No (common:yes and common:no in another `language`: "Sí"/"No"), enums by label
 * (localizeColumn words them); datetimes on the wall clock of the row's time zone (its branch's) with the zone's
 * abbreviation, always (a file is read anywhere): CSV text "03/09/2026 9:00 AM CDT", XLSX a date cell
 * (wallClockCell); a 'timeRange' column as "9:00 AM – 1:00 PM CDT"; the rest as is (dates YYYY-MM-DD).
 */
export function exportCell(
  column: ViewColumnDefinition,
  value: unknown,
  format: ExportViewInput['format'],
  timeZone: string,
  language: Language = 'en',
): string | number | WallClockCell | null {
  if (value === null || value === undefined) return null;
  if (column.type === 'money') return format === 'csv' ? (Number(value) / 100).toFixed(2) : Number(value) / 100;
  if (column.type === 'boolean') {
    if (language === 'en') return value ? 'Yes' : 'No';
    return serverT(language)((value ? 'common:yes' : 'common:no') as never) as string;
  }
  if (column.type === 'enum') return column.options?.find((o) => o.value === value)?.label ?? String(value);
  if (column.type === 'datetime') {
    const at = String(value);
    if (format === 'xlsx') return wallClockCell(at, timeZone) ?? at;
    return formatInstant(at, timeZone, { style: 'fileDateTime', zoneName: 'always' });
  }
  if (column.display === 'timeRange' && typeof value === 'string') {
    const range = formatInstantInterval(value, timeZone, { zoneName: 'always' });
    if (range !== null) return range;
  }
  return value as string | number;
}

function isWallClock(cell: unknown): cell is WallClockCell {
  return typeof cell === 'object' && cell !== null && (cell as WallClockCell).value instanceof Date;
}

/**
 * Exports every row of a view in the given state (all pages, not only the visible one) as CSV or XLSX, streamed
 * in chunks so a large result never sits in memory. The state is checked before anything is sent. The file is in
 * `language` (the exporting user's, as queryView answers them): the sheet's name, the headings, the options and
 * yes/no (viewWord), and the values of `translatable` columns (localizeRows); English by default, as it always was.
 * Dates, times and money keep the file formats every reader's spreadsheet reads.
 * @returns the file name (`<view>-YYYY-MM-DD.<format>`), its content type and the byte stream.
 * @throws AppError BAD_REQUEST (bad state or columns), FORBIDDEN, NOT_FOUND, before streaming starts.
 */
export function exportView({ scope, input, language = 'en' }: { scope: Scope; input: ExportViewInput; language?: Language }) {
  const view = authorizeView(scope, input.view);
  const keys = input.columns?.length ? input.columns : view.columns.filter((c) => c.visibleByDefault !== false).map((c) => c.key);
  const columns = keys.map((k) => {
    const column = view.columns.find((c) => c.key === k);
    if (!column) throw new AppError('BAD_REQUEST', msg('errors.views.unknownColumn', { column: k, view: viewName(view.name) }));
    return localizeColumn(view, column, language);
  });
  const state = { filters: input.filters, sort: input.sort, search: input.search };
  compileWhere(scope, view, state);
  compileSort(view, state.sort);
  const chunks = iterateViewRows(scope, view, state, keys);
  // Every cell is guarded against formula injection (spreadsheetCell), in CSV and XLSX alike.
  const toCells = (row: Record<string, unknown>) =>
    columns.map((c) => spreadsheetCell(exportCell(c, row[c.key], input.format, String(row[ROW_TIME_ZONE_KEY]), language)));
  const filename = `${view.name}-${new Date().toISOString().slice(0, 10)}.${input.format}`;

  if (input.format === 'csv') {
    async function* csv() {
      yield `\uFEFF${csvText([columns.map((c) => c.label)])}\r\n`;
      for await (const rows of chunks) yield `${csvText(localizeRows(view, rows, language).map(toCells))}\r\n`;
    }
    return { filename, contentType: 'text/csv; charset=utf-8', stream: Readable.from(csv()) };
  }

  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  // Excel refuses a sheet name longer than 31 characters (a Spanish label can be longer), which ExcelJS's stream writer
  // does not cut.
  const sheet = workbook.addWorksheet(viewWord(view.name, 'label', view.label, language).slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(c.type === 'datetime' ? 24 : 12, c.label.length + 2),
    ...(c.type === 'money' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const rows of chunks) {
      for (const row of localizeRows(view, rows, language)) {
        const cells = toCells(row);
        const added = sheet.addRow(cells.map((cell) => (isWallClock(cell) ? cell.value : cell)));
        cells.forEach((cell, index) => {
          if (isWallClock(cell)) added.getCell(index + 1).numFmt = cell.numFmt;
        });
        added.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { filename, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
}
