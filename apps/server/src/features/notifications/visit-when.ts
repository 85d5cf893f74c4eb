import { DateTime } from 'luxon';
import { zoneAbbreviation } from '@hearth/shared/app/time-display';
import type { Language } from '@hearth/shared/i18n/languages';
import { zonedSpan } from '../../i18n/server-dates';

/**
 * A visit's day and times as a notification says them, on the wall clock of the branch's IANA `timeZone`: in English
 * the spec's formats, "Tue 11/24/26 9:00 AM-1:00 PM EST"; in another language through Intl in its locale
 * (zonedSpan with the weekday).
 */
export function visitWhen(start: Date, end: Date, timeZone: string, language: Language): string {
  if (language !== 'en') return zonedSpan(start, end, timeZone, language, true);
  const local = (d: Date) => DateTime.fromJSDate(d, { zone: timeZone }).setLocale('en-US');
  const from = local(start);
  const to = local(end);
  const toText = to.hasSame(from, 'day') ? to.toFormat('h:mm a') : to.toFormat('ccc MM/dd/yy h:mm a');
  return `${from.toFormat('ccc MM/dd/yy h:mm a')}-${toText} ${zoneAbbreviation(timeZone, end)}`;
}
