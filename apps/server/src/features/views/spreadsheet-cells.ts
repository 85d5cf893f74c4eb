import Papa from 'papaparse';

/**
 * Formula injection in exported spreadsheets (OWASP "CSV Injection"): a cell whose text starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is read as a formula by spreadsheet programs, so a client named
 * `=HYPERLINK("http://x")` would run when the office opens the file. Every CSV and XLSX cell Hearth writes passes
 * through spreadsheetCell, which prefixes such text with a single quote, as OWASP advises.
 *
 * Per format:
 * - CSV (view and record exports, billing, ADP payroll, HHAeXchange): the quote is written. Numbers are never
 *   changed: a number cell, or text that is a plain decimal number ("-12.50", "+16175550100"), is not a formula,
 *   so negative amounts in billing and payroll stay numbers, and the values the ADP and HHAeXchange imports match
 *   on (codes, file numbers, hours, amounts, dates) never start with those characters. Only text such as a name or
 *   an address that looks like a formula gains the quote.
 * - XLSX (view and record exports): strings are written as text cells, which Excel does not evaluate, but a cell
 *   edited in place or a sheet saved again as CSV would be; the same quote is written, so both formats hold the same
 *   text.
 * - JSON (Sandata altEVV) is not a spreadsheet: values are written exactly, as the interface requires.
 */

/** Text a spreadsheet would read as a formula: starting with = + - @ tab or CR, and not a plain decimal number. */
const FORMULA_START = /^(?![+-]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** A cell as written to a CSV or XLSX file: formula-looking text gains a leading single quote; the rest as is. */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** CSV text (papaparse, CRLF line ends, fields quoted when needed) of rows whose cells pass spreadsheetCell. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(spreadsheetCell)),
    { newline: '\r\n' },
  );
}
