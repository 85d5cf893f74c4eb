import { recurrenceWords, type RecurrenceT } from '@hearth/shared/shifts/recurrence-words';
import { intlLocale } from '@/format/locale';
import { i18n } from '@/i18n/i18n.setup';

/**
 * The weekly rules the pattern form writes (RFC 5545 RRULE bodies without DTSTART, as ZRRule accepts them):
 * days of the week and an interval in weeks. Anything else (daily, monthly, other parts) is edited as text.
 */

/**
 * RFC 5545 weekday codes, Monday first. Their names are in the schedule catalogue (`weekday.short.MO`,
 * `weekday.long.MO`), in the shown language.
 */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

const ORDER: readonly string[] = WEEKDAY_CODES;

/** "FREQ=WEEKLY;BYDAY=MO,WE,FR" (INTERVAL only when more than 1), days in weekday order, each once. */
export function weeklyRule(days: string[], interval: number): string {
  const byDay = ORDER.filter((code) => days.includes(code));
  const every = Number.isInteger(interval) && interval > 1 ? `;INTERVAL=${interval}` : '';
  return `FREQ=WEEKLY${every};BYDAY=${byDay.join(',')}`;
}

/**
 * The days and interval of a plain weekly rule ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"), or null for any other
 * rule (another frequency, or parts the form does not show such as COUNT or BYSETPOS).
 */
export function parseWeeklyRule(rule: string): { days: WeekdayCode[]; interval: number } | null {
  const parts = new Map(
    rule
      .trim()
      .toUpperCase()
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined]),
  );
  if (parts.get('FREQ') !== 'WEEKLY') return null;
  for (const key of parts.keys()) if (!['FREQ', 'INTERVAL', 'BYDAY', 'WKST'].includes(key)) return null;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) return null;
  const days = (parts.get('BYDAY') ?? '').split(',').filter(Boolean);
  if (days.length === 0 || days.some((d) => !ORDER.includes(d))) return null;
  return { days: days as WeekdayCode[], interval };
}

/** Monday to Friday, the days rrule (and the catalogue's `patterns.rule.weekdays`) call "weekdays". */
const WORK_WEEK = 'MO,TU,WE,TH,FR';

/**
 * A plain weekly rule in words in the shown language, from the schedule catalogue (`patterns.rule.*`, plural by
 * the interval) with its days' long names joined by Intl.ListFormat: "every week on Monday, Wednesday, Friday",
 * "every 2 weeks on Tuesday", "every weekday", Spanish "todas las semanas: lunes, miércoles y viernes". English
 * reads as rrule's toText does on the server (describeRRule in packages/shared/src/shifts/recurrence.ts), so the
 * description does not change with where it was written.
 * @param language a language tag; the shown language when left out
 * @returns the words; null for a rule parseWeeklyRule does not read (the server's description stands in)
 */
export function describeWeeklyRule(rule: string, language?: string): string | null {
  const weekly = parseWeeklyRule(rule);
  if (!weekly) return null;
  const t = i18n.getFixedT(language ?? i18n.language, 'schedule');
  const count = weekly.interval;
  const days = ORDER.filter((code) => weekly.days.includes(code as WeekdayCode)) as WeekdayCode[];
  if (days.length === ORDER.length && count === 1) return t('patterns.rule.everyDay');
  if (days.join(',') === WORK_WEEK) return t('patterns.rule.weekdays', { count });
  // A "unit" list joins without "and" in English, as rrule does ("Monday, Wednesday, Friday"); Spanish adds "y".
  const list = new Intl.ListFormat(intlLocale(language ?? i18n.language), { type: 'unit', style: 'long' });
  return t('patterns.rule.weekly', { count, days: list.format(days.map((code) => t(`weekday.long.${code}`))) });
}

/**
 * Any rule in words in the shown language: a plain weekly rule as describeWeeklyRule words it, any other the server
 * words (daily, monthly, BYMONTH's months, a monthly BYSETPOS over the weekdays, the weekend, every day or one
 * weekday) by recurrenceWords with the same `server` catalogue keys (`recurrence.*`) as the server's description, so
 * the words follow the shown language even when a description came in another: "every month on the last weekday",
 * "todos los meses, el último día laborable".
 * @param language a language tag; the shown language when left out
 * @returns the words; null for a rule neither words (the server's description, rrule's English, stands in)
 */
export function describeRule(rule: string, language?: string): string | null {
  const shown = language ?? i18n.language;
  const weekly = describeWeeklyRule(rule, shown);
  if (weekly !== null) return weekly;
  const t = i18n.getFixedT(shown, 'server') as unknown as RecurrenceT;
  return recurrenceWords(rule, { t, language: shown.toLowerCase().startsWith('es') ? 'es' : 'en', locale: intlLocale(shown) });
}
