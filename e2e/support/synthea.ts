import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

/** The repository's Synthea sample (real Synthea output, trimmed; see its SOURCE.md). */
export const SYNTHEA_DIR = fileURLToPath(
  new URL('../../apps/server/src/features/file-imports/fixtures/synthea', import.meta.url),
);

/** The path of a file of the sample. */
export const syntheaPath = (file: string) => path.join(SYNTHEA_DIR, file);

/** The data rows of a file of the sample, header -> cell, as a plain CSV parser reads them. */
export function syntheaRows(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(fs.readFileSync(syntheaPath(file), 'utf8'), { header: true, skipEmptyLines: true })
    .data;
}

/** A count as the pages write it ("1,171"). */
export const countText = (n: number) => n.toLocaleString('en-US');
