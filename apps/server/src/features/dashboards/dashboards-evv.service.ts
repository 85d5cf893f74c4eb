import { sql } from 'drizzle-orm';
import type { EvvDashboardOutput, GetEvvDashboardInput } from '@hearth/shared/dashboards/dashboards.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { evvCountsOf, localDate, utcBounds, type EvvRow } from './dashboards-evv.sql';
import { evvBranches, evvListPage } from './dashboards-evv.list';
import { rowsOf } from '../../db/rows';

/** The condition on `s` shifts and `b` branches of completed visits starting on local dates from..to in scope. */
export function completedVisitsIn(scope: Scope, period: { from: string; to: string; branchId?: number | undefined }) {
  const { lower, upper } = utcBounds(period.from, period.to);
  return sql`${inBranchScope(scope, sql`s.branch_id`)} and s.status = 'completed'
    and s.start_at >= ${lower}::timestamptz and s.start_at < ${upper}::timestamptz
    and ${localDate} between ${period.from}::date and ${period.to}::date
    ${period.branchId === undefined ? sql`` : sql`and s.branch_id = ${period.branchId}`}`;
}

interface WeekRow extends EvvRow {
  week: string;
}

/**
 * The EVV dashboard (/dashboard/evv; issue "Payroll, billing, reports" item 4, issue "The largest agencies" item 3):
 * completed visits starting on the local dates from..to (each branch's time zone) in the caller's branches, or one
 * of them, with their EVV flags (evvVisitFlags): totals and one row per Sunday-Saturday week (by its Sunday), summed
 * from the daily rollup per branch (evv_branch_days), and one page of the caregivers or the clients (evvListPage).
 * The rollups hold exactly the per-visit flags of evvVisitsCte (dashboards-evv.rollups.integration.test.ts), so
 * the figures are those of the visits, read from a few rows per branch and day.
 * @param input from, to (YYYY-MM-DD, at most 92 days, checked by the schema), branchId (optional), list, sort,
 *   desc, page, pageSize (the list's page).
 * @returns counts of visits, compliant ones, the rate (0..1, null without visits), geofence exceptions, manual
 *   edits and late check-ins: totals, per week (weeks with visits, in order) and the list's page with its total.
 */
export async function getEvvDashboard({
  scope,
  input,
}: {
  scope: Scope;
  input: GetEvvDashboardInput;
}): Promise<EvvDashboardOutput> {
  const branches = evvBranches(scope, input.branchId);
  const [weeks, list] = await Promise.all([
    scope.db.execute(sql`select (d.local_date - extract(dow from d.local_date)::int)::text as week,
        sum(d.visits)::int as visits, sum(d.compliant)::int as compliant,
        sum(d.geofence_exceptions)::int as geofence_exceptions, sum(d.manual_edits)::int as manual_edits,
        sum(d.late_check_ins)::int as late_check_ins
      from evv_branch_days d
      where d.local_date between ${input.from}::date and ${input.to}::date and ${branches(sql`d.branch_id`)}
      group by 1 having sum(d.visits) > 0 order by 1`),
    evvListPage(scope, input, branches),
  ]);
  const trends = rowsOf<WeekRow>(weeks).map((r) => ({ weekStart: r.week, ...evvCountsOf(r) }));
  const sum = (key: 'visits' | 'compliant' | 'geofenceExceptions' | 'manualEdits' | 'lateCheckIns') =>
    trends.reduce((n, w) => n + w[key], 0);
  const totals = evvCountsOf({
    visits: sum('visits'),
    compliant: sum('compliant'),
    geofence_exceptions: sum('geofenceExceptions'),
    manual_edits: sum('manualEdits'),
    late_check_ins: sum('lateCheckIns'),
  });
  return { totals, list, trends };
}
