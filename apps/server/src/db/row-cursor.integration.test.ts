import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { inTransaction } from './transaction';
import { openRowCursor } from './row-cursor';
import { rowsOf } from './rows';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const numbers = (to: number) => sql`select n from generate_series(1, ${to}::int) n order by n`;
const upTo = (last: number) => (rows: readonly { n: number }[]) => rows.findIndex((r) => Number(r.n) > last);

describe('a row cursor', () => {
  it('gives the same runs in order with a FETCH sent ahead, while other queries of its transaction run between', async () => {
    const runs = await inTransaction(app.database.db, async (db) => {
      const cursor = await openRowCursor<{ n: number }>(db, 'ahead_cursor', numbers(10), 3);
      const taken: number[][] = [];
      for (const last of [2, 5, 9, 10]) {
        taken.push((await cursor.take(upTo(last))).map((r) => Number(r.n)));
        cursor.readAhead();
        cursor.readAhead(); // one FETCH at a time: the second call sends nothing more
        const [other] = rowsOf<{ v: number }>(await db.execute(sql`select 41 + 1 as v`));
        expect(Number(other!.v)).toBe(42);
      }
      taken.push((await cursor.take(() => -1)).map((r) => Number(r.n)));
      await cursor.close();
      return taken;
    });
    expect(runs).toEqual([[1, 2], [3, 4, 5], [6, 7, 8, 9], [10], []]);
  });

  it('fails the next take when the FETCH sent ahead failed, and the transaction rolls back', async () => {
    await expect(
      inTransaction(app.database.db, async (db) => {
        const cursor = await openRowCursor<{ n: number }>(
          db,
          'failing_cursor',
          sql`select 1 / (3 - n) as n from generate_series(1, 5) n`,
          2,
        );
        expect((await cursor.take((rows) => (rows.length ? 1 : -1))).map((r) => Number(r.n))).toEqual([0]);
        cursor.readAhead();
        await cursor.take(() => -1);
      }),
    ).rejects.toMatchObject({ message: /fetch 2 from failing_cursor/, cause: { message: 'division by zero' } });
  });
});
