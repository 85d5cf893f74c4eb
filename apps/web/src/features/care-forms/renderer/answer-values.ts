import { DateTime } from 'luxon';
import type { Attachment, QuestionnaireItem, QuestionnaireItemAnswerOption, QuestionnaireResponseItemAnswer } from './fhir-types';

/**
 * How the renderer's inputs read and write FHIR R4 answer values (issue 23 item 2): choice options as keys for
 * Mantine's selects, dates and times between FHIR's formats and the browser's native inputs, attachments between
 * FHIR's base64 `data` and data URLs. Pure, so each conversion is tested on its own.
 */

/** A choice with at most this many options shows as radio buttons (or checkboxes), more as a select. */
export const RADIO_MAX_OPTIONS = 5;

/** A choice or open-choice option, or an answer, as the value of a select: its type and its value. */
export function optionKey(value: QuestionnaireItemAnswerOption | QuestionnaireResponseItemAnswer): string | null {
  if (value.valueCoding) return `coding:${value.valueCoding.system ?? ''}|${value.valueCoding.code ?? ''}`;
  if (value.valueString !== undefined) return `string:${value.valueString}`;
  if (value.valueInteger !== undefined) return `integer:${value.valueInteger}`;
  if (value.valueDate !== undefined) return `date:${value.valueDate}`;
  if (value.valueTime !== undefined) return `time:${value.valueTime}`;
  return null;
}

/** The text an option (or a choice answer) shows: a coding's display (else its code), or the value itself. */
export function optionLabel(value: QuestionnaireItemAnswerOption | QuestionnaireResponseItemAnswer): string {
  if (value.valueCoding) return value.valueCoding.display ?? value.valueCoding.code ?? '';
  const plain = value.valueString ?? value.valueInteger ?? value.valueDate ?? value.valueTime;
  return plain === undefined ? '' : String(plain);
}

/** The answer choosing `option`: its value[x], copied. */
export function answerOfOption(option: QuestionnaireItemAnswerOption): QuestionnaireResponseItemAnswer {
  if (option.valueCoding) return { valueCoding: { ...option.valueCoding } };
  if (option.valueString !== undefined) return { valueString: option.valueString };
  if (option.valueInteger !== undefined) return { valueInteger: option.valueInteger };
  if (option.valueDate !== undefined) return { valueDate: option.valueDate };
  return { valueTime: option.valueTime };
}

/** The options of a choice item as `{ value, label }` for Mantine's inputs (options without a value are skipped). */
export function choiceOptions(item: QuestionnaireItem): { value: string; label: string }[] {
  return (item.answerOption ?? []).flatMap((option) => {
    const key = optionKey(option);
    return key === null ? [] : [{ value: key, label: optionLabel(option) }];
  });
}

/** The answer an option key stands for, among `item`'s options; null for a key of no option. */
export function answerOfKey(item: QuestionnaireItem, key: string): QuestionnaireResponseItemAnswer | null {
  const option = (item.answerOption ?? []).find((o) => optionKey(o) === key);
  return option ? answerOfOption(option) : null;
}

/**
 * The answer an open-choice input's text stands for: the option whose label it is (case and spaces aside), else the
 * typed text as valueString; empty text is no answer.
 */
export function answerOfOpenText(item: QuestionnaireItem, text: string): QuestionnaireResponseItemAnswer | null {
  const typed = text.trim();
  if (typed === '') return null;
  const option = (item.answerOption ?? []).find((o) => optionLabel(o).trim().toLowerCase() === typed.toLowerCase());
  return option ? answerOfOption(option) : { valueString: typed };
}

/**
 * How a choice item shows: radio buttons for a single answer among few options, checkboxes for several answers
 * among few, a select or a multi-select beyond RADIO_MAX_OPTIONS.
 */
export function choiceWidget(item: QuestionnaireItem): 'radio' | 'select' | 'checkboxes' | 'multiselect' {
  const few = (item.answerOption ?? []).length <= RADIO_MAX_OPTIONS;
  if (item.repeats) return few ? 'checkboxes' : 'multiselect';
  return few ? 'radio' : 'select';
}

/**
 * A FHIR dateTime as the value of an `<input type="datetime-local">` in `zone` ("yyyy-MM-ddTHH:mm"); a date
 * without a time, or an unreadable value, gives "".
 * @param zone IANA zone the person reads times in; the browser's by default
 */
export function dateTimeToInput(value: string | undefined, zone = 'local'): string {
  if (!value || !value.includes('T')) return '';
  const parsed = DateTime.fromISO(value, { setZone: true });
  return parsed.isValid ? parsed.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * A `datetime-local` input's value ("yyyy-MM-ddTHH:mm" in `zone`) as a FHIR dateTime with seconds and offset
 * ("2026-03-08T09:30:00-04:00"); "" or an impossible time gives null.
 * @param zone IANA zone the value was entered in; the browser's by default
 */
export function inputToDateTime(input: string, zone = 'local'): string | null {
  if (input === '') return null;
  const parsed = DateTime.fromISO(input, { zone });
  return parsed.isValid ? parsed.toISO({ suppressMilliseconds: true }) : null;
}

/** A FHIR time ("HH:mm:ss") as the value of an `<input type="time">` ("HH:mm"). */
export function timeToInput(value: string | undefined): string {
  return value && /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : '';
}

/** A time input's value ("HH:mm", or "HH:mm:ss" with seconds) as a FHIR time ("HH:mm:ss"); "" gives null. */
export function inputToTime(input: string): string | null {
  if (/^\d{2}:\d{2}$/.test(input)) return `${input}:00`;
  return /^\d{2}:\d{2}:\d{2}$/.test(input) ? input : null;
}

/** A FHIR date as the value of an `<input type="date">`: a full date only (a year or year-month shows empty). */
export function dateToInput(value: string | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

/**
 * A number input's value as an integer or decimal answer value; "" or what is not a number gives null, and an
 * integer item refuses a fraction (null).
 */
export function numberAnswer(value: string | number, type: 'integer' | 'decimal'): number | null {
  if (value === '' || value === '-') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  if (type === 'integer' && !Number.isInteger(n)) return null;
  return n;
}

/** An attachment answer as a data URL an `<img>` shows; null without data. */
export function attachmentDataUrl(attachment: Attachment | undefined): string | null {
  if (!attachment?.data) return null;
  return `data:${attachment.contentType ?? 'image/png'};base64,${attachment.data}`;
}

/** A base64 data URL ("data:image/png;base64,...") as a FHIR attachment with inline data; null for anything else. */
export function attachmentOfDataUrl(dataUrl: string, title?: string): Attachment | null {
  const match = /^data:([\w/+.-]+);base64,(.*)$/.exec(dataUrl);
  if (!match) return null;
  const data = match[2]!;
  const attachment: Attachment = { contentType: match[1]!, data, size: base64Bytes(data) };
  if (title) attachment.title = title;
  return attachment;
}

/** Bytes of the data a base64 text decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
