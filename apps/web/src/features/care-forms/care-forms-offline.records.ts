/**
 * The care form records the phone keeps offline (issue 23 item 3; spec section 3 "Care form offline records": create
 * drafts, edit drafts with field_data, cached detail, cached type PDF) and their pure rules. The records live in the
 * caregiver app's encrypted key-value cache (care-forms-offline.store.ts), one entry each, keys below (the cache
 * adds the user's prefix):
 *
 * - `care-form-create:<clientRecordId>`: a form started on the phone, not yet created on the server (CreateDraft);
 * - `care-form-edit:<formId>`: answers given on the phone to a form the server holds (EditDraft);
 * - `care-form-created:<clientRecordId>`: the server's id of a create draft that was created (so that an edit made
 *   through the draft's page afterwards targets the form, never a second create);
 * - `care-form-detail:<formId>` and the index `care-form-details`: the form details last fetched, the
 *   CARE_FORM_DETAIL_CACHE_SIZE (50) newest kept (spec section 9), never one a draft or a refusal still needs;
 * - `care-form-type-pdf:<typeId>` and the index `care-form-type-pdfs`: the blank PDF of a type (careFormTypes.pdf);
 * - `care-forms-mine`, `care-forms-startable`: the lists last fetched (careForms.mine, careForms.startable);
 * - `care-form-notice:<id>`: a draft the sync discarded, kept until the caregiver has read it (never lost silently);
 * - `care-form-problems:<formId>`: why the server refused a signing queued offline, shown on the form.
 */
import { CARE_FORM_DETAIL_CACHE_SIZE, CARE_FORM_DRAFT_MAX_AGE_DAYS } from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormDetail, StartableCareFormType } from '@hearth/shared/care-forms/care-forms.schema';

/** One QuestionnaireResponse item (FHIR R4), as the care form's shared output types it. */
export type QuestionnaireResponseItem = CareFormDetail['items'][number];

/** A signing the caregiver did offline: sent with careForms.complete after the draft's answers. */
export interface QueuedCompletion {
  /** The drawn signature, a PNG data URL (ZSignatureImage). */
  signature: string;
  /** When the caregiver signed (ISO 8601, UTC). */
  signedAt: string;
}

/** The last refusal of a draft the sync kept (younger than CARE_FORM_DRAFT_MAX_AGE_DAYS): shown, retried. */
export interface DraftRefusal {
  message: string;
  at: string;
}

/** What a draft shows in lists while the server has not got it. */
export interface DraftLabel {
  typeName: string;
  clientName: string;
  shiftStart: string | null;
}

/**
 * A form started on the phone (spec "create drafts"): careForms.create's input with its clientRecordId (the server
 * creates it once however often it is sent), the type it was started from (to fill it offline), and its answers.
 * Times are ISO 8601, UTC; `modifiedAt` changes at each save and tells an edit made during a sync.
 */
export interface CreateDraft {
  clientRecordId: string;
  clientId: number;
  typeId: number;
  shiftId: number | null;
  field_data: QuestionnaireResponseItem[];
  createdAt: string;
  modifiedAt: string;
  type: StartableCareFormType;
  label: DraftLabel;
  completion: QueuedCompletion | null;
  refusal: DraftRefusal | null;
}

/** Answers given on the phone to a form the server holds (spec "edit drafts with field_data"). */
export interface EditDraft {
  formId: number;
  field_data: QuestionnaireResponseItem[];
  modifiedAt: string;
  label: DraftLabel;
  completion: QueuedCompletion | null;
  refusal: DraftRefusal | null;
}

/** A draft the sync discarded (older than CARE_FORM_DRAFT_MAX_AGE_DAYS and refused): told to the caregiver. */
export interface DiscardNotice {
  id: string;
  at: string;
  label: DraftLabel;
  message: string;
}

/** Why the server refused a signing queued offline: the message and the problems by linkId. */
export interface SigningProblems {
  formId: number;
  message: string;
  problems: Record<string, string>;
  at: string;
}

/** A cached detail and when it was cached. */
export interface CachedDetail {
  detail: CareFormDetail;
  cachedAt: string;
}

/** A type's blank PDF (careFormTypes.pdf) as cached. */
export interface CachedTypePdf {
  typeId: number;
  fileName: string;
  base64: string;
  cachedAt: string;
}

/** One row of an index of cached entries: the id and when it was cached. */
export interface IndexRow {
  id: number;
  cachedAt: string;
}

