import { and, eq, or } from 'drizzle-orm';
import type {
  AmendCareFormInput,
  CareFormDetail,
  CareFormPdfFile,
  CareFormSummary,
  CareFormVersion,
  CompleteCareFormInput,
  SaveCareFormInput,
  StartableCareFormType,
} from '@hearth/shared/care-forms/care-forms.schema';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { findClient } from '../clients/clients.lookup';
import { recordScopeAccess } from '../access-log/access-log.record';
import { users } from '../users/users.schema';
import type { ScopedInput } from '../records/records.owner';
import { careForms, careFormTypes, careFormVersions } from './care-forms.schema';
import { findForm, formDetail, formSummaries, type ReachedForm } from './care-forms.read';
import { completedAnswers, assertResponseSize } from './care-forms.answers';
import { latestTypes } from './care-form-types.lookup';
import { careFormPdf } from './care-forms.pdf';
import type { Language } from '@hearth/shared/i18n/languages';

/*
 * Filling, signing and amending care forms (issue 23 item 2; spec careForms.saveInProgress, careForms.detail). A
 * form is changed only while in progress; completing it checks the answers by the shared rules and records the
 * signature, who signed and when; an amendment keeps the signed version in care_form_versions and reopens the form
 * as the next version. Every form is found in the caller's reach (care-forms.read.ts formReach): out of reach, 404.
 */

/** The most forms careForms.mine answers (the phone's list). */
const MINE_LIMIT = 200;

/** @throws AppError CONFLICT "This form is signed: amend it to change it" unless `form` is in progress. */
function assertInProgress(form: ReachedForm): void {
  if (form.status !== 'in-progress') throw new AppError('CONFLICT', 'This form is signed: amend it to change it');
}

/** Logs the read of a client's form as a read of the client's record (HIPAA 45 CFR 164.312(b); access-log.reads.ts). */
async function logRead(scope: Scope, clientId: number, path: string): Promise<void> {
  await recordScopeAccess(scope, { action: 'record-read', recordType: 'client', recordId: clientId, clientId, detail: path });
}

/**
 * One form {id} -> CareFormDetail (answers, type definition, signature, versions), logged as a read of its client.
 * @throws AppError NOT_FOUND "Care form N not found" out of reach.
 */
export async function getForm({ scope, input }: ScopedInput<{ id: number }>): Promise<CareFormDetail> {
  const detail = await formDetail(scope, input.id);
  await logRead(scope, detail.clientId, 'careForms.detail');
  return detail;
}

/**
 * Saves the answers so far of a form in progress (spec careForms.saveInProgress) {id, items} -> CareFormDetail.
 * Nothing is checked but the answers' shape and size: a draft may be incomplete.
 * @throws AppError NOT_FOUND "Care form N not found"; CONFLICT "This form is signed: amend it to change it";
 * BAD_REQUEST "The answers are too large: use smaller photos".
 */
export async function saveInProgress({ scope, input }: ScopedInput<SaveCareFormInput>): Promise<CareFormDetail> {
  const form = await findForm(scope, input.id, { lock: true });
  assertInProgress(form);
  assertResponseSize(input.items);
  await scope.db.update(careForms).set({ items: input.items, updatedAt: new Date() }).where(eq(careForms.id, form.id));
  return formDetail(scope, form.id);
}

/**
 * Completes and signs a form in progress {id, items, signature (PNG data URL)} -> CareFormDetail: the answers must
 * satisfy the shared rules (completedAnswers, which drops answers of hidden questions); the caller becomes the signer at the server's time; status
 * turns `completed` (version 1) or `amended` (a later version), and the form is read-only after.
 * @throws AppError NOT_FOUND "Care form N not found"; CONFLICT "This form is signed: amend it to change it";
 * BAD_REQUEST "N answers need attention before signing. ..." with the problems by linkId.
 */
export async function completeForm({ scope, input }: ScopedInput<CompleteCareFormInput>): Promise<CareFormDetail> {
  const form = await findForm(scope, input.id, { lock: true });
  assertInProgress(form);
  assertResponseSize(input.items);
  const [type] = await scope.db
    .select({ definition: careFormTypes.definition })
    .from(careFormTypes)
    .where(eq(careFormTypes.id, form.typeId));
  const items = completedAnswers(type!.definition, input.items);
  const now = new Date();
  await scope.db
    .update(careForms)
    .set({
      items,
      status: form.version > 1 ? 'amended' : 'completed',
      signature: input.signature,
      signedByUserId: scope.userId,
      signedAt: now,
      updatedAt: now,
    })
    .where(eq(careForms.id, form.id));
  return formDetail(scope, form.id);
}

