import { intlLocale, plainSpaces } from './locale';

/**
 * Distances through Intl's unit formats in the shown language (issue 27): US agencies read miles first, so miles
 * are the unit everywhere and kilometres only stand beside them. English keeps the text it always showed ("2.4 mi",
 * "5.2 km"), which is what Intl's en-US writes too.
 */

/** Metres in a statute mile. */
const METRES_PER_MILE = 1609.344;

/** One formatter per locale, unit and digits: building an Intl.NumberFormat is slow, and lists format many rows. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `value` in `unit` as Intl writes it short ("2.4 mi", "16 km"), one decimal below 10 and whole from 10 on.
 * @param language a language tag; the shown language when left out
 */
function formatUnit(value: number, unit: 'mile' | 'kilometer', language?: string): string {
  const digits = value < 10 ? 1 : 0;
  const locale = intlLocale(language);
  const key = `${locale} ${unit} ${digits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  // Plain spaces: some ICU versions put a no-break space between the number and the unit.
  return plainSpaces(format.format(value));
}

/**
 * A distance given in metres as miles: 3862 -> "2.4 mi" (whole miles from 10 on, "20 mi").
 * @param language a language tag; the shown language when left out
 * @returns the text; null for an unknown or non-finite distance, which each screen shows its own way
 */
export function formatMiles(metres: number | null, language?: string): string | null {
  if (metres === null || !Number.isFinite(metres)) return null;
  return formatUnit(metres / METRES_PER_MILE, 'mile', language);
}

/**
 * A distance given in metres as kilometres: 5150 -> "5.2 km" (whole kilometres from 10 on, "25 km").
 * @param language a language tag; the shown language when left out
 * @returns the text; null for an unknown or non-finite distance
 */
export function formatKilometres(metres: number | null, language?: string): string | null {
  if (metres === null || !Number.isFinite(metres)) return null;
  return formatUnit(metres / 1000, 'kilometer', language);
}
