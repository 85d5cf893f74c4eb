import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { inTransaction } from './transaction';
import { openReadConnection } from './read-connection';
import { rowsOf } from './rows';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.database.db.execute(sql`create table read_connection_probe (n int not null)`);
  await app.database.db.execute(sql`insert into read_connection_probe values (1), (2)`);
});
afterAll(async () => {
  await app?.database.db.execute(sql`drop table if exists read_connection_probe`);
  await app?.close();
});

const count = async (db: typeof app.database.db) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from read_connection_probe`))[0]!.n);

describe('a read connection', () => {
  it('is none on the embedded database; on PostgreSQL it reads what was committed when it opened, and only reads', async () => {
    const reader = await openReadConnection(app.database.db);
    if (app.database.engine === 'pglite') {
      expect(reader).toBeNull();
      return;
    }
    expect(reader).not.toBeNull();
    try {
      expect(await count(reader!.db)).toBe(2);
      await app.database.db.execute(sql`insert into read_connection_probe values (3)`);
      expect(await count(app.database.db)).toBe(3);
      // One snapshot for all its queries: the row committed after it opened is not seen.
      expect(await count(reader!.db)).toBe(2);
      // 25006 read_only_sql_transaction
      await expect(reader!.db.execute(sql`insert into read_connection_probe values (4)`)).rejects.toHaveProperty(
        'cause.code',
        '25006',
      );
    } finally {
      await reader!.close();
    }
    await reader!.close(); // a second close does nothing
    expect(await count(app.database.db)).toBe(3);
  });

  it('compiles nothing with JIT: off on the pool and the read connection of PostgreSQL, absent from the embedded one', async () => {
    const jitOf = async (db: typeof app.database.db) =>
      rowsOf<{ jit: string }>(await db.execute(sql`select current_setting('jit') as jit`))[0]!.jit;
    if (app.database.engine === 'pglite') {
      const [row] = rowsOf<{ available: boolean }>(await app.database.db.execute(sql`select pg_jit_available() as available`));
      expect(row!.available).toBe(false);
      return;
    }
    expect(await jitOf(app.database.db)).toBe('off');
    const reader = await openReadConnection(app.database.db);
    try {
      expect(await jitOf(reader!.db)).toBe('off');
    } finally {
      await reader!.close();
    }
  });

  it('is none for a transaction, which has no database of its own to connect to', async () => {
    await inTransaction(app.database.db, async (tx) => {
      expect(await openReadConnection(tx)).toBeNull();
    });
  });
});
