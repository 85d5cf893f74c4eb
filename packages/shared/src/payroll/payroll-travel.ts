import { distanceMetres } from '../visits/geofence';
import { zoneCalendar } from './payroll-calendar';

/**
 * Paid travel time between clients (docs/glossary.md "Travel time": travel between clients within a day is work time,
 * home to the first client and the last client to home are not; 29 CFR 785.38 and the 2015 home care rule, 29 CFR
 * 552.109). Instants are JS Dates (UTC), durations whole minutes, distances metres and miles.
 */

/** Metres in a statute mile. */
export const METRES_PER_MILE = 1609.344;

/** A visit as travel reads it: when it ran, at which client, and the client's primary address coordinates. */
export interface TravelVisit {
  id: number;
  clientId: number;
  checkIn: Date;
  checkOut: Date;
  /** WGS84 degrees of the client's primary address; null (or a null coordinate) when not geocoded. */
  location: { lat: number | null; lon: number | null } | null;
}

/** Paid travel from one visit to the next: it starts at the first visit's check-out. */
export interface TravelSegment {
  fromVisitId: number;
  toVisitId: number;
  start: Date;
  /** Local date of the travel (the day of both visits). */
  date: string;
  minutes: number;
}

/**
 * Minutes to drive between two points at `speedMph`: the haversine distance (distanceMetres) in miles / speed x 60,
 * rounded up to the whole minute (less a nanominute, so floating-point noise on an exact minute does not add
 * one); null when either point lacks coordinates.
 */
export function driveMinutes(from: TravelVisit['location'], to: TravelVisit['location'], speedMph: number): number | null {
  const metres = distanceMetres(from, to);
  if (metres === null) return null;
  return Math.ceil((metres / METRES_PER_MILE / speedMph) * 60 - 1e-9);
}

/**
 * The paid travel of one caregiver: for each two consecutive visits (by check-in) whose first ends and second
 * starts on the same local day in `timeZone`, min(the gap from check-out to the next check-in, the drive minutes
 * between the two clients' addresses at `speedMph`). Nothing for a pair at the same client, with a gap of 0 or less
 * (overlapping visits), or when either address lacks coordinates; home to the first visit and the last visit to
 * home are never paid (there is no pair for them).
 * @param visits worked visits of one caregiver (any order, check-out after check-in).
 * @returns segments with more than 0 minutes, in time order.
 * @throws RangeError for an unknown time zone.
 */
export function paidTravel(visits: readonly TravelVisit[], timeZone: string, speedMph: number): TravelSegment[] {
  const ordered = [...visits].sort((a, b) => a.checkIn.getTime() - b.checkIn.getTime() || a.id - b.id);
  const segments: TravelSegment[] = [];
  const calendar = zoneCalendar(timeZone);
  for (let i = 1; i < ordered.length; i++) {
    const a = ordered[i - 1]!;
    const b = ordered[i]!;
    if (a.clientId === b.clientId) continue;
    const gap = Math.round((b.checkIn.getTime() - a.checkOut.getTime()) / 60_000);
    if (gap <= 0) continue;
    const date = calendar.localDate(a.checkOut);
    if (date !== calendar.localDate(b.checkIn)) continue;
    const drive = driveMinutes(a.location, b.location, speedMph);
    if (drive === null || drive <= 0) continue;
    segments.push({ fromVisitId: a.id, toVisitId: b.id, start: a.checkOut, date, minutes: Math.min(gap, drive) });
  }
  return segments;
}
