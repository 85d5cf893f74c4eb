/**
 * The languages Hearth speaks and their message catalogues (docs/decisions/0009-i18next-catalogues.md): plain JSON
 * per language and namespace in this folder, read by the web app and by the server for its own messages.
 * Plural keys follow i18next's CLDR suffixes (`_one`, `_other`, and `_many` where a language needs it).
 * This module holds the languages and the rule that picks one, without any catalogue, so code that only needs the
 * rule (the web app's entry chunk) does not carry every language's texts; languages.ts adds the catalogues.
 */

/** Supported languages, BCP 47 primary tags; the first is the fallback. */
export const LANGUAGES = ['en', 'es'] as const;

/** A supported language. */
export type Language = (typeof LANGUAGES)[number];

/** The language used when no preference matches, and for any key a catalogue lacks. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Namespaces: one catalogue file per area of the product. */
export const NAMESPACES = [
  'caregiverApp',
  'common',
  'shell',
  'records',
  'admin',
  'schedule',
  'reports',
  'files',
  'finance',
  'dataTable',
  'mfa',
  'signIn',
  'accessLog',
  'account',
  'server',
  'clientApp',
  'notifications',
  'push',
  'outbox',
  'live',
  'chat',
  'chatPhone',
  'careForms',
  'careFormBuilder',
  'careFormsPhone',
  'cases',
  'caseAdmin',
  'casesPhone',
  'clientAppVisits',
  'clientAppRequests',
  'visitRequests',
  'clientAppAlerts',
  'clientAppStatements',
  'clientAppMessages',
  'clientAppAccount',
] as const;

/** One language's catalogues, by namespace. */
export type Catalogues = Record<(typeof NAMESPACES)[number], Record<string, unknown>>;

/**
 * The first supported language among `preferences`, in order, else English.
 * @param preferences language tags, most preferred first: the user's setting, then the browser's
 *   (`navigator.languages`); empty or unknown entries are skipped; "es-US" matches "es" (case-insensitive)
 * @returns a supported language
 */
export function pickLanguage(preferences: readonly (string | null | undefined)[]): Language {
  for (const tag of preferences) {
    const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
