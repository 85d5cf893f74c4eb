import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/lock';
import { loadAuthSecret } from '../auth/secret';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

/**
 * What every `npm run hearth` command gets: the configuration (DATA_DIR, DATABASE_URL, storage), the directory the
 * operator typed the command in (file arguments are relative to it) and where to print.
 */
export interface CliContext {
  config: Config;
  /** The operator's working directory (npm's INIT_CWD: `npm run` itself runs in the repository root). */
  cwd: string;
  io: CliIo;
}

/** Where a command prints: `out` for results and progress, `err` for problems. One call prints one line. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /**
   * The first line of standard input without its line ending (a secret piped in, as `--password-stdin`), null when
   * the input is empty; absent where there is no input to read.
   */
  readLine?(): Promise<string | null>;
}

/** A failure the operator can act on: printed as its one-line message, exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** A command line that does not parse (unknown command or option, missing argument): message and usage, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The embedded database's directory inside DATA_DIR (as main.ts opens it). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Whether `dir` holds a PostgreSQL data directory (PGlite writes PG_VERSION when it creates one). */
export function holdsDatabase(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Takes the embedded database's lock (db/lock.ts lockDataDir), the same one a running server holds; a lock left by
 * a process that no longer runs (a killed server or command) is taken over at once.
 * @returns the release function.
 * @throws CliError "The embedded database in <dir> is in use by Hearth process <pid> (running since <UTC time>).
 * Stop it first, or set DATA_DIR." while a running process (a server, another command) holds it.
 */
export async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Opens the configured database for one command and closes it afterwards, whatever `run` does: PostgreSQL
 * (DATABASE_URL, a pool of `poolSize`) or the embedded PGlite under DATA_DIR behind its lock.
 * @throws CliError when the embedded database is in use (lockEmbeddedDatabase); whatever `run` throws.
 */
export async function withDatabase<T>(config: Config, run: (database: Database) => Promise<T>, poolSize = 4): Promise<T> {
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, poolSize);
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }
  const unlock = await lockEmbeddedDatabase(config.dataDir);
  try {
    const database = await openPglite(pgliteDir(config.dataDir));
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    await unlock();
  }
}

/** `file` as the operator meant it: relative to the directory they typed the command in. */
export function operatorPath(ctx: CliContext, file: string): string {
  return path.resolve(ctx.cwd, file);
}

/**
 * A file the operator named as input.
 * @returns its absolute path.
 * @throws CliError "No such file: <path>" when it does not exist, "<path> is not a file" for a directory.
 */
export function existingFile(ctx: CliContext, file: string): string {
  const absolute = operatorPath(ctx, file);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) throw new CliError(`No such file: ${absolute}`);
  if (!stat.isFile()) throw new CliError(`${absolute} is not a file`);
  return absolute;
}

/**
 * The configured file storage (STORAGE_DRIVER), as the server builds it: the local driver's URL secret derives from
 * the auth secret (BETTER_AUTH_SECRET, else DATA_DIR/auth-secret, created when missing).
 */
export async function commandStorage(config: Config): Promise<Storage> {
  return createStorage(config.storage, loadAuthSecret(config.authSecret, config.dataDir));
}
