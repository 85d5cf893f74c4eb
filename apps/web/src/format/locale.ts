import { i18n } from '@/i18n/i18n.setup';

/**
 * The Intl locale of the shown language (issue 27: dates, times and numbers in the user's locale). Hearth's agencies
 * are in the United States, so Spanish is the CLDR's `es-US`: Spanish month and day names with the dollar and the
 * digit grouping of US Spanish ($1,234.56), where `es` alone would write "1234,56 US$".
 * @param language a language tag; the shown one (i18next's) when left out
 * @returns a BCP 47 locale for Intl
 */
export function intlLocale(language: string = i18n.language): string {
  return language.toLowerCase().startsWith('es') ? 'es-US' : 'en-US';
}

/**
 * Intl's text with plain spaces: CLDR puts no-break and thin spaces (U+00A0, U+202F, U+2009) before "a.m." and
 * around a range's dash, and which ones changes with the browser's ICU version; tests and e2e flows match plain
 * text, and the server writes the same (apps/server/src/i18n/server-dates.ts).
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}
