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
  /**
   * Sends the next FETCH now, unless the cursor is done or one is already on its way, so the database reads while
   * the caller computes what it took; the next take() uses its rows. Queries the caller sends meanwhile on the same
   * connection wait behind it: both engines' drivers queue them (node-postgres 8 warns once per process that its
   * queue is deprecated and will go in version 9, whose upgrade needs a queue of our own here). A failed read-ahead
   * fails the next take() (or close()).
   */
  readAhead(): void;
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
  let ahead: Promise<Row[]> | null = null;
  const fetchNext = (): Promise<Row[]> => {
    const rows = db.execute(sql`fetch ${sql.raw(String(fetchRows))} from ${cursor}`).then((r) => rowsOf<Row>(r));
    // Awaited by the next take() or close(); until then a failure must not count as unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  return {
    async take(endOf) {
      let end = endOf(buffer);
      while (!done && end < 0) {
        const pending = ahead ?? fetchNext();
        ahead = null;
        const rows = await pending;
        if (rows.length < fetchRows) done = true;
        buffer = buffer.length ? buffer.concat(rows) : rows;
        end = endOf(buffer);
      }
      const taken = end < 0 ? buffer : buffer.slice(0, end);
      buffer = end < 0 ? [] : buffer.slice(end);
      return taken;
    },
    readAhead() {
      if (!done && !ahead) ahead = fetchNext();
    },
    async close() {
      if (ahead) await ahead;
      await db.execute(sql`close ${cursor}`);
    },
  };
}
