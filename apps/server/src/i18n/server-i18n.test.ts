import { describe, expect, it } from 'vitest';
import { recordFileProblem, ZRecordFileFacts } from '@hearth/shared/files/files.schema';
import { assertValidRRule } from '@hearth/shared/shifts/recurrence';
import { AppError, notFound } from '../errors/app-error';
import { messageOfEnglish, translateEnglish } from './english-messages';
import { acceptedLanguages, requestLanguage } from './request-language';
import { msg, translate, translateNoun } from './server-i18n';

/** The server's words in the reader's language (docs/decisions/0009-i18next-catalogues.md "Server messages"). */
describe('messages by key', () => {
  it('keep their English as the catalogue has it and word values in the language', () => {
    const error = notFound('Care sheet', 7);
    expect(error.message).toBe('Care sheet 7 not found');
    expect(error.localized('en').message).toBe('Care sheet 7 not found');
    expect(error.localized('es').message).toBe('No se encontró la hoja de cuidado 7');
    const duration = (language: 'en' | 'es') => (language === 'es' ? '2 horas' : '2 hours');
    expect(translate(msg('caregiverApp:entry.tooEarly', { opensAt: '7:00', duration }), 'es')).toBe(
      'Es muy temprano para registrar la entrada: se puede registrar desde 7:00, 2 horas antes de que empiece la visita.',
    );
  });

  it('keep an unknown noun in English rather than fail', () => {
    expect(translateNoun('Widget', 'es')).toBe('Widget');
    expect(translateNoun('Payer source', 'es')).toBe('la fuente de pago');
  });
});

describe('English text found in the catalogue', () => {
  it('matches a template with its values, a noun of several words before an id', () => {
    expect(messageOfEnglish('Caregiver cash advance 12 not found')).toEqual({
      key: 'errors.notFound',
      values: { what: 'Caregiver cash advance', id: '12' },
    });
    expect(translateEnglish('Caregiver cash advance 12 not found', 'es')).toBe('No se encontró el anticipo del cuidador 12');
  });

  it('translates after a field path, leaves unknown text and English alone', () => {
    expect(translateEnglish('email: Invalid email', 'es')).toBe('email: Correo electrónico no válido');
    expect(translateEnglish('Something the catalogue lacks', 'es')).toBe('Something the catalogue lacks');
    expect(translateEnglish('Invalid email', 'en')).toBe('Invalid email');
  });

  it('translates an AppError written in English, message and field errors', () => {
    const error = new AppError('CONFLICT', 'Another user already has this email', { email: ['Email already in use'] });
    expect(error.localized('es')).toEqual({
      message: 'Otro usuario ya tiene este correo electrónico',
      fieldErrors: { email: ['El correo electrónico ya está en uso'] },
    });
    expect(error.fieldErrors).toEqual({ email: ['Email already in use'] });
  });

  it("words the shared file rules' refusals in Spanish, with the file's own name, size and type kept", () => {
    const tooLarge = recordFileProblem({ filename: 'scan.pdf', size: 30 * 1024 * 1024, contentType: 'application/pdf' })!;
    expect(translateEnglish(tooLarge, 'es')).toBe('scan.pdf ocupa 30 MB; los archivos pueden ocupar como máximo 25 MB');
    const badType = recordFileProblem({ filename: 'run.exe', size: 10, contentType: 'application/x-msdownload' })!;
    expect(translateEnglish(badType, 'es')).toMatch(
      /^No se permiten archivos de tipo application\/x-msdownload \(se permiten: PDF, /,
    );
    const filename = ZRecordFileFacts.safeParse({ filename: 'a\u0001b', size: 10, contentType: 'application/pdf' });
    const issue = filename.success ? '' : filename.error.issues[0]!.message;
    expect(translateEnglish(issue, 'es')).toBe('El nombre del archivo no puede contener caracteres de control');
  });

  it("words a visit pattern's refused rule in Spanish", () => {
    const refusal = (rule: string) => {
      try {
        assertValidRRule(rule);
        return 'accepted';
      } catch (error) {
        return translateEnglish((error as Error).message, 'es');
      }
    };
    expect(refusal('FREQ=HOURLY')).toBe(
      'Un patrón de visitas se repite a diario, cada semana o cada mes (FREQ=DAILY, WEEKLY o MONTHLY)',
    );
    expect(refusal('FREQ=WEEKLY;COUNT=3;UNTIL=20270101T000000Z')).toBe('Una regla no puede tener COUNT y UNTIL a la vez');
    expect(refusal('FREQ=WEEKLY;BYHOUR=9')).toBe(
      'La regla de un patrón de visitas no puede usar BYHOUR: la hora y el primer día se indican aparte',
    );
  });
});

describe('the language of a request', () => {
  it('orders Accept-Language by quality, leaving out * and q=0', () => {
    expect(acceptedLanguages('en;q=0.5, es-US, fr;q=0, *;q=0.1')).toEqual(['es-US', 'en']);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('takes the user setting over Accept-Language, and English when neither speaks', () => {
    const headers = new Headers({ 'accept-language': 'es-MX,es;q=0.9' });
    expect(requestLanguage(null, headers)).toBe('es');
    expect(requestLanguage('en', headers)).toBe('en');
    expect(requestLanguage(undefined, new Headers({ 'accept-language': 'de' }))).toBe('en');
  });
});
