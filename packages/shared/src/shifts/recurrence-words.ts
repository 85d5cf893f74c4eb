/**
 * A visit pattern's rule in words in a language (issue 27), from the `server` catalogue's `recurrence` section,
 * shared by the server (describeRule, apps/server/src/features/shifts/shift-patterns.describe.ts) and the web (the
 * patterns card), so both word a rule alike: daily, weekly (on days, every N weeks), monthly on days of the month or
 * on the nth weekday, each with a COUNT ("for 10 times") or an UNTIL date ("until December 31, 2026"). English reads
 * as rrule's toText does (describeRRule in ./recurrence.ts), so a description does not change wording with the
 * language support. Two parts rrule words loosely are worded here in both languages when simple: BYMONTH ("every
 * day in January and July", "todos los días, en enero y julio") and a monthly BYSETPOS over the weekdays, the weekend
 * or every day ("every month on the last weekday", which rrule words "every month on weekdays"), or over one
 * weekday. A rule with other parts (a plain weekday in a monthly rule, BYSETPOS over another set of days) is not
 * worded here: the caller falls back to rrule's English.
 */

/**
 * The `server` namespace's translation function in the language to word the rule in: i18next's t fixed to the
 * language and namespace (the server's serverT(language), the web's i18n.getFixedT(language, 'server')).
 */
export type RecurrenceT = (key: string, values?: Record<string, string | number>) => string;

