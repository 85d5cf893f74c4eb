import { DateTime } from 'luxon';

/**
 * The one way Hearth writes an instant for people: on the wall clock of the time zone the record belongs to (a
 * visit's, client's or caregiver's BRANCH; the signed-in user's own zone for a record of no branch), never the
 * viewer's browser zone, with the zone's abbreviation ("CST", "EDT") wherever it can differ from the viewer's.
 * Date and time patterns are the spec's (section 9: MM/DD/YY and MM/DD/YY h:mm A) in English; another locale (issue 27:
 * the user's language, `es-US` for Spanish) writes the same parts through Intl in its own order and words
 * ("08/03/26, 3:00 a.m. EDT"), the zone's abbreviation kept as US readers know it. Luxon does the zone work
 * (docs/architecture.md "Dates and time zones": never dayjs across zones). Instants arrive as ISO 8601 strings (UTC, or
 * with an offset) or Dates; date-only values (YYYY-MM-DD, a date of birth) are calendar dates and never shifted.
 */

/** How much of an instant is written. */
export type InstantStyle = 'dateTime' | 'date' | 'time' | 'weekdayDate' | 'weekdayDateTime' | 'fileDateTime';

/**
 * Whether the zone's abbreviation follows a time: 'auto' when the zone is not the viewer's (issue 18 item 6),
 * 'always' for text read elsewhere (files, messages), 'never' where the screen already names the zone.
 */
export type ZoneNameRule = 'auto' | 'always' | 'never';

export interface InstantFormatOptions {
  /** Default 'dateTime'. */
  style?: InstantStyle;
  /** Default 'auto'. A 'date' or 'weekdayDate' style never carries the abbreviation unless 'always'. */
  zoneName?: ZoneNameRule;
  /** The viewer's IANA zone; default the running browser's or process's (viewerTimeZone). */
  viewerZone?: string;
  /** The BCP 47 locale to write in; default (and any English) 'en-US', the spec's patterns. */
  locale?: string;
}

/** The spec's patterns are English; every other locale goes through Intl. */
const isEnglish = (locale: string | undefined) => locale === undefined || locale.toLowerCase().startsWith('en');

const PATTERNS: Record<InstantStyle, string> = {
  dateTime: 'MM/dd/yy h:mm a',
  date: 'MM/dd/yy',
  time: 'h:mm a',
  weekdayDate: 'ccc MM/dd/yy',
  weekdayDateTime: 'ccc MM/dd/yy h:mm a',
  // A file is read years later and elsewhere: four-digit years.
  fileDateTime: 'MM/dd/yyyy h:mm a',
};

/** The same parts as PATTERNS, for Intl in another locale: two-digit dates as the spec's, a 12- or 24-hour clock as the locale's. */
const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const INTL_PARTS: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { ...DATE, ...TIME },
  date: DATE,
  time: TIME,
  weekdayDate: { weekday: 'short', ...DATE },
  weekdayDateTime: { weekday: 'short', ...DATE, ...TIME },
  fileDateTime: { ...DATE, year: 'numeric', ...TIME },
};

/**
 * Intl's text with plain spaces: CLDR puts no-break spaces (U+00A0, U+202F) before "a.m." and inside ranges, and
 * which ones changes with the ICU version; the server's texts (apps/server/src/i18n/server-dates.ts) do the same.
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/** `dt` in a style: the spec's pattern in English, else Intl's parts in `locale`. */
function styled(dt: DateTime, style: InstantStyle, locale: string | undefined): string {
  if (isEnglish(locale)) return dt.toFormat(PATTERNS[style]);
  return plainSpaces(dt.setLocale(locale!).toLocaleString(INTL_PARTS[style]));
}

const canonical = new Map<string, string | null>();

/**
 * The canonical IANA name of `zone` ("US/Central" -> "America/Chicago"), or null when the runtime does not know
 * it. Cached: each distinct zone is resolved once.
 */
export function canonicalTimeZone(zone: string): string | null {
  const known = canonical.get(zone);
  if (known !== undefined) return known;
  let name: string | null;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    name = null;
  }
  canonical.set(zone, name);
  return name;
}

/** The IANA zone of the running browser (or the server process); "UTC" when the runtime cannot say. */
export function viewerTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC') ?? 'UTC';
}

/**
 * Whether times in `zone` can read differently to a viewer in `viewerZone`: true unless both name the same zone
 * (two zones with equal offsets today still differ on some dates, so only the same zone counts as the same).
 */
export function zoneDiffersFromViewer(zone: string, viewerZone: string = viewerTimeZone()): boolean {
  const a = canonicalTimeZone(zone);
  return a === null || a !== canonicalTimeZone(viewerZone);
}

/** An instant as a Luxon DateTime on the wall clock of `zone`; an unknown zone reads as UTC. */
function zonedInstant(at: string | Date, zone: string): DateTime {
  const known = canonicalTimeZone(zone) ?? 'UTC';
  if (at instanceof Date) return DateTime.fromJSDate(at, { zone: known }).setLocale('en-US');
  const iso = DateTime.fromISO(at, { zone: known });
  // PostgreSQL's text form ("2026-03-09 15:00:00+00") where an ISO string was expected.
  return (iso.isValid ? iso : DateTime.fromSQL(at, { zone: known })).setLocale('en-US');
}

/**
 * The zone's abbreviation at an instant, as US readers know it: "CST" or "CDT" for America/Chicago, "EST" or
 * "EDT" for America/New_York, "UTC"; a zone without a common English abbreviation reads "GMT+10". An unknown
 * zone gives "UTC" (the instant is then shown in UTC).
 */
