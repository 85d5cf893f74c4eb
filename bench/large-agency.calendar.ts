/**
 * The dates of the generated agency's visits (issue "The largest agencies": 13 weeks of history and the current pay
 * period, which holds today). All dates are local calendar dates YYYY-MM-DD in the bench branches' zone.
 */
import { DateTime } from 'luxon';
import { semiMonthlyPeriodOf } from '../packages/shared/src/payroll/payroll-period';
import { FULL_SIZE } from './agency-size';

/** The zone of every bench branch (and of the calendar's dates). */
export const BENCH_ZONE = 'America/New_York';

/** Where the generated visits lie, as the benchmarks pick their ranges. */
export interface BenchCalendar {
  /** The zone of the dates below: America/New_York. */
  zone: string;
  /** The first day with visits: a Sunday, `historyWeeks` whole workweeks before the workweek holding periodFrom. */
  historyFrom: string;
  /** The current semi-monthly pay period (payroll-period.ts), which holds `today`: its first and last days. */
  periodFrom: string;
  periodTo: string;
  /** The Sunday that starts the current workweek (the FLSA workweek holding today). */
  weekSunday: string;
  /** The last day with visits: the Saturday ending the workweek of periodTo, so that workweek is whole. */
  scheduledTo: string;
  /** The day the data was generated for: visits before now are worked, the rest scheduled. */
  today: string;
}

/** The Sunday on or before `date` (both YYYY-MM-DD). */
function sundayOf(date: DateTime): DateTime {
  // Luxon's weekday is 1 (Monday) to 7 (Sunday).
  return date.minus({ days: date.weekday % 7 });
}

/**
 * The calendar of an agency generated at `now` (a UTC instant) with `historyWeeks` weeks of history.
 * @returns local dates of BENCH_ZONE; historyFrom and weekSunday are Sundays, scheduledTo a Saturday.
 */
export function benchCalendar(now: Date = new Date(), historyWeeks: number = FULL_SIZE.historyWeeks): BenchCalendar {
  const today = DateTime.fromJSDate(now, { zone: BENCH_ZONE }).startOf('day');
  const todayText = today.toISODate()!;
  const period = semiMonthlyPeriodOf(todayText);
  const periodFrom = DateTime.fromISO(period.from, { zone: BENCH_ZONE });
  const periodTo = DateTime.fromISO(period.to, { zone: BENCH_ZONE });
  return {
    zone: BENCH_ZONE,
    historyFrom: sundayOf(periodFrom).minus({ weeks: historyWeeks }).toISODate()!,
    periodFrom: period.from,
    periodTo: period.to,
    weekSunday: sundayOf(today).toISODate()!,
    scheduledTo: sundayOf(periodTo).plus({ days: 6 }).toISODate()!,
    today: todayText,
  };
}

/**
 * Whether a kept agency still describes `now`: it was generated today. On a later day its "today in progress" and
 * "rest scheduled" would be stale (visits of the past still scheduled), so it is generated again.
 */
export function calendarIsCurrent(calendar: BenchCalendar, now: Date = new Date()): boolean {
  const today = DateTime.fromJSDate(now, { zone: calendar.zone }).toISODate()!;
  return today === calendar.today;
}
