import { pad } from './date-format';
import { intlLocale } from './locale';

/** Calendar dates as the API carries them: `YYYY-MM-DD`, in the browser's local calendar. */

/** A local Date's calendar day as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return isoDate(now);
}

/** `iso` plus `days` (negative goes back), YYYY-MM-DD. */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return isoDate(new Date(year!, month! - 1, day! + days));
}

/** Whole days from `from` to `to` (negative when `to` is earlier), ignoring daylight saving shifts. */
export function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => {
    const [year, month, day] = iso.split('-').map(Number);
    return Date.UTC(year!, month! - 1, day!);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The first and last day of the month holding `now`, YYYY-MM-DD. */
export function monthRange(now: Date = new Date()): { startDate: string; endDate: string } {
  return {
    startDate: isoDate(new Date(now.getFullYear(), now.getMonth(), 1)),
    endDate: isoDate(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

/**
 * The month holding `now` as a person names it in the shown language: "July 2026", "julio de 2026".
 * @param language a language tag; the shown language when left out
 */
export function monthName(now: Date = new Date(), language?: string): string {
  return now.toLocaleDateString(intlLocale(language), { month: 'long', year: 'numeric' });
}
