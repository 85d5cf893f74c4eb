import type { Language } from '@hearth/shared/i18n/languages';
import { describeRRule } from '@hearth/shared/shifts/recurrence';
import { recurrenceWords } from '@hearth/shared/shifts/recurrence-words';
import type { ShiftPatternOutput } from '@hearth/shared/shifts/shift-patterns.schema';
import { intlLocale, serverT } from '../../i18n/server-i18n';

/**
 * A visit pattern's rule in words in the reader's language (issue 27), from the `server` catalogue's `recurrence`
 * section through recurrenceWords (packages/shared/src/shifts/recurrence-words.ts), which the web's patterns card
 * words rules with too: daily, weekly, monthly on days of the month or on the nth weekday, BYMONTH's months and a
 * monthly BYSETPOS over a named set of days, each with a COUNT or an UNTIL date.
 */

/**
 * A rule (RRULE body) in words in `language`: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6" -> "every month on the last Friday
 * for 6 times", in Spanish "todos los meses, el último viernes, 6 veces". A rule recurrenceWords does not cover, or
 * one that cannot be read, is given by describeRRule (rrule's English, or the rule as written).
 */
export function describeRule(rule: string, language: Language): string {
  const t = serverT(language) as unknown as (key: string, values?: Record<string, string | number>) => string;
  return recurrenceWords(rule, { t, language, locale: intlLocale(language) }) ?? describeRRule(rule);
}

/** A pattern output with its description in `language` (the service words it in English). */
export function describedPattern(pattern: ShiftPatternOutput, language: Language): ShiftPatternOutput {
  return { ...pattern, description: describeRule(pattern.rrule, language) };
}
