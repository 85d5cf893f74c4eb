import { englishOf } from '../i18n/english-messages';
import { CASE_STATUSES, CLOSED_CASE_STATUSES, type CaseStatus } from './cases.constants';

/*
 * The moves a case may make between statuses (issue 24 "transitions are checked (a closed case reopens only with a
 * reason)"; the spec leaves the lifecycle open). Statuses are FHIR R4 Task.status; the moves follow Task's state
 * machine narrowed to what an agency does with a case: a request is accepted or started, work ends completed or
 * cancelled, and a closed case is reopened (completed back to in-progress, cancelled back to requested).
 */

/** Every move a case may make, from each status (reasons and modules are checked by transitionProblem). */
const MOVES: Record<CaseStatus, readonly CaseStatus[]> = {
  draft: ['requested', 'cancelled'],
  requested: ['accepted', 'in-progress', 'cancelled'],
  accepted: ['in-progress', 'cancelled'],
  'in-progress': ['completed', 'cancelled'],
  completed: ['in-progress'],
  cancelled: ['requested'],
};

/** Whether a status closes the case (completed or cancelled). */
export function isClosedCaseStatus(status: CaseStatus): boolean {
  return CLOSED_CASE_STATUSES.includes(status);
}

/** Whether moving `from` -> `to` reopens a closed case (and so needs a reason). */
export function isReopening(from: CaseStatus, to: CaseStatus): boolean {
  return isClosedCaseStatus(from) && !isClosedCaseStatus(to) && MOVES[from].includes(to);
}

/** Whether moving to `to` needs a reason: cancelling, or reopening a closed case. */
export function transitionNeedsReason(from: CaseStatus, to: CaseStatus): boolean {
  return to === 'cancelled' || isReopening(from, to);
}

/** What a move would need that the caller may or may not have yet. */
export interface TransitionFacts {
  /** A non-blank reason is given (cancelling and reopening need one). */
  reason?: string | null;
  /** Every required module of the case is completed or amended (completing needs it). */
  requiredModulesDone: boolean;
}

/** A refused move: the `server` catalogue key of its message and the message in English. */
export interface TransitionProblem {
  key: string;
  values?: Record<string, string>;
  message: string;
}

function problem(key: string, values?: Record<string, string>): TransitionProblem {
  return { key, ...(values ? { values } : {}), message: englishOf(key, values) };
}

/**
 * Why a case may not move `from` -> `to`, or null when it may.
 * Input: the two statuses; `reason` (blank counts as none); `requiredModulesDone`.
 * Output: null, or {key, values?, message}: errors.caseTransitions.notAllowed "A case cannot go from X to Y" (also
 * for staying in the same status), reasonToCancel, reasonToReopen, or modulesRequired (completing with a required
 * module not completed). The server refuses with the English `message` (a value of server.json), worded again in the
 * reader's language.
 */
export function transitionProblem(from: CaseStatus, to: CaseStatus, facts: TransitionFacts): TransitionProblem | null {
  if (!MOVES[from].includes(to)) return problem('errors.caseTransitions.notAllowed', { from, to });
  const hasReason = Boolean(facts.reason?.trim());
  if (to === 'cancelled' && !hasReason) return problem('errors.caseTransitions.reasonToCancel');
  if (isReopening(from, to) && !hasReason) return problem('errors.caseTransitions.reasonToReopen');
  if (to === 'completed' && !facts.requiredModulesDone) return problem('errors.caseTransitions.modulesRequired');
  return null;
}

/**
 * The statuses a case may move to from `from`, in CASE_STATUSES order.
 * Input: `hasReason` (default true: the reason is asked for when the move is chosen, so moves needing one are
 * offered; pass false to list only the moves possible without one) and `requiredModulesDone` (completing is offered
 * only when true). Output: the statuses for which transitionProblem is null.
 */
export function allowedTransitions(from: CaseStatus, facts: { hasReason?: boolean; requiredModulesDone: boolean }): CaseStatus[] {
  const reason = facts.hasReason === false ? null : 'given';
  return CASE_STATUSES.filter(
    (to) => transitionProblem(from, to, { reason, requiredModulesDone: facts.requiredModulesDone }) === null,
  );
}
