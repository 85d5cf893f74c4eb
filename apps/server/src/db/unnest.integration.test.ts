import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { inTransaction } from './transaction';
import { insertByUnnest, type UnnestColumn } from './unnest';
import { rowsOf } from './rows';
import type { Db } from './client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

interface Row {
  key: number;
  note: string | null;
  amount: number;
  flag: boolean | null;
}

const COLUMNS: UnnestColumn<Row>[] = [
  ['key', 'int', (r) => r.key],
  ['note', 'text', (r) => r.note],
  ['amount', 'bigint', (r) => r.amount],
  ['flag', 'bool', (r) => r.flag],
];

/** Text an array literal must quote or escape: quotes, backslashes, separators, braces, the word NULL, blanks. */
const AWKWARD = ['say "hi"', 'C:\\temp\\', 'a,b', '{x}', 'NULL', '', '  spaced  ', 'ZIP 02108 – Boston ✓', '\\"'];

/** The rows of the scratch table `unnest_rows` by key, as written. */
async function written(db: Db) {
  const rows = rowsOf<Row & { batch: string }>(
    await db.execute(sql`select key, note, amount::text as amount, flag, batch from unnest_rows order by key`),
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

describe('insertByUnnest', () => {
  it('writes every value as given (awkward text, null, bigint cents, booleans) with the constants, in one statement', async () => {
    const rows: Row[] = [
      ...AWKWARD.map((note, i) => ({ key: i + 1, note, amount: 5_338_749_550 + i, flag: i % 2 === 0 })),
      { key: 100, note: null, amount: 0, flag: null },
    ];
    const stored = await inTransaction(app.database.db, async (db) => {
      await db.execute(sql`create temporary table unnest_rows (key int primary key, note text, amount bigint, flag bool,
        batch text not null) on commit drop`);
      await insertByUnnest(db, 'unnest_rows', COLUMNS, rows, { batch: sql`${'first'}::text` });
      return written(db);
    });
    expect(stored).toEqual(rows.map((r) => ({ ...r, batch: 'first' })));
  });

  it('replaces the other columns of a row whose key is stored, and refuses a second row of that key without it', async () => {
    const stored = await inTransaction(app.database.db, async (db) => {
      await db.execute(sql`create temporary table unnest_rows (key int primary key, note text, amount bigint, flag bool,
        batch text not null) on commit drop`);
      await insertByUnnest(db, 'unnest_rows', COLUMNS, [{ key: 1, note: 'old', amount: 1, flag: true }], { batch: sql`'first'` });
      const again = [
        { key: 1, note: 'new "one"', amount: 2, flag: false },
        { key: 2, note: null, amount: 3, flag: null },
      ];
      await insertByUnnest(db, 'unnest_rows', COLUMNS, again, { batch: sql`'second'` }, ['key']);
      return written(db);
    });
    expect(stored).toEqual([
      { key: 1, note: 'new "one"', amount: 2, flag: false, batch: 'second' },
      { key: 2, note: null, amount: 3, flag: null, batch: 'second' },
    ]);
    await expect(
      inTransaction(app.database.db, async (db) => {
        await db.execute(sql`create temporary table unnest_rows (key int primary key, note text, amount bigint,
          flag bool, batch text not null) on commit drop`);
        const row = { key: 1, note: 'x', amount: 1, flag: true };
        await insertByUnnest(db, 'unnest_rows', COLUMNS, [row], { batch: sql`'first'` });
        await insertByUnnest(db, 'unnest_rows', COLUMNS, [row], { batch: sql`'second'` });
      }),
    ).rejects.toThrow();
  });
});
