import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

/** A Drizzle database or transaction on either engine. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** An open database: the Drizzle handle, the engine in use, and how to migrate and close it. */
export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Runs raw SQL outside Drizzle, for the job queue (pg-boss's `db.executeSql` contract): with `values` one
   * parameterised statement; without, a script of several statements whose last result is returned.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /**
   * LISTENs on `channel` (live updates, features/live): `onNotify` gets each notification's payload, delivered on
   * the notifying transaction's commit. On PostgreSQL one dedicated connection outside the pool listens and is
   * reopened when lost (1 s apart), after which `onReconnect` runs, since notifications sent meanwhile are gone; on
   * PGlite its own listen. Resolves once listening; the returned function stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * One listening connection to PostgreSQL at `url` (Database.listen): a pg Client of its own, since a pooled
 * connection may be handed to a query or closed at any time. A lost connection is reopened after a second, then
 * `onReconnect` runs.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      console.warn(`PostgreSQL listening connection lost: ${error.message}`);
      void reopen(next);
    });
    next.on('end', () => void reopen(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reopen = async (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = null;
    lost.removeAllListeners('end');
    await lost.end().catch(() => {});
    while (!stopped && !client) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (stopped) return;
      try {
        await open();
        onReconnect?.();
      } catch (error) {
        console.warn(`PostgreSQL listening connection: ${(error as Error).message}; retrying`);
      }
    }
  };
  await open();
  return async () => {
    stopped = true;
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens PostgreSQL at `url` (a pool of `poolSize` connections).
 * @throws when the server cannot be reached on the first query.
 */
export function openPostgres(url: string, poolSize = 10): Database {
  // No JIT: Hearth's statements are short or, like payroll's, run for seconds, where compiling cost more than it
  // saved (payroll of a full-size pay period 8.6 s without, 9.8 s with; a 2,000-key import lookup costed on stale
  // statistics compiled for 100 ms to run for 5 ms; issue "The largest agencies"). A connection string's own
  // `options` replace this one.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle connection can be cut by the server (restart, failover, a dropped database); the pool replaces it.
  // Without a listener node-postgres would rethrow that as an uncaught exception and stop the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    executeSql: (text, values) => pool.query(text, values),
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, onNotify, onReconnect) => listenPostgres(url, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

/**
 * Opens the embedded PGlite: persisted under `dataDir` (created if missing), or in memory when `dataDir` is
 * undefined. `loadDataDir` starts it from a dump (tests start from an already-migrated database).
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database & { pglite: PGlite }> {
  // btree_gist backs the caregiver no-overlap EXCLUDE constraint on shifts (migration 0008); pg_trgm the chat
  // message search index (migration 0029).
  const pglite = await PGlite.create(dataDir, { extensions: { btree_gist, pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    db,
    pglite,
    engine: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_FOLDER }),
    // One process, one session: PGlite delivers its own NOTIFYs on commit, as PostgreSQL does.
    listen: async (channel, onNotify) => {
      const unlisten = await pglite.listen(channel, onNotify);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: () => pglite.close(),
  };
}