/** What wording a rule needs: the catalogue's t, the language ('en', 'es') and its Intl locale ('es-US'). */
export interface RecurrenceLanguage {
  t: RecurrenceT;
  language: string;
  locale: string;
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
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
function monthDay(day: number, words: RecurrenceLanguage): string {
  if (day === -1) return words.t('recurrence.lastDay');
  if (words.language !== 'en') return String(day);
  const suffixes: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
  return `${day}${suffixes[new Intl.PluralRules('en-US', { type: 'ordinal' }).select(day)] ?? 'th'}`;
}

/** Words joined as the language lists them; `unit` joins English without "and", as rrule lists weekdays. */
function list(items: string[], words: RecurrenceLanguage, type: 'conjunction' | 'unit'): string {
  return new Intl.ListFormat(words.locale, { type, style: 'long' }).format(items);
}

/** The nth of a day ("the last Friday", "el último viernes"); `nth` is 1 to 5 or -1. */
function nthDay(nth: string, day: string, words: RecurrenceLanguage): string {
  return words.t('recurrence.nthWeekday', { nth: words.t(`recurrence.nth.${nth === '-1' ? 'last' : nth}`), day });
}

/** The base rule without COUNT or UNTIL in words, or null for parts this wording does not cover. */
function baseWords(parts: Map<string, string>, words: RecurrenceLanguage): string | null {
  const { t } = words;
  const count = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(count) || count < 1) return null;
  const byDay = parts.get('BYDAY')?.split(',').filter(Boolean) ?? [];
  const byMonthDay = parts.get('BYMONTHDAY')?.split(',').filter(Boolean) ?? [];
  const dayName = (code: string) => t(`recurrence.days.${code}`);
  // BYSETPOS is worded for a monthly rule over a named set of days only (setPositionWords).
  if (parts.has('BYSETPOS') && (parts.get('FREQ') !== 'MONTHLY' || byMonthDay.length)) return null;
  switch (parts.get('FREQ')) {
    case 'DAILY':
      if (byMonthDay.length) return null;
      if (byDay.length === 0) return t('recurrence.daily', { count });
      return count === 1 && byDay.join(',') === WORK_WEEK ? t('recurrence.weekdays') : null;
    case 'WEEKLY': {
      if (byMonthDay.length || byDay.some((d) => !(WEEKDAYS as readonly string[]).includes(d))) return null;
      if (byDay.length === 0) return t('recurrence.weekly', { count });
      const ordered = WEEKDAYS.filter((d) => byDay.includes(d));
      if (count === 1 && ordered.join(',') === WORK_WEEK) return t('recurrence.weekdays');
      const days = list(ordered.map(dayName), words, words.language === 'en' ? 'unit' : 'conjunction');
      return t('recurrence.weeklyOn', { count, days });
    }
    case 'MONTHLY': {
      if (byDay.length && byMonthDay.length) return null;
      if (byMonthDay.length) {
        const numbers = byMonthDay.map(Number);
        if (numbers.some((n) => !Number.isInteger(n) || n === 0 || n > 31 || n < -1)) return null;
        const days = list(
          numbers.map((n) => monthDay(n, words)),
          words,
          'conjunction',
        );
        return t('recurrence.monthlyOn', { count, days: t('recurrence.monthDays', { count: numbers.length, days }) });
      }
      if (parts.has('BYSETPOS')) return setPositionWords(parts.get('BYSETPOS')!, byDay, count, words);
      if (byDay.length) {
        const nthDays = byDay.map((d) => /^(-1|[1-5])(MO|TU|WE|TH|FR|SA|SU)$/.exec(d));
        if (nthDays.some((m) => !m)) return null;
        const days = nthDays.map((m) => nthDay(m![1]!, dayName(m![2]!), words));
        return t('recurrence.monthlyOn', {
          count,
          days: t('recurrence.monthWeekdays', { days: list(days, words, 'conjunction') }),
        });
      }
      return t('recurrence.monthly', { count });
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
function setPositionWords(setPos: string, byDay: string[], count: number, words: RecurrenceLanguage): string | null {
  const ordered = WEEKDAYS.filter((d) => byDay.includes(d));
  const group = ordered.length === byDay.length ? DAY_GROUPS[ordered.join(',')] : undefined;
  const positions = setPos.split(',').filter(Boolean);
  const single = ordered.length === 1 && byDay.length === 1;
  if ((!group && !single) || positions.length === 0 || positions.some((p) => !SET_POSITION.test(p))) return null;
  const { t } = words;
  // One weekday: its nth, as BYDAY=2MO words it ("the 2nd Monday").
  const day = group ? t(`recurrence.dayGroups.${group}`) : t(`recurrence.days.${ordered[0]!}`);
  const days = positions.map((p) => nthDay(p, day, words));
  return t('recurrence.monthlyOn', { count, days: t('recurrence.monthWeekdays', { days: list(days, words, 'conjunction') }) });
}

/** BYMONTH's months (1 to 12) as the language names them, in calendar order ("January and July"), or null. */
function monthNames(byMonth: string, words: RecurrenceLanguage): string | null {
  const months = [...new Set(byMonth.split(',').filter(Boolean).map(Number))].sort((a, b) => a - b);
  if (months.length === 0 || months.some((m) => !Number.isInteger(m) || m < 1 || m > 12)) return null;
  const name = new Intl.DateTimeFormat(words.locale, { month: 'long', timeZone: 'UTC' });
  return list(
    months.map((m) => name.format(new Date(Date.UTC(2000, m - 1, 1)))),
    words,
    'conjunction',
  );
}

/** UNTIL's date (its first eight digits, YYYYMMDD) as a long date in the language: "December 31, 2026". */
function untilDate(until: string, words: RecurrenceLanguage): string | null {
  const digits = /^(\d{4})(\d{2})(\d{2})/.exec(until);
  if (!digits) return null;
  const at = new Date(Date.UTC(Number(digits[1]), Number(digits[2]) - 1, Number(digits[3])));
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(words.locale, options).format(at);
}

/**
 * A rule (RRULE body) in words: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6" -> "every month on the last Friday for 6 times",
 * in Spanish "todos los meses, el último viernes, 6 veces".
 * @returns the words; null for a rule this wording does not cover or cannot read (the caller then gives rrule's
 *   English, describeRRule, or a description it already has)
 */
export function recurrenceWords(rule: string, words: RecurrenceLanguage): string | null {
  const parts = partsOf(rule);
  const covered = [...parts.keys()].every((name) => WORDED_PARTS.has(name));
  const base = covered ? baseWords(parts, words) : null;
  const months = parts.has('BYMONTH') ? monthNames(parts.get('BYMONTH')!, words) : undefined;
  if (!base || months === null) return null;
  const ruleWords = months ? words.t('recurrence.inMonths', { rule: base, months }) : base;
  if (parts.has('COUNT')) {
    const count = Number(parts.get('COUNT'));
    return Number.isInteger(count) ? words.t('recurrence.times', { rule: ruleWords, count }) : null;
  }
  if (parts.has('UNTIL')) {
    const date = untilDate(parts.get('UNTIL')!, words);
    return date ? words.t('recurrence.until', { rule: ruleWords, date }) : null;
  }
  return ruleWords;
}
