import type { Language } from '@hearth/shared/i18n/languages';
import { describeRRule } from '@hearth/shared/shifts/recurrence';
import type { ShiftPatternOutput } from '@hearth/shared/shifts/shift-patterns.schema';
import { intlLocale, msg, serverT, translate, type ServerMessage } from '../../i18n/server-i18n';

/**
 * A visit pattern's rule in words in the reader's language (issue 27), from the `server` catalogue's `recurrence`
 * section: daily, weekly (on days, every N weeks), monthly on days of the month or on the nth weekday, each with a
 * COUNT ("for 10 times") or an UNTIL date ("until December 31, 2026"). English reads as rrule's toText does
 * (describeRRule), so a description does not change wording with the language support. Two parts rrule words
 * loosely are worded here in both languages when simple: BYMONTH ("every day in January and July", "todos los días,
 * en enero y julio") and a monthly BYSETPOS over the weekdays, the weekend or every day ("every month on the last
 * weekday", which rrule words "every month on weekdays"), or over one weekday. A rule with other parts (a plain
 * weekday in a monthly rule, BYSETPOS over another set of days) keeps rrule's English words.
 */

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
type Weekday = (typeof WEEKDAYS)[number];
const WORK_WEEK = 'MO,TU,WE,TH,FR';
/** Parts this wording covers; WKST changes no day a visit pattern falls on here. */
const WORDED_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'COUNT', 'UNTIL', 'WKST']);
/** The sets of days a monthly BYSETPOS picks among that have a name (recurrence.dayGroups.<name>), by their BYDAY. */
const DAY_GROUPS: Record<string, 'weekday' | 'weekendDay' | 'day'> = {
  [WORK_WEEK]: 'weekday',
  'SA,SU': 'weekendDay',
  'MO,TU,WE,TH,FR,SA,SU': 'day',
};
/** The positions a BYSETPOS may name here, as recurrence.nth keys: 1st to 5th and the last. */
const SET_POSITION = /^(-1|[1-5])$/;

/** The parts of an RRULE body by name, upper case ("FREQ=WEEKLY;BYDAY=MO" -> {FREQ: WEEKLY, BYDAY: MO}). */
function partsOf(rule: string): Map<string, string> {
  return new Map(
    rule
      .trim()
      .toUpperCase()
      .split(';')
      .filter(Boolean)
      .map((part) => {
        const [name = '', value = ''] = part.split('=');
        return [name, value];
      }),
  );
}

/** A day of the month as words: English ordinals ("15th", rrule's), the number in other languages; -1 the last. */
function monthDay(day: number, language: Language): string {
  const t = serverT(language);
  if (day === -1) return t('recurrence.lastDay');
  if (language !== 'en') return String(day);
  const suffixes: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
  return `${day}${suffixes[new Intl.PluralRules('en-US', { type: 'ordinal' }).select(day)] ?? 'th'}`;
}

/** Words joined as the language lists them; `unit` joins English without "and", as rrule lists weekdays. */
function list(words: string[], language: Language, type: 'conjunction' | 'unit'): string {
  return new Intl.ListFormat(intlLocale(language), { type, style: 'long' }).format(words);
}

/** The base rule without COUNT or UNTIL, as a message, or null for parts this wording does not cover. */
function baseMessage(parts: Map<string, string>, language: Language): ServerMessage | null {
  const count = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(count) || count < 1) return null;
  const byDay = parts.get('BYDAY')?.split(',').filter(Boolean) ?? [];
  const byMonthDay = parts.get('BYMONTHDAY')?.split(',').filter(Boolean) ?? [];
  const dayName = (code: string) => serverT(language)(`recurrence.days.${code as Weekday}`);
  // BYSETPOS is worded for a monthly rule over a named set of days only (setPositionMessage).
  if (parts.has('BYSETPOS') && (parts.get('FREQ') !== 'MONTHLY' || byMonthDay.length)) return null;
  switch (parts.get('FREQ')) {
    case 'DAILY':
      if (byMonthDay.length) return null;
      if (byDay.length === 0) return msg('recurrence.daily', { count });
      return count === 1 && byDay.join(',') === WORK_WEEK ? msg('recurrence.weekdays') : null;
    case 'WEEKLY': {
      if (byMonthDay.length || byDay.some((d) => !(WEEKDAYS as readonly string[]).includes(d))) return null;
      if (byDay.length === 0) return msg('recurrence.weekly', { count });
      const ordered = WEEKDAYS.filter((d) => byDay.includes(d));
      if (count === 1 && ordered.join(',') === WORK_WEEK) return msg('recurrence.weekdays');
      const days = list(ordered.map(dayName), language, language === 'en' ? 'unit' : 'conjunction');
      return msg('recurrence.weeklyOn', { count, days });
    }
    case 'MONTHLY': {
      if (byDay.length && byMonthDay.length) return null;
      if (byMonthDay.length) {
        const numbers = byMonthDay.map(Number);
        if (numbers.some((n) => !Number.isInteger(n) || n === 0 || n > 31 || n < -1)) return null;
        const words = list(
          numbers.map((n) => monthDay(n, language)),
          language,
          'conjunction',
        );
        return msg('recurrence.monthlyOn', { count, days: msg('recurrence.monthDays', { count: numbers.length, days: words }) });
      }
      if (parts.has('BYSETPOS')) return setPositionMessage(parts.get('BYSETPOS')!, byDay, count, language);
      if (byDay.length) {
        const nthDays = byDay.map((d) => /^(-1|[1-5])(MO|TU|WE|TH|FR|SA|SU)$/.exec(d));
        if (nthDays.some((m) => !m)) return null;
        const words = nthDays.map((m) => {
          const nth = serverT(language)(`recurrence.nth.${m![1] === '-1' ? 'last' : (m![1] as '1')}`);
          return translate(msg('recurrence.nthWeekday', { nth, day: dayName(m![2]!) }), language);
        });
        return msg('recurrence.monthlyOn', {
          count,
          days: msg('recurrence.monthWeekdays', { days: list(words, language, 'conjunction') }),
        });
      }
      return msg('recurrence.monthly', { count });
    }
    default:
      return null;
  }
}

