import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { openPglite } from '../db/client';
import {
  CliError,
  existingFile,
  holdsDatabase,
  lockEmbeddedDatabase,
  operatorPath,
  pgliteDir,
  type CliContext,
} from './hearth.context';

/**
 * `backup` and `restore` of the embedded database: PGlite's own data directory dump (`dumpDataDir('gzip')`, a
 * gzipped tarball) and its `loadDataDir` to start a directory from one. PostgreSQL has its own tools.
 */

/** What backup and restore are given: the backup file (relative to the operator's directory) and --force. */
export interface BackupArgs {
  file: string;
  force?: boolean;
}

/** @throws CliError pointing to PostgreSQL's tools when DATABASE_URL is set. */
function refusePostgres(ctx: CliContext, command: 'backup' | 'restore'): void {
  if (!ctx.config.databaseUrl) return;
  throw new CliError(
    `${command} works on the embedded database; on PostgreSQL (DATABASE_URL) use pg_dump to back up and pg_restore to restore`,
  );
}

/** What a backup does not hold and the same installation needs: the auth secret and the stored files. */
function outsideTheBackup(ctx: CliContext): string {
  const secret = ctx.config.authSecret ? 'BETTER_AUTH_SECRET' : path.join(ctx.config.dataDir, 'auth-secret');
  const files = ctx.config.storage.driver === 'local' ? ` and the files in ${ctx.config.storage.dir}` : '';
  return `Keep ${secret}${files} with it: the backup holds the database only.`;
}

/**
 * `backup <file> [--force]`: writes the embedded database under DATA_DIR to `file` (through a partial file, so an
 * interrupted backup leaves none), behind the data directory's lock.
 * @throws CliError on PostgreSQL, when `file` exists (unless --force), when DATA_DIR holds no database, and when the
 * database is in use (a running server).
 */
export async function backupCommand(ctx: CliContext, args: BackupArgs): Promise<void> {
  refusePostgres(ctx, 'backup');
  const target = operatorPath(ctx, args.file);
  if (!fs.statSync(path.dirname(target), { throwIfNoEntry: false })?.isDirectory()) {
    throw new CliError(`No such directory: ${path.dirname(target)}`);
  }
  if (fs.existsSync(target) && !args.force)
    throw new CliError(`${target} exists: name another file, or add --force to replace it`);
  const dataDir = ctx.config.dataDir;
  if (!holdsDatabase(pgliteDir(dataDir))) throw new CliError(`There is no embedded database in ${dataDir}`);
  const unlock = await lockEmbeddedDatabase(dataDir);
  try {
    const database = await openPglite(pgliteDir(dataDir));
    let dump: Blob;
    try {
      dump = await database.pglite.dumpDataDir('gzip');
    } finally {
      await database.close();
    }
    const partial = `${target}.part`;
    try {
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      fs.renameSync(partial, target);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
    ctx.io.out(`Backed up the embedded database in ${dataDir} to ${target} (${dump.size} bytes)`);
    ctx.io.out(outsideTheBackup(ctx));
  } finally {
    await unlock();
  }
}

/**
 * Checks that `file` is a gzipped tar archive whole (the shape of a backup) before PGlite reads it: PGlite's own
 * decompression does not report a damaged file to its caller. Streams the file, holding only the first tar header.
 * @throws CliError "<file> is not a backup made by `backup`" for another kind of file, "<file> is damaged" for a
 * truncated or corrupt one.
 */
async function checkBackupFile(file: string): Promise<void> {
  const notABackup = new CliError(`${file} is not a backup made by "npm run hearth -- backup"`);
  const handle = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  fs.readSync(handle, magic, 0, 2, 0);
  fs.closeSync(handle);
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) throw notABackup;
  let header = Buffer.alloc(0);
  const firstBlock = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (header.length < 512) header = Buffer.concat([header, chunk]).subarray(0, 512);
      callback();
    },
  });
  try {
    await pipeline(fs.createReadStream(file), createGunzip(), firstBlock);
  } catch (error) {
    throw new CliError(`${file} is damaged: ${(error as Error).message}`);
  }
  // A POSIX tar header carries "ustar" at byte 257.
  if (header.subarray(257, 262).toString('latin1') !== 'ustar') throw notABackup;
}

/**
 * `restore <file> [--force]`: starts the embedded database under DATA_DIR from a backup, asking nothing. The backup
 * is loaded into a staging directory beside the database and checked (it must be Hearth's: companies, users,
 * clients are counted); only then does it take the database's place, so a bad file changes nothing. A DATA_DIR that
 * holds a database is refused unless --force, which replaces it. Migrations run at the next start as usual.
 * @throws CliError on PostgreSQL, "No such file: ...", a DATA_DIR holding a database without --force, a file that
 * is not a backup, a database in use.
 */
export async function restoreCommand(ctx: CliContext, args: BackupArgs): Promise<void> {
  refusePostgres(ctx, 'restore');
  const source = existingFile(ctx, args.file);
  const dataDir = ctx.config.dataDir;
  const unlock = await lockEmbeddedDatabase(dataDir);
  const live = pgliteDir(dataDir);
  const staging = `${live}.restoring`;
  try {
    if (holdsDatabase(live) && !args.force) {
      throw new CliError(`${dataDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it`);
    }
    await checkBackupFile(source);
    fs.rmSync(staging, { recursive: true, force: true });
    let counts: { companies: number; users: number; clients: number };
    try {
      const database = await openPglite(staging, new Blob([fs.readFileSync(source)]));
      try {
        const result = await database.pglite.query<typeof counts>(
          'select (select count(*) from companies)::int as companies, (select count(*) from users)::int as users, (select count(*) from clients)::int as clients',
        );
        counts = result.rows[0]!;
      } finally {
        await database.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      throw new CliError(`${source} is not a backup of Hearth's embedded database (${reason})`);
    }
    const replaced = `${live}.replaced`;
    fs.rmSync(replaced, { recursive: true, force: true });
    if (fs.existsSync(live)) fs.renameSync(live, replaced);
    fs.renameSync(staging, live);
    fs.rmSync(replaced, { recursive: true, force: true });
    ctx.io.out(
      `Restored ${source} into ${dataDir} (companies: ${counts.companies}, users: ${counts.users}, clients: ${counts.clients})`,
    );
    if (!ctx.config.authSecret && !fs.existsSync(path.join(dataDir, 'auth-secret'))) {
      ctx.io.out(
        `Copy the backed-up installation's auth-secret into ${dataDir} (or set BETTER_AUTH_SECRET) before starting: ` +
          "the caregiver app's sealed offline-cache keys and the sign-in sessions depend on it.",
      );
    }
  } finally {
    await unlock();
  }
}
