import type { Readable } from 'node:stream';
import type { FileExportParams } from '@hearth/shared/file-exports/file-exports.schema';
import type { FileExportKind } from '@hearth/shared/file-exports/file-exports.constants';
import { parseFileExportSettings, type FileExportSettings } from '@hearth/shared/file-exports/file-exports.kinds';
import type { PayPeriod } from '@hearth/shared/payroll/payroll-hours';
import type { Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { exportProblems } from './file-exports.messages';
import { csvText } from '../views/spreadsheet-cells';
import type { fileExports } from './file-exports.schema';
import type { FileExportTypeRow } from './file-exports.types';

export type FileExportRow = typeof fileExports.$inferSelect;

/** What a file builder gets: the database, the requester's scope narrowed to the export, the export and its type. */
export interface ExportRun {
  db: Db;
  scope: Scope;
  row: FileExportRow;
  type: FileExportTypeRow;
  params: FileExportParams;
}

/** A built file: its bytes (a buffer, or a stream the storage reads to its end), type, extension and data rows. */
export interface BuiltExportFile {
  body: Buffer | Readable;
  contentType: string;
  extension: 'csv' | 'xlsx' | 'json';
  rowCount: number;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A CSV file (papaparse, CRLF line ends, every field quoted only when needed) of a header and rows, each cell
 * guarded against formula injection (spreadsheetCell in views/spreadsheet-cells.ts: text that looks like a formula
 * gains a leading single quote; numbers are never changed). `bom` starts it with a UTF-8 byte order mark so
 * spreadsheet programs read accents right: set for files people open, left out for files another system imports by
 * header (ADP, HHAeXchange), whose first header must be the first bytes.
 */
export function csvFile(header: string[], rows: (string | number | null)[][], options: { bom: boolean }): BuiltExportFile {
  const text = csvText([header, ...rows]);
  return {
    body: Buffer.from(`${options.bom ? '\uFEFF' : ''}${text}\r\n`, 'utf8'),
    contentType: CSV_CONTENT_TYPE,
    extension: 'csv',
    rowCount: rows.length,
  };
}

/**
 * The period of a period export (from and to were checked when it was queued).
 * @throws AppError BAD_REQUEST when either is missing.
 */
export function periodOf(params: FileExportParams): PayPeriod {
  if (!params.from || !params.to) throw new AppError('BAD_REQUEST', 'This export needs a period: from and to');
  return { from: params.from, to: params.to };
}

/**
 * The stored settings of the run's type read with the kind's defaults.
 * @throws AppError BAD_REQUEST naming the setting when a stored value no longer fits.
 */
export function settingsOf<K extends FileExportKind>(run: ExportRun, kind: K): FileExportSettings<K> {
  const parsed = parseFileExportSettings(kind, run.type.settings);
  if (parsed.errors) {
    const problems = exportProblems(kind, Object.values(parsed.errors));
    throw new AppError('BAD_REQUEST', msg('errors.exports.typeSettings', { type: run.type.name, problems }));
  }
  return parsed.settings;
}

/** The modifiers of a service as written in one field: ["U1", "TT"] -> "U1:TT". */
export function modifiersText(modifiers: readonly string[]): string {
  return modifiers.join(':');
}
