/** Ranking of caregivers for an open shift (issue "Scheduling" item 4): nearest first, then who knows the client. */

/** A point in WGS84 degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean Earth radius in metres (IUGG), the usual constant of the haversine formula. */
const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance between two WGS84 points by the haversine formula, in metres. Accurate to about 0.5 %
 * (the Earth is not a sphere), plenty to rank caregivers by how far they live from a client.
 * @returns metres; null when either point is missing or lacks a coordinate.
 */
export function distanceMetres(
  a: Partial<LatLon> | { lat: number | null; lon: number | null } | null | undefined,
  b: Partial<LatLon> | { lat: number | null; lon: number | null } | null | undefined,
): number | null {
  if (a?.lat == null || a.lon == null || b?.lat == null || b.lon == null) return null;
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

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
