import { intlLocale } from './locale';

/**
 * Calendar dates of the whole app (spec section 9): MM/DD/YY in English; other languages write the same two-digit
 * numbers in their own order through Intl (Spanish: DD/MM/YY). Instants (MM/DD/YY h:mm A) are written in their
 * record's time zone by formatInstant (instant-format.ts, over packages/shared/src/app/time-display.ts), never in
 * the browser's.
 */

/** A number as at least two digits (05). */
export const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `2026-01-05` (or an ISO timestamp's date part) as MM/DD/YY (spec section 9) in English, 05/01/26 in Spanish,
 * without a time zone shift (the calendar date is formatted as a UTC day).
 * @param language a language tag; the shown language when left out
 * @returns the short date, or `value` as given when it does not start with YYYY-MM-DD
 */
export function formatDate(value: string, language?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  const locale = intlLocale(language);
  // English keeps the spec's exact digits; Intl's en-US agrees, but the spec's format is the contract.
  if (locale === 'en-US') return `${month}/${day}/${year!.slice(-2)}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: '2-digit', timeZone: 'UTC' }).format(date);
}
