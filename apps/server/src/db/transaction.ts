import type { Db } from './client';

/**
 * Runs `fn` in one transaction on `db` and gives it the transaction as a Db, so code written for a database
 * (services, batch writers) runs unchanged inside it. Drizzle types a transaction apart from its database per
 * driver; both engines' transactions answer the same calls, and this is the one place that says so.
 * A throw rolls the transaction back and is rethrown; nested calls become savepoints (Drizzle's rule).
 * @returns what `fn` returns
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
