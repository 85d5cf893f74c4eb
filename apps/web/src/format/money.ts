import { intlLocale, plainSpaces } from './locale';

/** Money in the UI is in dollars; on the wire and in the database it is integer cents. */

/** One formatter per locale: building an Intl.NumberFormat is slow, and tables format many amounts. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Integer cents as $1,234.56, in the shown language's locale (US Spanish writes dollars the same way).
 * @param language a language tag; the shown language when left out
 */
export function formatMoney(cents: number, language?: string): string {
  const locale = intlLocale(language);
  let dollars = formatters.get(locale);
  if (!dollars) {
    dollars = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    formatters.set(locale, dollars);
  }
  return dollars.format(cents / 100);
}

/** Cents as a dollar amount for an input (1234 → 12.34). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * A dollar amount typed by a person (a number, or a string such as "12.5" or "$1,200.00") as integer cents,
 * rounded to the nearest cent; null when blank or not a number.
 */
export function dollarsToCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const amount = typeof value === 'number' ? value : Number(value.replace(/[$,\s]/g, ''));
  if (typeof value === 'string' && value.trim() === '') return null;
  if (!Number.isFinite(amount)) return null;
  return Math.round(amount * 100);
}

/**
 * A whole count with the shown language's digit grouping (2,000).
 * @param language a language tag; the shown language when left out
 */
export function formatCount(count: number, language?: string): string {
  return count.toLocaleString(intlLocale(language));
}

/**
 * A whole percentage in the shown language's way (45% in English and US Spanish; CLDR's Spain writes 45 %).
 * @param percent 0 to 100, rounded to a whole number
 * @param language a language tag; the shown language when left out
 */
export function formatPercent(percent: number, language?: string): string {
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 });
  return plainSpaces(format.format(percent / 100));
}
