import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';

/**
 * A second connection to PostgreSQL beside a request's, for reads only: one read-only REPEATABLE READ transaction
 * whose snapshot is taken as it opens, so every query on it sees the data committed then (one snapshot, not one per
 * statement). It sees nothing the request's own transaction has not committed.
 */
export interface ReadConnection {
  db: Db;
  /** Ends its transaction and closes it; never throws (a lost connection has nothing left to end). */
  close(): Promise<void>;
}

/**
 * Opens a ReadConnection to the database of `root` (the Drizzle database, not a transaction), so a long
 * computation gets the server's work on a second core while its own connection reads on (issue "The largest
 * agencies": payroll reads half its visits, and the other half's miles, on it). A client of its own with the pool's
 * settings, outside the pool: a computation that held one pooled connection and waited for a second could wait
 * forever once every pooled connection was held the same way.
 * @returns null on the embedded database (one connection; the caller reads on its own), for a transaction (no
 *   database of its own to connect to), or when PostgreSQL refuses a connection (max_connections reached): the
 *   caller reads on its own connection then, slower but the same.
 */
export async function openReadConnection(root: Db): Promise<ReadConnection | null> {
  const pool = (root as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  const client = new pg.Client(pool.options);
  // A connection cut while idle would otherwise be an uncaught 'error' event; the next query on it fails instead.
  client.on('error', (error) => console.warn(`PostgreSQL read connection lost: ${error.message}`));
  try {
    await client.connect();
    // The select takes the transaction's snapshot now rather than at its first real query.
    await client.query('begin transaction isolation level repeatable read, read only; select 1');
  } catch (error) {
    console.warn(`PostgreSQL read connection not opened: ${(error as Error).message}; reading on one connection`);
    await client.end().catch(() => undefined);
    return null;
  }
  return {
    db: drizzlePg(client) as unknown as Db,
    close: async () => {
      await client.query('commit').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
