/**
 * The wall-clock parts of an instant in a visit's time zone, read from the platform's own time zone data: with the
 * browser's native Temporal where it has one, else with Intl.DateTimeFormat and `timeZone` (the same data Luxon
 * reads), one cached formatter per zone. The caregiver app formats with this instead of Luxon: Luxon (22 KB gzipped)
 * and its per-call offset lookups stayed on the phone's first load and made the schedule's first render slow (issue
 * "caregiver app", Performance). Temporal comes first because a page's first Intl formatter builds the locale's
 * date patterns: about 90 ms with a 4x slower CPU, where Temporal answers the same 40 visits in 3 ms. Nothing here
 * adds or subtracts time across a zone; calendar-date arithmetic (calendarDaysBetween) is on dates alone, in UTC.
 */
import type { Temporal } from 'temporal-polyfill';

/** The part of the Temporal API read here (the platform's, or a polyfill's in tests). */
export type TemporalApi = { Instant: typeof Temporal.Instant };

/** An instant's wall clock in a zone, as the caregiver app writes it (en-US, spec section 9: MM/DD/YY). */
export interface ZonedParts {
  /** The local calendar date, YYYY-MM-DD. */
  date: string;
  /** "Tue" */
  weekday: string;
  /** "07/14/26" */
  shortDate: string;
  /** "9:05 AM" */
  clock: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    // Numbers only, on a 24-hour clock: partsOf writes them, for this path and Temporal's alike.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** Weekday names as en-US "short" writes them, Sunday first (Date#getUTCDay; Temporal's dayOfWeek 7 is Sunday). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The parts of a wall-clock time as en-US writes them (weekday 0 or 7 is Sunday; hour 0-23).
 */
function partsOf(year: number, month: number, day: number, weekday: number, hour: number, minute: number): ZonedParts {
  const yyyy = String(year).padStart(4, '0');
  return {
    date: `${yyyy}-${twoDigits(month)}-${twoDigits(day)}`,
    weekday: WEEKDAYS[weekday % 7] ?? '',
    shortDate: `${twoDigits(month)}/${twoDigits(day)}/${yyyy.slice(-2)}`,
    clock: `${hour % 12 || 12}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}`,
  };
}

/**
 * The parts of `iso` (an ISO 8601 instant) in the IANA zone `zone`, from `temporal` when given, else from Intl. Both
 * read the same time zone data and give the same parts.
 * @returns the parts, or null when the instant or the zone is invalid
 */
export function zonedPartsWith(temporal: TemporalApi | undefined, iso: string, zone: string): ZonedParts | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  if (temporal) {
    try {
      const t = temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
      return partsOf(t.year, t.month, t.day, t.dayOfWeek, t.hour, t.minute);
    } catch {
      // RangeError: not a time zone, or an instant out of range.
      return null;
    }
  }
  let format: Intl.DateTimeFormat;
  try {
    format = formatterFor(zone);
  } catch {
    // RangeError: not a time zone.
    return null;
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN } = part;
  return partsOf(year, month, day, new Date(Date.UTC(year, month - 1, day)).getUTCDay(), hour, minute);
}

/** The browser's own Temporal (Chromium 144 and later, Firefox 139 and later), if it has one. */
const platformTemporal = (globalThis as { Temporal?: TemporalApi }).Temporal;

/**
 * The parts of `iso` (an ISO 8601 instant) in the IANA zone `zone`, with the platform's Temporal where it has one.
 * @returns the parts, or null when the instant or the zone is invalid
 */
export function zonedParts(iso: string, zone: string): ZonedParts | null {
  return zonedPartsWith(platformTemporal, iso, zone);
}

const DAY_MS = 86_400_000;

function utcMidnight(date: string): number {
  const [year = NaN, month = NaN, day = NaN] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

/** Whole calendar days from date `from` to date `to` (both YYYY-MM-DD): 1 for the next day, -1 for the one before. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/**
 * The parts of a calendar date (YYYY-MM-DD) itself: its weekday and MM/DD/YY; the clock is empty. Plain arithmetic
 * on the date: a second Intl formatter costs a slow phone tens of milliseconds on the schedule's first screen.
 * @returns the parts; for text that is not a date, the text as shortDate and an empty weekday
 */
export function calendarDateParts(date: string): ZonedParts {
  const ms = utcMidnight(date);
  const [year = '', month = '', day = ''] = date.split('-');
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return { date, weekday: '', shortDate: date, clock: '' };
  return { date, weekday: WEEKDAYS[new Date(ms).getUTCDay()] ?? '', shortDate: `${month}/${day}/${year.slice(-2)}`, clock: '' };
}
