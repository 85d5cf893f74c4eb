/**
 * Visit requests (issue 25 item 3): a client or trusted contact asks the office to cancel, move or add a visit; the
 * office approves (the change is applied to the schedule) or declines with a reason; the asker may withdraw it while
 * it waits.
 */

/** What a request asks: cancel one visit, move one visit to new times, or add a visit at given times. */
export const VISIT_REQUEST_KINDS = ['cancel', 'move', 'add'] as const;
export type VisitRequestKind = (typeof VISIT_REQUEST_KINDS)[number];

/** Where a request stands: waiting for the office, approved (applied), declined, or withdrawn by the family. */
export const VISIT_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type VisitRequestStatus = (typeof VISIT_REQUEST_STATUSES)[number];

/** The office's answer to a pending request. */
export const VISIT_REQUEST_DECISIONS = ['approve', 'decline'] as const;
export type VisitRequestDecision = (typeof VISIT_REQUEST_DECISIONS)[number];

/** The longest note a family writes with a request, and the longest reason the office gives. */
export const VISIT_REQUEST_NOTE_MAX = 1000;
export const VISIT_REQUEST_REASON_MAX = 500;

/** How far ahead a visit may be asked for: a year, the horizon the office plans schedules on. */
export const VISIT_REQUEST_MAX_DAYS_AHEAD = 366;

/**
 * Requests one client may have waiting at once: enough for a family reorganising a month, few enough that the
 * office's list cannot be flooded from one account.
 */
export const VISIT_REQUEST_MAX_PENDING = 30;

/** The longest list the office or the family reads in one call (newest decided first; every pending one). */
export const VISIT_REQUEST_LIST_MAX = 200;
