import type { Language } from '@hearth/shared/i18n/languages';
import { intlLocale } from './server-i18n';

/**
 * Dates and times the server writes into emails, SMS and PDFs for a reader of another language than English,
 * through Intl in the reader's locale (issue 27). English keeps the spec's own formats ("03/04/31 9:00 AM EST"),
 * written by the callers as before; these are only asked for the other languages.
 */

/** Day, month, two-digit year, hour and minute, and the zone's short name: es-US "8/3/26, 7:00 a.m. EDT". */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'numeric',
  year: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * Intl's text with its no-break spaces (CLDR puts U+00A0 and U+202F before "a.m." and inside ranges) as plain
 * spaces: SMS and plain-text mail show them as is, and the PDF's standard fonts lack U+202F.
 */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/** An instant on the wall clock of `timeZone` (IANA) with the zone's abbreviation, in the language's locale. */
export function zonedDateTime(at: Date, timeZone: string, language: Language): string {
  return plain(new Intl.DateTimeFormat(intlLocale(language), { ...DATE_TIME, timeZone }).format(at));
}

/** A date with its short weekday on the wall clock of `timeZone`: es-US "dom, 8/3/26". */
export function zonedDate(at: Date, timeZone: string, language: Language): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'numeric', year: '2-digit' };
  return plain(new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone }).format(at));
}

/**
 * A span of time on the wall clock of `timeZone`, its end's date left out when it is the start's day (Intl's
 * formatRange): es-US "2/11/26, 9:00 a.m. – 1:00 p.m. EST", with `weekday` "lun, 2/11/26, 9:00 a.m. – 1:00 p.m. EST".
 */
export function zonedSpan(start: Date, end: Date, timeZone: string, language: Language, weekday = false): string {
  const options: Intl.DateTimeFormatOptions = { ...DATE_TIME, timeZone, ...(weekday ? { weekday: 'short' } : {}) };
  return plain(new Intl.DateTimeFormat(intlLocale(language), options).formatRange(start, end));
}

/**
 * A calendar date written YYYY-MM-DD (a local date, no instant): as written in English, the spec's format, and in
 * another language the locale's numeric date (es-US "2/3/2026" for 2026-03-02, day before month).
 */
export function calendarDate(isoDate: string, language: Language): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (language === 'en' || !parts) return isoDate;
  const at = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' };
  return plain(new Intl.DateTimeFormat(intlLocale(language), options).format(at));
}

/** calendarDate as a message value, worded when the reader's language is known. */
export function calendarDateValue(isoDate: string): (language: Language) => string {
  return (language) => calendarDate(isoDate, language);
}
