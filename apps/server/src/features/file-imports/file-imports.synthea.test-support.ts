import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

/**
 * The repository's Synthea sample (pre-3.0 columns) rewritten in the column layouts of Synthea 3.x, per Synthea's
 * "CSV File Data Dictionary", for the tests of the imports:
 * - patients.csv: `MIDDLE` after `FIRST`, `FIPS` after `COUNTY`, `INCOME` last;
 * - providers.csv: ZIP+4 written as nine digits without a hyphen ("693391143"), `ENCOUNTERS` and `PROCEDURES` in
 *   place of `UTILIZATION`;
 * - payers.csv: `OWNERSHIP` after `NAME`.
 * Ids get a prefix, so the rewritten rows are other records than the sample's own. Plain Node (no test runner), so
 * the Playwright flows use it too.
 */

/** The Synthea files of the repository's sample (fixtures/synthea, see its SOURCE.md). */
export type SyntheaFileName = 'patients.csv' | 'providers.csv' | 'payers.csv' | 'organizations.csv';

/** The path of a file of the repository's Synthea sample (real Synthea output, trimmed: fixtures/synthea/SOURCE.md). */
export function syntheaFixturePath(name: SyntheaFileName): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/synthea', name);
}

/** The bytes of a file of the repository's Synthea sample. */
export function syntheaFile(name: SyntheaFileName): Buffer {
  return fs.readFileSync(syntheaFixturePath(name));
}

type Row = Record<string, string>;

/** The rows of a sample file, header -> cell. */
export function syntheaRows(name: SyntheaFileName): Row[] {
  return Papa.parse<Row>(syntheaFile(name).toString('utf8'), { header: true, skipEmptyLines: true }).data;
}

/** Rows as CSV bytes with exactly `columns`, in that order. */
export function csvOf(columns: string[], rows: Row[]): Buffer {
  return Buffer.from(Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((c) => row[c] ?? '')) }) + '\n');
}

/** Columns of Synthea 3.x, from the data dictionary. */
export const SYNTHEA_3_COLUMNS = {
  patients: [
    'Id',
    'BIRTHDATE',
    'DEATHDATE',
    'SSN',
    'DRIVERS',
    'PASSPORT',
    'PREFIX',
    'FIRST',
    'MIDDLE',
    'LAST',
    'SUFFIX',
    'MAIDEN',
    'MARITAL',
    'RACE',
    'ETHNICITY',
    'GENDER',
    'BIRTHPLACE',
    'ADDRESS',
    'CITY',
    'STATE',
    'COUNTY',
    'FIPS',
    'ZIP',
    'LAT',
    'LON',
    'HEALTHCARE_EXPENSES',
    'HEALTHCARE_COVERAGE',
    'INCOME',
  ],
  providers: [
    'Id',
    'ORGANIZATION',
    'NAME',
    'GENDER',
    'SPECIALITY',
    'ADDRESS',
    'CITY',
    'STATE',
    'ZIP',
    'LAT',
    'LON',
    'ENCOUNTERS',
    'PROCEDURES',
  ],
  payers: [
    'Id',
    'NAME',
    'OWNERSHIP',
    'ADDRESS',
    'CITY',
    'STATE_HEADQUARTERED',
    'ZIP',
    'PHONE',
    'AMOUNT_COVERED',
    'AMOUNT_UNCOVERED',
    'REVENUE',
    'COVERED_ENCOUNTERS',
    'UNCOVERED_ENCOUNTERS',
    'COVERED_MEDICATIONS',
    'UNCOVERED_MEDICATIONS',
    'COVERED_PROCEDURES',
    'UNCOVERED_PROCEDURES',
    'COVERED_IMMUNIZATIONS',
    'UNCOVERED_IMMUNIZATIONS',
    'UNIQUE_CUSTOMERS',
    'QOLS_AVG',
    'MEMBER_MONTHS',
  ],
} as const;

/** A ZIP as Synthea 3.x providers.csv writes it: nine digits, no hyphen (a 5-digit one gets a made-up add-on). */
export function nineDigitZip(zip: string, index: number): string {
  const digits = zip.replace('-', '').padStart(zip.includes('-') ? 9 : 5, '0');
  return digits.length === 9 ? digits : `${digits}${String(1000 + ((index * 37) % 9000)).padStart(4, '0')}`;
}

/**
 * The sample's patients in the 3.x layout (ids prefixed with `prefix`): a middle name, the county's FIPS code and an
 * income; `withCoordinates: false` leaves out LAT and LON, as some exports do.
 */
export function patients3x(prefix: string, options: { withCoordinates: boolean }): Buffer {
  const rows = syntheaRows('patients.csv').map((row, i) => ({
    ...row,
    Id: `${prefix}${row.Id}`,
    MIDDLE: i % 3 === 0 ? `Lee${i}` : '',
    FIPS: row.ZIP ? `25${String(i % 27).padStart(3, '0')}` : '',
    INCOME: String(20000 + i * 131),
  }));
  const columns = SYNTHEA_3_COLUMNS.patients.filter((c) => options.withCoordinates || (c !== 'LAT' && c !== 'LON'));
  return csvOf(columns, rows);
}

/** The sample's providers in the 3.x layout (ids prefixed): nine-digit ZIPs, ENCOUNTERS and PROCEDURES. */
export function providers3x(prefix: string): Buffer {
  const rows = syntheaRows('providers.csv').map((row, i) => ({
    ...row,
    Id: `${prefix}${row.Id}`,
    ZIP: nineDigitZip(row.ZIP!, i),
    ENCOUNTERS: row.UTILIZATION ?? '0',
    PROCEDURES: String(i % 7),
  }));
  return csvOf([...SYNTHEA_3_COLUMNS.providers], rows);
}

/** The sample's payers in the 3.x layout (ids prefixed), with OWNERSHIP. */
export function payers3x(prefix: string): Buffer {
  const rows = syntheaRows('payers.csv').map((row) => ({
    ...row,
    Id: `${prefix}${row.Id}`,
    OWNERSHIP: row.NAME === 'Medicare' || row.NAME === 'Medicaid' || row.NAME === 'Dual Eligible' ? 'GOVERNMENT' : 'PRIVATE',
  }));
  return csvOf([...SYNTHEA_3_COLUMNS.payers], rows);
}
