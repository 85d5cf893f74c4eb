import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { inTransaction } from '../../db/transaction';
import { rowsOf } from '../../db/rows';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The plan of `query` with sequential scans priced out (the seeded database is too small to prefer an index). */
async function planOf(query: SQL): Promise<string> {
  return inTransaction(t.database.db, async (db) => {
    await db.execute(sql`set local enable_seqscan = off`);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain ${query}`));
    return plan.map((line) => line['QUERY PLAN']).join('\n');
  });
}

describe('the visits of an authorization', () => {
  it('are found through shifts_authorization_idx, in date order, as deleting one and billing against one read them', async () => {
    const plan = await planOf(sql`select id from shifts where authorization_id = 1 order by start_at, id limit 5`);
    expect(plan).toContain('shifts_authorization_idx');
    expect(await planOf(sql`select id from shifts where authorization_id = any('{1,2,3}'::int[])`)).toContain(
      'shifts_authorization_idx',
    );
  });
});
