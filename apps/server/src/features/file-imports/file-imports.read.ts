import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { xlsxReaderInput } from './file-imports.xlsx-input';

/**
 * Reading an import file as records, streamed (never the whole file in memory): CSV through papaparse's parser
 * (UTF-8 with or without a byte order mark, CRLF, LF or CR line ends, quoted fields over several lines, comma,
 * semicolon or tab as separator), XLSX through exceljs's streaming reader (the first worksheet). Blank records
 * are skipped; each record carries the line of the file it starts on (XLSX: its row number), so messages can name
 * it. What makes the file as a whole unreadable is a FileImportProblem.
 */

/** A problem of the file itself (not UTF-8, not a workbook, a quote never closed): the import fails with it. */
export class FileImportProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileImportProblem';
  }
}

/** One record of the file: the line it starts on (header = line 1 when it is the first), its cells as text. */
export interface SheetRecord {
  line: number;
  cells: string[];
  /** A problem of this record alone (e.g. a malformed quote), reported as the row's error. */
  problem?: string;
}

/** The format an import is read as: XLSX by its content type or name, CSV otherwise. */
export function formatOf(file: { fileName: string; contentType: string }): 'csv' | 'xlsx' {
  const xlsx = file.contentType.includes('spreadsheetml') || file.fileName.toLowerCase().endsWith('.xlsx');
  return xlsx ? 'xlsx' : 'csv';
}

const NEWLINE = 0x0a;

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) n += 1;
  return n;
}

/**
 * The bytes of `source` as text, cut after line ends so that a multi-byte character is never split, decoded
 * strictly (TextDecoder fatal: invalid UTF-8 is an error, never replaced). A byte order mark at the start goes.
 * @throws FileImportProblem "Line N is not UTF-8 text ..." naming the first line with invalid bytes.
 */
export async function* utf8Text(source: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let pending: Uint8Array[] = [];
  let line = 1;
  let first = true;
  const decode = (bytes: Uint8Array): string => {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      // Which line: decode line by line (a newline byte never occurs inside a UTF-8 sequence).
      let bad = line;
      for (let start = 0; start <= bytes.length; bad += 1) {
        const end = bytes.indexOf(NEWLINE, start);
        try {
          decoder.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
        } catch {
          break;
        }
        if (end === -1) break;
        start = end + 1;
      }
      throw new FileImportProblem(`Line ${bad} is not UTF-8 text: save the file as "CSV UTF-8" (or XLSX) and import it again`);
    }
    line += countNewlines(bytes);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    return text;
  };
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const cut = bytes.lastIndexOf(NEWLINE);
    if (cut === -1) {
      pending.push(bytes);
      continue;
    }
    const head = pending.length ? Buffer.concat([...pending, bytes.subarray(0, cut + 1)]) : bytes.subarray(0, cut + 1);
    pending = cut + 1 < bytes.length ? [bytes.subarray(cut + 1)] : [];
    yield decode(head);
  }
  if (pending.length) yield decode(Buffer.concat(pending));
}

/** The separator of a CSV from its header line: comma, or semicolon or tab when those are what it uses. */
function separatorOf(headerLine: string): string {
  const count = (c: string) => headerLine.split(c).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * The records of a CSV file. Line ends are made LF first (also inside quoted fields); a record's line is the
 * line it starts on, counting the line ends inside its quoted fields.
 * @throws FileImportProblem for invalid UTF-8 or a quoted field that never closes.
 */
export async function* csvRecords(source: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<SheetRecord> {
  let parser: Papa.Parser | null = null;
  let partial = '';
  let line = 1;
  const take = function* (result: Papa.ParseResult<string[]>): Generator<SheetRecord> {
    const problems = new Map(result.errors.map((e) => [e.row, e] as const));
    for (const [i, cells] of result.data.entries()) {
      const record: SheetRecord = { line, cells };
      const problem = problems.get(i);
      if (problem?.code === 'InvalidQuotes')
        record.problem = 'A quoted value of this line is malformed (a " inside it must be doubled)';
      line += 1;
      for (const cell of cells) for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) line += 1;
      if (!isBlank(cells) || record.problem) yield record;
    }
  };
  for await (const text of utf8Text(source)) {
    const input = partial + text.replace(/\r\n?/g, '\n');
    if (!parser) {
      const end = input.indexOf('\n');
      parser = new Papa.Parser({ delimiter: separatorOf(end === -1 ? input : input.slice(0, end)), newline: '\n' });
    }
    const result = parser.parse(input, 0, true) as Papa.ParseResult<string[]>;
    partial = input.slice(result.meta.cursor);
    yield* take(result);
  }
  if (partial === '' || parser === null) return;
  const result = parser.parse(partial, 0, false) as Papa.ParseResult<string[]>;
  if (result.errors.some((e) => e.code === 'MissingQuotes')) {
    throw new FileImportProblem(
      `Line ${line}: a quoted value never closes (a " is missing), so the rest of the file cannot be read`,
    );
  }
  yield* take(result);
}

/** A cell of a worksheet as text: dates as YYYY-MM-DD (with " HH:MM" when they hold a time), formulas' results. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value);
}

/**
 * The rows of an XLSX file's first worksheet, each with its row number as line.
 *
 * exceljs copies each worksheet that comes before the shared strings in the archive (as Excel writes them) to a
 * temporary file, and removes a copy only once the next worksheet is asked for; a reader stopped early (a missing
 * column found in the header, an import handed to another attempt) would leave them on disk until the process ends.
 * So a stopped read still asks for every worksheet, opening none of them, and the copies are removed.
 * @throws FileImportProblem when the file is not a readable workbook.
 */
export async function* xlsxRecords(source: Readable): AsyncGenerator<SheetRecord> {
  const input = xlsxReaderInput(source);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const worksheets = workbook[Symbol.asyncIterator]();
  let ended = false;
  try {
    let first = true;
    for (let next = await worksheets.next(); !next.done; next = await worksheets.next()) {
      // The other worksheets are read to their end too, unused: stopping early would leave their copies behind.
      for await (const row of next.value) {
        if (!first) continue;
        const values = (row.values as unknown[]).slice(1);
        const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]));
        if (!isBlank(cells)) yield { line: row.number, cells };
      }
      first = false;
    }
    ended = true;
  } catch (error) {
    ended = true;
    if (error instanceof FileImportProblem) throw error;
    throw new FileImportProblem(`The file is not a readable XLSX workbook (${(error as Error).message})`);
  } finally {
    if (!ended) await skipWorksheets(worksheets);
    input.destroy();
  }
}

/**
 * Asks a stopped workbook reader for each remaining worksheet and closes it unread, so exceljs removes the
 * temporary copies it made (see xlsxRecords). Errors are ignored: the read has already ended.
 */
async function skipWorksheets(worksheets: AsyncIterator<AsyncIterable<unknown>>): Promise<void> {
  try {
    for (let next = await worksheets.next(); !next.done; next = await worksheets.next()) {
      // Its stream is closed by the loop's early return, before the reader removes the copy it was reading.
      for await (const row of next.value) {
        void row;
        break;
      }
    }
  } catch {
    // A broken archive: nothing more to remove that the reader knows of.
  }
}

/** The records of an import file in `format`. */
export function readRecords(source: Readable, format: 'csv' | 'xlsx'): AsyncGenerator<SheetRecord> {
  return format === 'xlsx' ? xlsxRecords(source) : csvRecords(source);
}
