/**
 * The phone's care forms offline box (issue 23 item 3; spec sections 3, 4 and 9): the drafts the caregiver saves
 * (create drafts, edit drafts), the cache for reading offline (the 50 newest details, the lists, the types' blank
 * PDFs), the notices of discarded drafts, and the sync (care-forms-offline.sync.ts), over one key-value store of JSON
 * values. In the app the store is the caregiver app's encrypted cache, handed in by the /app/care-forms routes
 * (features do not import each other); tests use a store in memory.
 *
 * Every write of a draft and every removal by the sync go through one lock, so a save never falls between the sync's
 * read of a draft and its removal. The drafts, notices and signing problems are published to React through a
 * snapshot (useSyncExternalStore), re-read after every change this box makes.
 */
import type { CareFormDetail, CareFormSummary, StartableCareFormType } from '@hearth/shared/care-forms/care-forms.schema';
import { i18n } from '@/i18n/i18n.setup';
import {
  CREATE_PREFIX,
  createdKey,
  createKey,
  DETAILS_INDEX_KEY,
  detailKey,
  EDIT_PREFIX,
  editKey,
  indexAfterCaching,
  MINE_KEY,
  NOTICE_PREFIX,
  noticeKey,
  PROBLEMS_PREFIX,
  problemsKey,
  STARTABLE_KEY,
  syncOrder,
  TYPE_PDF_CACHE_SIZE,
  TYPE_PDFS_INDEX_KEY,
  typePdfKey,
  type AnyDraft,
  type CachedDetail,
  type CachedTypePdf,
  type CreateDraft,
  type DiscardNotice,
  type DraftLabel,
  type EditDraft,
  type IndexRow,
  type QuestionnaireResponseItem,
  type SigningProblems,
} from './care-forms-offline.records';
import { syncDrafts, type CareFormsSender, type CareFormsStore, type CareFormsSyncResult } from './care-forms-offline.sync';

/** Which draft: a form started on the phone (by its clientRecordId) or a form the server holds (by its id). */
export type DraftTarget = { clientRecordId: string } | { formId: number; label: DraftLabel };

/** What React reads: the drafts in sync order, the notices newest first, the signing problems by form id. */
export interface CareFormsSnapshot {
  drafts: AnyDraft[];
  notices: DiscardNotice[];
  problems: Record<number, SigningProblems>;
  syncing: boolean;
}

/** A sync that did not run because one was already running (spec section 4). */
export interface SyncSkipped {
  skipped: true;
  /** "Sync already in progress", in the caregiver's language. */
  message: string;
}

/** The care forms offline box over one store. */
export class CareFormsOfflineBox {
  private snapshot: CareFormsSnapshot = { drafts: [], notices: [], problems: {}, syncing: false };
  private readonly listeners = new Set<() => void>();
  private running: Promise<CareFormsSyncResult> | null = null;
  private lock: Promise<unknown> = Promise.resolve();
  private lastStamp = 0;

  constructor(
    private readonly store: CareFormsStore,
    private readonly sender: CareFormsSender,
  ) {}

  /** The last snapshot (for useSyncExternalStore). */
  readonly read = (): CareFormsSnapshot => this.snapshot;

