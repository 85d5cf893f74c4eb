import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openPglite } from '../db/client';
import { adminQuery, databaseUrl } from '../test/test-database';
import { runHearth } from './hearth.commands';
import { syntheaFixturePath } from '../features/file-imports/file-imports.synthea.test-support';

/** The repository's root (four levels above this folder). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A file of the repository's Synthea sample (the imports' fixtures, see their SOURCE.md). */
export const syntheaPath = syntheaFixturePath;

/** Temporary directories made by tempDir, until removeTempDirs. */
const made: string[] = [];

/** A new temporary directory (removed by removeTempDirs). */
export function tempDir(prefix = 'hearth-cli-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
/** Removes every temporary directory tempDir made (a test file's afterAll). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** What one command printed and its exit code. */
export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs `npm run hearth -- <argv>` in this process with `env` as the environment and `cwd` as the operator's directory. */
export async function hearth(env: NodeJS.ProcessEnv, cwd: string, ...argv: string[]): Promise<CliRun> {
  return hearthWithInput(env, cwd, null, ...argv);
}

/** As hearth, with `input` as standard input (its first line is what a command reads; null: empty input). */
export async function hearthWithInput(env: NodeJS.ProcessEnv, cwd: string, input: string | null, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const readLine = async () => (input === null ? null : (input.split(/\r?\n/)[0] ?? null));
  const code = await runHearth(argv, { env, cwd, io: { out: (l) => out.push(l), err: (l) => err.push(l), readLine } });
  return { code, out, err } satisfies CliRun;
}

/** A DATA_DIR whose embedded database starts as the test template (migrated, demo agency seeded). */
export async function seededDataDir(): Promise<string> {
  const dataDir = tempDir();
  const dump = new Blob([fs.readFileSync(inject('pgliteDumpPath'))]);
  const database = await openPglite(path.join(dataDir, 'pglite'), dump);
  await database.close();
  return dataDir;
}

/**
 * The environment of a command on this run's engine: with TEST_DATABASE_URL a new PostgreSQL database (a copy of the
 * seeded template, or empty when `empty`), else an embedded DATA_DIR (seeded from the template, or empty). `drop`
 * removes the PostgreSQL database.
 */
export async function engineEnv(options: { empty: boolean }): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) {
    const dataDir = options.empty ? tempDir() : await seededDataDir();
    return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const name = `hearth_cli_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${template.name}`}`);
  return {
    env: { DATA_DIR: tempDir(), DATABASE_URL: databaseUrl(template.serverUrl, name) },
    drop: () => adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
