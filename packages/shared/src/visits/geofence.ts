/**
 * The geofence of a visit (docs/glossary.md "Geofence"): distances between WGS84 points and whether a position is
 * within a client's radius. One module for the server's recording of a check, the web's check-in and check-out,
 * the pickup ranking and paid travel, so the phone and the server measure alike.
 */

/** A point in WGS84 degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A point whose coordinates may be unknown (not geocoded, or no position from the phone). */
export type MaybeLatLon = Partial<LatLon> | { lat: number | null; lon: number | null } | null | undefined;

/** Mean Earth radius in metres (IUGG), the usual constant of the haversine formula. */
const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance between two WGS84 points (degrees) by the haversine formula, in metres. Accurate to about
 * 0.5 % (the Earth is not a sphere), plenty for a geofence of a hundred metres or to rank caregivers by distance.
 * @returns metres; null when either point is missing or lacks a coordinate.
 */
export function distanceMetres(a: MaybeLatLon, b: MaybeLatLon): number | null {
  if (a?.lat == null || a.lon == null || b?.lat == null || b.lon == null) return null;
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a position is against a client's geofence. */
export interface GeofenceResult {
  /** Haversine metres from the position to the client's address; null when either is unknown. */
  distanceMetres: number | null;
  /** Whether that distance is within the radius (a check exactly on the circle is inside); null when unknown. */
  insideGeofence: boolean | null;
}

/**
 * Whether a position is inside the geofence around a client's address (the branch's radius, 150 m by default).
 * @param position the phone's position in WGS84 degrees, or null when it gave none.
 * @param centre the client's primary address in WGS84 degrees; a null coordinate when it is not geocoded.
 * @param radiusMetres the geofence radius in metres.
 * @returns the distance in metres and inside true/false; both null when the position or the address coordinates
 * are unknown (nothing to compare: the server flags such a check for review).
 */
export function geofenceOf(position: MaybeLatLon, centre: MaybeLatLon, radiusMetres: number): GeofenceResult {
  const distance = distanceMetres(position, centre);
  return { distanceMetres: distance, insideGeofence: distance === null ? null : distance <= radiusMetres };
}
