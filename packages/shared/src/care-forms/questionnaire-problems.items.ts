import { CARE_FORM_MAX_DEPTH, SIGNATURE_EXTENSION_URL, SUPPORTED_ITEM_TYPES } from './care-forms.constants';
import { problem, type QuestionnaireProblem } from './questionnaire-problem';
import { ANSWER_KINDS, isObject, isWellFormed, valuesOf } from './questionnaire-values';

/*
 * The checks of one Questionnaire item on import (questionnaireProblems, issue 23 item 1), FHIR R4's invariants on
 * items among them: que-1 (display items hold no items; Hearth: only groups do), que-5 (answerOption only on
 * choice items), que-6 and que-9 (no required, repeats or readOnly on display items), que-8 (no initial on groups
 * and display items), que-10 (maxLength only on text items), que-11 (no initial beside answerOption) and que-13
 * (several initial values only when the item repeats).
 */

/** An item seen by the walk, for the enableWhen checks that need every item first. */
export interface SeenItem {
  linkId: string;
  type: string;
  raw: Record<string, unknown>;
  path: (string | number)[];
  /** The linkId of the group holding it, null at the top. */
  parent: string | null;
}

/** What the walk over a Questionnaire's items collects. */
export interface ItemContext {
  items: Map<string, SeenItem>;
  count: number;
  problems: QuestionnaireProblem[];
}

/** Properties of an item Hearth reads; any other is refused by name. */
const ITEM_PROPERTIES = new Set([
  'id', 'linkId', 'text', 'prefix', 'type', 'required', 'repeats', 'readOnly', 'maxLength', 'enableWhen',
  'enableBehavior', 'answerOption', 'initial', 'extension', 'item',
]); // prettier-ignore
const LINK_ID_MAX = 200;
const TEXT_MAX: Record<string, number> = { text: 4000, prefix: 20, id: 64 };
const MAX_LENGTH_MAX = 100_000;
const ENTRY_MAX: Record<string, number> = { answerOption: 200, initial: 50, extension: 10, enableWhen: 20, item: 500 };
/** Properties each non-question type may not have (display: que-6, que-8, que-9; group: que-8 and Hearth's own). */
const NOT_FOR_TYPE: Record<string, string[]> = {
  display: ['required', 'repeats', 'readOnly', 'initial', 'maxLength'],
  group: ['initial', 'readOnly'],
  attachment: ['initial'],
};
const TEXT_TYPES = ['string', 'text', 'open-choice'];
const CHOICE_TYPES = ['choice', 'open-choice'];
const OPTION_PROPERTIES = new Set(['valueString', 'valueCoding', 'initialSelected']);
const CODING_PROPERTIES = new Set(['system', 'code', 'display', 'version']);

type Add = (key: string, values?: Record<string, string | number>, at?: (string | number)[]) => void;

/** The item's name in messages: its linkId when usable, else its position ("2.3": third item of the second). */
function nameOf(context: ItemContext, raw: Record<string, unknown>, path: (string | number)[], position: number[]) {
  const add = (key: string, name: string) => context.problems.push(problem(name, [...path, 'linkId'], key, { max: LINK_ID_MAX }));
  const linkId = raw.linkId;
  const where = position.join('.');
  if (typeof linkId !== 'string' || linkId.trim() === '') return (add('linkIdMissing', where), null);
  if (linkId.length > LINK_ID_MAX) return (add('linkIdTooLong', where), null);
  if (context.items.has(linkId)) add('duplicateLinkId', linkId);
  return linkId;
}

/** The list under `key`, with a problem when it is not a list or has too many entries; [] when absent. */
function listOf(raw: Record<string, unknown>, key: string, add: Add): unknown[] {
  const value = raw[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) return (add('itemValue', { property: key }, [key]), []);
  if (value.length > ENTRY_MAX[key]!) add('tooManyEntries', { property: key, max: ENTRY_MAX[key]! }, [key]);
  return value;
}

/** Checks the simple properties: unknown ones, texts, flags, enableBehavior, maxLength, and what the type forbids. */
function checkProperties(raw: Record<string, unknown>, type: string, add: Add): void {
  for (const key of Object.keys(raw)) if (!ITEM_PROPERTIES.has(key)) add('unsupportedProperty', { property: key }, [key]);
  for (const [key, max] of Object.entries(TEXT_MAX)) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') add('itemValue', { property: key }, [key]);
    else if (raw[key].length > max) add('itemTextTooLong', { property: key, max }, [key]);
  }
  for (const key of ['required', 'repeats', 'readOnly']) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') add('itemValue', { property: key }, [key]);
  }
  if (raw.enableBehavior !== undefined && raw.enableBehavior !== 'all' && raw.enableBehavior !== 'any') {
    add('enableBehaviorValue', {}, ['enableBehavior']);
  }
  for (const key of NOT_FOR_TYPE[type] ?? []) if (raw[key] !== undefined) add('notForType', { type, property: key }, [key]);
  if (raw.maxLength !== undefined && type !== 'display') {
    if (!TEXT_TYPES.includes(type)) add('maxLengthNotText', {}, ['maxLength']);
    else if (!Number.isInteger(raw.maxLength) || (raw.maxLength as number) < 1 || (raw.maxLength as number) > MAX_LENGTH_MAX) {
      add('maxLengthRange', { max: MAX_LENGTH_MAX }, ['maxLength']);
    }
  }
}

