import pg from 'pg';

/** The advisory lock key of the upgrade at start (a one-argument lock: its own space beside the two-argument ones). */
const UPGRADE_LOCK = 'hearth:upgrade-at-start';

/**
 * Runs `upgrade` (db/upgrade.ts upgradeDatabase) while holding a PostgreSQL advisory lock, so server processes
 * started at once on one database (several machines behind a load balancer, or a restart of all of them) upgrade one
 * after the other: the first runs the migrations, the others find nothing left to do. Without it two processes would
 * run the same migration at once and one would stop on "relation already exists".
 * The lock is a session lock on a connection of its own, outside the pool and with no transaction open, so it holds
 * no snapshot that a migration's index build would wait for; it is released when `upgrade` ends, and by PostgreSQL
 * if the process dies.
 * @param url the PostgreSQL connection string (DATABASE_URL).
 * @returns what `upgrade` returns.
 * @throws what `upgrade` throws, or when PostgreSQL cannot be reached.
 */
export async function underStartLock<T>(url: string, upgrade: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [UPGRADE_LOCK]);
    return await upgrade();
  } finally {
    // Ending the session releases its lock, whether or not the unlock was reached.
    await client.end().catch(() => {});
  }
}
