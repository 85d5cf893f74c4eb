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
