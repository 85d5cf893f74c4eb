import type { PayPeriod } from './payroll-hours';

/**
 * Semi-monthly pay periods (issue "Payroll, billing, reports": the payroll report's "This pay period" and "Last pay
 * period"): the 1st to the 15th and the 16th to the month's last day. Dates YYYY-MM-DD (local calendar dates).
 */

/** The last day of a month (1-12) of a year: 28 to 31. */
function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The semi-monthly period holding `date`: 2031-03-09 -> 2031-03-01..2031-03-15, 2031-02-20 -> 2031-02-16..2031-02-28. */
export function semiMonthlyPeriodOf(date: string): PayPeriod {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const ym = `${year}-${pad(month)}`;
  return day <= 15 ? { from: `${ym}-01`, to: `${ym}-15` } : { from: `${ym}-16`, to: `${ym}-${pad(lastDayOf(year, month))}` };
}

/** The semi-monthly period before the one holding `date`: 2031-03-09 -> 2031-02-16..2031-02-28. */
export function previousSemiMonthlyPeriod(date: string): PayPeriod {
  const [year, month, day] = semiMonthlyPeriodOf(date).from.split('-').map(Number) as [number, number, number];
  if (day === 16) return semiMonthlyPeriodOf(`${year}-${pad(month)}-01`);
  const before = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return semiMonthlyPeriodOf(`${before.year}-${pad(before.month)}-16`);
}
