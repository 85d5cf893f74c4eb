import { z } from 'zod';
import type { Questionnaire, QuestionnaireResponseItem } from 'fhir/r4';
import { MAX_TEXT_LENGTH, zText } from '../app/input-rules';
import { englishOf } from '../i18n/english-messages';
import {
  CARE_FORM_ATTACHMENT_MAX_BYTES,
  CARE_FORM_ATTACHMENT_TYPES,
  CARE_FORM_MAX_DEPTH,
  CARE_FORM_RESPONSE_MAX_CHARS,
} from './care-forms.constants';
import { questionnaireProblems, withDefaults } from './questionnaire-problems';
import { isObject } from './questionnaire-values';

/*
 * The FHIR R4 Questionnaire subset Hearth's care form types use, and the QuestionnaireResponse items a filled form
 * holds (issue 23 items 1 and 2; docs/decisions/0006-fhir-for-care-forms.md). The types are @types/fhir's
 * (`fhir/r4`). A Questionnaire is checked by questionnaireProblems (questionnaire-problems.ts), whose messages name
 * the item's linkId and what is refused; the answers are checked field by field here, and against their
 * Questionnaire by validateResponse (questionnaire-rules.ts).
 */

const message = (key: string, values?: Record<string, string | number>) => englishOf(`validation.careForms.${key}`, values);

/**
 * A care form type's definition: a FHIR R4 Questionnaire of the supported subset. Every problem is a zod issue at
 * its JSON path with the catalogue message naming the item (questionnaireProblems); the parsed value gets status
 * "draft" when it has none and an empty item list when it has no items.
 */
export const ZQuestionnaire = z
  .unknown()
  .superRefine((value, ctx) => {
    for (const found of questionnaireProblems(value)) ctx.addIssue({ code: 'custom', message: found.message, path: found.path });
  })
  .transform((value) => withDefaults(value as Questionnaire)) as unknown as z.ZodType<Questionnaire, Questionnaire>;

const ZLinkId = zText().trim().min(1, message('responseLinkId')).max(200);

const ZCoding = z.strictObject({
  system: zText().max(500).optional(),
  code: zText().max(200).optional(),
  display: zText().max(500).optional(),
  version: zText().max(100).optional(),
});

/** Longest base64 text of an image of CARE_FORM_ATTACHMENT_MAX_BYTES bytes. */
const ATTACHMENT_MAX_BASE64 = Math.ceil(CARE_FORM_ATTACHMENT_MAX_BYTES / 3) * 4;

/** A photo or signature answer: the image inline as base64 (valueAttachment.data), JPEG or PNG. */
export const ZAttachmentValue = z.strictObject({
  contentType: z.enum(CARE_FORM_ATTACHMENT_TYPES, { message: message('imageType') }),
  data: z
    .string()
    .max(ATTACHMENT_MAX_BASE64, message('imageMaxBytes', { max: CARE_FORM_ATTACHMENT_MAX_BYTES }))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, message('imageBase64')),
  title: zText().max(200).optional(),
  size: z.number().int().min(0).optional(),
  creation: zText().max(40).optional(),
});

/** One answer of a QuestionnaireResponse item (value[x]); nested items under an answer are refused by the rules. */
const ZAnswer = z.strictObject({
  valueBoolean: z.boolean().optional(),
  valueDecimal: z.number().finite().optional(),
  valueInteger: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  valueDate: zText().max(10).optional(),
  valueDateTime: zText().max(40).optional(),
  valueTime: zText().max(20).optional(),
  valueString: zText().max(MAX_TEXT_LENGTH).optional(),
  valueCoding: ZCoding.optional(),
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
  text: zText().max(4000).optional(),
  answer: z.array(ZAnswer).max(200).optional(),
  get item() {
    return z.array(ZResponseItem).max(500).optional();
  },
});

/** Deepest nesting of response items accepted: the type's deepest groups, and an answer's items below them. */
const RESPONSE_MAX_DEPTH = 2 * CARE_FORM_MAX_DEPTH + 2;

/** The depth of response items in `items` (1 for a flat list), read without recursion; stops past `limit`. */
function responseDepth(items: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: items, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (!Array.isArray(value)) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const item of value) {
      if (!isObject(item)) continue;
      stack.push({ value: item.item, depth: depth + 1 });
      for (const answer of Array.isArray(item.answer) ? item.answer : []) {
        if (isObject(answer)) stack.push({ value: answer.item, depth: depth + 1 });
      }
    }
  }
  return deepest;
}

/**
 * The answers of a filled care form: QuestionnaireResponse.item. At most CARE_FORM_RESPONSE_MAX_CHARS characters of
 * JSON (photos included) and RESPONSE_MAX_DEPTH levels of items, checked before the items themselves are read.
 */
export const ZResponseItems = z
  .unknown()
  .superRefine((value, ctx) => {
    if (responseDepth(value, RESPONSE_MAX_DEPTH) > RESPONSE_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', message: message('tooDeep') });
    } else if ((JSON.stringify(value) ?? '').length > CARE_FORM_RESPONSE_MAX_CHARS) {
      ctx.addIssue({ code: 'custom', message: message('responseTooLarge', { max: CARE_FORM_RESPONSE_MAX_CHARS }) });
    }
  })
  .pipe(z.array(ZResponseItem).max(1000)) as unknown as z.ZodType<QuestionnaireResponseItem[], QuestionnaireResponseItem[]>;
