import { calendarDateParts, zonedParts } from './zoned-parts';
import { formatMiles } from '@/format/distance';
import { intlLocale, plainSpaces } from '@/format/locale';

/**
 * How the caregiver app words a visit's time and distance: wall-clock times in the visit's own time zone (the
 * branch's, whatever the phone's zone), dates as MM/DD/YY (spec section 9) in English and through Intl in the shown
 * language's locale otherwise (issue 27: Spanish "mar, 14/07/26", "9:05 a.m."), distances in miles. An invalid
 * instant or zone is shown as given. English keeps zonedParts' own text (no Intl formatter on the phone's first
 * render, see zoned-parts.ts); another language pays for one Intl formatter per zone and kind.
 */

/** What Intl writes of an instant in another language: the day with its weekday, or the time of day. */
type Kind = 'day' | 'clock';

const INTL_OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  day: { weekday: 'short', day: '2-digit', month: '2-digit', year: '2-digit' },
  clock: { hour: 'numeric', minute: '2-digit' },
};

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The cached Intl formatter of a locale, zone and kind; null for a zone Intl does not know. */
function formatterOf(locale: string, zone: string, kind: Kind): Intl.DateTimeFormat | null {
  const key = `${locale} ${zone} ${kind}`;
  let format = formatters.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...INTL_OPTIONS[kind], timeZone: zone });
    } catch {
      // RangeError: not a time zone.
      format = null;
    }
    formatters.set(key, format);
  }
  return format;
}

/** `iso` in `zone` through Intl in `locale`; `iso` as given when the instant or the zone is invalid. */
function intlText(iso: string, zone: string, locale: string, kind: Kind): string {
  const ms = Date.parse(iso);
  const format = Number.isNaN(ms) ? null : formatterOf(locale, zone, kind);
  return format ? plainSpaces(format.format(ms)) : iso;
}

/**
 * The visit's day in `zone`: "Tue 07/14/26", Spanish "mar, 14/07/26".
 * @param language a language tag; the shown language when left out
 */
export function visitDay(iso: string, zone: string, language?: string): string {
  const locale = intlLocale(language);
  if (locale !== 'en-US') return intlText(iso, zone, locale, 'day');
  const parts = zonedParts(iso, zone);
  return parts ? `${parts.weekday} ${parts.shortDate}` : iso;
}

/**
 * A time of day in `zone`: "9:05 AM", Spanish "9:05 a.m.".
 * @param language a language tag; the shown language when left out
 */
export function visitClock(iso: string, zone: string, language?: string): string {
  const locale = intlLocale(language);
  if (locale !== 'en-US') return intlText(iso, zone, locale, 'clock');
  return zonedParts(iso, zone)?.clock ?? iso;
}

/**
 * A visit's hours in `zone`: "9:00 AM – 1:00 PM", Spanish "9:00 a.m. – 1:00 p.m." (the end's day is implied:
 * visits end within a day).
 * @param language a language tag; the shown language when left out
 */
export function visitHours(startIso: string, endIso: string, zone: string, language?: string): string {
  return `${visitClock(startIso, zone, language)} – ${visitClock(endIso, zone, language)}`;
}

/**
 * A calendar date (YYYY-MM-DD, no zone: a schedule's day) with its weekday: "Tue 07/14/26", Spanish "mar, 14/07/26";
 * text that is not a date as given.
 * @param language a language tag; the shown language when left out
 */
export function calendarDay(date: string, language?: string): string {
  const locale = intlLocale(language);
  const { weekday, shortDate } = calendarDateParts(date);
  if (!weekday) return date;
  // Midnight UTC of the date, written in UTC: the same calendar day whatever the phone's zone.
  return locale === 'en-US' ? `${weekday} ${shortDate}` : intlText(`${date}T00:00:00Z`, 'UTC', locale, 'day');
}

/**
 * A distance given in metres as miles through Intl in the shown language: "2.4 mi" (whole miles from 10 on); a
 * dash when unknown.
 * @param language a language tag; the shown language when left out
 */
export function milesFromMetres(metres: number | null, language?: string): string {
  return formatMiles(metres, language) ?? '—';
}

/** The schedule scrolled to an instant (issue item 1: `startTimestamp` deep-links to a time). */
export function scheduleAt(startTimestamp: string): string {
  return `/app?startTimestamp=${encodeURIComponent(startTimestamp)}`;
}
