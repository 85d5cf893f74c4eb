/**
 * Ranking of caregivers for an open shift (issue "Scheduling" item 4): nearest first, then who knows the client.
 * The distances are measured by distanceMetres of visits/geofence.ts, the one haversine of the app.
 */

/** What a pickup candidate is ranked by. */
export interface RankedFields {
  /** Metres from the client's primary address to the caregiver's; null when either is not geocoded. */
  distanceMetres: number | null;
  /** Completed visits of the caregiver to this client. */
  pastVisits: number;
  /** The caregiver's display name, the last tie-breaker so the order is stable. */
  name: string;
}

/**
 * The order of pickup candidates: by distance (nearest first, unknown distances last), then by past visits to the
 * client (more first: the client knows them), then by name.
 * @returns negative when `a` ranks before `b` (an Array#sort comparator).
 */
export function comparePickupCandidates(a: RankedFields, b: RankedFields): number {
  if (a.distanceMetres !== b.distanceMetres) {
    if (a.distanceMetres === null) return 1;
    if (b.distanceMetres === null) return -1;
    return a.distanceMetres - b.distanceMetres;
  }
  if (a.pastVisits !== b.pastVisits) return b.pastVisits - a.pastVisits;
  return a.name.localeCompare(b.name, 'en');
}

/**
 * Sorts candidates by comparePickupCandidates and numbers them from 1.
 * @returns a new array, each candidate with its `rank` (1 = best).
 */
export function rankPickupCandidates<T extends RankedFields>(candidates: readonly T[]): (T & { rank: number })[] {
  return [...candidates].sort(comparePickupCandidates).map((c, i) => ({ ...c, rank: i + 1 }));
}