/** Checks answerOption (choice items only, each one valueString or coding with a code) and choice's need of it. */
function checkOptions(raw: Record<string, unknown>, type: string, add: Add): void {
  const options = listOf(raw, 'answerOption', add);
  if (raw.answerOption !== undefined && !CHOICE_TYPES.includes(type)) add('optionsOnlyForChoice', {}, ['answerOption']);
  if (type === 'choice' && options.length === 0) add('choiceNeedsOptions', {}, ['answerOption']);
  let selected = 0;
  options.forEach((option, i) => {
    const at = ['answerOption', i];
    if (!isObject(option)) return add('optionValue', {}, at);
    for (const key of Object.keys(option)) {
      if (!OPTION_PROPERTIES.has(key)) add('unsupportedProperty', { property: `answerOption.${key}` }, [...at, key]);
    }
    const values = valuesOf(option, 'value').filter((v) => v.kind === 'String' || v.kind === 'Coding');
    if (values.length !== 1 || (values[0]!.kind === 'String' && typeof values[0]!.value !== 'string')) {
      add('optionValue', {}, at);
    } else if (values[0]!.kind === 'Coding') {
      const coding = values[0]!.value;
      if (!isWellFormed('Coding', coding)) add('optionCode', {}, [...at, 'valueCoding']);
      for (const key of isObject(coding) ? Object.keys(coding) : []) {
        if (!CODING_PROPERTIES.has(key)) add('unsupportedProperty', { property: `answerOption.valueCoding.${key}` }, at);
      }
    }
    if (option.initialSelected !== undefined && typeof option.initialSelected !== 'boolean') {
      add('itemValue', { property: 'answerOption.initialSelected' }, [...at, 'initialSelected']);
    }
    if (option.initialSelected === true) selected++;
  });
  if (selected > 1 && raw.repeats !== true) add('initialMultiple', {}, ['answerOption']);
}

/** Checks initial[x]: not beside answerOption (que-11), one only unless repeating (que-13), the type's value[x]. */
function checkInitial(raw: Record<string, unknown>, type: string, add: Add): void {
  const initial = listOf(raw, 'initial', add);
  if (initial.length === 0 || NOT_FOR_TYPE[type]?.includes('initial')) return;
  if (raw.answerOption !== undefined) add('initialWithOptions', {}, ['initial']);
  if (initial.length > 1 && raw.repeats !== true) add('initialMultiple', {}, ['initial']);
  const kinds = ANSWER_KINDS[type] ?? [];
  initial.forEach((entry, i) => {
    const values = isObject(entry) ? valuesOf(entry, 'value') : [];
    const keys = isObject(entry) ? Object.keys(entry) : [];
    if (values.length !== 1 || keys.length !== 1 || !kinds.includes(values[0]!.kind)) {
      add('initialType', { value: `value${kinds[0] ?? 'String'}`, type }, ['initial', i]);
    } else if (!isWellFormed(values[0]!.kind, values[0]!.value)) {
      add('invalidValue', { property: 'initial', type }, ['initial', i]);
    }
  });
}

/** Checks extensions: only the signature extension (FHIR questionnaire-signatureRequired), on attachments. */
function checkExtensions(raw: Record<string, unknown>, type: string, add: Add): void {
  listOf(raw, 'extension', add).forEach((extension, i) => {
    const url = isObject(extension) ? extension.url : undefined;
    if (typeof url !== 'string') add('itemValue', { property: 'extension' }, ['extension', i]);
    else if (url !== SIGNATURE_EXTENSION_URL) add('unsupportedExtension', { url }, ['extension', i]);
    else if (type !== 'attachment') add('signatureNotAttachment', {}, ['extension', i]);
  });
}

/**
 * Checks one item and, for a group, its items (depth 1 at the top), recording it in `context.items` for the
 * enableWhen checks; `position` is its 1-based place ("2.3") to name an item without a usable linkId.
 */
export function checkItem(
  context: ItemContext,
  raw: unknown,
  path: (string | number)[],
  position: number[],
  depth: number,
  parent: string | null = null,
): void {
  context.count++;
  if (!isObject(raw)) return void context.problems.push(problem(position.join('.'), path, 'itemNotObject'));
  const linkId = nameOf(context, raw, path, position);
  const name = linkId ?? position.join('.');
  const add: Add = (key, values = {}, at = []) => context.problems.push(problem(name, [...path, ...at], key, values));
  const type = typeof raw.type === 'string' ? raw.type : '';
  if (raw.type === undefined) add('typeMissing', {}, ['type']);
  else if (!(SUPPORTED_ITEM_TYPES as readonly string[]).includes(type))
    add('unsupportedType', { type: String(raw.type) }, ['type']);
  if (linkId !== null && !context.items.has(linkId)) context.items.set(linkId, { linkId, type, raw, path, parent });
  checkProperties(raw, type, add);
  checkOptions(raw, type, add);
  checkInitial(raw, type, add);
  checkExtensions(raw, type, add);
  const children = listOf(raw, 'item', add);
  if (raw.item === undefined) return;
  if (type !== 'group') add('onlyGroupsNest', {}, ['item']);
  if (depth >= CARE_FORM_MAX_DEPTH && children.length > 0) return add('nestedTooDeep', { max: CARE_FORM_MAX_DEPTH }, ['item']);
  children.forEach((child, i) => checkItem(context, child, [...path, 'item', i], [...position, i + 1], depth + 1, linkId));
}
