import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.setup';
import { wordValidationMessage } from './zod-validate';

describe('wordValidationMessage', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('keeps English as the shared schemas write it', () => {
    expect(wordValidationMessage('Relationship is required')).toBe('Relationship is required');
  });

  it('words a message naming a field in Spanish with the field as a Spanish noun, as the server does', async () => {
    await i18n.changeLanguage('es');
    expect(wordValidationMessage('Relationship is required')).toBe(`Indique ${i18n.t('nouns.relationship', { ns: 'server' })}`);
    expect(wordValidationMessage('Relationship is required')).not.toMatch(/Relationship/);
    // A field the catalogue has no noun for stays as named, inside the Spanish sentence.
    expect(wordValidationMessage('Zzz field is required')).toBe('Indique Zzz field');
  });
});
