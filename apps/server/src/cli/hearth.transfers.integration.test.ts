import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { engineEnv, hearth, removeTempDirs, syntheaPath, tempDir } from './hearth.test-support';

/**
 * import and export on this run's engine (a copy of the seeded test database: PostgreSQL with TEST_DATABASE_URL,
 * else an embedded DATA_DIR), run in this process with their jobs, as an operator types them.
 */

let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
let cwd: string;

beforeAll(async () => {
  ({ env, drop } = await engineEnv({ empty: false }));
  cwd = tempDir();
}, 60_000);
afterAll(async () => {
  await drop();
  removeTempDirs();
});

describe('import', () => {
  it('imports Synthea payers.csv as 10 payer sources, and the same file again as 10 unchanged', async () => {
    const first = await hearth(env, cwd, 'import', 'synthea-payers', syntheaPath('payers.csv'));
    expect(first).toEqual({
      code: 0,
      out: [
        expect.stringMatching(/^Import \d+: payers\.csv as Synthea payers, by companyadmin$/),
        '  10 / 10 rows',
        'Completed: 10 rows: 10 created, 0 updated, 0 unchanged, 0 warnings, 0 errors',
      ],
      err: [],
    });
    const again = await hearth(env, cwd, 'import', 'synthea-payers', syntheaPath('payers.csv'), '--as', 'companyadmin');
    expect(again.out.at(-1)).toBe('Completed: 10 rows: 0 created, 0 updated, 10 unchanged, 0 warnings, 0 errors');
  }, 60_000);

  it('imports Synthea patients.csv into a branch named on the command line, printing progress and the first warnings', async () => {
    const file = Papa.parse<Record<string, string>>(fs.readFileSync(syntheaPath('patients.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    // Lines (the header is line 1) of the patients without a ZIP: they import without their address, with a warning.
    const noZip = file.flatMap((row, i) => (row.ZIP === '' ? [i + 2] : []));
    expect(noZip.length).toBeGreaterThan(5);
    const run = await hearth(env, cwd, 'import', 'synthea-patients', syntheaPath('patients.csv'), '--branch', 'worcester');
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/^Import \d+: patients\.csv as Synthea patients into Worcester, by companyadmin$/);
    const summary = run.out.findIndex((line) => line.startsWith('Completed:'));
    const progress = run.out.slice(1, summary);
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) expect(line).toMatch(new RegExp(`^ {2}\\d+ / ${file.length} rows$`));
    expect(progress.at(-1)).toBe(`  ${file.length} / ${file.length} rows`);
    expect(run.out.slice(summary)).toEqual([
      `Completed: ${file.length} rows: ${file.length} created, 0 updated, 0 unchanged, ${noZip.length} warnings, 0 errors`,
      'Warnings (rows written without something of the file):',
      ...noZip.slice(0, 5).map((line) => `  line ${line}: Address not saved: ZIP is required`),
      `  and ${noZip.length - 5} more warnings (every row is listed at /file-import-rows)`,
    ]);
  }, 60_000);

  it('lists the first row errors with their line numbers, relative paths from the operator directory', async () => {
    fs.mkdirSync(path.join(cwd, 'in'));
    fs.writeFileSync(
      path.join(cwd, 'in', 'clients.csv'),
      [
        'Client ID,First Name,Last Name,Date of Birth',
        'cli-1,Ann,Lee,1950-02-03',
        'cli-2,Bob,,1951-04-05',
        ',Cy,Dunn,',
        'cli-1,Ann,Lee,',
      ].join('\n'),
    );
    const run = await hearth(env, cwd, 'import', 'clients', 'in/clients.csv', '--branch', 'Boston', '--as', 'branchmanager');
    expect(run.code).toBe(0);
    expect(run.out.slice(-5)).toEqual([
      'Completed: 4 rows: 1 created, 0 updated, 0 unchanged, 0 warnings, 3 errors',
      'Errors (rows not written):',
      expect.stringMatching(/^ {2}line 3: .*Last name/),
      '  line 4: Client ID is required',
      '  line 5: Client ID cli-1 is also on line 2',
    ]);
  }, 60_000);

  it('refuses an unknown type (listing the known ones), a missing file, an unknown branch and a bad file', async () => {
    const unknown = await hearth(env, cwd, 'import', 'patients', syntheaPath('patients.csv'));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual([
      'Unknown import type patients; known types: adp-employees, authorizations, caregivers, clients, payer-sources, shifts, synthea-patients, synthea-payers, synthea-providers',
    ]);
    const missing = await hearth(env, cwd, 'import', 'clients', 'nope.csv');
    expect(missing).toEqual({ code: 1, out: [], err: [`No such file: ${path.join(cwd, 'nope.csv')}`] });
    const branch = await hearth(env, cwd, 'import', 'clients', 'in/clients.csv', '--branch', 'Nantucket');
    expect(branch.err[0]).toMatch(
      /^Branch Nantucket not found; branches: Boston \(\d+\), Worcester \(\d+\), Springfield \(\d+\)$/,
    );
    const columns = await hearth(env, cwd, 'import', 'clients', syntheaPath('payers.csv'), '--branch', 'Boston');
    expect(columns.code).toBe(1);
    expect(columns.err[0]).toMatch(/^Import \d+ failed: The file lacks the columns "Client ID", "First Name", "Last Name"/);
  }, 60_000);
});

describe('export', () => {
  it('exports the clients of a branch to a file and names it', async () => {
    const run = await hearth(env, cwd, 'export', 'clients', '--branch', 'Worcester', '--out', 'worcester.csv');
    expect(run.code).toBe(0);
    const file = path.join(cwd, 'worcester.csv');
    const [, count] = run.out.at(-1)!.match(new RegExp(`^Wrote (\\d+) rows to ${file} \\(\\d+ bytes\\)$`)) ?? [];
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data).toHaveLength(Number(count));
    // Worcester's demo clients and the patients the import above added.
    const patients = Papa.parse(fs.readFileSync(syntheaPath('patients.csv'), 'utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.data.length).toBeGreaterThan(patients.data.length);
    expect(new Set(parsed.data.map((r) => r.Branch))).toEqual(new Set(['Worcester']));
    expect(parsed.data).toContainEqual(expect.objectContaining({ 'First name': 'José Eduardo', 'Last name': 'Gómez' }));
  }, 60_000);

  it('writes to the export own file name by default and names a bad parameter by its option', async () => {
    const run = await hearth(
      env,
      cwd,
      'export',
      'payroll-adp',
      '--branch',
      'Boston',
      '--from',
      '2025-03-01',
      '--to',
      '2025-03-14',
    );
    expect(run.code).toBe(0);
    expect(run.out.at(-1)).toMatch(new RegExp(`^Wrote \\d+ rows to ${path.join(cwd, 'payroll-adp-2025-03-01-2025-03-14.csv')}`));
    expect(fs.existsSync(path.join(cwd, 'payroll-adp-2025-03-01-2025-03-14.csv'))).toBe(true);
    expect((await hearth(env, cwd, 'export', 'payroll-adp', '--to', '2025-03-14')).err).toEqual(['--from: From is required']);
    expect((await hearth(env, cwd, 'export', 'clients', '--from', '2025-03-01')).err).toEqual([
      '--from: from does not apply to Clients exports',
    ]);
    const unknown = await hearth(env, cwd, 'export', 'patients');
    expect(unknown.err).toEqual([
      'Unknown export type patients; known types: billing, caregivers, clients, evv-hhaexchange, evv-sandata, payroll-adp, shifts',
    ]);
  }, 60_000);
});
