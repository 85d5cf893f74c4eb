import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { NO_CHAT, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientsView } from '../clients/clients.view';
import { shiftsView } from '../shifts/shifts.view';
import type { ViewDefinition } from './views.registry';
import { runViewPage } from './views.query';

/** `db` with every raw statement it executes written down as SQL text (the views run theirs through execute). */
function recording(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const dialect = new PgDialect();
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return target.execute(query);
      };
    },
  });
  return { db: proxy, statements };
}

let t: TestApp;
let boston: number;
let other: { id: number; name: string };

function scopeOf(db: Db, level: 'system' | 'branch'): Scope {
  return {
    db,
    userId: 1,
    actorUserId: 1,
    roleId: 1,
    level,
    companyId: 1,
    branchIds: level === 'branch' ? [boston] : [],
    viewPermissions: [],
    tablePermissions: [],
    hasPayPeriodLockOverride: false,
    chat: NO_CHAT,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const branches = rowsOf<{ id: number; name: string }>(
    await t.database.db.execute(sql`select id, name from branches order by id`),
  );
  boston = branches.find((b) => b.name === 'Boston')!.id;
  other = branches.find((b) => b.name !== 'Boston')!;
});
afterAll(() => t.close());

/** The same view compared through the join, as before names were resolved. */
const unresolved = (view: ViewDefinition): ViewDefinition => ({ ...view, branchId: undefined });

async function pageOf(view: ViewDefinition, filters: ViewFilter[], level: 'system' | 'branch' = 'system') {
  const { db, statements } = recording(t.database.db);
  const page = await runViewPage(scopeOf(db, level), view, { filters, sort: [] }, 1, 500);
  return { ids: page.rows.map((r) => r.id), totalCount: page.totalCount, statements };
}

describe('branch name filters resolved to ids', () => {
  it.each<[string, ViewDefinition, string]>([
    ['clients', clientsView, 'clients.branch_id in'],
    ['shifts', shiftsView, 'shifts.branch_id in'],
  ])('gives the %s view the rows of its join, filtering the main table by branch id', async (_name, view, narrowed) => {
    const filters: ViewFilter[][] = [
      [{ column: 'branchName', operator: 'equals', value: 'Boston' }],
      [{ column: 'branchName', operator: 'in', value: ['Boston', other.name] }],
      [{ column: 'branchName', operator: 'contains', value: 'OST' }],
    ];
    for (const filter of filters) {
      const resolved = await pageOf(view, filter);
      const joined = await pageOf(unresolved(view), filter);
      expect(resolved.totalCount).toBeGreaterThan(0);
      expect(resolved.ids).toEqual(joined.ids);
      expect(resolved.totalCount).toBe(joined.totalCount);
      // The branches first, then the view's one statement, which names ids and no branch name.
      expect(resolved.statements).toHaveLength(2);
      expect(resolved.statements[0]).toMatch(/^select branches\.id from branches where/);
      expect(resolved.statements[1]).toContain(narrowed);
      expect(resolved.statements[1]).not.toContain('branches.name =');
      expect(joined.statements).toHaveLength(1);
    }
  });

  it('finds no branch outside the scope, nor a name no branch has', async () => {
    const outside = await pageOf(clientsView, [{ column: 'branchName', operator: 'equals', value: other.name }], 'branch');
    expect(outside).toMatchObject({ ids: [], totalCount: 0 });
    expect(outside.statements[1]).toMatch(/and false/);
    const inside = await pageOf(clientsView, [{ column: 'branchName', operator: 'equals', value: 'Boston' }], 'branch');
    expect(inside.totalCount).toBeGreaterThan(0);
    const nobody = await pageOf(shiftsView, [{ column: 'branchName', operator: 'equals', value: 'No such branch' }]);
    expect(nobody).toMatchObject({ ids: [], totalCount: 0 });
  });

  it('leaves other operators on the join, and refuses a bad value before any statement', async () => {
    const empty = await pageOf(clientsView, [{ column: 'branchName', operator: 'isNotEmpty', value: null }]);
    expect(empty.statements).toHaveLength(1);
    expect(empty.totalCount).toBe((await pageOf(clientsView, [])).totalCount);
    const { db, statements } = recording(t.database.db);
    await expect(
      runViewPage(
        scopeOf(db, 'system'),
        clientsView,
        { filters: [{ column: 'branchName', operator: 'equals', value: 7 }], sort: [] },
        1,
        5,
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(statements).toEqual([]);
  });
});
