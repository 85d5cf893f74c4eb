import { sql, type SQL } from 'drizzle-orm';
import { complianceRate, LATE_CHECK_IN_GRACE_MINUTES } from '@hearth/shared/dashboards/evv-compliance';
import type { EvvCounts } from '@hearth/shared/dashboards/dashboards.schema';

/**
 * The per-visit EVV data of the dashboards in SQL: the rules of evvVisitFlags (packages/shared/src/dashboards/
 * evv-compliance.ts) and effectiveVisitTimes (payroll-hours.ts) over shift_timesheets, so the dashboards aggregate
 * in the database. dashboards-evv.sql.integration.test.ts checks it against the pure functions on the same rows.
 */

/** The UTC bounds that surely hold every visit starting on local dates from..to in any time zone (UTC-12..+14). */
export function utcBounds(from: string, to: string): { lower: string; upper: string } {
  const day = 86_400_000;
  const lower = new Date(Date.parse(`${from}T00:00:00Z`) - day).toISOString();
  const upper = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * day).toISOString();
  return { lower, upper };
}

/** The local date of a shift's start in its branch's time zone (needs `s` shifts and `b` branches). */
export const localDate = sql`(s.start_at at time zone b.timezone)::date`;

/**
 * The effective check's timesheet values in one plain aggregate (no per-group sort): the lexicographic minimum of
 * [not office (0/1), time key, timesheet id, type, distance] over the shift's timesheets picks office checks first,
 * then the time key (check-in: earliest; check-out: latest, negated), then the lower id, as effectiveVisitTimes
 * picks them; elements 4 and 5 are that timesheet's type and distance in metres.
 */
function effectiveKey(check: 'in' | 'out'): SQL {
  const time = check === 'in' ? 'extract(epoch from ts.check_in)' : '-extract(epoch from ts.check_out)';
  return sql.raw(`min(array[(ts.check_${check}_type is distinct from 3)::int::float8, ${time}::float8, ts.id::float8,
      ts.check_${check}_type::float8, (ts.check_${check}_metadata->>'distanceMetres')::float8])
    filter (where ts.check_${check} is not null)`);
}

/** A check of a timesheet made by the device (type 1 or 2) with its metadata's insideGeofence equal to `inside`. */
const deviceCheck = (check: 'in' | 'out', inside: 'true' | 'false') =>
  sql.raw(`ts.check_${check} is not null and ts.check_${check}_type in (1, 2)
    and ts.check_${check}_metadata->>'insideGeofence' = '${inside}'`);

/** A check of a timesheet made by the device (type 1 or 2) from a phone whose clock was off (metadata clockSkew). */
const skewedCheck = (check: 'in' | 'out') =>
  sql.raw(`ts.check_${check} is not null and ts.check_${check}_type in (1, 2)
    and ts.check_${check}_metadata->>'clockSkew' = 'true'`);

/** A device check (type 1 or 2) that arrived after its pay period was locked (metadata afterPayPeriodLock). */
const afterLockCheck = (check: 'in' | 'out') =>
  sql.raw(`ts.check_${check} is not null and ts.check_${check}_type in (1, 2)
    and jsonb_typeof(ts.check_${check}_metadata->'afterPayPeriodLock') = 'object'`);

/**
 * `with` clauses defining `v`: one row per shift matching `where` (a condition on `s` shifts and `b` branches;
 * bound `s.start_at` by utcBounds so the (branch, start) index serves it) with
 * id, branch_id, client_id, caregiver_id, status, start_at, end_at, timezone (the branch's), local_date, week_start
 * (the Sunday of its Sunday-Saturday week), scheduled_minutes; the effective check-in and check-out eff_in,
 * eff_out (effectiveVisitTimes: office-edited ones win); worked_minutes (completed with both times, else 0); and
 * the flags compliant, geofence_exception, manual_edit, late_check_in, clock_skew, after_lock, as evvVisitFlags decides them. With
 * `details`, also eff_in_type, eff_out_type, eff_in_distance, eff_out_distance (ties go to the lower timesheet id)
 * and reason_code (of its office edits, the least when several): the drill-downs' columns, dearer to compute.
 * Each shift aggregates its own timesheets (a lateral subquery on the shift_id index): no sort of all rows.
 */
