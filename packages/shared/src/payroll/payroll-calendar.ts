import { DateTime } from 'luxon';

/**
 * Local dates, FLSA workweeks and local midnights of instants in one time zone, as workweek.ts (localDateOf,
 * workweekOf) computes them, but fast enough for a large agency's payroll (8,000 caregivers, 160,000 visits: Luxon
 * costs about 20 µs per local date and 120 µs per workweek here, minutes in all). Luxon is asked once per hour of
 * UTC time for the zone's offset and once per local date for its midnight; the rest is integer arithmetic. An hour
 * in which the offset changes (a daylight-saving change off the hour, e.g. Lord Howe's 30 minutes) is asked per
 * instant. Instants are JS Dates or epoch milliseconds (UTC), dates YYYY-MM-DD.
 */
export interface ZoneCalendar {
  /** The calendar date at `at` in the zone (localDateOf). */
  localDate(at: Date | number): string;
  /** The instant a local date starts (its midnight, or the first instant after it when midnight is skipped). */
  startOfDate(date: string): Date;
  /** The FLSA workweek holding `at`: its first (Sunday) date and the instant it ends (workweekOf). */
  workweek(at: Date | number): { firstDate: string; end: Date };
  /** The next local midnight after `at`. */
  nextMidnight(at: Date | number): Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Cached hours per zone before the cache starts over (a long-running server computes many periods). */
const MAX_CACHED = 200_000;

const calendars = new Map<string, ZoneCalendar>();

/**
 * The calendar of an IANA time zone (one per zone, kept for the process).
 * @throws RangeError for an unknown time zone.
 */
export function zoneCalendar(timeZone: string): ZoneCalendar {
  const known = calendars.get(timeZone);
  if (known) return known;
  if (!DateTime.now().setZone(timeZone).isValid) throw new RangeError(`Unknown time zone ${timeZone}`);
  const offsetOf = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).offset;
  const hourOffsets = new Map<number, number | null>();
  const midnights = new Map<string, Date>();
  const offsetMinutes = (ms: number): number => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = hourOffsets.get(hour);
    if (offset === undefined) {
      if (hourOffsets.size > MAX_CACHED) hourOffsets.clear();
      const first = offsetOf(hour * HOUR_MS);
      offset = first === offsetOf(hour * HOUR_MS + HOUR_MS - 1) ? first : null;
      hourOffsets.set(hour, offset);
    }
    return offset ?? offsetOf(ms);
  };
  const msOf = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());
  // Local dates as day numbers (days since 1970-01-01 on the local calendar), their texts and weeks cached.
  const dayOf = (ms: number) => Math.floor((ms + offsetMinutes(ms) * 60_000) / DAY_MS);
  const texts = new Map<number, string>();
  const textOf = (day: number) => {
    let text = texts.get(day);
    if (text === undefined) {
      if (texts.size > MAX_CACHED) texts.clear();
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      texts.set(day, text);
    }
    return text;
  };
  const startOfDate = (date: string) => {
    let start = midnights.get(date);
    if (!start) {
      if (midnights.size > MAX_CACHED) midnights.clear();
      start = DateTime.fromISO(date, { zone: timeZone }).toJSDate();
      midnights.set(date, start);
    }
    return start;
  };
  const weeks = new Map<number, { firstDate: string; end: Date }>();
  const calendar: ZoneCalendar = {
    localDate: (at) => textOf(dayOf(msOf(at))),
    startOfDate,
    workweek(at) {
      const day = dayOf(msOf(at));
      let week = weeks.get(day);
      if (!week) {
        if (weeks.size > MAX_CACHED) weeks.clear();
        // Day 0 (1970-01-01) was a Thursday: days since the last Sunday are (day + 4) mod 7.
        const sunday = day - ((((day + 4) % 7) + 7) % 7);
        week = { firstDate: textOf(sunday), end: startOfDate(textOf(sunday + 7)) };
        weeks.set(day, week);
      }
      return week;
    },
    nextMidnight: (at) => startOfDate(textOf(dayOf(msOf(at)) + 1)),
  };
  calendars.set(timeZone, calendar);
  return calendar;
}
