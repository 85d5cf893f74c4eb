import { sql, type SQL } from 'drizzle-orm';
import type {
  EvvCounts,
  EvvPersonDashboardOutput,
  EvvVisit,
  GetEvvCaregiverDashboardInput,
  GetEvvClientDashboardInput,
} from '@hearth/shared/dashboards/dashboards.schema';
import { complianceRate } from '@hearth/shared/dashboards/evv-compliance';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { evvVisitsCte } from './dashboards-evv.sql';
import { rowsOf } from '../../db/rows';
import { completedVisitsIn } from './dashboards-evv.service';

/** An instant of a raw row as ISO 8601 UTC with milliseconds (both engines answer the same text). */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The completed visits matching `personWhere` (a condition on `s`) in the period and scope, oldest first, with
 * client and caregiver names, effective times, types, distances (metres), the first reason code and the flags.
 */
async function evvVisits(scope: Scope, period: { from: string; to: string }, personWhere: SQL): Promise<EvvVisit[]> {
  const rows = rowsOf<EvvVisit>(
    await scope.db
      .execute(sql`with ${evvVisitsCte(sql`${completedVisitsIn(scope, period)} and ${personWhere}`, { details: true })}
      select v.id as "shiftId", v.local_date::text as date, v.timezone as "timeZone", ${iso('v.start_at')} as "startAt",
        ${iso('v.end_at')} as "endAt", v.status, v.client_id as "clientId",
        cl.first_name || ' ' || cl.last_name as "clientName", v.caregiver_id as "caregiverId",
        case when cg.id is null then null else cg.first_name || ' ' || cg.last_name end as "caregiverName",
        ${iso('v.eff_in')} as "checkIn", ${iso('v.eff_out')} as "checkOut",
        v.eff_in_type as "checkInType", v.eff_out_type as "checkOutType",
        v.eff_in_distance as "checkInDistanceMetres", v.eff_out_distance as "checkOutDistanceMetres",
        v.reason_code as "reasonCode", v.compliant, v.geofence_exception as "geofenceException",
        v.manual_edit as "manualEdit", v.late_check_in as "lateCheckIn", v.clock_skew as "clockSkew",
        v.after_lock as "afterLock"
      from v
      join clients cl on cl.id = v.client_id
      left join caregivers cg on cg.id = v.caregiver_id
      order by v.start_at, v.id`),
  );
  return rows.map((r) => ({
    ...r,
    checkInDistanceMetres: r.checkInDistanceMetres === null ? null : Number(r.checkInDistanceMetres),
    checkOutDistanceMetres: r.checkOutDistanceMetres === null ? null : Number(r.checkOutDistanceMetres),
  }));
}

/** The EVV counts of a list of completed visits (as evvCountColumns counts them in SQL). */
function totalsOf(visits: EvvVisit[]): EvvCounts {
  const count = (flag: (v: EvvVisit) => boolean) => visits.filter(flag).length;
  const compliant = count((v) => v.compliant);
  return {
    visits: visits.length,
    compliant,
    rate: complianceRate(compliant, visits.length),
    geofenceExceptions: count((v) => v.geofenceException),
    manualEdits: count((v) => v.manualEdit),
    lateCheckIns: count((v) => v.lateCheckIn),
  };
}

/** A client or caregiver in scope: id, name and branch; null when missing or outside the scope. */
async function personInScope(scope: Scope, table: 'clients' | 'caregivers', id: number) {
  const [row] = rowsOf<{ id: number; name: string; branchId: number }>(
    await scope.db.execute(sql`select p.id, p.first_name || ' ' || p.last_name as name, p.branch_id as "branchId"
      from ${sql.raw(table)} p where p.id = ${id} and ${inBranchScope(scope, sql`p.branch_id`)}`),
  );
  return row ?? null;
}

/**
 * A client's EVV drill-down (/dashboard/evv/client/{clientId}): their completed visits starting on the local
 * dates from..to in the caller's branches, each with its EVV data and flags (evvVisitFlags), and the totals.
 * @throws AppError NOT_FOUND "Client N not found" when the client does not exist or is outside the scope.
 */
export async function getEvvClientDashboard({
  scope,
  input,
}: {
  scope: Scope;
  input: GetEvvClientDashboardInput;
}): Promise<EvvPersonDashboardOutput> {
  const person = await personInScope(scope, 'clients', input.clientId);
  if (!person) throw notFound('Client', input.clientId);
  const visits = await evvVisits(scope, input, sql`s.client_id = ${input.clientId}`);
  return { ...person, totals: totalsOf(visits), visits };
}

/**
 * A caregiver's EVV drill-down (/dashboard/evv/caregiver/{caregiverId}): as getEvvClientDashboard, for the
 * visits the caregiver worked (in the caller's branches).
 * @throws AppError NOT_FOUND "Caregiver N not found" when the caregiver does not exist or is outside the scope.
 */
export async function getEvvCaregiverDashboard({
  scope,
  input,
}: {
  scope: Scope;
  input: GetEvvCaregiverDashboardInput;
}): Promise<EvvPersonDashboardOutput> {
  const person = await personInScope(scope, 'caregivers', input.caregiverId);
  if (!person) throw notFound('Caregiver', input.caregiverId);
  const visits = await evvVisits(scope, input, sql`s.caregiver_id = ${input.caregiverId}`);
  return { ...person, totals: totalsOf(visits), visits };
}
