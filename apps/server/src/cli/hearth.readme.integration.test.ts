import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../db/client';
import { branches } from '../features/branches/branches.schema';
import { clients } from '../features/clients/clients.schema';
import { companies } from '../features/companies/companies.schema';
import { fileImports } from '../features/file-imports/file-imports.schema';
import { users } from '../features/users/users.schema';
import { csvOf, SYNTHEA_3_COLUMNS } from '../features/file-imports/file-imports.synthea.test-support';
import { engineEnv, hearthWithInput, removeTempDirs, ROOT, syntheaPath, tempDir, type CliRun } from './hearth.test-support';

/**
 * A new user's walk of the README: every shell block of README.md marked `<!-- walk: new database -->` runs as
 * written, on a new empty database of this run's engine (PostgreSQL with TEST_DATABASE_URL, else the embedded one),
 * with the blocks marked `<!-- walk: same database -->` after it. The files the blocks name (`path/to/synthea/...`,
 * `path/to/nebraska/...`) are laid out in the operator's directory: the repository's Synthea sample, and a small
 * Nebraska export in Synthea 3.x columns written here. A block that uses a shell form this walk does not know fails
 * the test, so the README stays something a new user can type.
 */

afterAll(removeTempDirs);

/** What the README's blocks read from the environment (`"$ADMIN_PASSWORD"`). */
const SHELL_VARIABLES: Record<string, string> = { ADMIN_PASSWORD: 'Readme-walk-pass-9' };

/** A marked shell block of the README: how it starts (a new database, or the one of the block before), its lines, its section. */
interface Walk {
  kind: 'new database' | 'same database';
  lines: string[];
  heading: string;
}

/** The README's marked blocks in order, each command on one line (continuation backslashes joined). */
function readmeWalks(): Walk[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/<!-- walk: (new database|same database)\b[^>]*-->\s*```sh\n([\s\S]*?)```/g)];
  return blocks.map(({ 1: kind, 2: body, index }) => ({
    kind: kind as Walk['kind'],
    heading: [...readme.slice(0, index).matchAll(/^#+ (.+)$/gm)].at(-1)?.[1] ?? 'README',
    lines: body!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  }));
}

/**
 * The words of a shell line as sh splits them: '...' literal, "..." and bare words with $NAME expanded from
 * SHELL_VARIABLES, `|` a word of its own, and a `#` starting a word the start of a comment.
 * @throws Error for a variable the walk does not know.
 */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (text: string) =>
    text.replace(/\$(\w+)/g, (_, name: string) => {
      if (!(name in SHELL_VARIABLES)) throw new Error(`The README walk does not know $${name}: ${line}`);
      return SHELL_VARIABLES[name]!;
    });
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) break;
    else if (c === '|' && word === null) words.push('|');
    else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      word = (word ?? '') + expand(line.slice(i + 1, end));
      i = end;
    } else {
      const bare = /^[^\s'"|]+/.exec(line.slice(i))![0];
      word = (word ?? '') + expand(bare);
      i += bare.length - 1;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** One line of a block as the walk runs it: the command's arguments (or `npm start`), its input, its variables. */
interface Step {
  line: string;
  argv: string[] | 'npm start';
  stdin: string | null;
  env: Record<string, string>;
  exports: Record<string, string>;
}

/**
 * A README line as a step: `[export] NAME=value`, `NAME=value ... npm run hearth -- <args>`, `npm run seed:demo`,
 * `npm start`, and `printf '%s\n' <text> | <command>` (the text as standard input).
 * @throws Error for any other form.
 */
function stepOf(line: string): Step {
  let words = shellWords(line);
  let stdin: string | null = null;
  const pipe = words.indexOf('|');
  if (pipe !== -1) {
    const [printf, format, text] = words.slice(0, pipe);
    if (printf !== 'printf' || format !== '%s\\n' || pipe !== 3) throw new Error(`The README walk cannot pipe: ${line}`);
    stdin = `${text}\n`;
    words = words.slice(pipe + 1);
  }
  const env: Record<string, string> = {};
  const exports: Record<string, string> = {};
  if (words[0] === 'export') {
    for (const assignment of words.slice(1)) {
      const [name, value] = assignment.split(/=(.*)/s);
      exports[name!] = value!;
    }
    return { line, argv: [], stdin, env, exports };
  }
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split(/=(.*)/s);
    env[name!] = value!;
  }
  if (words.join(' ') === 'npm start') return { line, argv: 'npm start', stdin, env, exports };
  if (words.join(' ') === 'npm run seed:demo') return { line, argv: ['seed:demo'], stdin, env, exports };
  if (words.slice(0, 3).join(' ') === 'npm run hearth' && words[3] === '--') {
    return { line, argv: words.slice(4), stdin, env, exports };
  }
  throw new Error(`The README walk does not know this command: ${line}`);
}

/** A small Nebraska export in Synthea 3.x columns: a nine-digit ZIP, one without coordinates, a placeholder ZIP. */
function nebraskaPatients(): Buffer {
  const person = (id: string, first: string, last: string, zip: string, lat: string, lon: string) => ({
    Id: id,
    BIRTHDATE: '1948-03-02',
    SSN: '999-41-5521',
    FIRST: first,
    MIDDLE: 'Ray',
    LAST: last,
    MARITAL: 'M',
    RACE: 'white',
    ETHNICITY: 'nonhispanic',
    GENDER: 'M',
    BIRTHPLACE: 'Lincoln  Nebraska  US',
    ADDRESS: '1200 Dodge St',
    CITY: 'Omaha',
    STATE: 'Nebraska',
    COUNTY: 'Douglas County',
    FIPS: '31055',
    ZIP: zip,
    LAT: lat,
    LON: lon,
    HEALTHCARE_EXPENSES: '1200.5',
    HEALTHCARE_COVERAGE: '300.25',
    INCOME: '41000',
  });
  return csvOf(
    [...SYNTHEA_3_COLUMNS.patients],
    [
      person('ne-1', 'Walter', 'Kowalski', '681021143', '41.2587', '-95.9378'),
      person('ne-2', 'Dale', 'Nguyen', '68105', '', ''),
      person('ne-3', 'Arlo', 'Fischer', '00000', '41.25', '-95.93'),
    ],
  );
}

/** The operator's directory with the files the README's blocks name, where they name them. */
function operatorDirectory(): string {
  const cwd = tempDir('hearth-readme-');
  fs.mkdirSync(path.join(cwd, 'path/to/synthea'), { recursive: true });
  fs.mkdirSync(path.join(cwd, 'path/to/nebraska'), { recursive: true });
  for (const name of ['patients.csv', 'providers.csv', 'payers.csv'] as const) {
    fs.copyFileSync(syntheaPath(name), path.join(cwd, 'path/to/synthea', name));
  }
  fs.writeFileSync(path.join(cwd, 'path/to/nebraska/patients.csv'), nebraskaPatients());
  return cwd;
}

/** A step's output for a failure message. */
function shown(step: Step, run: CliRun): string {
  return [`$ ${step.line}`, ...run.out, ...run.err].join('\n');
}

/** The database the walk used, opened after its commands (the embedded one is free once a command ends). */
async function openEngine(env: NodeJS.ProcessEnv): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openPglite(path.join(env.DATA_DIR!, 'pglite'));
}