export const CREATE_PREFIX = 'care-form-create:';
export const EDIT_PREFIX = 'care-form-edit:';
export const CREATED_PREFIX = 'care-form-created:';
export const DETAIL_PREFIX = 'care-form-detail:';
export const DETAILS_INDEX_KEY = 'care-form-details';
export const TYPE_PDF_PREFIX = 'care-form-type-pdf:';
export const TYPE_PDFS_INDEX_KEY = 'care-form-type-pdfs';
export const MINE_KEY = 'care-forms-mine';
export const STARTABLE_KEY = 'care-forms-startable';
export const NOTICE_PREFIX = 'care-form-notice:';
export const PROBLEMS_PREFIX = 'care-form-problems:';

/** Blank type PDFs kept on the phone (a few agency types; each about 10 to 50 KB). */
export const TYPE_PDF_CACHE_SIZE = 20;

/** Milliseconds in CARE_FORM_DRAFT_MAX_AGE_DAYS. */
export const DRAFT_MAX_AGE_MS = CARE_FORM_DRAFT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

export const createKey = (clientRecordId: string) => CREATE_PREFIX + clientRecordId;
export const editKey = (formId: number) => EDIT_PREFIX + formId;
export const createdKey = (clientRecordId: string) => CREATED_PREFIX + clientRecordId;
export const detailKey = (formId: number) => DETAIL_PREFIX + formId;
export const typePdfKey = (typeId: number) => TYPE_PDF_PREFIX + typeId;
export const noticeKey = (id: string) => NOTICE_PREFIX + id;
export const problemsKey = (formId: number) => PROBLEMS_PREFIX + formId;

/**
 * Whether a draft is past its age (spec sections 4 and 9: "drafts older than 2 days are discarded after a non-network
 * failure"). Its age runs from its last change (`modifiedAt`): a draft the caregiver is still working on is not stale.
 * @param modifiedAt the draft's last change, ISO 8601
 * @param now milliseconds since the epoch
 * @returns true when more than CARE_FORM_DRAFT_MAX_AGE_DAYS (2) days have passed
 */
export function isExpiredDraft(modifiedAt: string, now: number): boolean {
  return now - Date.parse(modifiedAt) > DRAFT_MAX_AGE_MS;
}

/**
 * The index after caching `id` now: that row first, then the others newest first; the `limit` newest are kept, and
 * beyond them the pinned ones (a draft or a refusal still needs that detail).
 * @param index the rows as stored (any order)
 * @param limit how many to keep besides the pinned (CARE_FORM_DETAIL_CACHE_SIZE for details)
 * @returns the rows to keep (newest first) and the ids to delete
 */
export function indexAfterCaching(
  index: IndexRow[],
  row: IndexRow,
  limit: number = CARE_FORM_DETAIL_CACHE_SIZE,
  pinned: ReadonlySet<number> = new Set(),
): { keep: IndexRow[]; evict: number[] } {
  const rows = [row, ...index.filter((r) => r.id !== row.id)].sort((a, b) => b.cachedAt.localeCompare(a.cachedAt));
  const keep: IndexRow[] = [];
  const evict: number[] = [];
  for (const r of rows) {
    if (keep.length < limit || pinned.has(r.id)) keep.push(r);
    else evict.push(r.id);
  }
  return { keep, evict };
}

/** What a draft is: a create (not on the server yet) or an edit of form `formId`. */
export type AnyDraft = ({ kind: 'create' } & CreateDraft) | ({ kind: 'edit' } & EditDraft);

/** The id a draft is shown and opened under: `new-<clientRecordId>` for a create, the form's id for an edit. */
export function draftRouteId(draft: AnyDraft): string {
  return draft.kind === 'create' ? `new-${draft.clientRecordId}` : String(draft.formId);
}

/** The sync's order: creates first (oldest first), so an edit of a form never overtakes the form's creation. */
export function syncOrder(creates: CreateDraft[], edits: EditDraft[]): AnyDraft[] {
  return [
    ...[...creates].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((d) => ({ kind: 'create' as const, ...d })),
    ...[...edits].sort((a, b) => a.modifiedAt.localeCompare(b.modifiedAt)).map((d) => ({ kind: 'edit' as const, ...d })),
  ];
}

/** The label of a form the server holds, for its drafts and notices. */
export function labelOf(form: { typeName: string; clientName: string; shiftStart: string | null }): DraftLabel {
  return { typeName: form.typeName, clientName: form.clientName, shiftStart: form.shiftStart };
}
