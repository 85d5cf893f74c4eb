import { DateTime } from 'luxon';

/**
 * Time arithmetic of scheduling in a branch's time zone (docs/architecture.md "Dates and time zones": Luxon for every
 * computation across a time zone): local dates of instants, the FLSA workweek, the calendar week and month of payer
 * limits, and the wording of local times in messages. Instants are JS Dates (UTC); calendar dates are YYYY-MM-DD.
 */

/** A half-open span of time [start, end). */
export interface TimeSpan {
  start: Date;
  end: Date;
}

function zoned(at: Date, timeZone: string): DateTime {
  const dt = DateTime.fromJSDate(at, { zone: timeZone });
  if (!dt.isValid) throw new RangeError(`Unknown time zone ${timeZone}`);
  return dt.setLocale('en-US');
}

/** The calendar date (YYYY-MM-DD) it is at `at` in `timeZone`. */
export function localDateOf(at: Date, timeZone: string): string {
  return zoned(at, timeZone).toISODate()!;
}

/**
 * The FLSA workweek holding `at` (docs/glossary.md "Overtime"): a fixed, recurring 168-hour period, here Sunday 00:00
 * to the next Sunday 00:00 in the branch's time zone. Counted on the wall clock, a week with a daylight-saving
 * change lasts 167 hours (spring forward) or 169 hours (fall back), as the hours the caregiver actually works.
 * @returns the span and its first (Sunday) and last (Saturday) local dates.
 */
export function workweekOf(at: Date, timeZone: string): TimeSpan & { firstDate: string; lastDate: string } {
  const local = zoned(at, timeZone);
  // Luxon numbers weekdays 1 (Monday) to 7 (Sunday); days back to Sunday are weekday % 7.
  const start = local.startOf('day').minus({ days: local.weekday % 7 });
  const end = start.plus({ weeks: 1 });
  return {
    start: start.toJSDate(),
    end: end.toJSDate(),
    firstDate: start.toISODate()!,
    lastDate: start.plus({ days: 6 }).toISODate()!,
  };
}

/** The calendar week (Sunday to Saturday, the US payer week) holding a local date: its first and last dates. */
export function calendarWeekOf(date: string): { startDate: string; endDate: string } {
  const day = DateTime.fromISO(date, { zone: 'utc' });
  const start = day.minus({ days: day.weekday % 7 });
  return { startDate: start.toISODate()!, endDate: start.plus({ days: 6 }).toISODate()! };
}

/** The calendar month holding a local date: its first and last dates. */
export function calendarMonthOf(date: string): { startDate: string; endDate: string } {
  const day = DateTime.fromISO(date, { zone: 'utc' });
  return { startDate: day.startOf('month').toISODate()!, endDate: day.endOf('month').toISODate()! };
}

/** Minutes of `span` that fall within `window` (0 when they do not meet). */
export function minutesWithin(span: TimeSpan, window: TimeSpan): number {
  const start = Math.max(span.start.getTime(), window.start.getTime());
  const end = Math.min(span.end.getTime(), window.end.getTime());
  return end > start ? Math.round((end - start) / 60_000) : 0;
}

/** Minutes as hours for a message: 2550 -> "42.5", 2400 -> "40", 2420 -> "40.33". */
export function formatHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** A calendar date written as US staff read it: 2026-11-01 -> "11/01/26". */
export function formatLocalDate(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).toFormat('MM/dd/yy');
}

/** The calendar month of a date, for a message: 2026-11-01 -> "November 2026". */
export function formatMonth(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).setLocale('en-US').toFormat('LLLL yyyy');
}

/**
 * A span in local time with the zone's abbreviation: "11/02/26 9:00 AM–1:00 PM EST", or with both dates when
 * it ends on another day: "11/02/26 10:00 PM–11/03/26 6:00 AM EST".
 */
export function formatLocalSpan(span: TimeSpan, timeZone: string): string {
  const start = zoned(span.start, timeZone);
  const end = zoned(span.end, timeZone);
  const endText = end.hasSame(start, 'day') ? end.toFormat('h:mm a') : end.toFormat('MM/dd/yy h:mm a');
  return `${start.toFormat('MM/dd/yy h:mm a')}–${endText} ${end.toFormat('ZZZZ')}`;
}