export function evvVisitsCte(where: SQL, options: { details?: boolean } = {}): SQL {
  const details = options.details
    ? sql`, ${effectiveKey('in')} as in_key, ${effectiveKey('out')} as out_key, min(ts.reason_code) as reason_code`
    : sql``;
  const detailColumns = options.details
    ? sql`, vs.in_key[4]::int as eff_in_type, vs.out_key[4]::int as eff_out_type,
      vs.in_key[5] as eff_in_distance, vs.out_key[5] as eff_out_distance, vs.reason_code`
    : sql``;
  return sql`vs as (
    select s.id, s.branch_id, s.client_id, s.caregiver_id, s.status, s.start_at, s.end_at, b.timezone,
      ${localDate} as local_date, t.*
    from shifts s
    join branches b on b.id = s.branch_id
    cross join lateral (
      select coalesce(min(ts.check_in) filter (where ts.check_in_type = 3), min(ts.check_in)) as eff_in,
        coalesce(max(ts.check_out) filter (where ts.check_out_type = 3), max(ts.check_out)) as eff_out,
        coalesce(bool_or((ts.check_in is not null and ts.check_in_type = 3)
          or (ts.check_out is not null and ts.check_out_type = 3)), false) as manual_edit,
        coalesce(bool_or((${deviceCheck('in', 'false')}) or (${deviceCheck('out', 'false')})), false) as geofence_exception,
        coalesce(bool_or((${skewedCheck('in')}) or (${skewedCheck('out')})), false) as clock_skew,
        coalesce(bool_or((${afterLockCheck('in')}) or (${afterLockCheck('out')})), false) as after_lock,
        -- "is true": an unknown geofence result (JSON null) must fail the check, not be skipped by bool_and.
        coalesce(bool_and(((ts.check_in is null or (${deviceCheck('in', 'true')}))
          and (ts.check_out is null or (${deviceCheck('out', 'true')}))) is true), false) as every_check_inside
        ${details}
      from shift_timesheets ts
      where ts.shift_id = s.id
    ) t
    where ${where}
  ),
  v as (
    select vs.id, vs.branch_id, vs.client_id, vs.caregiver_id, vs.status, vs.start_at, vs.end_at, vs.timezone,
      vs.local_date, vs.local_date - extract(dow from vs.local_date)::int as week_start,
      (extract(epoch from vs.end_at - vs.start_at) / 60)::float8 as scheduled_minutes,
      vs.eff_in, vs.eff_out ${detailColumns},
      case when vs.status = 'completed' and vs.eff_out > vs.eff_in
        then round(extract(epoch from vs.eff_out - vs.eff_in) / 60)::int else 0 end as worked_minutes,
      coalesce(not vs.manual_edit and not vs.clock_skew and vs.every_check_inside and vs.eff_out > vs.eff_in, false)
        as compliant,
      vs.geofence_exception, vs.manual_edit, vs.clock_skew, vs.after_lock,
      coalesce(vs.eff_in > vs.start_at + make_interval(mins => ${LATE_CHECK_IN_GRACE_MINUTES}), false) as late_check_in
    from vs
  )`;
}

/** Aggregates over `v` giving the columns EvvRow reads: completed visits and their flags. */
export const evvCountColumns = sql`
  count(*) filter (where v.status = 'completed')::int as visits,
  count(*) filter (where v.status = 'completed' and v.compliant)::int as compliant,
  count(*) filter (where v.status = 'completed' and v.geofence_exception)::int as geofence_exceptions,
  count(*) filter (where v.status = 'completed' and v.manual_edit)::int as manual_edits,
  count(*) filter (where v.status = 'completed' and v.late_check_in)::int as late_check_ins`;

/** The columns of evvCountColumns as a row holds them. */
export interface EvvRow {
  visits: number;
  compliant: number;
  geofence_exceptions: number;
  manual_edits: number;
  late_check_ins: number;
}

/** EvvCounts of an aggregated row (counts may arrive as strings from some drivers), with the compliance rate. */
export function evvCountsOf(row: EvvRow | undefined): EvvCounts {
  const visits = Number(row?.visits ?? 0);
  const compliant = Number(row?.compliant ?? 0);
  return {
    visits,
    compliant,
    rate: complianceRate(compliant, visits),
    geofenceExceptions: Number(row?.geofence_exceptions ?? 0),
    manualEdits: Number(row?.manual_edits ?? 0),
    lateCheckIns: Number(row?.late_check_ins ?? 0),
  };
}