/** The walks in the README's order: each new-database block with the same-database blocks after it. */
function walkGroups(): Walk[][] {
  const groups: Walk[][] = [];
  for (const walk of readmeWalks()) {
    if (walk.kind === 'new database') groups.push([walk]);
    else groups.at(-1)!.push(walk);
  }
  return groups;
}

describe('the README, as a new user types it', () => {
  it('marks the blocks of the command line path: a new agency, another state, PostgreSQL, beside the demo agency', () => {
    const walks = readmeWalks();
    expect(walks.map((w) => w.kind)).toEqual(['new database', 'same database', 'new database', 'new database']);
    for (const walk of walks) for (const line of walk.lines) expect(() => stepOf(line)).not.toThrow();
    // The order the README teaches: the database, the first admin, a branch, then imports.
    const firstOf = (walk: Walk, text: string) => walk.lines.findIndex((line) => line.includes(text));
    for (const walk of walks.filter((w) => w.kind === 'new database')) {
      expect(firstOf(walk, 'create-user')).toBeLessThan(firstOf(walk, 'create-branch'));
      expect(firstOf(walk, 'create-branch')).toBeLessThan(firstOf(walk, ' import '));
      expect(walk.lines.join('\n')).not.toContain('--as');
    }
  });

  for (const group of walkGroups()) {
    it(`runs "${group[0]!.heading}" as written`, async () => {
      const { env: engine, drop } = await engineEnv({ empty: true });
      const cwd = operatorDirectory();
      // The README's own DATABASE_URL stands for the reader's server: the walk's engine takes its place.
      let env: NodeJS.ProcessEnv = { ...engine };
      const runs: { step: Step; run: CliRun }[] = [];
      try {
        for (const walk of group) {
          for (const line of walk.lines) {
            const step = stepOf(line);
            const { DATABASE_URL: _exported, ...exported } = step.exports;
            env = { ...env, ...exported };
            if (step.argv === 'npm start' || step.argv.length === 0) continue;
            const { DATABASE_URL: _given, ...given } = step.env;
            const run = await hearthWithInput({ ...env, ...given }, cwd, step.stdin, ...step.argv);
            expect(run.code, shown(step, run)).toBe(0);
            expect(run.err, shown(step, run)).toEqual([]);
            runs.push({ step, run });
          }
        }
        await expectAgencyBuilt(env, runs);
        if (runs.some(({ step }) => step.argv[0] === 'seed:demo')) await expectTwoCompaniesNamed(env, cwd);
      } finally {
        await drop();
      }
    }, 300_000);
  }
});

/** The lines of a step's output that start with `prefix`. */
function linesOf(runs: { step: Step; run: CliRun }[], command: string, prefix: string): string[] {
  return runs.filter(({ step }) => step.argv[0] === command).flatMap(({ run }) => run.out.filter((l) => l.startsWith(prefix)));
}

