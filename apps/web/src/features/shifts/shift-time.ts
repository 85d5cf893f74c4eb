import { DateTime } from 'luxon';
import { zoneAbbreviation, type ZoneNameRule } from '@hearth/shared/app/time-display';
import { formatInstant, formatInstantRange } from '@/format/instant-format';
import { pad } from '@/format/date-format';
import { intlLocale, plainSpaces } from '@/format/locale';

/**
 * Wall-clock times of the schedule, always in the BRANCH's time zone (issue "Scheduling": times in the branch's
 * zone; docs/architecture.md "Dates and time zones": Luxon for every computation across a time zone, never dayjs).
 * Instants travel as ISO strings in UTC; local dates are YYYY-MM-DD and local times HH:MM (24-hour). Instants are
 * written by the app's one formatter (packages/shared/src/app/time-display.ts), which names the zone ("CST") where it
 * can differ from the viewer's: `zoneName` 'auto' by default, 'never' where the screen already names it.
 */

/** Minutes in a day. */
const DAY_MINUTES = 24 * 60;

/**
 * An instant in `zone` for machine text only (YYYY-MM-DD, HH:mm for the form's inputs): en-US so Luxon writes Latin
 * digits whatever the browser's locale. What people read goes through formatInstant or Intl in the shown language.
 */
function zoned(iso: string, zone: string): DateTime {
  return DateTime.fromISO(iso, { zone }).setLocale('en-US');
}

/**
 * The instant a local `date` and `time` name in `zone`, as an ISO string in UTC ("2026-03-09T13:00:00Z"), or
 * null when either is missing or unreadable. A time skipped by a spring-forward change moves one hour later, as
 * Luxon (and the server's pattern generation) resolve it.
 */
export function zonedToUtc(date: string, time: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const dt = DateTime.fromISO(`${date}T${time}`, { zone });
  return dt.isValid ? dt.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/**
 * A shift's start and end instants from a local date and start and end times in `zone`; an end at or before the
 * start is on the next day (an overnight visit). Null when the date or a time is missing.
 */
export function shiftInstants(
  date: string,
  startTime: string,
  endTime: string,
  zone: string,
): { startTimestamp: string; endTimestamp: string } | null {
  const startTimestamp = zonedToUtc(date, startTime, zone);
  if (!startTimestamp || !/^\d{2}:\d{2}$/.test(endTime)) return null;
  const endDate = endTime <= startTime ? DateTime.fromISO(date).plus({ days: 1 }).toISODate()! : date;
  const endTimestamp = zonedToUtc(endDate, endTime, zone);
  return endTimestamp ? { startTimestamp, endTimestamp } : null;
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in `zone`. */
export function localParts(iso: string, zone: string): { date: string; time: string } {
  const dt = zoned(iso, zone);
  return { date: dt.toISODate() ?? '', time: dt.toFormat('HH:mm') };
}

/** Today's date in `zone`, YYYY-MM-DD. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? '';
}

/** An instant as MM/DD/YY h:mm A (spec section 9) on the wall clock of `zone`: "03/09/26 9:00 AM CDT". */
export function formatZoned(iso: string, zone: string, zoneName: ZoneNameRule = 'auto'): string {
  return formatInstant(iso, zone, { zoneName });
}

/** An instant's local day in `zone` with its weekday: "Mon 03/09/26". */
export function formatZonedDay(iso: string, zone: string): string {
  return formatInstant(iso, zone, { style: 'weekdayDate' });
}

/** An instant's local time in `zone`: "9:00 AM CDT". */
export function formatZonedTime(iso: string, zone: string, zoneName: ZoneNameRule = 'auto'): string {
  return formatInstant(iso, zone, { style: 'time', zoneName });
}

/**
 * A span's local times in `zone`: "9:00 AM – 1:00 PM CDT", with the end's date when it ends on another day
 * (formatInstantRange).
 */
export function formatTimeRange(startIso: string, endIso: string, zone: string, zoneName: ZoneNameRule = 'auto'): string {
  return formatInstantRange(startIso, endIso, zone, { zoneName });
}

/** The zone as people read it, with its abbreviation at `at`: "America/New_York (EDT)". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const dt = DateTime.fromJSDate(at, { zone });
  return dt.isValid ? `${zone.replace(/_/g, ' ')} (${zoneAbbreviation(zone, at)})` : zone;
}

/** Minutes since midnight of a local time "HH:MM" (null when unreadable). */
export function minutesOfTime(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes from a start time to an end time; an end at or before the start is on the next day. */
export function minutesBetweenTimes(startTime: string, endTime: string): number | null {
  const start = minutesOfTime(startTime);
  const end = minutesOfTime(endTime);
  if (start === null || end === null) return null;
  return end > start ? end - start : end - start + DAY_MINUTES;
}

/** A local time plus minutes, wrapped past midnight: ("22:00", 180) -> "01:00". */
export function addMinutesToTime(time: string, minutes: number): string {
  const start = minutesOfTime(time) ?? 0;
  const total = (((start + minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** One formatter per locale and kind: building an Intl formatter is slow, and a list formats many times. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

/**
 * A local time "13:05" (a wall-clock time without a date or zone, such as a pattern's start) as people read it in
 * the shown language: "1:05 PM" (spec section 9, h:mm A), Spanish "1:05 p.m." through Intl in es-US. Text that is
 * no HH:MM time is returned as given.
 * @param language a language tag; the shown language when left out
 */
export function formatLocalTime(time: string, language?: string): string {
  const minutes = minutesOfTime(time);
  if (minutes === null) return time;
  const hours = Math.floor(minutes / 60);
  const locale = intlLocale(language);
  if (locale === 'en-US') return `${hours % 12 === 0 ? 12 : hours % 12}:${pad(minutes % 60)} ${hours < 12 ? 'AM' : 'PM'}`;
  // A wall-clock time has no day: any day written in UTC shows it unchanged, with no daylight saving shift.
  const clock = cached(
    `${locale} clock`,
    () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  );
  return plainSpaces(clock.format(Date.UTC(2000, 0, 1, hours, minutes % 60)));
}

/** `value` hours or minutes as Intl writes the unit short in `locale` (Spanish "4 h", "45 min"). */
function unitText(value: number, unit: 'hour' | 'minute', locale: string): string {
  const format = cached(`${locale} ${unit}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }));
  return plainSpaces(format.format(value));
}

/**
 * Minutes as a duration: 240 -> "4 h", 90 -> "1 h 30 min", 45 -> "45 min". English keeps these abbreviations (the
 * schedule's own; Intl's en-US would write "4 hr"); other languages take Intl's short units.
 * @param language a language tag; the shown language when left out
 */
export function formatDuration(minutes: number, language?: string): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const locale = intlLocale(language);
  if (locale === 'en-US') {
    if (hours === 0) return `${rest} min`;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  if (hours === 0) return unitText(rest, 'minute', locale);
  return rest === 0 ? unitText(hours, 'hour', locale) : `${unitText(hours, 'hour', locale)} ${unitText(rest, 'minute', locale)}`;
}