/**
 * Reopens a signed form as its next version {id, reason} -> CareFormDetail (issue 23 item 2: an amendment keeps the
 * earlier version). The signed version is kept in care_form_versions as it was; the form returns to in-progress
 * with version + 1, the reason, the same answers to start from and no signature. Completing it again makes it
 * `amended`.
 * @throws AppError NOT_FOUND "Care form N not found"; CONFLICT "Only a signed form can be amended".
 */
export async function amendForm({ scope, input }: ScopedInput<AmendCareFormInput>): Promise<CareFormDetail> {
  const form = await findForm(scope, input.id, { lock: true });
  if (form.status === 'in-progress') throw new AppError('CONFLICT', 'Only a signed form can be amended');
  await scope.db.insert(careFormVersions).values({
    formId: form.id,
    version: form.version,
    status: form.status,
    items: form.items,
    signature: form.signature,
    signedByUserId: form.signedByUserId,
    signedAt: form.signedAt,
    amendmentReason: form.amendmentReason,
  });
  await scope.db
    .update(careForms)
    .set({
      status: 'in-progress',
      version: form.version + 1,
      amendmentReason: input.reason,
      signature: null,
      signedByUserId: null,
      signedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(careForms.id, form.id));
  return formDetail(scope, form.id);
}

/** The name of user `userId`, or '' when there is none. */
async function nameOf(scope: Scope, userId: number | null): Promise<{ userId: number; name: string } | null> {
  if (userId === null) return null;
  const [row] = await scope.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { userId, name: row?.name ?? '' };
}

/**
 * One signed version of a form {id, version} -> CareFormVersion: an earlier version kept by an amendment, or the
 * current one once signed. Logged as a read of the client.
 * @throws AppError NOT_FOUND "Care form N not found" out of reach; "Care form version N not found" for a version
 * never signed.
 */
export async function getFormVersion({ scope, input }: ScopedInput<{ id: number; version: number }>): Promise<CareFormVersion> {
  const form = await findForm(scope, input.id);
  let version: Omit<CareFormVersion, 'signedBy' | 'signedAt'> & { signedByUserId: number | null; signedAt: Date | null };
  if (input.version === form.version && form.status !== 'in-progress') {
    version = form;
  } else {
    const [kept] = await scope.db
      .select()
      .from(careFormVersions)
      .where(and(eq(careFormVersions.formId, form.id), eq(careFormVersions.version, input.version)));
    if (!kept) throw notFound('Care form version', input.version);
    version = kept;
  }
  await logRead(scope, form.clientId, 'careForms.version');
  return {
    version: version.version,
    status: version.status,
    items: version.items,
    signature: version.signature,
    signedBy: await nameOf(scope, version.signedByUserId),
    signedAt: version.signedAt?.toISOString() ?? null,
    amendmentReason: version.amendmentReason,
  };
}

/**
 * A client's forms {clientId} -> CareFormSummary[], newest change first (the client profile's forms section).
 * @throws AppError NOT_FOUND "Client N not found" outside the caller's branch scope.
 */
export async function listForClient({ scope, input }: ScopedInput<{ clientId: number }>): Promise<CareFormSummary[]> {
  const client = await findClient(scope, input.clientId);
  return formSummaries(scope, eq(careForms.clientId, client.id));
}

/** The caller's forms {} -> CareFormSummary[]: assigned to them or started by them, newest change first, at most 200. */
export async function listMine({ scope }: ScopedInput<unknown>): Promise<CareFormSummary[]> {
  const mine = or(eq(careForms.assigneeUserId, scope.userId), eq(careForms.createdByUserId, scope.userId))!;
  return formSummaries(scope, mine, MINE_LIMIT);
}

/**
 * The types the caller may start from the phone {} -> StartableCareFormType[]: the latest version of each active
 * type of their company with caregiverMayStart, with its definition (the phone keeps it for offline starts).
 */
export async function listStartable({ scope }: ScopedInput<unknown>): Promise<StartableCareFormType[]> {
  const types = await latestTypes(scope);
  return types
    .filter((t) => t.status === 'active' && t.caregiverMayStart)
    .map((t) => ({ id: t.id, name: t.name, category: t.category, version: t.version, definition: t.definition }));
}

/**
 * A form as a PDF {id} -> {fileName, contentType, base64} (careForms.pdf; issue 23 item 4), drawn by careFormPdf in
 * the reader's language, logged as a read of the client.
 * @throws AppError NOT_FOUND "Care form N not found" out of reach.
 */
export async function formPdf({
  scope,
  input,
  language,
}: ScopedInput<{ id: number }> & { language: Language }): Promise<CareFormPdfFile> {
  const form = await findForm(scope, input.id);
  const file = await careFormPdf({ scope, input, language });
  await logRead(scope, form.clientId, 'careForms.pdf');
  return file;
}
