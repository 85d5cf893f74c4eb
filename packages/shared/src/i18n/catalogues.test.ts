import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, NAMESPACES, pickLanguage } from './languages';

/**
 * The catalogue completeness check (issue 27, "a check in CI fails when a key is missing from a language"): every
 * language has every key of English, no key English lacks, and every plural form its CLDR rules ask for.
 */

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf key of a catalogue, dotted ("schedule.title"). */
function leafKeys(catalogue: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leafKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** The keys a language must have for English's `keys`: a plural key in the forms of that language's CLDR rules. */
function expectedKeys(keys: string[], language: string): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const plurals = new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
  const plain = keys.filter((key) => !PLURAL_SUFFIX.test(key));
  return [...plain, ...[...plurals].flatMap((base) => forms.map((form) => `${base}_${form}`))].sort();
}

describe('message catalogues', () => {
  for (const namespace of NAMESPACES) {
    const english = leafKeys(CATALOGUES.en[namespace]);
    for (const language of LANGUAGES) {
      it(`${language}/${namespace} has every key of English, with its plural forms, and no other`, () => {
        const keys = leafKeys(CATALOGUES[language][namespace]).sort();
        expect(keys).toEqual(expectedKeys(english, language));
      });
    }
  }

  it('has no empty message', () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const catalogue = CATALOGUES[language][namespace] as Record<string, unknown>;
        const empty = leafKeys(catalogue).filter(
          (key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) === '',
        );
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });
});

describe('pickLanguage', () => {
  it('takes the first supported preference, by primary tag, else English', () => {
    expect(pickLanguage(['es-US', 'en-US'])).toBe('es');
    expect(pickLanguage([null, 'fr-FR', 'ES'])).toBe('es');
    expect(pickLanguage(['en-GB', 'es'])).toBe('en');
    expect(pickLanguage(['fr', undefined, ''])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
