/**
 * The sync of care form drafts (issue 23 item 3; spec section 4 "Offline care forms"), one draft at a time, creates
 * first (care-forms-offline.records.ts syncOrder):
 *
 * - drafts are retried when online: every sync sends every draft still stored;
 * - a network failure (api/sync-outcome.ts 'keep': no response, a retryable code, or UNAUTHORIZED) keeps everything
 *   and ends the sync, so nothing overtakes what is waiting;
 * - any other failure: a draft older than CARE_FORM_DRAFT_MAX_AGE_DAYS (2 days since its last change) is discarded and
 *   a notice kept for the caregiver (never lost silently); a younger one is kept with the server's reason, retried;
 * - a create is removed after success; when the caregiver changed it during the upload, what they typed stays as an
 *   edit draft of the new form (sent next time), and every later save through the draft's page goes to that form;
 * - an edit is removed only if unchanged during the sync (same `modifiedAt`), else kept and sent next time;
 * - a signing queued offline is sent after the draft's answers (careForms.complete); refused (the answers break a
 *   rule, a required answer is missing), it comes back: the draft stays in progress, the problems by linkId are kept
 *   for the form's page, and the answers are saved in progress so the office sees them.
 *
 * A sync already running is skipped by the caller (care-forms-offline.store.ts: "Sync already in progress").
 */
import type {
  CareFormDetail,
  CompleteCareFormInput,
  CreateCareFormInput,
  SaveCareFormInput,
} from '@hearth/shared/care-forms/care-forms.schema';
import type { SyncOutcome } from '@/api/sync-outcome';
import {
  CREATE_PREFIX,
  EDIT_PREFIX,
  createdKey,
  createKey,
  editKey,
  isExpiredDraft,
  noticeKey,
  problemsKey,
  syncOrder,
  type AnyDraft,
  type CreateDraft,
  type DiscardNotice,
  type EditDraft,
  type SigningProblems,
} from './care-forms-offline.records';

/** A key-value store of JSON values: the shape of the caregiver app's encrypted cache (cacheGet, cacheSet, ...). */
export interface CareFormsStore {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  delete: (key: string) => Promise<void>;
  list: <T>(prefix: string) => Promise<{ key: string; value: T }[]>;
}

/** How the sync reaches the server and judges its answers. */
export interface CareFormsSender {
  /** careForms.create (idempotent on clientRecordId) -> the form. */
  create: (input: CreateCareFormInput) => Promise<CareFormDetail>;
  /** careForms.saveInProgress -> the form. */
  save: (input: SaveCareFormInput) => Promise<CareFormDetail>;
  /** careForms.complete -> the signed form. */
  complete: (input: CompleteCareFormInput) => Promise<CareFormDetail>;
  /** api/sync-outcome.ts syncOutcome. */
  outcome: (error: unknown) => SyncOutcome;
  /** The server's words for a refusal. */
  reasonOf: (error: unknown) => string;
  /** The problems of a refused signing by linkId (empty when the server named none). */
  problemsOf: (error: unknown) => Record<string, string>;
  /** Now, in milliseconds since the epoch. */
  now: () => number;
}

/** What one sync did. */
export interface CareFormsSyncResult {
  /** Drafts the server now holds (created or saved), and signings it accepted. */
  sent: number;
  signed: number;
  /** Drafts still waiting: network gone (the sync stopped there), or refused and young enough to retry. */
  kept: number;
  /** Drafts discarded after a refusal, older than 2 days: each has a notice. */
  discarded: DiscardNotice[];
  /** Signings refused: the drafts came back with their problems. */
  returned: SigningProblems[];
  /** Whether the sync stopped at a network failure. */
  offline: boolean;
  /** Forms the sync created: clientRecordId -> form id. */
  created: Record<string, number>;
}

/** What the sync needs besides the store and the sender. */
export interface SyncContext {
  store: CareFormsStore;
  sender: CareFormsSender;
  /** Runs `task` with no save of the caregiver in between (the box's lock). */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>;
  /** Keeps a form the server answered with (the detail cache). */
  saveDetail: (detail: CareFormDetail) => Promise<void>;
}

type Step = 'done' | 'kept' | 'offline';

/**
 * Sends every stored draft (see the module's rules).
 * @returns the counts and the discarded and returned drafts
 */
export async function syncDrafts(ctx: SyncContext): Promise<CareFormsSyncResult> {
  const result: CareFormsSyncResult = { sent: 0, signed: 0, kept: 0, discarded: [], returned: [], offline: false, created: {} };
  const [creates, edits] = await Promise.all([
    ctx.store.list<CreateDraft>(CREATE_PREFIX),
    ctx.store.list<EditDraft>(EDIT_PREFIX),
  ]);
  const queue = syncOrder(
    creates.map((e) => e.value),
    edits.map((e) => e.value),
  );
  for (const [i, draft] of queue.entries()) {
    const step = draft.kind === 'create' ? await syncCreate(ctx, draft, result) : await syncEdit(ctx, draft, result);
    if (step === 'offline') {
      result.offline = true;
      result.kept += queue.length - i;
      break;
    }
    if (step === 'kept') result.kept++;
  }
  return result;
}

/** Runs a call; @returns its value, or the error. */
async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error };
  }
}

