import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { listProcedures, sampleInput, type ProcedureInfo } from '../test/procedure-inputs';
import { plantRecords } from '../test/planted-records';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/client';
import { users } from '../features/users/users.schema';
import { accessLog } from '../features/access-log/access-log.schema';

/**
 * Reads without a write transaction (issue 26): a tRPC query runs on the database without BEGIN/COMMIT, so it must
 * write nothing a transaction would have guarded. Every query of the router is called by roles of every kind on a
 * planted set of records of the demo company, with a statement trigger on every table writing down each INSERT,
 * UPDATE or DELETE (even of no row); the only write allowed is the access log's record of a read. The session's
 * activity (session_activity, auth/session-activity.ts) is written while the caller is resolved, before any
 * procedure runs and never in the request's transaction: it is left out.
 */

const PLANTED = 900_011;
/** Who calls: system, company and branch staff, and the two app users whose queries are their own. */
const CALLERS = ['developer', 'companyadmin', 'branchmanager', 'caregiver', 'client'];

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [company] = rowsOf<{ id: number }>(await db.execute(sql`select company_id as id from branches order by id limit 1`));
  await plantRecords(db, { id: PLANTED, marker: 'Probe', companyId: company!.id });
  for (const username of CALLERS) tokens[username] = await t.signIn(username);
  await db.execute(sql`create table query_write_probe (table_name text not null, operation text not null)`);
  await db.execute(
    sql.raw(`create function query_write_probe() returns trigger language plpgsql as $$
    begin insert into query_write_probe values (TG_TABLE_NAME, TG_OP); return null; end $$`),
  );
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'query_write_probe'`,
    ),
  );
  for (const { name } of tables) {
    await db.execute(
      sql`create trigger zz_query_write_probe after insert or update or delete on ${sql.identifier(name)}
        for each statement execute function query_write_probe()`,
    );
  }
}, 120_000);
afterAll(() => t.close());

/** The writes a call made: "table OPERATION" for each statement, in order. */
async function writesOf(call: () => Promise<unknown>): Promise<string[]> {
  await t.database.db.execute(sql`delete from query_write_probe`);
  await call();
  const rows = rowsOf<{ table_name: string; operation: string }>(
    await t.database.db.execute(
      sql`select table_name, operation from query_write_probe where table_name not in ('query_write_probe', 'session_activity')`,
    ),
  );
  return rows.map((r) => `${r.table_name} ${r.operation}`);
}

describe('queries without a write transaction', () => {
  it('writes nothing from any query but the access log record of a read', async () => {
    const queries = listProcedures().filter((p: ProcedureInfo) => p.type === 'query');
    expect(queries.length).toBeGreaterThan(100);
    const found: string[] = [];
    const logged = new Set<string>();
    for (const procedure of queries) {
      for (const username of CALLERS) {
        const writes = await writesOf(() => t.trpc('query', procedure.path, sampleInput(procedure, PLANTED), tokens[username]));
        for (const write of writes) {
          if (write === 'access_log INSERT') logged.add(procedure.path);
          else found.push(`${procedure.path} by ${username}: ${write}`);
        }
      }
    }
    expect(found).toEqual([]);
    // The probe sees writes: the reads of a client's record were logged.
    expect(logged).toContain('getClient');
    expect(logged).toContain('getClientContacts');
  }, 300_000);

  it('opens no transaction for a query, and a mutation still runs in one that names its user in the audit', async () => {
    const db = t.database.db as Db & { transaction: Db['transaction'] };
    const original = db.transaction.bind(db);
    let opened = 0;
    db.transaction = ((...args: Parameters<Db['transaction']>) => {
      opened += 1;
      return original(...args);
    }) as Db['transaction'];
    try {
      const planted = PLANTED;
      const read = await t.trpc('query', 'getClient', { id: planted }, tokens.companyadmin);
      expect(read.status).toBe(200);
      expect(opened).toBe(0);
      const [entry] = await db
        .select({ userId: accessLog.userId })
        .from(accessLog)
        .where(and(eq(accessLog.clientId, planted), eq(accessLog.action, 'record-read')))
        .orderBy(desc(accessLog.id))
        .limit(1);
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'companyadmin'));
      expect(entry?.userId).toBe(admin!.id);

      const changed = await t.trpc(
        'mutation',
        'updateClient',
        { id: planted, notes: 'Changed by the audit test' },
        tokens.companyadmin,
      );
      expect(changed.status).toBe(200);
      expect(opened).toBe(1);
      const audit = rowsOf<{ changed_by: number; notes: string }>(
        await db.execute(sql`select changed_by, new_row ->> 'notes' as notes from audit_log
          where table_name = 'clients' and row_id = ${planted} order by id desc limit 1`),
      );
      expect(audit).toEqual([{ changed_by: admin!.id, notes: 'Changed by the audit test' }]);
    } finally {
      db.transaction = original;
    }
  });
});
