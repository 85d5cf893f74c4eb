import type { QuestionnaireItem, QuestionnaireItemEnableWhen } from 'fhir/r4';
import { SIGNATURE_EXTENSION_URL } from './care-forms.constants';

/*
 * Small builders of FHIR R4 Questionnaire items, so the shipped types (built-in-types.ts) read as the forms they
 * are. Each returns a plain QuestionnaireItem of the supported subset (questionnaire.schema.ts).
 */

/** Properties an item may add to its linkId, text and type. */
export type ItemOptions = Pick<QuestionnaireItem, 'required' | 'repeats' | 'readOnly' | 'maxLength' | 'initial' | 'prefix'> & {
  enableWhen?: QuestionnaireItemEnableWhen[];
  enableBehavior?: 'all' | 'any';
};

/** A question `linkId` of `type` with `options`. */
export function question(
  linkId: string,
  text: string,
  type: QuestionnaireItem['type'],
  options: ItemOptions = {},
): QuestionnaireItem {
  return { linkId, text, type, ...options };
}

/** A group of `items`. */
export function group(linkId: string, text: string, items: QuestionnaireItem[], options: ItemOptions = {}): QuestionnaireItem {
  return { linkId, text, type: 'group', ...options, item: items };
}

/** A text shown to the filler, with no answer. */
export function display(linkId: string, text: string, options: ItemOptions = {}): QuestionnaireItem {
  return { linkId, text, type: 'display', ...options };
}

/** A choice among `answers` (valueString options); `open` lets the filler write another answer (open-choice). */
export function choice(
  linkId: string,
  text: string,
  answers: string[],
  options: ItemOptions & { open?: boolean } = {},
): QuestionnaireItem {
  const { open, ...rest } = options;
  return {
    linkId,
    text,
    type: open ? 'open-choice' : 'choice',
    ...rest,
    answerOption: answers.map((valueString) => ({ valueString })),
  };
}

/** A drawn signature: an attachment item with the FHIR signatureRequired extension (answered with a PNG). */
export function signature(linkId: string, text: string, options: ItemOptions = {}): QuestionnaireItem {
  return {
    linkId,
    text,
    type: 'attachment',
    ...options,
    extension: [
      {
        url: SIGNATURE_EXTENSION_URL,
        valueCodeableConcept: {
          coding: [{ system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.1', display: "Author's Signature" }],
        },
      },
    ],
  };
}

/** Enabled when the boolean question `linkId` is answered `value`. */
export function whenBoolean(linkId: string, value: boolean): Pick<ItemOptions, 'enableWhen'> {
  return { enableWhen: [{ question: linkId, operator: '=', answerBoolean: value }] };
}

/** Enabled when the choice question `linkId` is answered `value` (operator `=` or `!=`). */
export function whenChoice(linkId: string, value: string, operator: '=' | '!=' = '='): Pick<ItemOptions, 'enableWhen'> {
  return { enableWhen: [{ question: linkId, operator, answerString: value }] };
}

/** The number of items of a definition, nested ones included. */
export function countItems(items: QuestionnaireItem[] | undefined): number {
  return (items ?? []).reduce((n, item) => n + 1 + countItems(item.item), 0);
}
