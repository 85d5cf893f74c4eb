import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type {
  DashboardSummaryOutput,
  GetDashboardSummaryInput,
  GetRollupDashboardInput,
  RollupDashboardOutput,
  RollupRow,
  VisitCounts,
} from '@hearth/shared/dashboards/dashboards.schema';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { complianceRate } from '@hearth/shared/dashboards/evv-compliance';
import { inBranchScope, type Scope } from '../../auth/scope';
import { evvCountColumns, evvCountsOf, evvVisitsCte, localDate, utcBounds, type EvvRow } from './dashboards-evv.sql';
import { rowsOf } from '../../db/rows';

/** Aggregates over `v` (visits not cancelled) giving the columns of VisitCountRow. */
const visitCountColumns = sql`
  count(*)::int as scheduled,
  count(*) filter (where v.status = 'in_progress')::int as in_progress,
  count(*) filter (where v.status = 'completed')::int as completed,
  count(*) filter (where v.status = 'missed')::int as missed,
  count(*) filter (where v.caregiver_id is null)::int as open_shifts,
  coalesce(sum(v.scheduled_minutes), 0)::float8 as scheduled_minutes,
  coalesce(sum(v.worked_minutes), 0)::float8 as worked_minutes`;

interface VisitCountRow extends EvvRow {
  scheduled: number;
  in_progress: number;
  completed: number;
  missed: number;
  open_shifts: number;
  scheduled_minutes: number;
  worked_minutes: number;
}

function visitCountsOf(row: Partial<VisitCountRow> | undefined, prefix = ''): VisitCounts {
  const n = (key: string) => Number((row as Record<string, unknown> | undefined)?.[`${prefix}${key}`] ?? 0);
  return {
    scheduled: n('scheduled'),
    inProgress: n('in_progress'),
    completed: n('completed'),
    missed: n('missed'),
    openShifts: n('open_shifts'),
  };
}

/** Local date of the caller's "today" per branch: the given date, else today in the branch's time zone. */
const todayOf = (date: string | null) => sql`coalesce(${date}::date, (now() at time zone b.timezone)::date)`;

/**
 * The home dashboard (/dashboard): today and this week (Sunday to Saturday, each branch's time zone) in the
 * caller's branches, or one of them. Counts of visits on the schedule (not cancelled), in progress, completed,
 * missed and open (no caregiver); scheduled and worked minutes per day of the week (worked: effective check-in
 * to check-out of completed visits, office edits winning, as payroll counts them); the week's EVV counts and
 * compliance rate (evvVisitFlags over completed visits).
 * @param input branchId (optional); date (YYYY-MM-DD, optional): the day to show instead of today.
 */
export async function getDashboardSummary({
  scope,
  input,
}: {
  scope: Scope;
  input: GetDashboardSummaryInput;
}): Promise<DashboardSummaryOutput> {
  const date = input?.date ?? null;
  const around = date ?? DateTime.utc().toISODate()!;
  const { lower, upper } = utcBounds(
    DateTime.fromISO(around).minus({ days: 7 }).toISODate()!,
    DateTime.fromISO(around).plus({ days: 7 }).toISODate()!,
  );
  const weekFrom = sql`(${todayOf(date)} - extract(dow from ${todayOf(date)})::int)`;
  const where = sql`${inBranchScope(scope, sql`s.branch_id`)} and s.status <> 'cancelled'
    and s.start_at >= ${lower}::timestamptz and s.start_at < ${upper}::timestamptz
    and ${localDate} between ${weekFrom} and ${weekFrom} + 6
    ${input?.branchId === undefined ? sql`` : sql`and s.branch_id = ${input.branchId}`}`;
  const rows = rowsOf<VisitCountRow & { g_day: number; day: string | null; today: string | null }>(
    await scope.db.execute(sql`with ${evvVisitsCte(where)},
      t as (select v.*, coalesce(${date}::date, (now() at time zone v.timezone)::date) as today from v)
      select grouping(v.local_date) as g_day, v.local_date::text as day, max(v.today)::text as today,
        ${visitCountColumns},
        ${evvCountColumns},
        count(*) filter (where v.local_date = v.today)::int as today_scheduled,
        count(*) filter (where v.local_date = v.today and v.status = 'in_progress')::int as today_in_progress,
        count(*) filter (where v.local_date = v.today and v.status = 'completed')::int as today_completed,
        count(*) filter (where v.local_date = v.today and v.status = 'missed')::int as today_missed,
        count(*) filter (where v.local_date = v.today and v.caregiver_id is null)::int as today_open_shifts
      from t as v
      group by grouping sets ((v.local_date), ())`),
  );
  const total = rows.find((r) => Number(r.g_day) === 1);
  const today = total?.today ?? date ?? (await branchToday(scope, input?.branchId));
  const first = DateTime.fromISO(today);
  const sunday = first.minus({ days: first.weekday % 7 });
  const hoursByDay = Array.from({ length: 7 }, (_, dayOfWeek) => {
    const day = sunday.plus({ days: dayOfWeek }).toISODate()!;
    const row = rows.find((r) => Number(r.g_day) === 0 && r.day === day);
    return {
      date: day,
      dayOfWeek,
      scheduledMinutes: Number(row?.scheduled_minutes ?? 0),
      workedMinutes: Number(row?.worked_minutes ?? 0),
    };
  });
  return {
    today,
    weekFrom: hoursByDay[0]!.date,
    weekTo: hoursByDay[6]!.date,
    todayCounts: visitCountsOf(total, 'today_'),
    weekCounts: visitCountsOf(total),
    hoursByDay,
    weekEvv: evvCountsOf(total),
  };
}

