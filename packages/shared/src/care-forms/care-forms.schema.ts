import { z } from 'zod';
import { ZId, zText } from '../app/input-rules';
import { ZSignatureImage } from '../care-sheets/care-sheets.schema';
import { ZTimestamp } from '../shifts/shifts.schema';
import {
  CARE_FORM_AMEND_REASON_MAX,
  CARE_FORM_CATEGORIES,
  CARE_FORM_DEFINITION_MAX_CHARS,
  CARE_FORM_STATUSES,
  CARE_FORM_TYPE_NAME_MAX,
  CARE_FORM_TYPE_STATUSES,
} from './care-forms.constants';
import { ZQuestionnaire, ZResponseItems } from './questionnaire.schema';

/** The FHIR R4 types of a care form type and its answers, for code outside packages/shared (the server). */
export type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItem } from 'fhir/r4';

/*
 * Inputs and outputs of care forms and care form types (issue 23; spec /care-forms, careForms.create,
 * careForms.saveInProgress, careForms.detail; payloads "not shown", so the issue decides them). A type is a FHIR R4
 * Questionnaire, a form a QuestionnaireResponse's items (docs/decisions/0006-fhir-for-care-forms.md).
 */

export const ZCareFormStatus = z.enum(CARE_FORM_STATUSES);
export const ZCareFormTypeStatus = z.enum(CARE_FORM_TYPE_STATUSES);
export const ZCareFormCategory = z.enum(CARE_FORM_CATEGORIES, { message: 'Pick a category' });

/** The id a phone gives a form it starts offline, so a replay never creates it twice (a UUID). */
export const ZCareFormClientRecordId = z.uuid({ message: 'Give the form a UUID as its clientRecordId' });

/** Input of careForms.create: a form of an active type for a client in scope, optionally about a visit. */
export const ZCreateCareFormInput = z
  .object({
    clientId: ZId,
    typeId: ZId,
    shiftId: ZId.nullish(),
    /** The caregiver's or staff member's user who is to fill it (null: whoever opens it). */
    assigneeUserId: ZId.nullish(),
    items: ZResponseItems.optional(),
    clientRecordId: ZCareFormClientRecordId.optional(),
  })
  .strict();
export type CreateCareFormInput = z.infer<typeof ZCreateCareFormInput>;

/** Input of careForms.saveInProgress: the answers so far of a form still in progress. */
export const ZSaveCareFormInput = z.object({ id: ZId, items: ZResponseItems }).strict();
export type SaveCareFormInput = z.infer<typeof ZSaveCareFormInput>;

/** Input of careForms.complete: the final answers and the signer's drawn signature (a PNG data URL). */
export const ZCompleteCareFormInput = z.object({ id: ZId, items: ZResponseItems, signature: ZSignatureImage }).strict();
export type CompleteCareFormInput = z.infer<typeof ZCompleteCareFormInput>;

/** Input of careForms.amend: reopen a signed form as a new version, saying why. */
export const ZAmendCareFormInput = z
  .object({
    id: ZId,
    reason: zText()
      .trim()
      .min(1, 'Say why the form is amended')
      .max(CARE_FORM_AMEND_REASON_MAX, `At most ${CARE_FORM_AMEND_REASON_MAX} characters`),
  })
  .strict();
export type AmendCareFormInput = z.infer<typeof ZAmendCareFormInput>;

/** Input of careForms.version: an earlier signed version of a form. */
export const ZCareFormVersionInput = z.object({ id: ZId, version: z.number().int().min(1).max(10_000) }).strict();

/** Input of careForms.listForClient. */
export const ZClientCareFormsInput = z.object({ clientId: ZId }).strict();

const ZPerson = z.object({ userId: ZId, name: z.string() });

/** A form in a list: the client's profile, the phone's Forms list. */
export const ZCareFormSummary = z.object({
  id: ZId,
  status: ZCareFormStatus,
  version: z.number().int(),
  typeId: ZId,
  typeName: z.string(),
  category: ZCareFormCategory,
  clientId: ZId,
  clientName: z.string(),
  shiftId: ZId.nullable(),
  shiftStart: ZTimestamp.nullable(),
  assignee: ZPerson.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  completedAt: ZTimestamp.nullable(),
});
export type CareFormSummary = z.infer<typeof ZCareFormSummary>;

/** One signed version: who signed, when, and the answers as signed. */
export const ZCareFormVersion = z.object({
  version: z.number().int(),
  status: ZCareFormStatus,
  items: ZResponseItems,
  signature: z.string().nullable(),
  signedBy: ZPerson.nullable(),
  signedAt: ZTimestamp.nullable(),
  amendmentReason: z.string().nullable(),
});
export type CareFormVersion = z.infer<typeof ZCareFormVersion>;

