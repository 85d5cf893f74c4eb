import { describe, expect, it } from 'vitest';
import {
  answerOfKey,
  answerOfOpenText,
  attachmentDataUrl,
  attachmentOfDataUrl,
  base64Bytes,
  choiceOptions,
  choiceWidget,
  dateTimeToInput,
  dateToInput,
  inputToDateTime,
  inputToTime,
  numberAnswer,
  optionKey,
  timeToInput,
} from './answer-values';
import type { QuestionnaireItem } from './fhir-types';

const mobility: QuestionnaireItem = {
  linkId: 'mobility',
  type: 'choice',
  answerOption: [
    { valueCoding: { system: 'urn:hearth', code: 'walks', display: 'Walks alone' } },
    { valueCoding: { system: 'urn:hearth', code: 'cane' } },
    { valueString: 'Wheelchair' },
  ],
};

describe('choice options', () => {
  it('keys and labels each option: a coding by its display (else code), a string by itself', () => {
    expect(choiceOptions(mobility)).toEqual([
      { value: 'coding:urn:hearth|walks', label: 'Walks alone' },
      { value: 'coding:urn:hearth|cane', label: 'cane' },
      { value: 'string:Wheelchair', label: 'Wheelchair' },
    ]);
  });

  it('turns a key back into the option it stands for, and an answer into the same key', () => {
    const answer = answerOfKey(mobility, 'coding:urn:hearth|walks');
    expect(answer).toEqual({ valueCoding: { system: 'urn:hearth', code: 'walks', display: 'Walks alone' } });
    expect(optionKey(answer!)).toBe('coding:urn:hearth|walks');
    expect(answerOfKey(mobility, 'string:Skates')).toBeNull();
  });

  it('reads an open-choice text as the option with that label, else as the typed text', () => {
    const open = { ...mobility, type: 'open-choice' as const };
    expect(answerOfOpenText(open, '  walks ALONE ')).toEqual({
      valueCoding: { system: 'urn:hearth', code: 'walks', display: 'Walks alone' },
    });
    expect(answerOfOpenText(open, ' Walker with seat ')).toEqual({ valueString: 'Walker with seat' });
    expect(answerOfOpenText(open, '   ')).toBeNull();
  });

  it('shows few options as radio buttons or checkboxes, more as a select or multi-select', () => {
    const many = { ...mobility, answerOption: Array.from({ length: 6 }, (_, i) => ({ valueString: `o${i}` })) };
    expect(choiceWidget(mobility)).toBe('radio');
    expect(choiceWidget({ ...mobility, repeats: true })).toBe('checkboxes');
    expect(choiceWidget(many)).toBe('select');
    expect(choiceWidget({ ...many, repeats: true })).toBe('multiselect');
  });
});

describe('dates and times', () => {
  it('writes a datetime-local value as a FHIR dateTime with seconds and the zone offset, across a DST change', () => {
    expect(inputToDateTime('2026-03-07T09:30', 'America/New_York')).toBe('2026-03-07T09:30:00-05:00');
    expect(inputToDateTime('2026-03-08T09:30', 'America/New_York')).toBe('2026-03-08T09:30:00-04:00');
    expect(inputToDateTime('', 'America/New_York')).toBeNull();
    expect(inputToDateTime('not a time', 'America/New_York')).toBeNull();
  });

  it('shows a FHIR dateTime in the reader zone, and a date without a time as empty', () => {
    expect(dateTimeToInput('2026-03-08T13:30:00Z', 'America/New_York')).toBe('2026-03-08T09:30');
    expect(dateTimeToInput('2026-03-08T09:30:00-04:00', 'America/Chicago')).toBe('2026-03-08T08:30');
    expect(dateTimeToInput('2026-03-08', 'America/New_York')).toBe('');
    expect(dateTimeToInput(undefined)).toBe('');
  });

  it('converts times between HH:mm inputs and FHIR HH:mm:ss', () => {
    expect(inputToTime('07:05')).toBe('07:05:00');
    expect(inputToTime('07:05:09')).toBe('07:05:09');
    expect(inputToTime('')).toBeNull();
    expect(timeToInput('07:05:09')).toBe('07:05');
    expect(timeToInput(undefined)).toBe('');
  });

  it('shows only full dates in a date input', () => {
    expect(dateToInput('2026-11-27')).toBe('2026-11-27');
    expect(dateToInput('2026-11')).toBe('');
  });
});

describe('numbers', () => {
  it('accepts integers for an integer item and any finite number for a decimal, nothing for a half-typed value', () => {
    expect(numberAnswer(3, 'integer')).toBe(3);
    expect(numberAnswer(3.5, 'integer')).toBeNull();
    expect(numberAnswer('3.5', 'decimal')).toBe(3.5);
    expect(numberAnswer('', 'decimal')).toBeNull();
    expect(numberAnswer('-', 'integer')).toBeNull();
  });
});

describe('attachments', () => {
  it('keeps a data URL as inline base64 with its content type and decoded size, and shows it back', () => {
    const attachment = attachmentOfDataUrl('data:image/png;base64,iVBORw0KGgo=', 'sig.png');
    expect(attachment).toEqual({ contentType: 'image/png', data: 'iVBORw0KGgo=', size: 8, title: 'sig.png' });
    expect(attachmentDataUrl(attachment!)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(attachmentOfDataUrl('https://example.com/a.png')).toBeNull();
    expect(attachmentDataUrl(undefined)).toBeNull();
  });

  it('counts the bytes base64 decodes to', () => {
    expect(base64Bytes('')).toBe(0);
    expect(base64Bytes('YQ==')).toBe(1);
    expect(base64Bytes('YWI=')).toBe(2);
    expect(base64Bytes('YWJj')).toBe(3);
  });
});