async function syncCreate(ctx: SyncContext, draft: CreateDraft, result: CareFormsSyncResult): Promise<Step> {
  const sent = await attempt(() =>
    ctx.sender.create({
      clientId: draft.clientId,
      typeId: draft.typeId,
      shiftId: draft.shiftId,
      items: draft.field_data,
      clientRecordId: draft.clientRecordId,
    }),
  );
  if (!sent.ok) return refused(ctx, { kind: 'create', ...draft }, sent.error, result);
  const form = sent.value;
  await ctx.saveDetail(form);
  result.sent++;
  result.created[draft.clientRecordId] = form.id;
  const next = await ctx.exclusive(async () => {
    await ctx.store.set(createdKey(draft.clientRecordId), { formId: form.id, at: new Date(ctx.sender.now()).toISOString() });
    const current = await ctx.store.get<CreateDraft>(createKey(draft.clientRecordId));
    await ctx.store.delete(createKey(draft.clientRecordId));
    if (!current) return null;
    const unchanged = current.modifiedAt === draft.modifiedAt;
    // Unchanged and nothing to sign: the server holds it all. Otherwise what is left goes on as an edit of the form.
    if (unchanged && !current.completion) return null;
    const edit: EditDraft = {
      formId: form.id,
      field_data: current.field_data,
      modifiedAt: current.modifiedAt,
      label: current.label,
      completion: current.completion,
      refusal: null,
    };
    await ctx.store.set(editKey(form.id), edit);
    return unchanged ? edit : null;
  });
  // A signing queued with the answers just created goes now; typing during the upload waits for the next sync.
  if (next) return syncEdit(ctx, next, result);
  return 'done';
}

async function syncEdit(ctx: SyncContext, draft: EditDraft, result: CareFormsSyncResult): Promise<Step> {
  if (draft.completion) return syncSigning(ctx, draft, result);
  const sent = await attempt(() => ctx.sender.save({ id: draft.formId, items: draft.field_data }));
  if (!sent.ok) return refused(ctx, { kind: 'edit', ...draft }, sent.error, result);
  await ctx.saveDetail(sent.value);
  result.sent++;
  const removed = await removeEditIfUnchanged(ctx, draft);
  return removed ? 'done' : 'kept';
}

/** Removes an edit draft if it is still the version sent. @returns whether it was removed */
function removeEditIfUnchanged(ctx: SyncContext, draft: EditDraft): Promise<boolean> {
  return ctx.exclusive(async () => {
    const current = await ctx.store.get<EditDraft>(editKey(draft.formId));
    if (current && current.modifiedAt !== draft.modifiedAt) return false;
    await ctx.store.delete(editKey(draft.formId));
    return true;
  });
}

async function syncSigning(ctx: SyncContext, draft: EditDraft, result: CareFormsSyncResult): Promise<Step> {
  const completion = draft.completion!;
  const signed = await attempt(() =>
    ctx.sender.complete({ id: draft.formId, items: draft.field_data, signature: completion.signature }),
  );
  if (signed.ok) {
    await ctx.saveDetail(signed.value);
    await ctx.store.delete(problemsKey(draft.formId));
    result.signed++;
    return (await removeEditIfUnchanged(ctx, draft)) ? 'done' : 'kept';
  }
  if (ctx.sender.outcome(signed.error) === 'keep') return 'offline';
  // Refused: the signing comes back to the caregiver with the problems, the answers go on as a draft in progress.
  const problems: SigningProblems = {
    formId: draft.formId,
    message: ctx.sender.reasonOf(signed.error),
    problems: ctx.sender.problemsOf(signed.error),
    at: new Date(ctx.sender.now()).toISOString(),
  };
  await ctx.store.set(problemsKey(draft.formId), problems);
  result.returned.push(problems);
  const back = await ctx.exclusive(async () => {
    const current = await ctx.store.get<EditDraft>(editKey(draft.formId));
    if (!current) return null;
    const unsigned: EditDraft = { ...current, completion: null };
    await ctx.store.set(editKey(draft.formId), unsigned);
    return current.modifiedAt === draft.modifiedAt ? unsigned : null;
  });
  return back ? syncEdit(ctx, back, result) : 'kept';
}

/**
 * A failed upload of a draft: a network failure keeps it and ends the sync; any other keeps it with the reason while
 * it is younger than 2 days, and discards it with a notice once older.
 */
async function refused(ctx: SyncContext, draft: AnyDraft, error: unknown, result: CareFormsSyncResult): Promise<Step> {
  if (ctx.sender.outcome(error) === 'keep') return 'offline';
  const message = ctx.sender.reasonOf(error);
  const now = ctx.sender.now();
  const at = new Date(now).toISOString();
  const key = draft.kind === 'create' ? createKey(draft.clientRecordId) : editKey(draft.formId);
  return ctx.exclusive(async () => {
    const current = await ctx.store.get<CreateDraft | EditDraft>(key);
    if (!current) return 'done';
    if (current.modifiedAt !== draft.modifiedAt || !isExpiredDraft(current.modifiedAt, now)) {
      await ctx.store.set(key, { ...current, refusal: { message, at } });
      return 'kept';
    }
    const notice: DiscardNotice = { id: `${key}@${at}`, at, label: current.label, message };
    await ctx.store.set(noticeKey(notice.id), notice);
    await ctx.store.delete(key);
    result.discarded.push(notice);
    return 'done';
  });
}