/**
 * What the walk must have made: the first admin with the new company (and where to sign in), each branch on the map
 * at its ZIP's centre marked approximate, and every import done by that admin without --as, every row written.
 */
async function expectAgencyBuilt(env: NodeJS.ProcessEnv, runs: { step: Step; run: CliRun }[]) {
  const engine = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;
  for (const line of linesOf(runs, 'migrate', 'Migrating ')) expect(line).toBe(`Migrating ${engine}`);
  expect(linesOf(runs, 'create-user', 'Created ')).toEqual([
    'Created Company Admin admin (admin@agency.example) in the new company My Home Care',
  ]);
  expect(linesOf(runs, 'create-user', 'Sign in at ')).toEqual([
    expect.stringMatching(/^Sign in at http:\/\/localhost:3000\/login /),
  ]);
  const placed = linesOf(runs, 'create-branch', 'On the map at ');
  expect(placed.length).toBe(runs.filter(({ step }) => step.argv[0] === 'create-branch').length);
  for (const line of placed)
    expect(line).toMatch(/^On the map at \d+\.\d{4}, -\d+\.\d{4}, approximate: the centre of ZIP \d{5} /);
  const imports = runs.filter(({ step }) => step.argv[0] === 'import');
  expect(imports.length).toBeGreaterThan(0);
  for (const { step, run } of imports) {
    expect(run.out[0], step.line).toMatch(/, by admin$/);
    const done = run.out.find((l) => l.startsWith('Completed: '));
    const [, rows, created] = /^Completed: (\d+) rows: (\d+) created, 0 updated, 0 unchanged, \d+ warnings, 0 errors$/.exec(
      done!,
    )!;
    expect(created, step.line).toBe(rows);
  }

  const database = await openEngine(env);
  try {
    const db = database.db;
    const [company] = await db.select().from(companies).where(eq(companies.name, 'My Home Care'));
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin).toMatchObject({ companyId: company!.id, roleId: 2 });
    const made = await db.select().from(branches).where(eq(branches.companyId, company!.id));
    expect(made.length).toBe(placed.length);
    for (const branch of made) {
      expect(branch).toMatchObject({ lat: expect.any(Number), lon: expect.any(Number), coordinatesApproximate: true });
      if (branch.state === 'NE') expect(branch.timezone).toBe('America/Chicago');
    }
    const jobs = await db.select().from(fileImports).where(eq(fileImports.companyId, company!.id));
    expect(jobs.length).toBe(imports.length);
    for (const job of jobs) expect(job).toMatchObject({ status: 'completed', createdByUserId: admin!.id, errorCount: 0 });
    const omaha = made.find((b) => b.name === 'Omaha');
    if (omaha) {
      const nebraskans = await db
        .select({ last: clients.lastName })
        .from(clients)
        .where(and(eq(clients.branchId, omaha.id)));
      expect(nebraskans.map((c) => c.last).sort()).toEqual(['Fischer', 'Kowalski', 'Nguyen']);
    }
  } finally {
    await database.close();
  }
}

/**
 * Beside the demo agency, an import that names neither its company nor a branch of one company only is refused with
 * the companies, their admins and --as; named by --as it runs as that user.
 */
async function expectTwoCompaniesNamed(env: NodeJS.ProcessEnv, cwd: string) {
  const unnamed = await hearthWithInput(env, cwd, null, 'import', 'synthea-payers', 'path/to/synthea/payers.csv');
  expect(unnamed).toEqual({
    code: 1,
    out: [],
    err: [
      'There are several companies (Hearth Home Care, My Home Care): name yours with --company, ' +
        'or the acting user with --as (admin of My Home Care, companyadmin of Hearth Home Care)',
    ],
  });
  const boston = await hearthWithInput(
    env,
    cwd,
    null,
    'create-branch',
    '--company',
    'My Home Care',
    '--name',
    'Boston',
    '--zip',
    '02108',
  );
  expect(boston.code).toBe(0);
  const twoBostons = await hearthWithInput(
    env,
    cwd,
    null,
    'import',
    'synthea-patients',
    'path/to/synthea/patients.csv',
    '--branch',
    'Boston',
  );
  expect(twoBostons.err).toEqual([
    'Branch Boston is in several companies (Hearth Home Care, My Home Care): name yours with --company, ' +
      'or the acting user with --as (admin of My Home Care, companyadmin of Hearth Home Care)',
  ]);
  const nowhere = await hearthWithInput(
    env,
    cwd,
    null,
    'import',
    'synthea-patients',
    'path/to/synthea/patients.csv',
    '--branch',
    'Nowhere',
  );
  expect(nowhere.err).toEqual([expect.stringMatching(/^Branch Nowhere not found; branches: Boston \(\d+\), /)]);
  const asAdmin = await hearthWithInput(
    env,
    cwd,
    null,
    'import',
    'synthea-payers',
    'path/to/synthea/payers.csv',
    '--as',
    'admin',
  );
  expect(asAdmin.out[0]).toMatch(/^Import \d+: payers\.csv as Synthea payers, by admin$/);
  expect(asAdmin.out.at(-1)).toBe('Completed: 10 rows: 0 created, 0 updated, 10 unchanged, 0 warnings, 0 errors');
}
