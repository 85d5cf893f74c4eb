import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { followZodLanguage } from '../zod-config';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  NAMESPACES,
  pickLanguage,
  type Catalogues,
  type Language,
} from '@hearth/shared/i18n/language-rule';

/**
 * The web app's i18next instance (docs/decisions/0009-i18next-catalogues.md), initialised synchronously when this
 * module is imported. Each language's catalogues are a chunk of their own, loaded when that language is first shown
 * (loadWebLanguage): the start-up waits for the shown language's chunk together with the first page's code
 * (languageReady, main.tsx), so the first render already has its texts and no suspense fallback; a phone in English
 * never downloads Spanish. Every built chunk is precached by the service worker, so a language switched to offline
 * still loads. `<html lang>` follows the language.
 */

/**
 * Each language's catalogues as a chunk of its own (a dynamic import per language, so the bundler splits them).
 * The map is explicit, not a template path, so the build sees every chunk and the type checker every language.
 */
const CATALOGUE_CHUNKS: Record<Language, () => Promise<Catalogues>> = {
  en: () => import('@hearth/shared/i18n/catalogues-en').then((m) => m.CATALOGUES_EN),
  es: () => import('@hearth/shared/i18n/catalogues-es').then((m) => m.CATALOGUES_ES),
};

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
  // Filled language by language (loadWebLanguage); `init` with no resources and no backend still finishes at once.
  resources: {},
  partialBundledLanguages: true,
  lng: webLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: [...NAMESPACES],
  defaultNS: 'caregiverApp',
  // No backend: init finishes before it returns, and the first render (after languageReady) needs no Suspense.
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

/** Each language's load, started once; a failed load is forgotten so the next switch tries again. */
const loads = new Map<Language, Promise<void>>();

/**
 * Loads a language's catalogues into i18next, once: its chunk is fetched (or read from the service worker's
 * precache offline) and every namespace added.
 * @param language a supported language
 * @returns resolves once `t()` answers in that language; rejects when the chunk cannot be loaded
 */
export function loadWebLanguage(language: Language): Promise<void> {
  const known = loads.get(language);
  if (known) return known;
  const load = CATALOGUE_CHUNKS[language]().then(
    (catalogues) => {
      for (const namespace of NAMESPACES) i18next.addResourceBundle(language, namespace, catalogues[namespace], true, true);
    },
    (error: unknown) => {
      loads.delete(language);
      throw error;
    },
  );
  loads.set(language, load);
  return load;
}

/** The last language switch asked for, so the start-up can wait for the language the first render will show. */
let latestSwitch: Promise<unknown> = loadWebLanguage(i18next.language as Language);
/** The language of that switch: shown already, or shown once its chunk has loaded. */
let latestTarget = i18next.language as Language;

/** The language shown, or about to be once its catalogues have loaded (the last switch asked for). */
export function targetWebLanguage(): Language {
  return latestTarget;
}

/**
 * Switches the shown language (the user's setting, once it exists), after its catalogues have loaded, so no screen
 * ever shows keys instead of texts. When the chunk cannot load (offline before the service worker had cached it)
 * the language shown stays as it was and the error is thrown.
 * @param language a language tag; unsupported ones fall back as in `webLanguage`
 */
export function changeWebLanguage(language: string | null | undefined): Promise<unknown> {
  const target = webLanguage(language);
  latestTarget = target;
  latestSwitch = loadWebLanguage(target).then(() => i18next.changeLanguage(target));
  return latestSwitch;
}

/**
 * Resolves once the language last asked for (the browser's at import, the last known user's at start-up) is loaded
 * and shown; never rejects, so a failed load still lets the app render (in the language already loaded).
 * @returns a promise to await before the first render
 */
export async function languageReady(): Promise<void> {
  let waited: Promise<unknown> | undefined;
  // A switch asked for while waiting (the current user arriving) is waited for too.
  while (waited !== latestSwitch) {
    waited = latestSwitch;
    await waited.catch(() => undefined);
  }
}
