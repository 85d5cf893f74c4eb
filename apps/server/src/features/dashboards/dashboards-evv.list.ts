import { sql, type SQL } from 'drizzle-orm';
import type { EvvDashboardOutput, EvvSortKey, GetEvvDashboardInput } from '@hearth/shared/dashboards/dashboards.schema';
import { evvPeriodParts } from '@hearth/shared/dashboards/evv-period';
import { inBranchScope, type Scope } from '../../auth/scope';
import { rowsOf } from '../../db/rows';
import { evvCountsOf, type EvvRow } from './dashboards-evv.sql';

/** What each list reads: its weekly rollup, the person column, and the table of names. */
const LISTS = {
  caregivers: { rollup: sql`evv_caregiver_weeks`, person: sql`caregiver_id`, names: sql`caregivers` },
  clients: { rollup: sql`evv_client_weeks`, person: sql`client_id`, names: sql`clients` },
} as const;

/** The order of each sort key over the grouped row `g` (its counts) and the person `p` (names). */
const ORDER: Record<EvvSortKey, SQL> = {
  name: sql`p.first_name || ' ' || p.last_name`,
  visits: sql`g.visits`,
  compliant: sql`g.compliant`,
  // Rows with no visit are left out, so the rate is always defined here.
  rate: sql`g.compliant::float8 / g.visits`,
  geofenceExceptions: sql`g.geofence_exceptions`,
  manualEdits: sql`g.manual_edits`,
  lateCheckIns: sql`g.late_check_ins`,
};

interface ListRow extends EvvRow {
  id: number;
  name: string;
  total: number;
}

/**
 * One page of the EVV dashboard's caregivers or clients (issue "The largest agencies" item 3): each person's
 * completed visits and flags over from..to in the branches `where` admits, summed in SQL from the weekly rollup for
 * the period's whole weeks and from the stored per-visit flags for the days around them (evvPeriodParts), sorted
 * in SQL and cut to the page, so no request reads every visit or sorts every person in JavaScript.
 * @param branches a condition on a `branch_id` column named by the caller's scope and the optional branch filter.
 * @returns the page's rows (id of the caregiver or client, "First Last" name, counts and rate) and the number of
 *   people with at least one completed visit in the period (`total`).
 */
export async function evvListPage(
  scope: Scope,
  input: GetEvvDashboardInput,
  branches: (column: SQL) => SQL,
): Promise<EvvDashboardOutput['list']> {
  const list = LISTS[input.list];
  const parts = evvPeriodParts(input);
  const fromWeeks = parts.weeks
    ? [
        sql`select r.${list.person} as id, r.visits, r.compliant, r.geofence_exceptions, r.manual_edits, r.late_check_ins
          from ${list.rollup} r
          where r.week_start between ${parts.weeks.from}::date and ${parts.weeks.to}::date and ${branches(sql`r.branch_id`)}`,
      ]
    : [];
  const fromDays = parts.days.map(
    (d) => sql`select f.${list.person} as id, 1 as visits, f.compliant::int, f.geofence_exception::int,
        f.manual_edit::int, f.late_check_in::int
      from evv_visit_flags f
      where f.local_date between ${d.from}::date and ${d.to}::date and f.${list.person} is not null
        and ${branches(sql`f.branch_id`)}`,
  );
  const direction = input.desc ? sql`desc` : sql`asc`;
  const rows = rowsOf<ListRow>(
    await scope.db.execute(sql`with parts (id, visits, compliant, geofence_exceptions, manual_edits, late_check_ins) as (
        ${sql.join([...fromWeeks, ...fromDays], sql` union all `)}
      ),
      g as (
        select id, sum(visits)::int as visits, sum(compliant)::int as compliant,
          sum(geofence_exceptions)::int as geofence_exceptions, sum(manual_edits)::int as manual_edits,
          sum(late_check_ins)::int as late_check_ins
        from parts group by id having sum(visits) > 0
      )
      select g.*, p.first_name || ' ' || p.last_name as name, count(*) over ()::int as total
      from g join ${list.names} p on p.id = g.id
      order by ${ORDER[input.sort]} ${direction}, p.first_name || ' ' || p.last_name, g.id
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && input.page > 1) total = await countPeople(scope, input, branches);
  return {
    kind: input.list,
    total,
    page: input.page,
    pageSize: input.pageSize,
    rows: rows.map((r) => ({ id: Number(r.id), name: r.name, ...evvCountsOf(r) })),
  };
}

/** The number of people in the list when the page asked for lies past its end (no row carries the total then). */
async function countPeople(scope: Scope, input: GetEvvDashboardInput, branches: (column: SQL) => SQL): Promise<number> {
  const page = await evvListPage(scope, { ...input, page: 1, pageSize: 1 }, branches);
  return page.total;
}

/** The branch condition of the EVV dashboard: the caller's scope and, when given, the one branch asked for. */
export function evvBranches(scope: Scope, branchId: number | undefined): (column: SQL) => SQL {
  return (column) => sql`${inBranchScope(scope, column)} ${branchId === undefined ? sql`` : sql`and ${column} = ${branchId}`}`;
}
