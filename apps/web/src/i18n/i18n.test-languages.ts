import { LANGUAGES } from '@hearth/shared/i18n/language-rule';
import { loadWebLanguage } from './i18n.setup';

/**
 * For unit tests only: every language's catalogues loaded before the tests run, as the app loads the shown one before
 * its first render (i18n.setup.ts languageReady). A test file that reads texts imports this module first; the
 * top-level await holds the file's tests until the chunks are in.
 */
await Promise.all(LANGUAGES.map((language) => loadWebLanguage(language)));
