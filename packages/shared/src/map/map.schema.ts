import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { SHIFT_STATUSES } from '../shifts/shifts.constants';

/**
 * Input and output of getMapLocations (spec "Other" calls; issue "Payroll, billing, reports" item 5). Coordinates
 * are WGS84 degrees; timestamps ISO 8601 in UTC. The output is a whitelist: names, addresses and coordinates only,
 * never phone numbers, dates of birth or ids of other systems.
 */

/** Input of getMapLocations: one branch of the caller's scope, or every branch in it when omitted. */
export const ZGetMapLocationsInput = z.object({ branchId: ZId.optional() }).optional();
export type GetMapLocationsInput = z.infer<typeof ZGetMapLocationsInput>;

const ZLat = z.number().min(-90).max(90);
const ZLon = z.number().min(-180).max(180);

/** A branch office on the map. */
export const ZMapBranch = z.object({ id: z.number(), name: zText(), lat: ZLat, lon: ZLon });
export type MapBranch = z.infer<typeof ZMapBranch>;

/** An active client or caregiver at their primary address; name "Last, First", address on one line. */
export const ZMapPerson = z.object({
  id: z.number(),
  name: zText(),
  lat: ZLat,
  lon: ZLon,
  address: zText(),
  branchId: z.number(),
});
export type MapPerson = z.infer<typeof ZMapPerson>;

/** A visit of today (in its branch's time zone), placed at the client's primary address. */
export const ZMapVisit = z.object({
  shiftId: z.number(),
  clientId: z.number(),
  caregiverId: z.number().nullable(),
  clientName: zText(),
  caregiverName: zText().nullable(),
  startAt: zText(),
  endAt: zText(),
  /** The visit's branch time zone (IANA): its times are shown on that clock. */
  timeZone: zText(),
  status: z.enum(SHIFT_STATUSES),
  lat: ZLat,
  lon: ZLon,
});
export type MapVisit = z.infer<typeof ZMapVisit>;

/**
 * The map's tile source (server setting MAP_TILE_URL): an XYZ raster URL template with {z}/{x}/{y} and the
 * attribution its provider requires; null when no tiles are configured (markers on a plain background).
 */
export const ZMapTiles = z.object({ url: zText(), attribution: zText() }).nullable();
export type MapTiles = z.infer<typeof ZMapTiles>;

/** Output of getMapLocations: what the /map page draws. */
export const ZMapLocations = z.object({
  branches: z.array(ZMapBranch),
  clients: z.array(ZMapPerson),
  caregivers: z.array(ZMapPerson),
  visits: z.array(ZMapVisit),
  tiles: ZMapTiles,
});
export type MapLocations = z.infer<typeof ZMapLocations>;

/** How long the page keeps map locations before refetching: 1 hour in ms (spec: "Map locations stale after 1 hour"). */
export const MAP_LOCATIONS_STALE_MS = 60 * 60 * 1000;
