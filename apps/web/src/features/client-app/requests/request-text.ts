import { DateTime } from 'luxon';
import { formatInstant, formatInstantRange } from '@/format/instant-format';

/**
 * A visit's day and times on the client's wall clock (`zone`, the branch's IANA zone), as the family reads it:
 * "Tue 12/01/26, 9:00 AM – 11:00 AM" (the zone's abbreviation added when the viewer is elsewhere).
 */
export function visitSpan(start: string, end: string, zone: string): string {
  return `${formatInstant(start, zone, { style: 'weekdayDate' })}, ${formatInstantRange(start, end, zone)}`;
}

/**
 * The instants a local date and "HH:MM" start and end name in `zone` (ISO UTC); an end at or before the start is on
 * the next day (an overnight visit), as the office's shift form reads it. Null when a part is missing or unreadable.
 */
export function zonedSpan(date: string, startTime: string, endTime: string, zone: string): { start: string; end: string } | null {
  const at = (day: string, time: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null;
    const dt = DateTime.fromISO(`${day}T${time}`, { zone });
    return dt.isValid ? dt.toUTC().toISO({ suppressMilliseconds: true }) : null;
  };
  const start = at(date, startTime);
  if (!start || !/^\d{2}:\d{2}$/.test(endTime)) return null;
  const endDay = endTime <= startTime ? DateTime.fromISO(date).plus({ days: 1 }).toISODate()! : date;
  const end = at(endDay, endTime);
  return end ? { start, end } : null;
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in `zone`, to fill the form from a visit. */
export function localParts(iso: string, zone: string): { date: string; time: string } {
  const dt = DateTime.fromISO(iso, { zone });
  return { date: dt.toISODate() ?? '', time: dt.toFormat('HH:mm') };
}

/** The zone's short name at an instant ("EST"), for the form's note on whose clock the times are. */
export function zoneName(zone: string, at: Date = new Date()): string {
  return DateTime.fromJSDate(at, { zone }).offsetNameShort ?? zone;
}
