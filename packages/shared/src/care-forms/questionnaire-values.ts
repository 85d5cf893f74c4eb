import { DateTime } from 'luxon';
import type { Coding } from 'fhir/r4';

/*
 * The value[x] of FHIR R4 answers, initial values, answer options and enableWhen answers (answer[x]) of the
 * supported item types (issue 23 item 1): which value[x] an item type takes, whether a value is well formed, and how
 * two values compare for enableWhen. Pure; the import checks (questionnaire-problems.ts) and the response rules
 * (questionnaire-rules.ts) share them.
 */

/** The value[x] properties Hearth reads ("valueString"), without their prefix ("String"). */
export const VALUE_KINDS = [
  'Boolean',
  'Decimal',
  'Integer',
  'Date',
  'DateTime',
  'Time',
  'String',
  'Coding',
  'Attachment',
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** The value kinds an answer (or initial value) of each question type may have (FHIR R4 QuestionnaireItemType). */
export const ANSWER_KINDS: Record<string, readonly ValueKind[]> = {
  boolean: ['Boolean'],
  decimal: ['Decimal'],
  integer: ['Integer'],
  date: ['Date'],
  dateTime: ['DateTime'],
  time: ['Time'],
  string: ['String'],
  text: ['String'],
  choice: ['String', 'Coding'],
  'open-choice': ['String', 'Coding'],
  attachment: ['Attachment'],
};

/** The value kinds an enableWhen may compare a question of each type with (answer[x]). */
export const CONDITION_KINDS: Record<string, readonly ValueKind[]> = {
  ...ANSWER_KINDS,
  decimal: ['Decimal', 'Integer'],
  integer: ['Integer', 'Decimal'],
  attachment: [],
};

/** Item types that take no answer. */
export const NON_QUESTION_TYPES: readonly string[] = ['group', 'display'];

/** Whether an item is a question (takes answers): not a group or a display text. */
export function isQuestion(item: { type: string }): boolean {
  return !NON_QUESTION_TYPES.includes(item.type);
}

/** A value found on an object under `${prefix}${kind}`: its kind and the raw value. */
export interface FoundValue {
  kind: ValueKind;
  value: unknown;
}

/**
 * The value[x] (or answer[x]) properties present on `holder`, e.g. `valuesOf(answer, 'value')`; an answer is well
 * formed when exactly one is present.
 */
export function valuesOf(holder: object, prefix: 'value' | 'answer'): FoundValue[] {
  const record = holder as Record<string, unknown>;
  return VALUE_KINDS.filter((kind) => record[`${prefix}${kind}`] !== undefined).map((kind) => ({
    kind,
    value: record[`${prefix}${kind}`],
  }));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether `value` is a well-formed value of `kind` (FHIR R4 primitive formats, the forms Hearth writes): a date
 * YYYY-MM-DD that exists, a time HH:MM or HH:MM:SS (24-hour), a dateTime with seconds optional and a zone (Z or
 * +hh:mm), an integer within PostgreSQL's integer range, a finite decimal, a Coding with a code, an attachment with
 * its contentType and base64 data. Partial dates (YYYY, YYYY-MM) are refused: the renderer never writes them.
 */
export function isWellFormed(kind: ValueKind, value: unknown): boolean {
  switch (kind) {
    case 'Boolean':
      return typeof value === 'boolean';
    case 'Decimal':
      return typeof value === 'number' && Number.isFinite(value);
    case 'Integer':
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647;
    case 'Date':
      return typeof value === 'string' && DATE.test(value) && DateTime.fromISO(value).isValid;
    case 'Time':
      return typeof value === 'string' && TIME.test(value);
    case 'DateTime':
      return typeof value === 'string' && DATE_TIME.test(value) && DateTime.fromISO(value, { setZone: true }).isValid;
    case 'String':
      return typeof value === 'string';
    case 'Coding':
      return isObject(value) && typeof value.code === 'string' && value.code.length > 0;
    case 'Attachment':
      return isObject(value) && typeof value.contentType === 'string' && typeof value.data === 'string';
  }
}

/** Whether `value` is a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two codings are the same concept: same code, and same system when both give one. */
export function sameCoding(a: Coding, b: Coding): boolean {
  if (a.code !== b.code) return false;
  return !a.system || !b.system || a.system === b.system;
}

/**
 * How an answer compares with an enableWhen's answer[x]: negative, 0 or positive; null when they cannot be compared
 * (other kinds, or a coding or boolean). Integers and decimals compare as numbers, dateTimes as instants, dates, times
 * and strings as their text by code unit (FHIR's date and time formats sort so).
 */
export function compareValues(answer: FoundValue, condition: FoundValue): number | null {
  const numeric = (k: ValueKind) => k === 'Integer' || k === 'Decimal';
  if (numeric(answer.kind) && numeric(condition.kind)) return (answer.value as number) - (condition.value as number);
  if (answer.kind !== condition.kind) return null;
  switch (answer.kind) {
    case 'DateTime': {
      const a = DateTime.fromISO(answer.value as string, { setZone: true });
      const b = DateTime.fromISO(condition.value as string, { setZone: true });
      return a.isValid && b.isValid ? a.toMillis() - b.toMillis() : null;
    }
    case 'Date':
    case 'Time':
    case 'String': {
      const [a, b] = [String(answer.value), String(condition.value)];
      return a < b ? -1 : a > b ? 1 : 0;
    }
    default:
      return null;
  }
}

/** Whether an answer equals an enableWhen's answer[x] (codings by concept, others by value). */
export function equalValues(answer: FoundValue, condition: FoundValue): boolean {
  if (answer.kind === 'Coding' && condition.kind === 'Coding') {
    return sameCoding(answer.value as Coding, condition.value as Coding);
  }
  if (answer.kind === 'Boolean' || condition.kind === 'Boolean') return answer.value === condition.value;
  if (answer.kind === 'String' && condition.kind === 'String') return answer.value === condition.value;
  return compareValues(answer, condition) === 0;
}
