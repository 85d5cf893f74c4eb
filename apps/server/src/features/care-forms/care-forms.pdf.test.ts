import { describe, expect, it } from 'vitest';
import { findBuiltInType } from '@hearth/shared/care-forms/built-in-types';
import { RESPONSE_ATTACHMENT_NAME, answerText, dateText, renderCareFormPdf } from './care-forms.pdf-render';
import { renderCareFormTypePdf } from './care-forms.pdf-blank';
import { fileNamePart, pdfInstant } from './care-forms.pdf-layout';
import { serverT } from '../../i18n/server-i18n';
import { VISIT_FORM, completedVisit, readPdf } from './care-forms.pdf.test-support';

describe('the care form PDF', () => {
  it('shows every shown question with its answers, groups as headings, and not the hidden answers', async () => {
    const { lines, text, doc } = await readPdf(await renderCareFormPdf(completedVisit()));
    expect(lines.slice(0, 4)).toEqual(['Hearth Home Care', 'Boston branch', 'Supervisory visit', 'Form type version 3']);
    for (const expected of [
      "Rosa O'Brien-Núñez",
      'Completed',
      'Was the caregiver present?',
      'Yes',
      '03/08/2031',
      '2:30 PM',
      // 07:00 UTC on the DST morning is 3:00 AM EDT in New York.
      '03/09/31 3:00 AM EDT',
      'Vital signs (1)',
      'Vital signs (2)',
      '72',
      '98.6',
      '80',
      'Sad',
      '\u2022 Walker',
      '\u2022 Grab bar',
      'No answer',
      'Mia Sheeter',
      'Nora Nurse, 03/09/31 1:30 AM EST',
      'Nora Nurse, 03/09/31 3:10 AM EDT',
    ]) {
      expect(lines).toContain(expected);
    }
    // The caregiver was present, so "why absent" is not asked and its stale answer is not printed.
    expect(text).not.toContain('Why was the caregiver absent?');
    expect(text).not.toContain('HIDDEN ANSWER');
    // Accents kept, characters outside the fonts shown as "?".
    expect(text).toContain('Notes for the nurse: café, niño (accents) and ?? (not in the font)');
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)).toMatch(/^Page \d of \d$/);
  });

  it('embeds the photo, the signature answer and the signer’s signature as images', async () => {
    expect((await readPdf(await renderCareFormPdf(completedVisit()))).images).toBe(3);
    const unsigned = completedVisit({ status: 'in-progress', signature: null, signedBy: null, signedAt: null, items: [] });
    const read = await readPdf(await renderCareFormPdf(unsigned));
    expect(read.images).toBe(0);
    expect(read.lines).toContain('In progress');
    expect(read.lines.filter((l) => l === 'Not signed yet')).toHaveLength(2);
  });

  it('carries the answers as a FHIR QuestionnaireResponse that parses back to the same items', async () => {
    const data = completedVisit({ status: 'amended', version: 2, amendmentReason: 'Pulse corrected' });
    const { attachments, lines } = await readPdf(await renderCareFormPdf(data));
    const response = JSON.parse(attachments[RESPONSE_ATTACHMENT_NAME]!);
    expect(response).toEqual({
      resourceType: 'QuestionnaireResponse',
      id: '42',
      questionnaire: VISIT_FORM.url,
      status: 'amended',
      authored: data.signedAt,
      item: data.items,
    });
    expect(lines).toContain('Amended');
    expect(lines).toContain('Pulse corrected');
  });

  it('an unreadable image does not stop the PDF', async () => {
    const data = completedVisit({ signature: 'data:image/png;base64,AAAA' });
    data.items = [{ linkId: 'skin', answer: [{ valueAttachment: { contentType: 'image/jpeg', data: 'AAAA' } }] }];
    const { lines, images } = await readPdf(await renderCareFormPdf(data));
    expect(images).toBe(0);
    expect(lines.filter((l) => l === 'The image could not be read')).toHaveLength(2);
  });

  it('is written in Spanish for a Spanish reader, dates in the es-US locale', async () => {
    const { lines } = await readPdf(await renderCareFormPdf(completedVisit(), 'es'));
    for (const expected of ['Sucursal Boston', 'Versión 3 del tipo de formulario', 'Completado', 'Sí', 'Respuestas', 'Firma']) {
      expect(lines).toContain(expected);
    }
    expect(lines).toContain(dateText('2031-03-08', 'es'));
    expect(dateText('2031-03-08', 'es')).toBe('8/3/2031');
  });
});

describe('the blank form PDF', () => {
  it('asks every item, hidden ones with their condition, with boxes for choices and the format of dates', async () => {
    const { lines, images } = await readPdf(
      await renderCareFormTypePdf({
        agencyName: 'Hearth Home Care',
        typeName: 'Supervisory visit',
        typeVersion: 3,
        definition: VISIT_FORM,
      }),
    );
    expect(images).toBe(0);
    for (const expected of [
      'Supervisory visit',
      'Paper back-up: fill in by hand, then enter the answers in Hearth',
      'Was the caregiver present? (Required)',
      'Why was the caregiver absent?',
      'Answer only if: "Was the caregiver present?" is No',
      'Vital signs',
      'Repeat this section as needed',
      'MM/DD/YYYY',
      'HH:MM',
      'Check one',
      'Calm',
      'Anxious',
      'Sad',
      'Check all that apply',
      'Other:',
      'Attach a photo',
      'Client signature',
    ]) {
      expect(lines).toContain(expected);
    }
  });

  it('prints each built-in type in Spanish', async () => {
    for (const key of ['client-intake', 'supervisory-visit', 'change-of-condition', 'incident-report']) {
      const type = findBuiltInType(key)!;
      const { lines, doc } = await readPdf(
        await renderCareFormTypePdf(
          { agencyName: 'Hearth', typeName: type.name, typeVersion: 1, definition: type.definition },
          'es',
        ),
      );
      expect(lines).toContain('Copia en papel: complétela a mano y luego anote las respuestas en Hearth');
      expect(lines).toContain(`Página 1 de ${doc.getPageCount()}`);
    }
  });
});

describe('care form PDF helpers', () => {
  it('word answers: booleans, numbers, codings, times, instants in the branch zone across DST', () => {
    const cursor = { t: serverT('en') };
    expect(answerText({ valueBoolean: false }, cursor, 'America/New_York', 'en')).toBe('No');
    expect(answerText({ valueDecimal: 1.25 }, cursor, 'America/New_York', 'en')).toBe('1.25');
    expect(answerText({ valueCoding: { code: 'x' } }, cursor, 'America/New_York', 'en')).toBe('x');
    expect(answerText({ valueTime: '09:05' }, cursor, 'America/New_York', 'en')).toBe('9:05 AM');
    expect(answerText({ valueAttachment: { contentType: 'image/png' } }, cursor, 'America/New_York', 'en')).toBeNull();
    expect(pdfInstant('2031-03-09T06:59:00Z', 'America/New_York', 'en')).toBe('03/09/31 1:59 AM EST');
    expect(pdfInstant('2031-03-09T07:00:00Z', 'America/New_York', 'en')).toBe('03/09/31 3:00 AM EDT');
    expect(fileNamePart("O'Brien-Núñez", 'client')).toBe('o-brien-nunez');
    expect(fileNamePart('你好', 'client')).toBe('client');
  });
});
