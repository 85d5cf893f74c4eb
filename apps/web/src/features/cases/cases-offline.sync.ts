/**
 * The queue of incident reports made on the phone and its sync (issue 24 item 3), by the same offline rules as the care
 * form drafts (care-forms-offline.sync.ts; spec section 4 "Offline care forms"), one report at a time, oldest first:
 *
 * - reports are retried when online: every sync sends every report still stored (cases.report, idempotent on the
 *   report's clientRecordId, so a replay never opens a second case);
 * - a network failure (api/sync-outcome.ts 'keep': no response, a retryable code, or UNAUTHORIZED) keeps everything
 *   and ends the sync, so nothing overtakes what is waiting;
 * - any other failure: a report older than CASE_REPORT_MAX_AGE_DAYS (2 days since it was made) is discarded and a
 *   notice kept for the caregiver (never lost silently); a younger one is kept with the server's reason, retried;
 * - a report is removed after success;
 * - a sync asked while one runs is skipped (answered `{ skipped: true }`).
 */
import type { CaseDetail, CaseSummary, CaseType, ReportCaseInput } from '@hearth/shared/cases/cases.schema';
import type { SyncOutcome } from '@/api/sync-outcome';
import {
  MINE_KEY,
  NOTICE_PREFIX,
  REPORT_PREFIX,
  REPORTABLE_TYPES_KEY,
  isExpiredReport,
  noticeKey,
  reportKey,
  reportOrder,
  type QueuedReport,
  type ReportLabel,
  type ReportNotice,
} from './cases-offline.records';

/** A key-value store of JSON values: the shape of the caregiver app's encrypted cache (cacheGet, cacheSet, ...). */
export interface CasesStore {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  delete: (key: string) => Promise<void>;
  list: <T>(prefix: string) => Promise<{ key: string; value: T }[]>;
}

/** How the sync reaches the server and judges its answers. */
export interface CasesSender {
  /** cases.report (idempotent on clientRecordId) -> the case. */
  report: (input: ReportCaseInput) => Promise<CaseDetail>;
  /** api/sync-outcome.ts syncOutcome. */
  outcome: (error: unknown) => SyncOutcome;
  /** The server's words for a refusal. */
  reasonOf: (error: unknown) => string;
  /** Now, in milliseconds since the epoch. */
  now: () => number;
}

/** What one sync did. */
export interface CasesSyncResult {
  skipped: false;
  /** Reports the server accepted: clientRecordId -> case id. */
  sent: Record<string, number>;
  /** Reports still waiting: network gone (the sync stopped there), or refused and young enough to retry. */
  kept: number;
  /** Reports discarded after a refusal, older than 2 days: each has a notice. */
  discarded: ReportNotice[];
  /** Whether the sync stopped at a network failure. */
  offline: boolean;
}

/** A sync that did not run because one was already running. */
export interface CasesSyncSkipped {
  skipped: true;
}

/** What the phone's pages read: the queued reports oldest first, the notices newest first. */
export interface CasesOfflineSnapshot {
  queued: QueuedReport[];
  notices: ReportNotice[];
  syncing: boolean;
}

/** The offline queue of incident reports over one store, with its sync. */
export class CasesOfflineBox {
  private snapshot: CasesOfflineSnapshot = { queued: [], notices: [], syncing: false };
  private readonly listeners = new Set<() => void>();
  private running = false;

  constructor(
    private readonly store: CasesStore,
    private readonly sender: CasesSender,
  ) {}

  /** Subscribes to snapshot changes (useSyncExternalStore). @returns the unsubscribe function */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** @returns the last snapshot read (refresh reads the store again) */
  getSnapshot = (): CasesOfflineSnapshot => this.snapshot;