/** Today in the time zone of the chosen branch, else the first branch in scope (the default zone without any). */
async function branchToday(scope: Scope, branchId: number | undefined): Promise<string> {
  const [row] = rowsOf<{ today: string }>(
    await scope.db.execute(sql`select (now() at time zone b.timezone)::date::text as today from branches b
      where ${inBranchScope(scope, sql`b.id`)} ${branchId === undefined ? sql`` : sql`and b.id = ${branchId}`}
      order by b.id limit 1`),
  );
  return row?.today ?? DateTime.now().setZone(DEFAULT_TIMEZONE).toISODate()!;
}

/** RollupRow of summed parts, the rate recomputed from the sums. */
function sumRows(rows: RollupRow[]): RollupRow {
  const add = (pick: (r: RollupRow) => number) => rows.reduce((sum, r) => sum + pick(r), 0);
  const visits = add((r) => r.evv.visits);
  const compliant = add((r) => r.evv.compliant);
  return {
    scheduled: add((r) => r.scheduled),
    inProgress: add((r) => r.inProgress),
    completed: add((r) => r.completed),
    missed: add((r) => r.missed),
    openShifts: add((r) => r.openShifts),
    scheduledMinutes: add((r) => r.scheduledMinutes),
    workedMinutes: add((r) => r.workedMinutes),
    evv: {
      visits,
      compliant,
      rate: complianceRate(compliant, visits),
      geofenceExceptions: add((r) => r.evv.geofenceExceptions),
      manualEdits: add((r) => r.evv.manualEdits),
      lateCheckIns: add((r) => r.evv.lateCheckIns),
    },
  };
}

/**
 * The rollup dashboard (/dashboard/rollup): the summary figures of getDashboardSummary over the local dates
 * from..to, per branch in the caller's scope (every branch of the company for company-level roles; a branch
 * without visits shows zeros), per region (branches.region; null: "No region") and all together.
 * @param input from, to (YYYY-MM-DD, at most 92 days).
 */
export async function getRollupDashboard({
  scope,
  input,
}: {
  scope: Scope;
  input: GetRollupDashboardInput;
}): Promise<RollupDashboardOutput> {
  const { lower, upper } = utcBounds(input.from, input.to);
  const where = sql`${inBranchScope(scope, sql`s.branch_id`)} and s.status <> 'cancelled'
    and s.start_at >= ${lower}::timestamptz and s.start_at < ${upper}::timestamptz
    and ${localDate} between ${input.from}::date and ${input.to}::date`;
  const counted = rowsOf<VisitCountRow & { branch_id: number }>(
    await scope.db.execute(sql`with ${evvVisitsCte(where)}
      select v.branch_id, ${visitCountColumns}, ${evvCountColumns} from v group by v.branch_id`),
  );
  const branchRows = rowsOf<{ id: number; name: string; region: string | null }>(
    await scope.db.execute(sql`select b.id, b.name, nullif(trim(b.region), '') as region from branches b
      where ${inBranchScope(scope, sql`b.id`)} order by b.name, b.id`),
  );
  const branches = branchRows.map((b) => {
    const row = counted.find((r) => Number(r.branch_id) === b.id);
    return {
      branchId: b.id,
      name: b.name,
      region: b.region,
      ...visitCountsOf(row),
      scheduledMinutes: Number(row?.scheduled_minutes ?? 0),
      workedMinutes: Number(row?.worked_minutes ?? 0),
      evv: evvCountsOf(row),
    };
  });
  const regionNames = [...new Set(branches.map((b) => b.region))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  const regions = regionNames.map((region) => {
    const members = branches.filter((b) => b.region === region);
    return { region, branchCount: members.length, ...sumRows(members) };
  });
  return { branches, regions, totals: sumRows(branches) };
}
