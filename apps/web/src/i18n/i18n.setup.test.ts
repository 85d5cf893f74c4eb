import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, webLanguage } from './i18n.setup';

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

  it('starts ready, with the English texts, so the first render needs no wait', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('schedule.noVisits', { lng: 'en' })).toBe('No visits scheduled.');
    expect(i18n.t('carePlan.taskCount', { lng: 'es', count: 1 })).toBe('1 tarea');
    expect(i18n.t('carePlan.taskCount', { lng: 'es', count: 3 })).toBe('3 tareas');
  });
});