  /** Reads the queued reports and the notices from the store. @returns the new snapshot */
  async refresh(): Promise<CasesOfflineSnapshot> {
    const [reports, notices] = await Promise.all([
      this.store.list<QueuedReport>(REPORT_PREFIX),
      this.store.list<ReportNotice>(NOTICE_PREFIX),
    ]);
    this.snapshot = {
      queued: reportOrder(reports.map((e) => e.value)),
      notices: notices.map((e) => e.value).sort((a, b) => b.at.localeCompare(a.at)),
      syncing: this.running,
    };
    this.listeners.forEach((listener) => listener());
    return this.snapshot;
  }

  /**
   * Queues a report at once (online or not) with a new clientRecordId; the next sync sends it.
   * @param input cases.report's input without clientRecordId; @param label the type and client names for the lists
   * @returns the queued report
   */
  async queue(input: Omit<ReportCaseInput, 'clientRecordId'>, label: ReportLabel): Promise<QueuedReport> {
    const clientRecordId = crypto.randomUUID();
    const report: QueuedReport = {
      clientRecordId,
      input: { ...input, clientRecordId },
      label,
      createdAt: new Date(this.sender.now()).toISOString(),
      refusal: null,
    };
    await this.store.set(reportKey(clientRecordId), report);
    await this.refresh();
    return report;
  }

  /** Forgets a notice the caregiver has read. */
  async dismissNotice(id: string): Promise<void> {
    await this.store.delete(noticeKey(id));
    await this.refresh();
  }

  /** Keeps the reportable types last fetched, for offline. */
  saveTypes = (types: CaseType[]) => this.store.set(REPORTABLE_TYPES_KEY, types);
  /** @returns the reportable types last fetched, or undefined */
  readTypes = () => this.store.get<CaseType[]>(REPORTABLE_TYPES_KEY);
  /** Keeps the caregiver's reports last fetched, for offline. */
  saveMine = (cases: CaseSummary[]) => this.store.set(MINE_KEY, cases);
  /** @returns the caregiver's reports last fetched, or undefined */
  readMine = () => this.store.get<CaseSummary[]>(MINE_KEY);

  /** Sends every queued report by the module's rules. @returns what it did, or skipped when a sync is running */
  async sync(): Promise<CasesSyncResult | CasesSyncSkipped> {
    if (this.running) return { skipped: true };
    this.running = true;
    try {
      await this.refresh();
      return await syncReports(this.store, this.sender);
    } finally {
      this.running = false;
      await this.refresh();
    }
  }
}

/**
 * Sends every queued report, oldest first (see the module's rules).
 * @returns the reports sent, kept and discarded
 */
export async function syncReports(store: CasesStore, sender: CasesSender): Promise<CasesSyncResult> {
  const result: CasesSyncResult = { skipped: false, sent: {}, kept: 0, discarded: [], offline: false };
  const queue = reportOrder((await store.list<QueuedReport>(REPORT_PREFIX)).map((e) => e.value));
  for (const [i, report] of queue.entries()) {
    try {
      const detail = await sender.report(report.input);
      await store.delete(reportKey(report.clientRecordId));
      result.sent[report.clientRecordId] = detail.id;
    } catch (error) {
      if (sender.outcome(error) === 'keep') {
        result.offline = true;
        result.kept += queue.length - i;
        break;
      }
      await refused(store, sender, report, error, result);
    }
  }
  return result;
}

async function refused(store: CasesStore, sender: CasesSender, report: QueuedReport, error: unknown, result: CasesSyncResult) {
  const message = sender.reasonOf(error);
  const now = sender.now();
  const at = new Date(now).toISOString();
  if (!isExpiredReport(report.createdAt, now)) {
    await store.set(reportKey(report.clientRecordId), { ...report, refusal: { message, at } });
    result.kept++;
    return;
  }
  const notice: ReportNotice = {
    id: `${report.clientRecordId}@${at}`,
    at,
    title: report.input.title,
    label: report.label,
    message,
  };
  await store.set(noticeKey(notice.id), notice);
  await store.delete(reportKey(report.clientRecordId));
  result.discarded.push(notice);
}
