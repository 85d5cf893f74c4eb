import { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import es from 'zod/v4/locales/es.js';

// zod compiles object parsers with `new Function` when eval is allowed, and probes for it once. Hearth's
// Content-Security-Policy forbids eval (apps/server/src/http/security.ts), so the probe would only be reported as a
// violation: parse without compiling, and without probing.
z.config({ jitless: true });

/** zod's own messages per language Hearth speaks (zod 4's locales; a schema's own message is left as written). */
const ZOD_LOCALES = { en, es } as const;

/**
 * Words zod's default validation messages ("Invalid input: expected string, received number") in the shown
 * language (issue 27): Spanish for 'es', English otherwise. i18n.setup.ts calls it whenever the language changes.
 * @param language a language tag, such as i18next's current language
 */
export function followZodLanguage(language: string): void {
  const primary = language.toLowerCase().split(/[-_]/)[0];
  z.config((primary === 'es' ? ZOD_LOCALES.es : ZOD_LOCALES.en)());
}
