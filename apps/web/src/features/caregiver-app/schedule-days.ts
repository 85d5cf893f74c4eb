import { DateTime } from 'luxon';
import type { CaregiverShiftOutput, VisitAddress } from '@hearth/shared/caregiver-app/caregiver-app.schema';

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
  const sorted = [...unique.values()].sort((a, b) => a.startTimestamp.localeCompare(b.startTimestamp) || a.id - b.id);
  const days: ScheduleDay[] = [];
  for (const shift of sorted) {
    const date = DateTime.fromISO(shift.startTimestamp, { zone: shift.timezone }).toISODate() ?? shift.startTimestamp;
    const last = days[days.length - 1];
    if (last?.date === date) last.shifts.push(shift);
    else days.push({ date, shifts: [shift] });
  }
  return days;
}

/** A day header: "Today · Tue 07/14", "Tomorrow · ...", else "Wed 07/15/26" (spec section 9: MM/DD/YY). */
export function dayTitle(date: string, zone: string, now: DateTime = DateTime.now()): string {
  const day = DateTime.fromISO(date, { zone }).setLocale('en-US');
  const today = now.setZone(zone).startOf('day');
  const diff = Math.round(day.startOf('day').diff(today, 'days').days);
  const label = day.toFormat('ccc MM/dd/yy');
  if (diff === 0) return `Today · ${label}`;
  if (diff === 1) return `Tomorrow · ${label}`;
  if (diff === -1) return `Yesterday · ${label}`;
  return label;
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
