import { describe, expect, it } from 'vitest';
import { fileImportProblem, fileImportProblemMessage } from '@hearth/shared/file-imports/file-imports.schema';
import { readZip } from '@hearth/shared/records/zip';
import { billingStatusOf } from '@hearth/shared/billing/billing.rules';
import { AppError } from '../errors/app-error';
import { placeFromZip } from '../features/branches/branches.location';
import { translateEnglish } from './english-messages';
import { english, msg, translate, type ServerMessageKey } from './server-i18n';
import { calendarDateValue } from './server-dates';

/**
 * Messages built by helpers or from several parts (issue 27): their English is word for word what the spec and the
 * e2e flows assert, and a Spanish reader gets them in Spanish (docs/decisions/0009-i18next-catalogues.md).
 */

const CSV = 'text/csv';

describe('file import problems', () => {
  it('are catalogue messages, English as before and Spanish for the reader', () => {
    const cases = [
      {
        file: { fileName: 'empty.csv', fileSizeBytes: 0, contentType: CSV },
        en: 'The file is empty',
        es: 'El archivo está vacío',
      },
      {
        file: { fileName: 'notes.pdf', fileSizeBytes: 10, contentType: 'application/pdf' },
        en: 'notes.pdf is not a CSV or XLSX file',
        es: 'notes.pdf no es un archivo CSV ni XLSX',
      },
      {
        file: { fileName: 'big.csv', fileSizeBytes: 150 * 1024 * 1024, contentType: CSV },
        en: 'big.csv is 150 MB; an import file may be at most 100 MB',
        es: 'big.csv pesa 150 MB; un archivo de importación puede pesar como máximo 100 MB',
      },
    ];
    for (const { file, en, es } of cases) {
      const problem = fileImportProblemMessage(file)!;
      const error = new AppError('BAD_REQUEST', msg(problem.key as ServerMessageKey, problem.values));
      expect(error.message).toBe(en);
      expect(fileImportProblem(file)).toBe(en);
      expect(error.localized('es').message).toBe(es);
      // The same English from a zod issue (the input schema, the upload dialog) is found by the index.
      expect(translateEnglish(en, 'es')).toBe(es);
    }
    expect(fileImportProblemMessage({ fileName: 'a.csv', fileSizeBytes: 10, contentType: CSV })).toBeNull();
  });
});

describe('ZIP code problems', () => {
  it('of readZip keep their English and are found by the index in Spanish', () => {
    expect(readZip('').problem).toBe('ZIP is missing');
    expect(readZip('ABCDE').problem).toBe('ZIP "ABCDE" is not a US ZIP code (5 digits or ZIP+4)');
    expect(readZip('00000').problem).toBe('ZIP 00000 is a placeholder, not a ZIP code');
    expect(translateEnglish(readZip('ABCDE').problem!, 'es')).toBe(
      'El ZIP "ABCDE" no es un código postal de EE. UU. (5 dígitos o ZIP+4)',
    );
    expect(translateEnglish('zip: ZIP 00000 is a placeholder, not a ZIP code', 'es')).toBe(
      'zip: El ZIP 00000 es un marcador de posición, no un código postal',
    );
    expect(translateEnglish('ZIP is missing', 'es')).toBe('Falta el código postal (ZIP)');
  });

  it('of a branch whose ZIP lies in another state is a message by key', async () => {
    const { problem } = await placeFromZip({ zip: '02108', state: 'IL' });
    expect(english(problem!)).toMatch(/^ZIP 02108 is in MA \(.+\), not IL$/);
    expect(translate(problem!, 'es')).toMatch(/^El ZIP 02108 está en MA \(.+\), no en IL$/);
  });
});

