import { z, type core } from 'zod';
import type { Language } from '@hearth/shared/i18n/languages';
import { translateEnglish, messageOfEnglish } from './english-messages';

/**
 * Zod validation messages in the reader's language. The inputs' zod schemas (packages/shared) are parsed once, in
 * English, whoever calls; their messages are worded again at the one place errors are mapped (trpc/init.ts):
 * - a message a schema wrote itself ("Invalid email", "Ids go from 1 to 2147483647") is found in the `server`
 *   catalogue by its English text (english-messages.ts);
 * - zod's own default message ("Invalid input: expected string, received number") is worded again by zod's locale
 *   of the language (zod 4's `z.locales`), from the issue's code and limits.
 */

/** zod's locale error maps per language, made once. */
const LOCALE_ERRORS: Record<Language, core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  es: z.locales.es().localeError,
};

/** A value of each type zod names in "received <type>", since a parsed issue no longer holds its input. */
const SAMPLE_INPUTS: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  string: '',
  number: 0,
  NaN: Number.NaN,
  boolean: false,
  bigint: 0n,
  symbol: Symbol('input'),
  function: () => undefined,
  array: [],
  object: {},
  date: new Date(0),
  map: new Map(),
  set: new Set(),
};

/** The text of an error map's answer (a string or {message}), or undefined. */
function textOf(answer: ReturnType<core.$ZodErrorMap>): string | undefined {
  return typeof answer === 'string' ? answer : answer?.message;
}

/**
 * An issue's message in `language`: the catalogue's translation of a schema's own message, else zod's locale's
 * wording when the message is zod's English default for the issue, else the message unchanged.
 */
export function translateZodIssue(issue: core.$ZodIssue, language: Language): string {
  if (language === 'en') return issue.message;
  if (messageOfEnglish(issue.message)) return translateEnglish(issue.message, language);
  const received = /received (\w+)$/.exec(issue.message)?.[1];
  const probe = { ...issue, input: received === undefined ? undefined : SAMPLE_INPUTS[received] } as core.$ZodRawIssue;
  if (textOf(LOCALE_ERRORS.en(probe)) !== issue.message) return issue.message;
  return textOf(LOCALE_ERRORS[language](probe)) ?? issue.message;
}