/**
 * A monthly rule picking the nth of a set of days (BYSETPOS with plain weekdays in BYDAY): "every month on the last
 * weekday", "todos los meses, el primer día de fin de semana"; null when the set is neither one weekday nor a
 * named set (DAY_GROUPS), or a position is not 1 to 5 or -1.
 */
function setPositionMessage(setPos: string, byDay: string[], count: number, language: Language): ServerMessage | null {
  const ordered = WEEKDAYS.filter((d) => byDay.includes(d));
  const group = ordered.length === byDay.length ? DAY_GROUPS[ordered.join(',')] : undefined;
  const positions = setPos.split(',').filter(Boolean);
  const single = ordered.length === 1 && byDay.length === 1;
  if ((!group && !single) || positions.length === 0 || positions.some((p) => !SET_POSITION.test(p))) return null;
  const t = serverT(language);
  // One weekday: its nth, as BYDAY=2MO words it ("the 2nd Monday").
  const day = group ? t(`recurrence.dayGroups.${group}`) : t(`recurrence.days.${ordered[0]!}`);
  const words = positions.map((p) => {
    const nth = t(`recurrence.nth.${p === '-1' ? 'last' : (p as '1')}`);
    return translate(msg('recurrence.nthWeekday', { nth, day }), language);
  });
  return msg('recurrence.monthlyOn', {
    count,
    days: msg('recurrence.monthWeekdays', { days: list(words, language, 'conjunction') }),
  });
}

/** BYMONTH's months (1 to 12) as the language names them, in calendar order ("January and July"), or null. */
function monthNames(byMonth: string, language: Language): string | null {
  const months = [...new Set(byMonth.split(',').filter(Boolean).map(Number))].sort((a, b) => a - b);
  if (months.length === 0 || months.some((m) => !Number.isInteger(m) || m < 1 || m > 12)) return null;
  const name = new Intl.DateTimeFormat(intlLocale(language), { month: 'long', timeZone: 'UTC' });
  return list(
    months.map((m) => name.format(new Date(Date.UTC(2000, m - 1, 1)))),
    language,
    'conjunction',
  );
}

/** UNTIL's date (its first eight digits, YYYYMMDD) as a long date in the language: "December 31, 2026". */
function untilDate(until: string, language: Language): string | null {
  const digits = /^(\d{4})(\d{2})(\d{2})/.exec(until);
  if (!digits) return null;
  const at = new Date(Date.UTC(Number(digits[1]), Number(digits[2]) - 1, Number(digits[3])));
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(at);
}

/**
 * A rule (RRULE body) in words in `language`: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6" -> "every month on the last Friday
 * for 6 times", in Spanish "todos los meses, el último viernes, 6 veces". A rule this wording does not cover, or
 * one that cannot be read, is given by describeRRule (rrule's English, or the rule as written).
 */
export function describeRule(rule: string, language: Language): string {
  const parts = partsOf(rule);
  const covered = [...parts.keys()].every((name) => WORDED_PARTS.has(name));
  const base = covered ? baseMessage(parts, language) : null;
  const months = parts.has('BYMONTH') ? monthNames(parts.get('BYMONTH')!, language) : undefined;
  if (!base || months === null) return describeRRule(rule);
  const baseWords = translate(base, language);
  const words = months ? translate(msg('recurrence.inMonths', { rule: baseWords, months }), language) : baseWords;
  if (parts.has('COUNT')) {
    const count = Number(parts.get('COUNT'));
    return Number.isInteger(count) ? translate(msg('recurrence.times', { rule: words, count }), language) : describeRRule(rule);
  }
  if (parts.has('UNTIL')) {
    const date = untilDate(parts.get('UNTIL')!, language);
    return date ? translate(msg('recurrence.until', { rule: words, date }), language) : describeRRule(rule);
  }
  return words;
}

/** A pattern output with its description in `language` (the service words it in English). */
export function describedPattern(pattern: ShiftPatternOutput, language: Language): ShiftPatternOutput {
  return { ...pattern, description: describeRule(pattern.rrule, language) };
}
