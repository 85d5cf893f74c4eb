import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeWebLanguage, i18n, languageReady, loadWebLanguage, targetWebLanguage, webLanguage } from './i18n.setup';

/** The web app's language: the user's setting, else the browser's preferences, else English. */
describe('webLanguage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the browser when the user has no setting, and the setting when there is one', () => {
    vi.stubGlobal('navigator', { languages: ['es-US', 'en-US'], language: 'es-US' });
    expect(webLanguage()).toBe('es');
    expect(webLanguage(null)).toBe('es');
    expect(webLanguage('en')).toBe('en');
  });

  it('falls back to English for a browser in a language Hearth does not speak', () => {
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'de'], language: 'fr-FR' });
    expect(webLanguage()).toBe('en');
  });

  it('starts initialised, and has the shown language once languageReady resolves, so the first render needs no wait', async () => {
    expect(i18n.isInitialized).toBe(true);
    await languageReady();
    expect(i18n.hasResourceBundle(i18n.language, 'caregiverApp')).toBe(true);
    expect(i18n.t('schedule.noVisits', { lng: 'en' })).toBeTypeOf('string');
  });
});

/** Each language's catalogues are a chunk of their own, loaded when the language is first shown. */
describe('loading a language on demand', () => {
  afterEach(() => changeWebLanguage('en'));

  it('switches only once the new language is loaded, so no screen shows keys', async () => {
    await changeWebLanguage('es');
    expect(i18n.language).toBe('es');
    expect(targetWebLanguage()).toBe('es');
    expect(i18n.t('carePlan.taskCount', { count: 1 })).toBe('1 tarea');
    expect(i18n.t('carePlan.taskCount', { count: 3 })).toBe('3 tareas');
    await changeWebLanguage('en');
    expect(i18n.t('schedule.noVisits')).toBe('No visits scheduled.');
  });

  it('loads a language once: a second load is the same promise, and adds every namespace', async () => {
    expect(loadWebLanguage('es')).toBe(loadWebLanguage('es'));
    await loadWebLanguage('es');
    expect(i18n.hasResourceBundle('es', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'chatPhone')).toBe(true);
  });

  it('waits, before the first render, for a switch asked for while the first language was loading', async () => {
    const switching = changeWebLanguage('es');
    await languageReady();
    expect(i18n.language).toBe('es');
    await switching;
  });
});
