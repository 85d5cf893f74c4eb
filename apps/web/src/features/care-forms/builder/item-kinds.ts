import { SIGNATURE_EXTENSION_URL } from '@hearth/shared/care-forms/care-forms.constants';
import { freshLinkId, type QItem } from './questionnaire-tree';

/*
 * The kinds of item an admin adds in the builder: the supported FHIR R4 item types (care-forms.constants.ts
 * SUPPORTED_ITEM_TYPES) and the signature, an attachment item marked with the questionnaire-signatureRequired
 * extension (issue 23 item 1). Which properties each kind offers follows FHIR R4's Questionnaire constraints.
 */

/** What the builder's Add menu offers, in its order. */
export const ITEM_KINDS = [
  'group',
  'display',
  'string',
  'text',
  'boolean',
  'integer',
  'decimal',
  'date',
  'dateTime',
  'time',
  'choice',
  'open-choice',
  'attachment',
  'signature',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Whether an item is a signature: an attachment carrying the questionnaire-signatureRequired extension. */
export function isSignature(item: QItem): boolean {
  return item.type === 'attachment' && (item.extension ?? []).some((extension) => extension.url === SIGNATURE_EXTENSION_URL);
}

/** The builder's kind of an item. */
export function kindOf(item: QItem): ItemKind {
  if (isSignature(item)) return 'signature';
  return (ITEM_KINDS as readonly string[]).includes(item.type) ? (item.type as ItemKind) : 'string';
}

/** The linkId prefix of a new item of each kind ("question-3", "group-1", ...). */
function prefixOf(kind: ItemKind): string {
  if (kind === 'group' || kind === 'display' || kind === 'signature') return kind;
  if (kind === 'attachment') return 'photo';
  return 'question';
}

/**
 * A new item of `kind` with the text `text` and a linkId free in `items`: a signature is an attachment with the
 * signature extension (valueBoolean true); a choice starts without options (the properties add them).
 */
export function newItem(items: QItem[], kind: ItemKind, text: string): QItem {
  const linkId = freshLinkId(items, prefixOf(kind));
  if (kind === 'signature') {
    return { linkId, type: 'attachment', text, extension: [{ url: SIGNATURE_EXTENSION_URL, valueBoolean: true }] };
  }
  return { linkId, type: kind, text };
}

/** The properties the builder offers for a kind of item. */
export interface KindProperties {
  required: boolean;
  repeats: boolean;
  readOnly: boolean;
  maxLength: boolean;
  /** The initial[x] field an initial answer is kept in, or null when the kind takes none (choices: initialSelected). */
  initial: InitialField | null;
  answerOptions: boolean;
}

/** The initial[x] fields the builder edits. */
export type InitialField = 'valueString' | 'valueBoolean' | 'valueInteger' | 'valueDecimal' | 'valueDate' | 'valueTime';

const NONE: KindProperties = {
  required: false,
  repeats: false,
  readOnly: false,
  maxLength: false,
  initial: null,
  answerOptions: false,
};

/** The question defaults: required, repeats and read-only. */
const QUESTION: KindProperties = { ...NONE, required: true, repeats: true, readOnly: true };

const INITIAL_FIELDS: Partial<Record<ItemKind, InitialField>> = {
  string: 'valueString',
  text: 'valueString',
  boolean: 'valueBoolean',
  integer: 'valueInteger',
  decimal: 'valueDecimal',
  date: 'valueDate',
  time: 'valueTime',
};

/**
 * What the builder lets an admin set on an item of `kind`. FHIR R4: maxLength only on text-like answers (que-10),
 * no initial[x] beside answerOption (que-11: choices mark options initialSelected), a boolean does not repeat, a
 * group holds no answer of its own but may repeat, a display holds none, a signature is one drawing. A date-time
 * takes no initial answer here: FHIR wants its zone, which the admin's browser would have to guess.
 */
export function propertiesOf(kind: ItemKind): KindProperties {
  switch (kind) {
    case 'group':
      return { ...NONE, repeats: true };
    case 'display':
      return NONE;
    case 'signature':
      return { ...NONE, required: true };
    case 'attachment':
      return { ...NONE, required: true, repeats: true };
    case 'boolean':
      return { ...QUESTION, repeats: false, initial: 'valueBoolean' };
    case 'choice':
      return { ...QUESTION, answerOptions: true };
    case 'open-choice':
      return { ...QUESTION, answerOptions: true, maxLength: true };
    case 'string':
    case 'text':
      return { ...QUESTION, maxLength: true, initial: 'valueString' };
    default:
      return { ...QUESTION, initial: INITIAL_FIELDS[kind] ?? null };
  }
}

/** The item with the property `key` set to `value`, or removed when `value` is undefined, false or empty. */
export function withProperty<K extends 'text' | 'required' | 'repeats' | 'readOnly' | 'maxLength'>(
  item: QItem,
  key: K,
  value: QItem[K] | undefined,
): QItem {
  const { [key]: _old, ...rest } = item;
  if (value === undefined || value === false || value === '') return rest as QItem;
  return { ...item, [key]: value };
}

/** The initial answer of an item in `field`, or undefined. */
export function initialValue(item: QItem, field: InitialField): string | number | boolean | undefined {
  return item.initial?.[0]?.[field];
}

/** The item with its initial answer set in `field` (removed when `value` is undefined or empty text). */
export function withInitial(item: QItem, field: InitialField, value: string | number | boolean | undefined): QItem {
  const { initial: _old, ...rest } = item;
  if (value === undefined || value === '') return rest;
  return { ...rest, initial: [{ [field]: value }] };
}
