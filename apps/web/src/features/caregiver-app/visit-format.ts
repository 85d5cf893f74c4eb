import { zonedParts } from './zoned-parts';

/**
 * How the caregiver app words a visit's time and distance: wall-clock times in the visit's own time zone (the
 * branch's, whatever the phone's zone), dates as MM/DD/YY (spec section 9), distances in miles. An invalid instant
 * or zone is shown as given.
 */

/** Metres in a statute mile. */
const METRES_PER_MILE = 1609.344;

/** The visit's day in `zone`: "Tue 07/14/26". */
export function visitDay(iso: string, zone: string): string {
  const parts = zonedParts(iso, zone);
  return parts ? `${parts.weekday} ${parts.shortDate}` : iso;
}

/** A time of day in `zone`: "9:05 AM". */
export function visitClock(iso: string, zone: string): string {
  return zonedParts(iso, zone)?.clock ?? iso;
}

/** A visit's hours in `zone`: "9:00 AM – 1:00 PM" (the end's day is implied: visits end within a day). */
export function visitHours(startIso: string, endIso: string, zone: string): string {
  return `${visitClock(startIso, zone)} – ${visitClock(endIso, zone)}`;
}

/** A distance given in metres as miles, "2.4 mi" (whole miles from 10 on); a dash when unknown. */
export function milesFromMetres(metres: number | null): string {
  if (metres === null || !Number.isFinite(metres)) return '—';
  const miles = metres / METRES_PER_MILE;
  return `${miles.toFixed(miles < 10 ? 1 : 0)} mi`;
}

/** The schedule scrolled to an instant (issue item 1: `startTimestamp` deep-links to a time). */
export function scheduleAt(startTimestamp: string): string {
  return `/app?startTimestamp=${encodeURIComponent(startTimestamp)}`;
}
