import { normalizeZip } from '@hearth/shared/records/zip';

/**
 * Approximate coordinates of an address from its ZIP code alone, offline: the centre of the ZIP from the table the
 * `zipcodes` package keeps (about 42,500 US ZIP codes, PO box ZIPs included, with their main city and state; BSD
 * licence). Used where an address has no coordinates of its own (a branch made on the command line), so it still
 * shows on /map and rough distances work; callers mark such points approximate. A ZIP centre can be kilometres from
 * the street address: never a geofence.
 */

/** The centre of a ZIP code: WGS84 degrees, with the city and two-letter state the table gives the ZIP. */
export interface ZipCentroid {
  /** The five-digit ZIP looked up (a ZIP+4 is looked up by its first five digits). */
  zip: string;
  lat: number;
  lon: number;
  city: string;
  state: string;
}

type ZipTable = typeof import('zipcodes');

/** The USPS "states" of military mail (APO, FPO, DPO): a mail route, not a place a client lives or an office stands. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);

/** The table, loaded once on first use (about 5 MB of data: commands and services that never need it do not load it). */
let table: Promise<ZipTable> | undefined;

async function zipTable(): Promise<ZipTable> {
  table ??= import('zipcodes').then((module) => ((module as { default?: ZipTable }).default ?? module) as ZipTable);
  return table;
}

/**
 * The centre of the ZIP code `zip` (any form normalizeZip reads: "02108", "2108", "02108-1234", "021081234").
 * @returns the centroid, or null for an empty or impossible ZIP (normalizeZip gives null), a ZIP the table does not
 * know, and military APO/FPO/DPO ZIPs (states AA, AE, AP; the table gives some of them 0, 0, others a base abroad).
 */
export async function zipCentroid(zip: string | null | undefined): Promise<ZipCentroid | null> {
  const normal = zip ? normalizeZip(zip) : null;
  if (normal === null) return null;
  const five = normal.slice(0, 5);
  const found = (await zipTable()).lookup(five);
  if (!found || found.country !== 'US' || MILITARY_STATES.has(found.state)) return null;
  const { latitude: lat, longitude: lon } = found;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return null;
  return { zip: five, lat, lon, city: found.city, state: found.state };
}
