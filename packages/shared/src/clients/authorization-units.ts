/**
 * Unit arithmetic of authorizations (docs/glossary.md "Authorization": a payer's approval of so many units of a service
 * code per week / month / total between two dates). Dates are calendar dates written YYYY-MM-DD, both ends
 * included; no time zone is involved.
 */

/** An inclusive range of calendar dates. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The limits of an authorization: its dates and units per week, per month and in total (any may be null). */
export interface AuthorizationLimits extends DateRange {
  unitsPerWeek: number | null;
  unitsPerMonth: number | null;
  unitsTotal: number | null;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
function dayNumber(date: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** The dates two inclusive ranges share, or null when they do not meet. */
export function overlap(a: DateRange, b: DateRange): DateRange | null {
  const startDate = a.startDate > b.startDate ? a.startDate : b.startDate;
  const endDate = a.endDate < b.endDate ? a.endDate : b.endDate;
  return startDate <= endDate ? { startDate, endDate } : null;
}

/**
 * How many calendar weeks (Sunday to Saturday, the US payer week) a range touches, partial weeks included:
 * Wednesday to the next Monday touches 2.
 */
export function calendarWeeksTouched(range: DateRange): number {
  // 1970-01-01 was a Thursday, so day n falls in the week numbered floor((n + 4) / 7).
  const week = (date: string) => Math.floor((dayNumber(date) + 4) / 7);
  return week(range.endDate) - week(range.startDate) + 1;
}

/** How many calendar months a range touches, partial months included: Jan 31 to Feb 1 touches 2. */
export function calendarMonthsTouched(range: DateRange): number {
  const month = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  return month(range.endDate) - month(range.startDate) + 1;
}

/**
 * The units an authorization allows within a period. Only the dates the period and the authorization share
 * count; 0 when they share none. Each limit the authorization gives yields a number and the tightest applies:
 * - per week: unitsPerWeek times the calendar weeks (Sunday to Saturday) the shared dates touch;
 * - per month: unitsPerMonth times the calendar months the shared dates touch;
 * - total: unitsTotal, the whole authorization's budget (not prorated: it may all be used within the period).
 * A week or month cut by the period or by the authorization's dates counts whole, because the payer's limit
 * applies to each week or month and may be used on any of its authorized days.
 * @returns whole units (0 when no limit is given).
 */
export function authorizedUnits(auth: AuthorizationLimits, period: DateRange): number {
  const shared = overlap(auth, period);
  if (!shared) return 0;
  const limits: number[] = [];
  if (auth.unitsPerWeek !== null) limits.push(auth.unitsPerWeek * calendarWeeksTouched(shared));
  if (auth.unitsPerMonth !== null) limits.push(auth.unitsPerMonth * calendarMonthsTouched(shared));
  if (auth.unitsTotal !== null) limits.push(auth.unitsTotal);
  return limits.length ? Math.min(...limits) : 0;
}

/**
 * Units still available: authorized minus scheduled minus used. Scheduled counts shifts not yet worked and used
 * counts worked ones, so they do not overlap. Negative when the period is over its authorization.
 */
export function remainingUnits(u: { authorized: number; scheduled: number; used: number }): number {
  return u.authorized - u.scheduled - u.used;
}
