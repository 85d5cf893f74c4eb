import { CATALOGUES_EN } from './catalogues-en';
import { CATALOGUES_ES } from './catalogues-es';
import type { Catalogues, Language } from './language-rule';

export { FALLBACK_LANGUAGE, LANGUAGES, NAMESPACES, pickLanguage } from './language-rule';
export type { Catalogues, Language } from './language-rule';

/**
 * Every language's catalogues, the shape i18next takes as `resources`; English is the reference for keys and types.
 * The server and the tests read them all from here; the web app loads one language at a time from catalogues-<lang>.ts
 * (apps/web/src/i18n/i18n.setup.ts), so importing this module there would put every language in its entry chunk.
 */
export const CATALOGUES = { en: CATALOGUES_EN, es: CATALOGUES_ES } satisfies Record<Language, Catalogues>;
