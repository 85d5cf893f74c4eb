import type { CaregiverShiftOutput, VisitAddress } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { isTimeEntryMissing } from '@hearth/shared/shifts/shift-flags';
import { calendarDaysBetween, zonedParts } from './zoned-parts';
import { calendarDay } from './visit-format';
import { i18n } from '@/i18n/i18n.setup';

/** Pure helpers of the caregiver schedule (issue "caregiver app" item 2). */

/** One day of the schedule: its date (YYYY-MM-DD in the shifts' time zone) and its shifts in start order. */
export interface ScheduleDay {
  date: string;
  shifts: CaregiverShiftOutput[];
}

/**
 * Groups shifts by their local day in each shift's own time zone (the branch's: the caregiver works in it),
 * dropping repeats of one shift (adjacent pages may both hold it) and sorting by start.
 * @returns days ascending, each with its shifts ascending
 */
export function groupShiftsByDay(shifts: readonly CaregiverShiftOutput[]): ScheduleDay[] {
  const unique = new Map<number, CaregiverShiftOutput>();
  for (const s of shifts) unique.set(s.id, s);
  // ISO instants in UTC order as plain strings (localeCompare would run a locale collation on every comparison).
  const sorted = [...unique.values()].sort((a, b) =>
    a.startTimestamp === b.startTimestamp ? a.id - b.id : a.startTimestamp < b.startTimestamp ? -1 : 1,
  );
  const days: ScheduleDay[] = [];
  for (const shift of sorted) {
    const date = zonedParts(shift.startTimestamp, shift.timezone)?.date ?? shift.startTimestamp;
    const last = days[days.length - 1];
    if (last?.date === date) last.shifts.push(shift);
    else days.push({ date, shifts: [shift] });
  }
  return days;
}

/**
 * The first `count` shifts of `days`, in order, with their days: what the schedule renders in its first pass.
 * @returns `days` itself when it holds `count` shifts or fewer, else the days cut after the `count`th shift
 */
export function firstShiftsOf(days: ScheduleDay[], count: number): ScheduleDay[] {
  const cut: ScheduleDay[] = [];
  let left = count;
  for (const day of days) {
    if (left <= 0) return cut;
    cut.push(day.shifts.length <= left ? day : { date: day.date, shifts: day.shifts.slice(0, left) });
    left -= day.shifts.length;
  }
  return days;
}

/**
 * A day header: "Today · Tue 07/14/26", "Tomorrow · ...", "Yesterday · ...", else "Wed 07/15/26" (spec section 9:
 * MM/DD/YY; in the shown language, Spanish "mié, 15/07/26"); today is the calendar date of `now` in `zone`.
 * @param date the day, YYYY-MM-DD
 */
export function dayTitle(date: string, zone: string, now: Date = new Date()): string {
  const label = calendarDay(date);
  const today = zonedParts(now.toISOString(), zone)?.date;
  const diff = today ? calendarDaysBetween(today, date) : null;
  if (diff === 0) return i18n.t('days.today', { day: label });
  if (diff === 1) return i18n.t('days.tomorrow', { day: label });
  if (diff === -1) return i18n.t('days.yesterday', { day: label });
  return label;
}

/**
 * The timeEntryMissing flag of a visit whose check-in or check-out is recorded on the phone and not uploaded yet:
 * the server computed its flag without them, so the same rule (spec "Shift", packages/shared/src/shifts/
 * shift-flags.ts) runs again with the phone's times (ISO, UTC; null when not recorded) at `now`.
 */
export function timeEntryMissingWith(
  shift: Pick<CaregiverShiftOutput, 'status' | 'startTimestamp' | 'endTimestamp'>,
  checkIn: string | null,
  checkOut: string | null,
  now: Date = new Date(),
): boolean {
  const at = (iso: string | null) => (iso ? new Date(iso) : null);
  return isTimeEntryMissing(
    {
      status: shift.status,
      startAt: new Date(shift.startTimestamp),
      endAt: new Date(shift.endTimestamp),
      checkIn: at(checkIn),
      checkOut: at(checkOut),
    },
    now,
  );
}

/** The address on one line: "12 Elm St, Apt 2, Boston, MA 02118". */
export function addressLine(address: VisitAddress): string {
  return [address.line1, address.line2, address.city, `${address.state} ${address.zip}`.trim()]
    .filter((part) => part && part.trim())
    .join(', ');
}

/** A maps link to the client's home: by coordinates when known, else by the address text (Google Maps URLs API). */
export function mapsLink(address: VisitAddress): string {
  const query = address.lat !== null && address.lon !== null ? `${address.lat},${address.lon}` : addressLine(address);
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
