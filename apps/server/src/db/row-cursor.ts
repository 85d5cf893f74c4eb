import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/** Rows of a server-side cursor taken a run at a time (see openRowCursor). */
export interface RowCursor<Row> {
  /**
   * The rows before the index `endOf` finds in the rows read and not yet taken, fetching more while it answers -1
   * (the run may go on in rows not read yet) and the cursor has more; every row left once the cursor is done.
   */
  take(endOf: (rows: readonly Row[]) => number): Promise<Row[]>;
  /** Closes the cursor (the transaction that holds it may go on). */
  close(): Promise<void>;
}

/**
 * Declares the cursor `name` for `query` and reads it `fetchRows` rows per FETCH, so a computation over a large
 * agency's period (a million rows and more) holds one run of them at a time, e.g. a chunk of caregivers. Must run
 * inside a transaction (a cursor lives in one).
 * @param name a name of the code (never user input), unique among the transaction's open cursors.
 */
export async function openRowCursor<Row>(db: Db, name: string, query: SQL, fetchRows: number): Promise<RowCursor<Row>> {
  const cursor = sql.raw(name);
  await db.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
  let buffer: Row[] = [];
  let done = false;
  return {
    async take(endOf) {
      let end = endOf(buffer);
      while (!done && end < 0) {
        const rows = rowsOf<Row>(await db.execute(sql`fetch ${sql.raw(String(fetchRows))} from ${cursor}`));
        if (rows.length < fetchRows) done = true;
        buffer = buffer.length ? buffer.concat(rows) : rows;
        end = endOf(buffer);
      }
      const taken = end < 0 ? buffer : buffer.slice(0, end);
      buffer = end < 0 ? [] : buffer.slice(end);
      return taken;
    },
    async close() {
      await db.execute(sql`close ${cursor}`);
    },
  };
}
