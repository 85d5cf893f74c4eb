/**
 * Keeping a generated agency between benchmark runs (BENCH_KEEP=1): full size takes minutes to generate, so it is
 * generated once and every benchmark after reuses it. A kept database is named from its scale and a hash of what
 * shapes its rows (the migrations, the demo seed and the generator); its comment holds the generation's calendar,
 * written last, so a run that failed half-way leaves no database that looks complete.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BenchCalendar } from './large-agency.calendar';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The files whose content decides the generated rows: a change to any makes a new kept database. */
function sourceFiles(): string[] {
  const inFolder = (folder: string, keep: (name: string) => boolean) =>
    readdirSync(path.join(ROOT, folder))
      .filter(keep)
      .sort()
      .map((name) => path.join(folder, name));
  return [
    ...inFolder('apps/server/drizzle', (name) => name.endsWith('.sql')),
    'apps/server/drizzle/meta/_journal.json',
    ...inFolder('apps/server/src/features/demo', (name) => name.endsWith('.ts') && !name.includes('.test.')),
    ...['agency-size.ts', 'large-agency.calendar.ts', 'large-agency.records.ts', 'large-agency.visits.ts'].map((f) =>
      path.join('bench', f),
    ),
  ];
}

/** The first 10 hex digits of a SHA-256 over the names and contents of sourceFiles(). */
export function generatorHash(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 10);
}

/**
 * The database name of an agency at `scale`: `<prefix>_keep_<scale>_<hash>` when kept (the same for every run of
 * the same sources), `<prefix>_<random>` otherwise. The prefix is BENCH_DATABASE_PREFIX (default hearth_bench).
 */
export function agencyDatabaseName(scale: number, kept: boolean, random: string): string {
  const prefix = (process.env.BENCH_DATABASE_PREFIX ?? 'hearth_bench').toLowerCase().replaceAll(/[^a-z0-9_]/g, '_');
  const scaleText = String(scale).replace('.', '_');
  return kept ? `${prefix}_keep_${scaleText}_${generatorHash()}` : `${prefix}_${scaleText}_${random}`;
}

/** What a complete kept database's comment holds. */
export interface KeptAgency {
  calendar: BenchCalendar;
  visits: number;
}

/** A connection to the server's maintenance database holding the lock of one kept agency's name. */
export interface KeepLock {
  /** The kept agency's record, or null when the database is missing or was not completed. */
  read(name: string): Promise<KeptAgency | null>;
  /** Marks the database complete (its comment), once every row and index is in. */
  write(name: string, kept: KeptAgency): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the advisory lock of `name` on the PostgreSQL server at `serverUrl`, waiting while another run generates
 * the same kept agency (then this run reuses it).
 */
export async function lockKeptAgency(serverUrl: string, name: string): Promise<KeepLock> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query('select pg_advisory_lock(hashtext($1))', [name]);
  return {
    async read(databaseName) {
      const { rows } = await client.query<{ comment: string | null }>(
        `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
        [databaseName],
      );
      const comment = rows[0]?.comment;
      if (!comment) return null;
      try {
        return JSON.parse(comment) as KeptAgency;
      } catch {
        return null;
      }
    },
    async write(databaseName, kept) {
      const literal = JSON.stringify(kept).replaceAll("'", "''");
      await client.query(`comment on database ${databaseName} is '${literal}'`);
    },
    async release() {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
      await client.end();
    },
  };
}
