import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.setup';
import { applyUserLanguage } from './user-language';

/** The language the web shows for a signed-in user: their setting beats the browser's; no setting follows it. */
describe('applyUserLanguage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the setting over a browser in another language, and the browser once the setting is cleared', async () => {
    vi.stubGlobal('navigator', { languages: ['es-US', 'es'], language: 'es-US' });
    await applyUserLanguage({ language: 'en' });
    expect(i18n.language).toBe('en');
    expect(i18n.t('carePlan.taskCount', { count: 3 })).toBe('3 tasks');

    await applyUserLanguage({ language: null });
    expect(i18n.language).toBe('es');
    expect(i18n.t('carePlan.taskCount', { count: 3 })).toBe('3 tareas');
  });

  it('shows Spanish to a Spanish user on an English browser, and English when nobody is signed in', async () => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    await applyUserLanguage({ language: 'es' });
    expect(i18n.language).toBe('es');
    expect(i18n.t('language.label', { ns: 'account' })).toBe('Idioma');
    await applyUserLanguage(null);
    expect(i18n.language).toBe('en');
  });

  it('ignores a language Hearth does not speak, as the browser decides then', async () => {
    vi.stubGlobal('navigator', { languages: ['es'], language: 'es' });
    await applyUserLanguage({ language: 'fr' });
    expect(i18n.language).toBe('es');
  });
});

describe("zod's own messages", () => {
  it('follow the shown language', async () => {
    const { z } = await import('zod');
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    await applyUserLanguage({ language: 'es' });
    expect(z.string().safeParse(3).error?.issues[0]?.message).toBe('Entrada inválida: se esperaba texto, recibido número');
    await applyUserLanguage({ language: 'en' });
    expect(z.string().safeParse(3).error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
  });
});

describe("the shared schemas' own messages in a form", () => {
  it('are worded from the server catalogue in Spanish and left as written in English', async () => {
    const { z } = await import('zod');
    const { zodValidate } = await import('@/forms/zod-validate');
    const schema = z.object({ email: z.string().min(1, 'Email is required'), id: z.number().max(9, 'Ids go from 1 to 9') });
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    await applyUserLanguage({ language: 'es' });
    expect(zodValidate(schema)({ email: '', id: 12 })).toEqual({
      email: 'El correo electrónico es obligatorio',
      id: 'Los identificadores van de 1 a 9',
    });
    await applyUserLanguage({ language: 'en' });
    expect(zodValidate(schema)({ email: '', id: 12 })).toEqual({ email: 'Email is required', id: 'Ids go from 1 to 9' });
  });
});