export function zoneAbbreviation(zone: string, at: string | Date = new Date()): string {
  return abbreviationOf(zonedInstant(at, zone));
}

function abbreviationOf(dt: DateTime): string {
  return dt.isValid ? (dt.offsetNameShort ?? dt.toFormat('ZZ')) : 'UTC';
}

function showsZone(style: InstantStyle, zone: string, options: InstantFormatOptions): boolean {
  const rule = options.zoneName ?? 'auto';
  if (rule === 'never') return false;
  if (rule === 'always') return true;
  if (style === 'date' || style === 'weekdayDate') return false;
  return zoneDiffersFromViewer(zone, options.viewerZone);
}

/**
 * An instant on the wall clock of `zone`: "03/09/26 9:00 AM" (spec section 9), and " CDT" after it when the zone
 * can differ from the viewer's (options.zoneName). An unknown zone is written in UTC, always saying "UTC". In
 * another locale (options.locale) Intl writes the date and time: es-US "09/03/26, 9:00 a.m. CDT".
 * @param at ISO 8601 instant or Date.
 * @param zone IANA time zone of the record (its branch's).
 * @returns the text, or `at` itself when it is not a readable instant.
 */
export function formatInstant(at: string | Date, zone: string, options: InstantFormatOptions = {}): string {
  const style = options.style ?? 'dateTime';
  const dt = zonedInstant(at, zone);
  if (!dt.isValid) return typeof at === 'string' ? at : '';
  const text = styled(dt, style, options.locale);
  const unknownZone = canonicalTimeZone(zone) === null;
  return unknownZone || showsZone(style, zone, options) ? `${text} ${abbreviationOf(dt)}` : text;
}

/**
 * A span's wall-clock times in `zone`: "9:00 AM – 1:00 PM", the end's date when it ends on another local day
 * ("10:00 PM – 03/10/26 7:00 AM"), then the abbreviation as formatInstant decides; a span across a daylight saving
 * change names both ("1:00 AM CDT – 3:00 AM CST"). Unreadable instants are written as given. In another locale
 * (options.locale) the times are Intl's: es-US "9:00 a.m. – 1:00 p.m. CDT".
 */
export function formatInstantRange(
  start: string | Date,
  end: string | Date,
  zone: string,
  options: Omit<InstantFormatOptions, 'style'> = {},
): string {
  const from = zonedInstant(start, zone);
  const to = zonedInstant(end, zone);
  if (!from.isValid || !to.isValid) return `${String(start)} – ${String(end)}`;
  const endText = styled(to, from.hasSame(to, 'day') ? 'time' : 'dateTime', options.locale);
  const startText = styled(from, 'time', options.locale);
  if (!(canonicalTimeZone(zone) === null || showsZone('time', zone, options))) return `${startText} – ${endText}`;
  const fromName = abbreviationOf(from);
  const toName = abbreviationOf(to);
  return fromName === toName ? `${startText} – ${endText} ${toName}` : `${startText} ${fromName} – ${endText} ${toName}`;
}

/**
 * A view's 'timeRange' value, an ISO 8601 interval of two instants ("2026-03-09T14:00:00.000Z/2026-03-09T18:00:00.000Z"),
 * as formatInstantRange writes it in `zone`.
 * @returns the text, or null when `value` is not an interval (no "/").
 */
export function formatInstantInterval(
  value: string,
  zone: string,
  options: Omit<InstantFormatOptions, 'style'> = {},
): string | null {
  if (!value.includes('/')) return null;
  const [start, end] = value.split('/') as [string, string];
  return formatInstantRange(start, end, zone, options);
}

/** Today's calendar date (YYYY-MM-DD) on the wall clock of `zone`; the UTC date for an unknown zone. */
export function todayInZone(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: canonicalTimeZone(zone) ?? 'UTC' }).toISODate()!;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from a date of birth to `today` (both YYYY-MM-DD calendar dates, compared as dates: no time zone
 * shifts either one): the birthday counts from its own day; a 29 February birthday counts from 1 March in other
 * years. Null for an unreadable date or a birth after `today`.
 */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = DATE_ONLY.exec(dateOfBirth.slice(0, 10));
  const now = DATE_ONLY.exec(today.slice(0, 10));
  if (!born || !now) return null;
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ny, nm, nd] = now.slice(1).map(Number) as [number, number, number];
  const age = ny - by - (nm < bm || (nm === bm && nd < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

/**
 * A date of birth with its four-digit year and the age on `today` (issue 18 item 6): "03/14/1942 (84)"; without
 * the age when it cannot be known (a date after today); the value as given when it is not a YYYY-MM-DD date.
 * @param dateOfBirth YYYY-MM-DD (a longer ISO string is read by its date part, never shifted to a zone).
 * @param today YYYY-MM-DD, the calendar date where the person is (todayInZone of their branch).
 * @param locale BCP 47; English (the default) writes MM/DD/YYYY, another locale its own order through Intl
 *   (es-US "14/03/1942 (84)").
 */
export function formatDateOfBirth(dateOfBirth: string, today: string, locale?: string): string {
  const match = DATE_ONLY.exec(dateOfBirth.slice(0, 10));
  if (!match) return dateOfBirth;
  const [, year, month, day] = match;
  const age = ageOn(dateOfBirth, today);
  const suffix = age === null ? '' : ` (${isEnglish(locale) ? age : age.toLocaleString(locale)})`;
  if (isEnglish(locale)) return `${month}/${day}/${year}${suffix}`;
  // A calendar date: written as a UTC day so no zone moves it.
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const written = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return `${written.format(date)}${suffix}`;
}