  /** Adds a listener of changes. @returns its removal */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Runs `task` alone among the box's draft writes (the sync's removals included). */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.lock.then(task, task);
    this.lock = next.catch(() => undefined);
    return next;
  }

  /** Now as ISO 8601, strictly later than any stamp this box gave before (two saves never share a modifiedAt). */
  private stamp(): string {
    this.lastStamp = Math.max(this.sender.now(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }

  /** Re-reads drafts, notices and problems and tells the listeners. @returns the new snapshot */
  async refresh(): Promise<CareFormsSnapshot> {
    const [creates, edits, notices, problems] = await Promise.all([
      this.store.list<CreateDraft>(CREATE_PREFIX),
      this.store.list<EditDraft>(EDIT_PREFIX),
      this.store.list<DiscardNotice>(NOTICE_PREFIX),
      this.store.list<SigningProblems>(PROBLEMS_PREFIX),
    ]);
    this.snapshot = {
      drafts: syncOrder(
        creates.map((e) => e.value),
        edits.map((e) => e.value),
      ),
      notices: notices.map((e) => e.value).sort((a, b) => b.at.localeCompare(a.at)),
      problems: Object.fromEntries(problems.map((e) => [e.value.formId, e.value])),
      syncing: this.running !== null,
    };
    for (const listener of this.listeners) listener();
    return this.snapshot;
  }

  /**
   * Starts a form on the phone (a create draft with a new clientRecordId), online or not: sent by the next sync.
   * @param input the type (with its definition), the client and the visit
   * @returns the draft
   */
  async startDraft(input: {
    type: StartableCareFormType;
    clientId: number;
    clientName: string;
    shiftId: number | null;
    shiftStart: string | null;
  }): Promise<CreateDraft> {
    const now = this.stamp();
    const draft: CreateDraft = {
      clientRecordId: crypto.randomUUID(),
      clientId: input.clientId,
      typeId: input.type.id,
      shiftId: input.shiftId,
      field_data: [],
      createdAt: now,
      modifiedAt: now,
      type: input.type,
      label: { typeName: input.type.name, clientName: input.clientName, shiftStart: input.shiftStart },
      completion: null,
      refusal: null,
    };
    await this.exclusive(() => this.store.set(createKey(draft.clientRecordId), draft));
    await this.refresh();
    return draft;
  }

  /** The form a create draft became, once the sync created it. @returns its id, or undefined */
  async createdFormId(clientRecordId: string): Promise<number | undefined> {
    return (await this.store.get<{ formId: number }>(createdKey(clientRecordId)))?.formId;
  }

  /** The stored draft of a target (a created one's edit draft for a clientRecordId the sync created), or undefined. */
  async draftOf(target: DraftTarget): Promise<AnyDraft | undefined> {
    if ('clientRecordId' in target) {
      const create = await this.store.get<CreateDraft>(createKey(target.clientRecordId));
      if (create) return { kind: 'create', ...create };
      const formId = await this.createdFormId(target.clientRecordId);
      if (formId === undefined) return undefined;
      const edit = await this.store.get<EditDraft>(editKey(formId));
      return edit && { kind: 'edit', ...edit };
    }
    const edit = await this.store.get<EditDraft>(editKey(target.formId));
    return edit && { kind: 'edit', ...edit };
  }

  /**
   * Saves the caregiver's answers as a draft (spec "edit drafts with field_data"), stamped now: into the create draft
   * while the server has not got the form, else into the form's edit draft (a create draft the sync created: its
   * form). A signing queued before is kept only with `completion`.
   * @returns the stored draft
   * @throws Error when the target is a create draft neither stored nor created (discarded meanwhile)
   */
  async saveAnswers(
    target: DraftTarget,
    fieldData: QuestionnaireResponseItem[],
    completion: AnyDraft['completion'] = null,
  ): Promise<AnyDraft> {
    const saved = await this.exclusive(async (): Promise<AnyDraft> => {
      const modifiedAt = this.stamp();
      if ('clientRecordId' in target) {
        const create = await this.store.get<CreateDraft>(createKey(target.clientRecordId));
        if (create) {
          const next: CreateDraft = { ...create, field_data: fieldData, modifiedAt, completion };
          await this.store.set(createKey(target.clientRecordId), next);
          return { kind: 'create', ...next };
        }
      }
      const formId = 'formId' in target ? target.formId : await this.createdFormId(target.clientRecordId);
      if (formId === undefined) throw new Error(i18n.t('careFormsPhone:draft.gone'));
      const stored = await this.store.get<EditDraft>(editKey(formId));
      const label = 'label' in target ? target.label : stored?.label;
      const next: EditDraft = {
        formId,
        field_data: fieldData,
        modifiedAt,
        label: label ?? { typeName: '', clientName: '', shiftStart: null },
        completion,
        refusal: stored?.refusal ?? null,
      };
      await this.store.set(editKey(formId), next);
      return { kind: 'edit', ...next };
    });
    await this.refresh();
    return saved;
  }

  /** Signs offline: the answers and the signature (PNG data URL) wait together; the sync completes the form. */
  signOffline(target: DraftTarget, fieldData: QuestionnaireResponseItem[], signature: string): Promise<AnyDraft> {
    return this.saveAnswers(target, fieldData, { signature, signedAt: new Date(this.sender.now()).toISOString() });
  }

  /** Removes a draft the caregiver chose to throw away (their own act: no notice). */
  async discardDraft(draft: AnyDraft): Promise<void> {
    const key = draft.kind === 'create' ? createKey(draft.clientRecordId) : editKey(draft.formId);
    await this.exclusive(() => this.store.delete(key));
    await this.refresh();
  }

  /** Removes a notice the caregiver has read. */
  async dismissNotice(id: string): Promise<void> {
    await this.store.delete(noticeKey(id));
    await this.refresh();
  }

  /** Removes the signing problems of a form once shown and acted on (signed again, or dismissed). */
  async clearProblems(formId: number): Promise<void> {
    await this.store.delete(problemsKey(formId));
    await this.refresh();
  }

  /**
   * Sends every draft (care-forms-offline.sync.ts), then re-reads the snapshot. A sync already running is skipped.
   * @returns what the sync did, or {skipped, message: "Sync already in progress"}
   */
  async sync(): Promise<CareFormsSyncResult | SyncSkipped> {
    if (this.running) return { skipped: true, message: i18n.t('careFormsPhone:sync.alreadyRunning') };
    this.running = syncDrafts({
      store: this.store,
      sender: this.sender,
      exclusive: (task) => this.exclusive(task),
      saveDetail: (detail) => this.saveDetail(detail),
    });
    this.snapshot = { ...this.snapshot, syncing: true };
    for (const listener of this.listeners) listener();
    try {
      return await this.running;
    } finally {
      this.running = null;
      await this.refresh().catch(() => undefined);
    }
  }

  /** Resolves once no sync runs. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Form ids whose cached detail must stay: an edit draft or signing problems still need it. */
  private async pinnedForms(): Promise<Set<number>> {
    const [edits, problems] = await Promise.all([
      this.store.list<EditDraft>(EDIT_PREFIX),
      this.store.list<SigningProblems>(PROBLEMS_PREFIX),
    ]);
    return new Set([...edits.map((e) => e.value.formId), ...problems.map((e) => e.value.formId)]);
  }

  /**
   * Keeps a form's detail for reading offline (spec section 9: the CARE_FORM_DETAIL_CACHE_SIZE newest; older ones
   * deleted unless a draft or signing problems of theirs are stored).
   */
  async saveDetail(detail: CareFormDetail): Promise<void> {
    const cachedAt = this.stamp();
    await this.store.set(detailKey(detail.id), { detail, cachedAt } satisfies CachedDetail);
    const index = (await this.store.get<IndexRow[]>(DETAILS_INDEX_KEY)) ?? [];
    const { keep, evict } = indexAfterCaching(index, { id: detail.id, cachedAt }, undefined, await this.pinnedForms());
    await this.store.set(DETAILS_INDEX_KEY, keep);
    for (const id of evict) await this.store.delete(detailKey(id));
  }

  /** A form's detail as last cached, or undefined. */
  async readDetail(formId: number): Promise<CareFormDetail | undefined> {
    return (await this.store.get<CachedDetail>(detailKey(formId)))?.detail;
  }

  /** Keeps careForms.mine's answer for the Forms list offline. */
  saveMine(forms: CareFormSummary[]): Promise<void> {
    return this.store.set(MINE_KEY, forms);
  }

  /** careForms.mine as last fetched (empty when never). */
  async readMine(): Promise<CareFormSummary[]> {
    return (await this.store.get<CareFormSummary[]>(MINE_KEY)) ?? [];
  }

  /** Keeps careForms.startable's answer (with definitions) so forms can be started offline. */
  saveStartable(types: StartableCareFormType[]): Promise<void> {
    return this.store.set(STARTABLE_KEY, types);
  }

  /** careForms.startable as last fetched (empty when never). */
  async readStartable(): Promise<StartableCareFormType[]> {
    return (await this.store.get<StartableCareFormType[]>(STARTABLE_KEY)) ?? [];
  }

  /** Keeps a type's blank PDF (careFormTypes.pdf) for offline viewing; the TYPE_PDF_CACHE_SIZE newest are kept. */
  async saveTypePdf(typeId: number, file: { fileName: string; base64: string }): Promise<void> {
    const cachedAt = this.stamp();
    await this.store.set(typePdfKey(typeId), {
      typeId,
      fileName: file.fileName,
      base64: file.base64,
      cachedAt,
    } satisfies CachedTypePdf);
    const index = (await this.store.get<IndexRow[]>(TYPE_PDFS_INDEX_KEY)) ?? [];
    const { keep, evict } = indexAfterCaching(index, { id: typeId, cachedAt }, TYPE_PDF_CACHE_SIZE);
    await this.store.set(TYPE_PDFS_INDEX_KEY, keep);
    for (const id of evict) await this.store.delete(typePdfKey(id));
  }

  /** A type's blank PDF as cached, or undefined. */
  readTypePdf(typeId: number): Promise<CachedTypePdf | undefined> {
    return this.store.get<CachedTypePdf>(typePdfKey(typeId));
  }
}

/** A store kept in memory (values copied through JSON, as a real store would): tests, and a page with no cache. */
export function memoryStore(): CareFormsStore {
  const entries = new Map<string, string>();
  return {
    get: <T>(key: string) => Promise.resolve(entries.has(key) ? (JSON.parse(entries.get(key)!) as T) : undefined),
    set: (key, value) => {
      entries.set(key, JSON.stringify(value));
      return Promise.resolve();
    },
    delete: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    list: <T>(prefix: string) =>
      Promise.resolve(
        [...entries].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => ({ key, value: JSON.parse(value) as T })),
      ),
  };
}
