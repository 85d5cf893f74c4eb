import '@/i18n/i18n.test-languages';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.setup';

/**
 * The spinner sentences of the sections that load (SectionCard's `loadingLabel`): English says what it said when
 * the sentence was built from the lower-cased title, Spanish is a whole sentence of its own.
 */
const SECTIONS = [
  ['records', 'files', 'Cargando los archivos'],
  ['records', 'addresses', 'Cargando las direcciones'],
  ['records', 'journal', 'Cargando el diario'],
  ['records', 'contacts', 'Cargando los contactos'],
  ['records', 'assessments', 'Cargando las evaluaciones de enfermería'],
  ['records', 'authorizations', 'Cargando las autorizaciones'],
  ['records', 'cashAdvances', 'Cargando los anticipos en efectivo'],
  ['accessLog', 'history', 'Cargando el historial de accesos'],
  ['schedule', 'patterns', 'Cargando los patrones recurrentes'],
] as const;

describe('section loading sentences', () => {
  it('keep the English of the lower-cased title and read as whole sentences in Spanish', () => {
    for (const [ns, section, spanish] of SECTIONS) {
      const en = i18n.getFixedT('en', ns);
      const es = i18n.getFixedT('es', ns);
      expect(en(`${section}.loading`)).toBe(`Loading ${en(`${section}.title`).toLowerCase()}`);
      expect(es(`${section}.loading`)).toBe(spanish);
    }
  });
});
