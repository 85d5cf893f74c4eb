import type { CaseStatus } from './cases.constants';
import { isClosedCaseStatus } from './case-transitions';

/*
 * A case's deadlines and when they are overdue (issue 24 "due dates with overdue flags"; design: deadlines in hours
 * after the report, set by the case type). Deadlines are absolute hours on the UTC clock, so a report made the
 * evening before a daylight saving change is still due exactly N hours later, not N wall-clock hours.
 * The same overdue rule is written in SQL by the report view reportCasesOpen
 * (apps/server/src/features/reports/cases-open.view.ts); change both together.
 */

const HOUR_MS = 3_600_000;

/** A case type's deadlines in hours after the report, each null when the type sets none. */
export interface CaseTypeDeadlineHours {
  acknowledgeWithinHours: number | null;
  stateReportWithinHours: number | null;
  resolveWithinHours: number | null;
}

/** A case's due dates: ISO 8601 UTC timestamps, null when the type sets no such deadline. */
export interface CaseDueDates {
  acknowledgeDueAt: string | null;
  stateReportDueAt: string | null;
  resolveDueAt: string | null;
}

function plusHours(reportedAt: Date, hours: number | null): string | null {
  return hours === null ? null : new Date(reportedAt.getTime() + hours * HOUR_MS).toISOString();
}

/**
 * The due dates of a case reported at `reportedAt` (a Date or ISO 8601 timestamp) of a type with `type`'s deadlines:
 * each is reportedAt + that many hours (absolute, UTC), or null.
 * @throws RangeError when reportedAt is not a valid time.
 */
export function caseDueDates(reportedAt: Date | string, type: CaseTypeDeadlineHours): CaseDueDates {
  const at = new Date(reportedAt);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a time: ${String(reportedAt)}`);
  return {
    acknowledgeDueAt: plusHours(at, type.acknowledgeWithinHours),
    stateReportDueAt: plusHours(at, type.stateReportWithinHours),
    resolveDueAt: plusHours(at, type.resolveWithinHours),
  };
}

/** The facts of a case the deadlines depend on (timestamps as Date or ISO 8601 text; null when not set or not yet). */
export interface CaseDeadlineFacts {
  status: CaseStatus;
  acknowledgeDueAt: Date | string | null;
  stateReportDueAt: Date | string | null;
  resolveDueAt: Date | string | null;
  /** First move to accepted or in-progress. */
  acknowledgedAt: Date | string | null;
  /** The office marked the report to the state as made. */
  stateReportedAt: Date | string | null;
  completedAt: Date | string | null;
  cancelledAt: Date | string | null;
}

/** One deadline: when due, when met (null if not), and whether it is overdue now. ISO 8601 UTC texts. */
export interface DeadlineState {
  dueAt: string | null;
  metAt: string | null;
  overdue: boolean;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function state(dueAt: Date | string | null, metAt: Date | string | null, open: boolean, now: Date): DeadlineState {
  const due = iso(dueAt);
  const overdue = due !== null && metAt === null && open && now.getTime() > new Date(due).getTime();
  return { dueAt: due, metAt: iso(metAt), overdue };
}

/**
 * The three deadlines of a case at `now` (the caller's clock). The rule, also in reportCasesOpen's SQL:
 * - acknowledge: overdue when not acknowledged (acknowledgedAt null), the case is not closed, and now > due;
 * - stateReport: overdue when stateReportDueAt is set, stateReportedAt null, and now > due (closing the case does
 *   not excuse a report owed to the state);
 * - resolve: overdue when the case is not closed (completed or cancelled) and now > due. Met at completedAt.
 * A deadline with no due date is never overdue. A case reopened is open again, so its resolution may be overdue.
 */
export function deadlineStates(
  c: CaseDeadlineFacts,
  now: Date,
): { acknowledge: DeadlineState; stateReport: DeadlineState; resolve: DeadlineState } {
  const open = !isClosedCaseStatus(c.status);
  return {
    acknowledge: state(c.acknowledgeDueAt, c.acknowledgedAt, open, now),
    stateReport: state(c.stateReportDueAt, c.stateReportedAt, true, now),
    resolve: state(c.resolveDueAt, open ? null : c.status === 'completed' ? c.completedAt : null, open, now),
  };
}

/** Whether any deadline of the case is overdue at `now` (the `overdue` flag of lists and views). */
export function isOverdue(c: CaseDeadlineFacts, now: Date): boolean {
  const states = deadlineStates(c, now);
  return states.acknowledge.overdue || states.stateReport.overdue || states.resolve.overdue;
}
