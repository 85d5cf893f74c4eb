/**
 * The incident reports the phone keeps offline (issue 24 item 3: "a caregiver reports an incident from /app during or
 * after a visit, offline too, with photos"). They live in the caregiver app's encrypted key-value cache (one entry
 * each, the cache adds the user's prefix), like the care form drafts (care-forms-offline.records.ts):
 *
 * - `case-report:<clientRecordId>`: a report made on the phone, not yet accepted by the server (QueuedReport);
 * - `case-report-notice:<id>`: a report the sync discarded, kept until the caregiver has read it (never lost silently);
 * - `cases-reportable-types`, `cases-mine`: the lists last fetched (cases.reportableTypes, cases.mine), for offline.
 */
import type { ReportCaseInput } from '@hearth/shared/cases/cases.schema';

/** A refused report younger than this (since it was made) is kept and retried; older, it is discarded with a notice. */
export const CASE_REPORT_MAX_AGE_DAYS = 2;
const MAX_AGE_MS = CASE_REPORT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

export const REPORT_PREFIX = 'case-report:';
export const NOTICE_PREFIX = 'case-report-notice:';
export const REPORTABLE_TYPES_KEY = 'cases-reportable-types';
export const MINE_KEY = 'cases-mine';

/** What a queued report shows in lists while the server has not got it. */
export interface ReportLabel {
  typeName: string;
  clientName: string;
}

/** The last refusal of a report the sync kept (younger than CASE_REPORT_MAX_AGE_DAYS): shown, retried. */
export interface ReportRefusal {
  message: string;
  at: string;
}

/**
 * A report made on the phone: cases.report's input with its clientRecordId (the server opens the case once however
 * often it is sent) and its photos inline (base64, already downsized). Times are ISO 8601, UTC.
 */
export interface QueuedReport {
  clientRecordId: string;
  input: ReportCaseInput & { clientRecordId: string };
  label: ReportLabel;
  createdAt: string;
  refusal: ReportRefusal | null;
}

/** A report the sync discarded (refused and older than CASE_REPORT_MAX_AGE_DAYS): told to the caregiver. */
export interface ReportNotice {
  id: string;
  at: string;
  title: string;
  label: ReportLabel;
  message: string;
}

/** @returns the store key of a queued report */
export const reportKey = (clientRecordId: string) => `${REPORT_PREFIX}${clientRecordId}`;
/** @returns the store key of a discard notice */
export const noticeKey = (id: string) => `${NOTICE_PREFIX}${id}`;

/**
 * Whether a refused report is too old to keep: more than CASE_REPORT_MAX_AGE_DAYS since it was made.
 * @param createdAt ISO 8601; @param now milliseconds since the epoch
 */
export function isExpiredReport(createdAt: string, now: number): boolean {
  return now - Date.parse(createdAt) > MAX_AGE_MS;
}

/** @returns the reports oldest first (the order they were made, and so sent) */
export function reportOrder(reports: QueuedReport[]): QueuedReport[] {
  return [...reports].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.clientRecordId.localeCompare(b.clientRecordId));
}
