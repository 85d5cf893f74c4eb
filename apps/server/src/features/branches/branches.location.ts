import { msg, type ServerMessage } from '../../i18n/server-i18n';
import { zipCentroid } from '../records/records.zip-centroids';

/** Where a branch is drawn on /map: WGS84 degrees (null: not on the map) and whether they are only its ZIP's centre. */
export interface BranchPlace {
  lat: number | null;
  lon: number | null;
  coordinatesApproximate: boolean;
}

/**
 * The place of a branch whose address has no coordinates of its own: the centre of its ZIP code (zipCentroid),
 * marked approximate.
 * @param address.zip the ZIP in any form normalizeZip reads; address.state the two-letter state, when given.
 * @returns the place (lat/lon null when the ZIP is missing or unknown) and `problem`, a message naming the ZIP and
 * both states (errors.branches.zipInOtherState, "ZIP 02108 is in MA (Boston), not NY") when the ZIP lies in another state than the one given (a typo in one of them); the place is then the
 * ZIP's all the same.
 */
export async function placeFromZip(address: {
  zip: string | null | undefined;
  state: string | null | undefined;
}): Promise<{ place: BranchPlace; problem: ServerMessage | null }> {
  const centroid = await zipCentroid(address.zip);
  if (!centroid) return { place: { lat: null, lon: null, coordinatesApproximate: false }, problem: null };
  const state = address.state?.trim().toUpperCase();
  const problem =
    state && state !== centroid.state
      ? msg('errors.branches.zipInOtherState', { zip: centroid.zip, zipState: centroid.state, city: centroid.city, state })
      : null;
  return { place: { lat: centroid.lat, lon: centroid.lon, coordinatesApproximate: true }, problem };
}
