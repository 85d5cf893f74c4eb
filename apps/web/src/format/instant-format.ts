import {
  formatDateOfBirth as formatDateOfBirthIn,
  formatInstant as formatInstantIn,
  formatInstantInterval as formatInstantIntervalIn,
  formatInstantRange as formatInstantRangeIn,
  type InstantFormatOptions,
} from '@hearth/shared/app/time-display';
import { intlLocale } from './locale';

/**
 * The instants and dates of birth of packages/shared/src/app/time-display.ts in the shown language (issue 27): the
 * spec's patterns in English ("03/09/26 9:00 AM CDT"), Intl's in Spanish ("09/03/26, 9:00 a.m. CDT"). Screens
 * import these, not time-display's own, so no screen forgets the language.
 */

/** Options of time-display's formatters, and the language to write in (a tag; the shown language when left out). */
export type ShownInstantOptions = Omit<InstantFormatOptions, 'locale'> & { language?: string };

function withLocale<T extends ShownInstantOptions>(options: T) {
  const { language, ...rest } = options;
  return { ...rest, locale: intlLocale(language) };
}

/**
 * An instant on the wall clock of `zone` (IANA, the record's branch zone), as time-display's formatInstant writes
 * it in the shown language; `at` as given when unreadable.
 */
export function formatInstant(at: string | Date, zone: string, options: ShownInstantOptions = {}): string {
  return formatInstantIn(at, zone, withLocale(options));
}

/** A span's wall-clock times in `zone`, as time-display's formatInstantRange writes them in the shown language. */
export function formatInstantRange(
  start: string | Date,
  end: string | Date,
  zone: string,
  options: Omit<ShownInstantOptions, 'style'> = {},
): string {
  return formatInstantRangeIn(start, end, zone, withLocale(options));
}

/** A view's ISO 8601 interval ("start/end") as formatInstantRange writes it; null when `value` is no interval. */
export function formatInstantInterval(
  value: string,
  zone: string,
  options: Omit<ShownInstantOptions, 'style'> = {},
): string | null {
  return formatInstantIntervalIn(value, zone, withLocale(options));
}

/**
 * A date of birth (YYYY-MM-DD) with its age on `today` (YYYY-MM-DD where the person is): "03/14/1942 (84)",
 * Spanish "14/03/1942 (84)".
 * @param language a language tag; the shown language when left out
 */
export function formatDateOfBirth(dateOfBirth: string, today: string, language?: string): string {
  return formatDateOfBirthIn(dateOfBirth, today, intlLocale(language));
}
