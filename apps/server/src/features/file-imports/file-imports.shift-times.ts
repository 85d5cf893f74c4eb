import { DateTime } from 'luxon';

/**
 * The times of an imported shift: an ISO 8601 timestamp with an offset, or a local date and time on the branch's
 * wall clock (converted with Luxon in the branch's time zone, docs/architecture.md "Dates and time zones"), either
 * whole ("2031-03-04 09:00", "3/4/2031 9:00 AM") or as a date and separate start and end times, where an end not after
 * the start is on the next day (an overnight visit).
 */

const LOCAL_FORMATS = [
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd HH:mm:ss',
  "yyyy-MM-dd'T'HH:mm",
  "yyyy-MM-dd'T'HH:mm:ss",
  'M/d/yyyy H:mm',
  'M/d/yyyy h:mm a',
  'M/d/yyyy h:mma',
];

const TIME_FORMATS = ['H:mm', 'HH:mm', 'H:mm:ss', 'h:mm a', 'h:mma', 'h a', 'ha'];

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An instant (ISO UTC) from `text`: ISO with an offset, or a local date-time in `zone`; null when neither. */
export function instantOf(text: string, zone: string): string | null {
  const value = text.trim();
  if (ISO_WITH_OFFSET.test(value)) {
    const dt = DateTime.fromISO(value, { setZone: true });
    return dt.isValid ? dt.toUTC().toISO() : null;
  }
  for (const format of LOCAL_FORMATS) {
    const dt = DateTime.fromFormat(value, format, { zone, locale: 'en-US' });
    if (dt.isValid) return dt.toUTC().toISO();
  }
  return null;
}

/** A local time of day ("9:00", "17:30", "9:00 AM") as minutes after midnight, or null. */
function minutesOf(text: string): number | null {
  const value = text.trim().toUpperCase();
  for (const format of TIME_FORMATS) {
    const dt = DateTime.fromFormat(value, format, { zone: 'UTC', locale: 'en-US' });
    if (dt.isValid) return dt.hour * 60 + dt.minute;
  }
  return null;
}

/**
 * A shift's start and end (ISO UTC) from a row's time fields, in the branch's time zone `zone`: `start` and `end`
 * (each ISO or local), else `date` with `startTime` and `endTime`.
 * @returns the instants, or a message naming the field that cannot be read.
 */
export function shiftTimesOf(
  values: Record<string, string>,
  zone: string,
): { startTimestamp: string; endTimestamp: string } | { error: string } {
  const expected = '(use YYYY-MM-DD HH:MM on the branch clock, or ISO 8601 with an offset)';
  if (values.start || values.end) {
    const startTimestamp = instantOf(values.start ?? '', zone);
    if (!startTimestamp) return { error: `Start: "${values.start ?? ''}" is not a date and time ${expected}` };
    const endTimestamp = instantOf(values.end ?? '', zone);
    if (!endTimestamp) return { error: `End: "${values.end ?? ''}" is not a date and time ${expected}` };
    return { startTimestamp, endTimestamp };
  }
  if (!values.date) return { error: 'Give the start and end, or the date with the start and end times' };
  const day = DateTime.fromISO(values.date, { zone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !day.isValid) {
    return { error: `Date: "${values.date}" is not a date written YYYY-MM-DD` };
  }
  const from = minutesOf(values.startTime ?? '');
  if (from === null) return { error: `Start time: "${values.startTime ?? ''}" is not a time such as 09:00` };
  const to = minutesOf(values.endTime ?? '');
  if (to === null) return { error: `End time: "${values.endTime ?? ''}" is not a time such as 13:00` };
  const start = day.set({ hour: Math.floor(from / 60), minute: from % 60 });
  const endDay = to <= from ? day.plus({ days: 1 }) : day;
  const end = endDay.set({ hour: Math.floor(to / 60), minute: to % 60 });
  return { startTimestamp: start.toUTC().toISO()!, endTimestamp: end.toUTC().toISO()! };
}
