import { DateTime } from 'luxon';
import { zoneAbbreviation } from '@hearth/shared/app/time-display';
import { formatInstant } from '@/format/instant-format';

/**
 * The wall-clock side of pay period lock times (issue "Scheduling" item 5): a lock time is entered and shown in
 * its BRANCH's time zone and travels as an ISO instant in UTC. Luxon does the zone arithmetic (docs/architecture.md
 * "Dates and time zones": never dayjs across zones); the date inputs only hold calendar dates (YYYY-MM-DD) and a time
 * (HH:mm).
 */

/** Days after a period's last day that its lock time falls by default, at DEFAULT_LOCK_TIME. */
export const DEFAULT_LOCK_DAYS_AFTER_END = 3;
/** The default local time of day a period locks at. */
export const DEFAULT_LOCK_TIME = '12:00';

/** The default lock of a period ending on `periodEnd` (YYYY-MM-DD): 3 days later at 12:00, in the branch's zone. */
export function defaultLock(periodEnd: string): { lockDate: string; lockTime: string } {
  return {
    lockDate: DateTime.fromISO(periodEnd).plus({ days: DEFAULT_LOCK_DAYS_AFTER_END }).toISODate()!,
    lockTime: DEFAULT_LOCK_TIME,
  };
}

/**
 * The instant a local date and time name in `zone`, as ISO UTC ("2026-11-18T17:00:00Z"); null when either is
 * missing or unreadable. A time skipped by a spring-forward change resolves one hour later, as Luxon does.
 */
export function lockInstant(lockDate: string | null, lockTime: string, zone: string): string | null {
  if (!lockDate || !/^\d{4}-\d{2}-\d{2}$/.test(lockDate) || !/^\d{2}:\d{2}$/.test(lockTime)) return null;
  const local = DateTime.fromISO(`${lockDate}T${lockTime}`, { zone });
  return local.isValid ? local.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** An instant's local date (YYYY-MM-DD) and time (HH:mm) in `zone`, for the form. */
export function lockParts(locksAt: string, zone: string): { lockDate: string; lockTime: string } {
  const local = DateTime.fromISO(locksAt, { zone });
  return { lockDate: local.toISODate()!, lockTime: local.toFormat('HH:mm') };
}

/**
 * An instant as MM/DD/YY h:mm A (spec section 9) in `zone`, with the zone's short name: "11/18/26 12:00 PM EST".
 */
export function formatInZone(iso: string, zone: string): { text: string; zoneName: string } {
  // The list sets the abbreviation apart (smaller, dimmed), and always shows it: periods of several branches.
  return { text: formatInstant(iso, zone, { zoneName: 'never' }), zoneName: zoneAbbreviation(zone, iso) };
}

/**
 * The period most likely added next after `latest` (the branch's newest): starting the day after it ends and as
 * long as it was. Empty when the branch has none yet.
 */
export function nextPeriod(latest: { periodStart: string; periodEnd: string } | undefined): {
  periodStart: string | null;
  periodEnd: string | null;
} {
  if (!latest) return { periodStart: null, periodEnd: null };
  const start = DateTime.fromISO(latest.periodStart);
  const end = DateTime.fromISO(latest.periodEnd);
  const days = Math.round(end.diff(start, 'days').days);
  const next = end.plus({ days: 1 });
  return { periodStart: next.toISODate(), periodEnd: next.plus({ days }).toISODate() };
}
