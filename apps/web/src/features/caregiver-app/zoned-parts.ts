/**
 * The wall-clock parts of an instant in a visit's time zone, read from the platform's own time zone data
 * (Intl.DateTimeFormat with `timeZone`, the same data Luxon reads) with one cached formatter per zone. The caregiver
 * app formats with this instead of Luxon: Luxon (22 KB gzipped) and its per-call offset lookups stayed on the phone's
 * first load and made the schedule's first render slow (issue "caregiver app", Performance). Nothing here adds or
 * subtracts time across a zone; calendar-date arithmetic (calendarDaysBetween) is on dates alone, in UTC.
 */

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
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    formatters.set(zone, format);
  }
  return format;
}

/**
 * The parts of `iso` (an ISO 8601 instant) in the IANA zone `zone`.
 * @returns the parts, or null when the instant or the zone is invalid
 */
export function zonedParts(iso: string, zone: string): ZonedParts | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  let format: Intl.DateTimeFormat;
  try {
    format = formatterFor(zone);
  } catch {
    // RangeError: not a time zone.
    return null;
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = value;
  const { weekday = '', year = '', month = '', day = '', hour = '', minute = '', dayPeriod = '' } = part;
  return {
    date: `${year}-${month}-${day}`,
    weekday,
    shortDate: `${month}/${day}/${year.slice(-2)}`,
    clock: `${hour}:${minute} ${dayPeriod}`,
  };
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

/** Weekday names as en-US "short" writes them, Sunday first (Date#getUTCDay). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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
