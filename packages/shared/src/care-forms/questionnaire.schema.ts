import { z } from 'zod';
import type { Questionnaire, QuestionnaireResponseItem } from 'fhir/r4';
import { zText } from '../app/input-rules';
import { CARE_FORM_ATTACHMENT_TYPES, ENABLE_WHEN_OPERATORS, SUPPORTED_ITEM_TYPES } from './care-forms.constants';

/*
 * The FHIR R4 Questionnaire subset Hearth's care form types use, and the QuestionnaireResponse items a filled form
 * holds (issue 23 items 1 and 2; docs/decisions/0006-fhir-for-care-forms.md). The types are @types/fhir's
 * (`fhir/r4`); these schemas check JSON against the subset, field by field, so an import names what it refuses.
 */

const ZLinkId = zText().trim().min(1, 'Every item needs a linkId').max(200, 'A linkId may be at most 200 characters');
const ZShortText = zText().max(4000, 'At most 4000 characters');

const ZCoding = z.strictObject({
  system: zText().max(500).optional(),
  code: zText().max(200).optional(),
  display: zText().max(500).optional(),
});

/** The answer values shared by initial, answerOption and answers (value[x]). */
const VALUE_FIELDS = {
  valueBoolean: z.boolean().optional(),
  valueDecimal: z.number().finite().optional(),
  valueInteger: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  valueDate: zText().max(10).optional(),
  valueDateTime: zText().max(40).optional(),
  valueTime: zText().max(20).optional(),
  valueString: ZShortText.optional(),
  valueCoding: ZCoding.optional(),
};

/** A photo or signature answer: the image inline as base64 (valueAttachment.data). */
export const ZAttachmentValue = z.strictObject({
  contentType: z.enum(CARE_FORM_ATTACHMENT_TYPES, { message: 'A photo or signature is a JPEG or PNG image' }),
  data: z
    .string()
    .max(2_100_000, 'The image is too large')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'An image is sent as base64'),
  title: zText().max(200).optional(),
  size: z.number().int().min(0).optional(),
  creation: zText().max(40).optional(),
});

const ZExtension = z.looseObject({ url: zText().max(500) });

const ZEnableWhen = z.strictObject({
  question: ZLinkId,
  operator: z.enum(ENABLE_WHEN_OPERATORS, { message: 'enableWhen.operator must be exists, =, !=, >, <, >= or <=' }),
  answerBoolean: z.boolean().optional(),
  answerDecimal: z.number().finite().optional(),
  answerInteger: z.number().int().optional(),
  answerDate: zText().max(10).optional(),
  answerDateTime: zText().max(40).optional(),
  answerTime: zText().max(20).optional(),
  answerString: ZShortText.optional(),
  answerCoding: ZCoding.optional(),
});

const ZAnswerOption = z.strictObject({ ...VALUE_FIELDS, initialSelected: z.boolean().optional() });

interface ItemShape {
  linkId: string;
  [key: string]: unknown;
}

/** A Questionnaire item of a supported type (recursive through `item`). */
export const ZQuestionnaireItem: z.ZodType<ItemShape> = z.strictObject({
  linkId: ZLinkId,
  text: ZShortText.optional(),
  prefix: zText().max(20).optional(),
  type: z.enum(SUPPORTED_ITEM_TYPES, { message: 'This item type is not supported' }),
  required: z.boolean().optional(),
  repeats: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(100_000).optional(),
  enableWhen: z.array(ZEnableWhen).max(20).optional(),
  enableBehavior: z.enum(['all', 'any']).optional(),
  answerOption: z.array(ZAnswerOption).max(200).optional(),
  initial: z.array(z.strictObject(VALUE_FIELDS)).max(50).optional(),
  extension: z.array(ZExtension).max(10).optional(),
  get item() {
    return z.array(ZQuestionnaireItem).max(500).optional();
  },
});

/** A care form type's definition: a FHIR R4 Questionnaire of the supported subset. */
export const ZQuestionnaire = z.looseObject({
  resourceType: z.literal('Questionnaire', { message: 'The JSON must be a FHIR Questionnaire (resourceType "Questionnaire")' }),
  title: ZShortText.optional(),
  name: zText().max(200).optional(),
  status: z.enum(['draft', 'active', 'retired', 'unknown']).default('draft'),
  item: z.array(ZQuestionnaireItem).max(500).default([]),
}) as unknown as z.ZodType<Questionnaire, Questionnaire>;

/** One answer of a QuestionnaireResponse item (value[x], and nested items under a question). */
const ZAnswer = z.strictObject({
  ...VALUE_FIELDS,
  valueAttachment: ZAttachmentValue.optional(),
  get item() {
    return z.array(ZResponseItem).max(500).optional();
  },
});

interface ResponseItemShape {
  linkId: string;
  [key: string]: unknown;
}

/** A QuestionnaireResponse item: a linkId, its answers, and the items of a group. */
export const ZResponseItem: z.ZodType<ResponseItemShape> = z.strictObject({
  linkId: ZLinkId,
  text: ZShortText.optional(),
  answer: z.array(ZAnswer).max(200).optional(),
  get item() {
    return z.array(ZResponseItem).max(500).optional();
  },
});

/** The answers of a filled care form: QuestionnaireResponse.item. */
export const ZResponseItems = z.array(ZResponseItem).max(1000) as unknown as z.ZodType<
  QuestionnaireResponseItem[],
  QuestionnaireResponseItem[]
>;
