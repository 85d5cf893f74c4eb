import { sql, type SQL } from 'drizzle-orm';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { rowsOf } from '../../db/rows';
import type { ViewDefinition } from './views.registry';

/** The column of a view that shows its row's branch name (`branches.name`, joined on the view's `branchId`). */
const BRANCH_NAME_COLUMN = 'branchName';

/** The operators whose rows are exactly those of the branches whose names match (a null name matches none). */
const RESOLVED_OPERATORS = new Set<ViewFilter['operator']>(['equals', 'in', 'contains']);

/**
 * The conditions that replace a view's branch name filters: each `branchName` filter (equals, in, contains) of a
 * view that declares `branchId` is run first on the branches table, in the caller's scope, and becomes
 * `<branchId> in (ids)` (or false when no branch matches). A name compared through the join cannot narrow the view's
 * main table by its branch index (issue 26: a shifts page filtered by branch name read every branch's shifts); the
 * ids can. The rows are the same: the view joins `branches` on that id, and the scope applies to both.
 * @param compile compiles a filter of the view as the view's query would (views.query.ts compileFilter).
 * @returns each resolved filter (the same object as given) with its condition; other filters are left to
 *   compileFilter.
 * @throws AppError BAD_REQUEST for a filter whose value does not fit (compileFilter's errors).
 */
export async function resolveBranchNameFilters(
  scope: Scope,
  view: ViewDefinition,
  filters: ViewFilter[],
  compile: (filter: ViewFilter) => SQL,
): Promise<Map<ViewFilter, SQL>> {
  const resolved = new Map<ViewFilter, SQL>();
  const branchId = view.branchId;
  if (!branchId) return resolved;
  for (const filter of filters) {
    if (filter.column !== BRANCH_NAME_COLUMN || !RESOLVED_OPERATORS.has(filter.operator)) continue;
    // The filter compiled as the view would run it; it reads `branches.name` only, so it runs on branches alone.
    const condition = compile(filter);
    const ids = rowsOf<{ id: number }>(
      await scope.db.execute(
        sql`select branches.id from branches where ${condition} and ${inBranchScope(scope, sql`branches.id`)}`,
      ),
    ).map((row) => row.id);
    resolved.set(
      filter,
      ids.length === 0
        ? sql`false`
        : sql`${branchId} in (${sql.join(
            ids.map((id) => sql`${id}::int`),
            sql`, `,
          )})`,
    );
  }
  return resolved;
}