/** Output of careForms.detail and of every care form write: the form with its type's definition. */
export const ZCareFormDetail = ZCareFormSummary.extend({
  type: z.object({ id: ZId, name: z.string(), version: z.number().int(), definition: ZQuestionnaire }),
  items: ZResponseItems,
  signature: z.string().nullable(),
  signedBy: ZPerson.nullable(),
  signedAt: ZTimestamp.nullable(),
  createdBy: ZPerson,
  amendmentReason: z.string().nullable(),
  /** Earlier signed versions, oldest first (without their answers: careForms.version reads one). */
  versions: z.array(z.object({ version: z.number().int(), status: ZCareFormStatus, signedAt: ZTimestamp.nullable() })),
  /** Whether the caller may change it now (in progress and theirs to fill). */
  editable: z.boolean(),
});
export type CareFormDetail = z.infer<typeof ZCareFormDetail>;

/** A PDF produced on the server (careForms.pdf, careFormTypes.pdf): base64 bytes. */
export const ZCareFormPdfFile = z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() });
export type CareFormPdfFile = z.infer<typeof ZCareFormPdfFile>;

const ZTypeName = zText()
  .trim()
  .min(1, 'Name the form type')
  .max(CARE_FORM_TYPE_NAME_MAX, `At most ${CARE_FORM_TYPE_NAME_MAX} characters`);

/** Input of careFormTypes.create. */
export const ZCreateCareFormTypeInput = z
  .object({
    name: ZTypeName,
    category: ZCareFormCategory,
    caregiverMayStart: z.boolean().default(false),
    definition: ZQuestionnaire.optional(),
  })
  .strict();
export type CreateCareFormTypeInput = z.infer<typeof ZCreateCareFormTypeInput>;

/** Input of careFormTypes.update: a frozen version (used by a form) is saved as a new version. */
export const ZUpdateCareFormTypeInput = z
  .object({
    id: ZId,
    name: ZTypeName.optional(),
    category: ZCareFormCategory.optional(),
    caregiverMayStart: z.boolean().optional(),
    definition: ZQuestionnaire.optional(),
  })
  .strict();
export type UpdateCareFormTypeInput = z.infer<typeof ZUpdateCareFormTypeInput>;

/** Input of careFormTypes.setStatus. */
export const ZSetCareFormTypeStatusInput = z.object({ id: ZId, status: ZCareFormTypeStatus }).strict();

/** Input of careFormTypes.copyBuiltIn: a shipped type's key (built-in-types.ts). */
export const ZCopyBuiltInTypeInput = z.object({ key: zText().trim().min(1).max(80) }).strict();

/** Input of careFormTypes.importJson: a Questionnaire's JSON text as the file holds it. */
export const ZImportCareFormTypeInput = z
  .object({
    json: zText().max(CARE_FORM_DEFINITION_MAX_CHARS, 'The file is too large for a form type'),
    category: ZCareFormCategory.default('other'),
  })
  .strict();

/** A type in the list: the latest version of each of the company's types. */
export const ZCareFormTypeSummary = z.object({
  id: ZId,
  lineageId: ZId,
  version: z.number().int(),
  name: z.string(),
  category: ZCareFormCategory,
  status: ZCareFormTypeStatus,
  caregiverMayStart: z.boolean(),
  /** Used by a form: edits make a new version. */
  frozen: z.boolean(),
  itemCount: z.number().int(),
  builtInKey: z.string().nullable(),
  updatedAt: ZTimestamp,
});
export type CareFormTypeSummary = z.infer<typeof ZCareFormTypeSummary>;

/** Output of careFormTypes.detail and its writes. */
export const ZCareFormTypeDetail = ZCareFormTypeSummary.extend({
  definition: ZQuestionnaire,
  versions: z.array(z.object({ id: ZId, version: z.number().int(), status: ZCareFormTypeStatus, frozen: z.boolean() })),
});
export type CareFormTypeDetail = z.infer<typeof ZCareFormTypeDetail>;

/** A shipped type an agency can copy (careFormTypes.builtIns). */
export const ZBuiltInTypeSummary = z.object({
  key: z.string(),
  name: z.string(),
  category: ZCareFormCategory,
  itemCount: z.number().int(),
});

/** A type the phone may start a form of (careForms.startable), with its definition for offline use. */
export const ZStartableCareFormType = z.object({
  id: ZId,
  name: z.string(),
  category: ZCareFormCategory,
  version: z.number().int(),
  definition: ZQuestionnaire,
});
export type StartableCareFormType = z.infer<typeof ZStartableCareFormType>;
