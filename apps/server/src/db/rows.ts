/**
 * The rows of a raw query (`db.execute(sql\`...\`)`): PGlite and node-postgres both answer `{ rows }`, which
 * Drizzle types loosely per driver; this is the one place that reads it.
 * @returns the rows as `T` (the caller's SQL decides their shape; nothing is checked at run time)
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
