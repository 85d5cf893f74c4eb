/**
 * Limits and rules of care forms (issue 23; spec section 4 "Offline care forms" and the constants of section 9).
 */

/** Statuses of a care form: FHIR R4 QuestionnaireResponseStatus, the three Hearth uses. */
export const CARE_FORM_STATUSES = ['in-progress', 'completed', 'amended'] as const;
export type CareFormStatus = (typeof CARE_FORM_STATUSES)[number];

/** Statuses of a care form type: FHIR R4 PublicationStatus without "unknown" ("retired": no new forms). */
export const CARE_FORM_TYPE_STATUSES = ['draft', 'active', 'retired'] as const;
export type CareFormTypeStatus = (typeof CARE_FORM_TYPE_STATUSES)[number];

/** What a type documents; the table and the phone group types by it. */
export const CARE_FORM_CATEGORIES = ['intake', 'supervisory', 'change-of-condition', 'incident', 'assessment', 'other'] as const;
export type CareFormCategory = (typeof CARE_FORM_CATEGORIES)[number];

/** Item types a care form type may use (FHIR R4 QuestionnaireItemType, the supported subset; issue 23 item 1). */
export const SUPPORTED_ITEM_TYPES = [
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
] as const;
export type SupportedItemType = (typeof SUPPORTED_ITEM_TYPES)[number];

/** enableWhen operators (FHIR R4 QuestionnaireItemOperator). */
export const ENABLE_WHEN_OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;

/**
 * The FHIR extension that marks an attachment item as a signature (drawn on the screen, a PNG): the core
 * extension "questionnaire-signatureRequired" of FHIR R4.
 */
export const SIGNATURE_EXTENSION_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-signatureRequired';

/** Content types a photo or signature answer may have. */
export const CARE_FORM_ATTACHMENT_TYPES = ['image/jpeg', 'image/png'] as const;

/** Largest photo or signature answer, in bytes of the decoded image (the phone downsizes photos first). */
export const CARE_FORM_ATTACHMENT_MAX_BYTES = 1_500_000;

/** Largest filled form, in characters of its JSON (photos included): well under the server's 10 MB body limit. */
export const CARE_FORM_RESPONSE_MAX_CHARS = 8_000_000;

/** Largest type definition, in characters of its JSON. */
export const CARE_FORM_DEFINITION_MAX_CHARS = 500_000;

/** Most items in one type, counting nested ones. */
export const CARE_FORM_MAX_ITEMS = 500;

/** Deepest nesting of groups in a type. */
export const CARE_FORM_MAX_DEPTH = 6;

/** Cached care form details kept on the phone: the 50 newest (spec section 9). */
export const CARE_FORM_DETAIL_CACHE_SIZE = 50;

/** An offline draft older than this is discarded after a non-network failure (spec sections 4 and 9). */
export const CARE_FORM_DRAFT_MAX_AGE_DAYS = 2;

/** Longest amendment reason, in characters. */
export const CARE_FORM_AMEND_REASON_MAX = 1000;

/** Longest type name, in characters. */
export const CARE_FORM_TYPE_NAME_MAX = 120;
