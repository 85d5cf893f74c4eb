import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { users } from '../users/users.schema';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { csv, runImport } from './file-imports.test-support';

/**
 * An import's many-row inserts are audited once per statement (migration statement_audit_triggers): each created
 * record still gets its own audit row, with the same columns as the row-by-row trigger wrote (the user history and
 * the records' histories read them); deletes too; updates stay row by row and skip a row that does not change.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let manager: number;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  tokens.branchmanager = await t.signIn('branchmanager');
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'branchmanager'));
  manager = user!.id;
}, 60_000);
afterAll(() => t.close());

interface AuditCheck {
  n: number;
  same_row: number;
  by_manager: number;
  rows: number;
}

/** The audit rows of `operation` on `table` for the rows of the AUD- clients (a client's id or its address's owner). */
async function audited(table: 'clients' | 'client_addresses', operation: string, rowJson: 'new_row' | 'old_row') {
  const owner = table === 'clients' ? 'id' : 'client_id';
  const [check] = rowsOf<AuditCheck>(
    await t.database.db.execute(sql`
      select count(*)::int as n,
        count(*) filter (where a.${sql.raw(rowJson)} = to_jsonb(r) and a.${sql.raw(rowJson === 'new_row' ? 'old_row' : 'new_row')} is null)::int as same_row,
        count(*) filter (where a.changed_by = ${manager})::int as by_manager,
        (select count(*)::int from ${sql.raw(table)} x where x.${sql.raw(owner)} in (select id from clients where external_id like 'AUD-%')) as rows
      from audit_log a
      join ${sql.raw(table)} r on r.id = a.row_id
      where a.table_name = ${table} and a.operation = ${operation}
        and r.${sql.raw(owner)} in (select id from clients where external_id like 'AUD-%')`),
  );
  return check!;
}

describe('audit of an import (statement-level triggers)', () => {
  it('writes one INSERT audit row per created client and address, as the row-by-row trigger did', async () => {
    const header = ['Client ID', 'First Name', 'Last Name', 'Date of Birth', 'Address', 'City', 'State', 'ZIP'];
    const rows = Array.from({ length: 30 }, (_, i) => [
      `AUD-${i}`,
      'Pat',
      `Audited${i}`,
      '1950-01-01',
      `${i} Main St`,
      'Worcester',
      'MA',
      '01608',
    ]);
    const done = await runImport(t, tokens, 'branchmanager', {
      type: 'clients',
      bytes: csv([header, ...rows]),
    });
    expect(done).toMatchObject({ status: 'completed', createdCount: 30, errorCount: 0 });
    // Each record's audit row holds the record as written (to_jsonb of the row), its id, nobody's old row and the
    // import's creator as the changer.
    expect(await audited('clients', 'INSERT', 'new_row')).toEqual({ n: 30, same_row: 30, by_manager: 30, rows: 30 });
    expect(await audited('client_addresses', 'INSERT', 'new_row')).toEqual({ n: 30, same_row: 30, by_manager: 30, rows: 30 });
    const [branchOf] = rowsOf<{ right: number; user_id: number }>(
      await t.database.db.execute(sql`
        select count(*) filter (where a.branch_id = c.branch_id)::int as "right", count(a.user_id)::int as user_id
        from audit_log a join clients c on c.id = a.row_id
        where a.table_name = 'clients' and a.operation = 'INSERT' and c.external_id like 'AUD-%'`),
    );
    // The triggers' arguments still apply: clients carry their branch (audit_row('', 'branch_id')), no user.
    expect(branchOf).toEqual({ right: 30, user_id: 0 });
  });

  it('audits updates row by row, skipping rows an update leaves as they were', async () => {
    const db = t.database.db;
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${String(manager)}, true)`);
      await tx.execute(sql`update clients set last_name = last_name where external_id like 'AUD-%'`);
      await tx.execute(sql`update clients set notes = 'audited' where external_id in ('AUD-1', 'AUD-2')`);
    });
    const [updates] = rowsOf<{ n: number; changed: number }>(
      await db.execute(sql`
        select count(*)::int as n,
          count(*) filter (where a.new_row = to_jsonb(c) and a.old_row ->> 'notes' is null and a.changed_by = ${manager})::int as changed
        from audit_log a join clients c on c.id = a.row_id
        where a.table_name = 'clients' and a.operation = 'UPDATE' and c.external_id like 'AUD-%'`),
    );
    expect(updates).toEqual({ n: 2, changed: 2 });
  });

  it('writes one DELETE audit row per deleted row, with the row as it was', async () => {
    const db = t.database.db;
    const before = rowsOf<{ id: number; row: unknown }>(
      await db.execute(sql`select a.id, to_jsonb(a) as row from client_addresses a
        join clients c on c.id = a.client_id where c.external_id like 'AUD-%' order by a.id`),
    );
    expect(before).toHaveLength(30);
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${String(manager)}, true)`);
      await tx.execute(
        sql`delete from client_addresses a using clients c where c.id = a.client_id and c.external_id like 'AUD-%'`,
      );
    });
    const deleted = rowsOf<{ id: number; row: unknown; changed_by: number; new_row: unknown }>(
      await db.execute(sql`select row_id as id, old_row as row, changed_by, new_row from audit_log
        where table_name = 'client_addresses' and operation = 'DELETE'
          and row_id in ${sql.raw(`(${before.map((b) => b.id).join(', ')})`)}
        order by row_id`),
    );
    expect(deleted).toEqual(before.map((b) => ({ ...b, changed_by: manager, new_row: null })));
  });
});
