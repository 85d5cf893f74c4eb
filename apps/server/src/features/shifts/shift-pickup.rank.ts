import { and, asc, eq, sql } from 'drizzle-orm';
import { rankPickupCandidates } from '@hearth/shared/shifts/pickup-rank';
import { distanceMetres } from '@hearth/shared/visits/geofence';
import type { PickupCandidateOutput } from '@hearth/shared/shifts/pickup-invitations.schema';
import type { Db } from '../../db/client';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAddresses } from '../clients/clients.schema';

/** What ranking needs of an open shift: where (branch, client) and when (UTC). */
export interface ShiftToFill {
  branchId: number;
  clientId: number;
  startAt: Date;
  endAt: Date;
}

/**
 * The client's primary address coordinates (WGS84 degrees), or null when it has none or it is not geocoded.
 * The oldest primary address wins should there be two.
 */
async function clientPosition(db: Db, clientId: number): Promise<{ lat: number; lon: number } | null> {
  const [row] = await db
    .select({ lat: clientAddresses.lat, lon: clientAddresses.lon })
    .from(clientAddresses)
    .where(and(eq(clientAddresses.clientId, clientId), eq(clientAddresses.isPrimary, true)))
    .orderBy(asc(clientAddresses.id))
    .limit(1);
  return row && row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null;
}

/**
 * The caregivers who may pick up `shift`, ranked (issue "Scheduling" item 4): active caregivers of the shift's
 * branch who hold no non-cancelled shift overlapping it (the same half-open tstzrange test as the
 * shifts_caregiver_no_overlap EXCLUDE constraint, so whoever is listed can be given the shift). Ranked by
 * comparePickupCandidates (packages/shared/src/shifts/pickup-rank.ts): haversine distance (visits/geofence.ts) in whole metres from the
 * client's primary address to the caregiver's (unknown last), then completed visits to this client (more first),
 * then name. The caller has already checked the shift is in scope and open.
 * @param options.limit keep only the best `limit` (the ranking still reads every eligible caregiver).
 * @returns the eligible caregivers with rank 1..n, best first (all of them without a limit).
 */
export async function rankedPickupCandidates(
  db: Db,
  shift: ShiftToFill,
  options: { limit?: number } = {},
): Promise<PickupCandidateOutput[]> {
  const start = shift.startAt.toISOString();
  const end = shift.endAt.toISOString();
  // Column references in the subqueries are written out: Drizzle leaves select-list columns of a one-table query
  // unqualified, and an unqualified "id" there would mean the subquery's own table.
  const primaryAddress = (column: 'lat' | 'lon') =>
    sql<number | null>`(select a.${sql.raw(column)} from caregiver_addresses a
      where a.caregiver_id = caregivers.id and a.is_primary order by a.id limit 1)`;
  const origin = await clientPosition(db, shift.clientId);
  const rows = await db
    .select({
      caregiverId: caregivers.id,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      lat: primaryAddress('lat'),
      lon: primaryAddress('lon'),
      pastVisits: sql<number>`(select count(*)::int from shifts v
          where v.caregiver_id = caregivers.id and v.client_id = ${shift.clientId} and v.status = 'completed')`,
    })
    .from(caregivers)
    .where(
      and(
        eq(caregivers.branchId, shift.branchId),
        eq(caregivers.status, 'active'),
        sql`not exists (select 1 from shifts s
            where s.caregiver_id = caregivers.id and s.status <> 'cancelled'
              and tstzrange(s.start_at, s.end_at, '[)') && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)'))`,
      ),
    );
  const candidates = rows.map((r) => {
    const metres = distanceMetres(origin, { lat: r.lat, lon: r.lon });
    return {
      caregiverId: r.caregiverId,
      caregiverName: `${r.firstName} ${r.lastName}`,
      name: `${r.firstName} ${r.lastName}`,
      distanceMetres: metres === null ? null : Math.round(metres),
      pastVisits: Number(r.pastVisits),
    };
  });
  return rankPickupCandidates(candidates)
    .slice(0, options.limit ?? candidates.length)
    .map(({ caregiverId, caregiverName, rank, distanceMetres, pastVisits }) => ({
      caregiverId,
      caregiverName,
      rank,
      distanceMetres,
      pastVisits,
    }));
}
