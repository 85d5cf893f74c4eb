import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { followZodLanguage } from '../zod-config';
import { CATALOGUES, FALLBACK_LANGUAGE, LANGUAGES, NAMESPACES, pickLanguage, type Language } from '@hearth/shared/i18n/languages';

/**
 * The web app's i18next instance (docs/decisions/0009-i18next-catalogues.md), initialised synchronously when this
 * module is imported: the catalogues are bundled, so the first render already has its texts, with no network round
 * trip and no suspense fallback before the first paint. `<html lang>` follows the language.
 */

/**
 * The language to show: the user's own setting once there is one (issue 27 adds `language` to the user), else the
 * browser's preferences, else English.
 * @param userSetting the user's chosen language, when known
 */
export function webLanguage(userSetting?: string | null): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLanguage([userSetting, ...browser]);
}

/** The initialised instance, for code outside components (notifications, errors, plain functions). */
export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: CATALOGUES,
  lng: webLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: [...NAMESPACES],
  defaultNS: 'caregiverApp',
  // Resources are given inline, so init finishes before it returns and the first render needs no Suspense.
  initAsync: false,
  // React escapes what it renders; escaping here too would show "&#39;" in a client's name.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/**
 * Keeps `<html lang>` on the shown language, for screen readers' pronunciation and the browser's hyphenation, and
 * zod's own validation messages in it (zod-config.ts).
 */
function followLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  followZodLanguage(language);
}
followLanguage(i18next.language);
i18next.on('languageChanged', followLanguage);

/**
 * Switches the shown language (the user's setting, once it exists).
 * @param language a language tag; unsupported ones fall back as in `webLanguage`
 */
export function changeWebLanguage(language: string | null | undefined): Promise<unknown> {
  return i18next.changeLanguage(webLanguage(language));
}