describe('messages built from several parts', () => {
  const visits = (names: string[], more: number) => (language: 'en' | 'es') => {
    const list = names.map((name) => {
      const [id, date] = name.split(' ');
      return translate(msg('authorizationInUse.visit', { id: id!, date: date! }), language);
    });
    return more > 0
      ? translate(msg('authorizationInUse.more', { visits: list.join(', '), count: more }), language)
      : list.join(', ');
  };

  it('word an authorization in use with its plural, the visits and the rest', () => {
    const one = msg('authorizationInUse.message', { id: 4, count: 1, visits: visits(['31 2026-03-02'], 0) });
    expect(english(one)).toBe(
      'Authorization 4 is used by 1 visit: 31 on 2026-03-02. ' +
        'Move those visits to another authorization first, or end this one instead of deleting it.',
    );
    expect(translate(one, 'es')).toBe(
      'La autorización 4 la usa 1 visita: 31 el 2026-03-02. ' +
        'Pase esa visita a otra autorización primero, o finalice esta autorización en lugar de eliminarla.',
    );
    const many = msg('authorizationInUse.message', {
      id: 4,
      count: 7,
      visits: visits(['31 2026-03-02', '32 2026-03-03'], 5),
    });
    expect(english(many)).toBe(
      'Authorization 4 is used by 7 visits: 31 on 2026-03-02, 32 on 2026-03-03 and 5 more. ' +
        'Move those visits to another authorization first, or end this one instead of deleting it.',
    );
    expect(translate(many, 'es')).toBe(
      'La autorización 4 la usan 7 visitas: 31 el 2026-03-02, 32 el 2026-03-03 y 5 más. ' +
        'Pase esas visitas a otra autorización primero, o finalice esta autorización en lugar de eliminarla.',
    );
  });

  it('word the phone refused by a locked pay period', () => {
    const locked = msg('evv.payPeriodLocked', {
      start: calendarDateValue('2026-06-01'),
      end: calendarDateValue('2026-06-15'),
      branch: 'Boston',
      entry: msg('evvEntries.check-in'),
    });
    expect(english(locked)).toBe(
      'The pay period 2026-06-01 to 2026-06-15 of Boston is locked: the phone cannot record this check-in. ' +
        'Ask the office to record your check-in as a manual edit with a reason code.',
    );
    expect(translate(locked, 'es')).toBe(
      'El período de pago del 1/6/2026 al 15/6/2026 de Boston está cerrado: el teléfono ya no puede registrar esta ' +
        'entrada. Pida a la oficina que registre su entrada como una corrección manual con un código de motivo.',
    );
  });
});

describe('schema messages that name their field', () => {
  it('are found by the index with the label as a noun', () => {
    expect(translateEnglish('Relationship is required', 'es')).toBe('Indique la relación');
    expect(translateEnglish('Street address must be at most 200 characters', 'es')).toBe(
      'Escriba como máximo 200 caracteres en la dirección',
    );
    expect(translateEnglish('Co Code has at most 3 characters', 'es')).toBe('Escriba como máximo 3 caracteres en el Co Code');
    expect(translateEnglish('Batch ID must be text', 'es')).toBe('Escriba texto en el Batch ID');
    expect(translateEnglish('Units per week must be a number', 'es')).toBe('Escriba un número en las unidades por semana');
    expect(translateEnglish('Total units must be whole units', 'es')).toBe('Escriba unidades enteras en el total de unidades');
    expect(translateEnglish('Units per month must be at least 1', 'es')).toBe(
      'Escriba en las unidades por mes un valor de al menos 1',
    );
    expect(translateEnglish('Total units must be at most 100000', 'es')).toBe(
      'Escriba en el total de unidades un valor de como máximo 100000',
    );
    expect(translateEnglish('G0156 is listed twice', 'es')).toBe('G0156 aparece dos veces');
    expect(translateEnglish('Pay rate "Weekend" is listed twice', 'es')).toBe('La tarifa de pago "Weekend" aparece dos veces');
    expect(translateEnglish('A payroll period has at most 31 days (this one has 40)', 'es')).toBe(
      'Un período de nómina tiene como máximo 31 días (este tiene 40)',
    );
    expect(translateEnglish('An export covers at most 62 days (this period has 70)', 'es')).toBe(
      'Una exportación abarca como máximo 62 días (este período tiene 70)',
    );
    // A label the catalogue's nouns lack stays as written; a text with its own message keeps it.
    expect(translateEnglish('Widget is required', 'es')).toBe('Indique Widget');
    expect(translateEnglish('Email is required', 'es')).not.toContain('Indique');
  });
});

describe('stored billing notes', () => {
  it('are the catalogue’s English, worded in Spanish where they are shown', () => {
    const base = { evvRequired: false, evvVerified: true, serviceCode: 'T1019', hasRate: false, overAuthorization: false };
    const { note } = billingStatusOf(base, 'VA CCN');
    expect(note).toBe('No rate for T1019 at VA CCN');
    expect(translateEnglish(note, 'es')).toBe('No hay tarifa para T1019 en VA CCN');
    const evv = billingStatusOf({ ...base, evvRequired: true, evvVerified: false }, 'MassHealth').note;
    expect(translateEnglish(evv, 'es')).toMatch(/^MassHealth exige EVV: /);
    const over = billingStatusOf({ ...base, hasRate: true, overAuthorization: true }, 'VA CCN').note;
    expect(translateEnglish(over, 'es')).toBe('Supera las unidades o fechas autorizadas');
  });
});
