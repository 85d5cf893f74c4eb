import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { NO_CHAT, type Scope } from '../../auth/scope';
import { inTransaction } from '../../db/transaction';
import { rowsOf } from '../../db/rows';
import { clientsView } from '../clients/clients.view';
import { caregiversView } from '../caregivers/caregivers.view';
import { shiftsView } from '../shifts/shifts.view';
import type { ViewDefinition } from './views.registry';
import { compileWhere } from './views.query';

/** A system-level caller of the seeded company (the database is set per transaction). */
const SYSTEM_SCOPE: Omit<Scope, 'db'> = {
  userId: 1,
  actorUserId: 1,
  roleId: 1,
  level: 'system',
  companyId: 1,
  branchIds: [],
  viewPermissions: [],
  tablePermissions: [],
  hasPayPeriodLockOverride: false,
  chat: NO_CHAT,
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * The plan of a view's count under `filter`, with sequential scans priced out so that any index the condition can
 * use shows (the seeded database is too small for the planner to prefer one by itself).
 */
async function planOf(view: ViewDefinition, filter: ViewFilter): Promise<string> {
  return inTransaction(t.database.db, async (db) => {
    const scope: Scope = { ...SYSTEM_SCOPE, db };
    const { from, where } = compileWhere(scope, view, { filters: [filter], sort: [] });
    await db.execute(sql`set local enable_seqscan = off`);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain select count(*) from ${from} where ${where}`));
    return plan.map((line) => line['QUERY PLAN']).join('\n');
  });
}

describe('trigram indexes for "contains" filters', () => {
  it.each<[string, ViewDefinition, string, string]>([
    ['clients', clientsView, 'lastName', 'clients_last_name_trgm_idx'],
    ['clients', clientsView, 'firstName', 'clients_first_name_trgm_idx'],
    ['caregivers', caregiversView, 'lastName', 'caregivers_last_name_trgm_idx'],
    ['caregivers', caregiversView, 'firstName', 'caregivers_first_name_trgm_idx'],
    ['shifts', shiftsView, 'clientName', 'clients_full_name_trgm_idx'],
    ['shifts', shiftsView, 'caregiverName', 'caregivers_full_name_trgm_idx'],
  ])('lets the %s view filter %s by contains through %s', async (_name, view, column, index) => {
    expect(await planOf(view, { column, operator: 'contains', value: 'ann' })).toContain(index);
  });
});

describe('"contains" on a name', () => {
  it.each<[string, ViewDefinition, 'clients' | 'caregivers']>([
    ['clients', clientsView, 'clients'],
    ['caregivers', caregiversView, 'caregivers'],
  ])('finds in the %s view only the rows whose filtered name holds the text, not the other name', async (_name, view, table) => {
    const [branch] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from branches order by id limit 1`));
    await t.database.db.execute(sql`
      insert into ${sql.raw(table)} (branch_id, first_name, last_name, status)
      values (${branch!.id}, 'Qzvelda', 'Plain', 'active'), (${branch!.id}, 'Plain', 'Qzvernon', 'active')`);
    const lastNamesOf = async (column: string) =>
      inTransaction(t.database.db, async (db) => {
        const scope = { ...SYSTEM_SCOPE, db };
        const { from, where } = compileWhere(scope, view, {
          filters: [{ column, operator: 'contains', value: 'qzve' }],
          sort: [],
        });
        const rows = rowsOf<{ last_name: string }>(
          await db.execute(sql`select ${sql.raw(table)}.last_name from ${from} where ${where} order by 1`),
        );
        return rows.map((row) => row.last_name);
      });
    expect(await lastNamesOf('lastName')).toEqual(['Qzvernon']);
    expect(await lastNamesOf('firstName')).toEqual(['Plain']);
  });
});
