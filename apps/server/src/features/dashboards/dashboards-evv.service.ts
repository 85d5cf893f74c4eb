import { sql } from 'drizzle-orm';
import type { EvvDashboardOutput, GetEvvDashboardInput } from '@hearth/shared/dashboards/dashboards.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { evvCountColumns, evvCountsOf, evvVisitsCte, localDate, utcBounds, type EvvRow } from './dashboards-evv.sql';
import { rowsOf } from '../../db/rows';

/** The condition on `s` shifts and `b` branches of completed visits starting on local dates from..to in scope. */
export function completedVisitsIn(scope: Scope, period: { from: string; to: string; branchId?: number | undefined }) {
  const { lower, upper } = utcBounds(period.from, period.to);
  return sql`${inBranchScope(scope, sql`s.branch_id`)} and s.status = 'completed'
    and s.start_at >= ${lower}::timestamptz and s.start_at < ${upper}::timestamptz
    and ${localDate} between ${period.from}::date and ${period.to}::date
    ${period.branchId === undefined ? sql`` : sql`and s.branch_id = ${period.branchId}`}`;
}

interface GroupedRow extends EvvRow {
  g_caregiver: number;
  g_client: number;
  g_week: number;
  caregiver_id: number | null;
  client_id: number | null;
  week: string | null;
  caregiver_name: string | null;
  client_name: string | null;
}

/**
 * The EVV dashboard (/dashboard/evv; issue "Payroll, billing, reports" item 4): completed visits starting on the
 * local dates from..to (each branch's time zone) in the caller's branches, or one of them, with their EVV flags
 * (evvVisitFlags): totals, one row per caregiver and per client (by name), and one per Sunday-Saturday week
 * (by its Sunday). One aggregate query with grouping sets over the per-visit flags.
 * @param input from, to (YYYY-MM-DD, at most 92 days, checked by the schema), branchId (optional).
 * @returns counts of visits, compliant ones, the rate (0..1, null without visits), geofence exceptions, manual
 *   edits and late check-ins for each group.
 */
export async function getEvvDashboard({
  scope,
  input,
}: {
  scope: Scope;
  input: GetEvvDashboardInput;
}): Promise<EvvDashboardOutput> {
  const rows = rowsOf<GroupedRow>(
    await scope.db.execute(sql`with ${evvVisitsCte(completedVisitsIn(scope, input))},
      g as (
        select grouping(v.caregiver_id) as g_caregiver, grouping(v.client_id) as g_client,
          grouping(v.week_start) as g_week, v.caregiver_id, v.client_id, v.week_start, ${evvCountColumns}
        from v
        group by grouping sets ((v.caregiver_id), (v.client_id), (v.week_start), ())
      )
      select g.g_caregiver, g.g_client, g.g_week, g.caregiver_id, g.client_id, g.week_start::text as week,
        g.visits, g.compliant, g.geofence_exceptions, g.manual_edits, g.late_check_ins,
        cg.first_name || ' ' || cg.last_name as caregiver_name, cl.first_name || ' ' || cl.last_name as client_name
      from g
      left join caregivers cg on g.g_caregiver = 0 and cg.id = g.caregiver_id
      left join clients cl on g.g_client = 0 and cl.id = g.client_id`),
  );
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const isTotal = (r: GroupedRow) => Number(r.g_caregiver) + Number(r.g_client) + Number(r.g_week) === 3;
  return {
    totals: evvCountsOf(rows.find(isTotal)),
    caregivers: rows
      .filter((r) => Number(r.g_caregiver) === 0 && r.caregiver_id !== null)
      .map((r) => ({ caregiverId: r.caregiver_id!, name: r.caregiver_name ?? '', ...evvCountsOf(r) }))
      .sort(byName),
    clients: rows
      .filter((r) => Number(r.g_client) === 0 && r.client_id !== null)
      .map((r) => ({ clientId: r.client_id!, name: r.client_name ?? '', ...evvCountsOf(r) }))
      .sort(byName),
    trends: rows
      .filter((r) => Number(r.g_week) === 0 && r.week !== null)
      .map((r) => ({ weekStart: r.week!, ...evvCountsOf(r) }))
      .sort((a, b) => a.weekStart.localeCompare(b.weekStart)),
  };
}
