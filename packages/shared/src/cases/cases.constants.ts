/**
 * Statuses, priorities and limits of cases: incidents, complaints and changes of condition (issue 24; spec /cases,
 * /admin/cases, case types, case modules and case admins, whose lifecycle the spec leaves open).
 */

/** A case's status: FHIR R4 Task.status, the subset a case moves through (docs/decisions/0006). */
export const CASE_STATUSES = ['draft', 'requested', 'accepted', 'in-progress', 'completed', 'cancelled'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Statuses that close a case; leaving one is a reopening and needs a reason. */
export const CLOSED_CASE_STATUSES: readonly CaseStatus[] = ['completed', 'cancelled'];

/** A case's priority: FHIR R4 RequestPriority (Task.priority), least to most pressing. */
export const CASE_PRIORITIES = ['routine', 'urgent', 'asap', 'stat'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

/** A case type's status: retired types take no new cases. */
export const CASE_TYPE_STATUSES = ['active', 'retired'] as const;
export type CaseTypeStatus = (typeof CASE_TYPE_STATUSES)[number];

/** The deadlines a case type may set, in hours after the report. */
export const CASE_DEADLINES = ['acknowledge', 'stateReport', 'resolve'] as const;
export type CaseDeadline = (typeof CASE_DEADLINES)[number];

/** The longest deadline a type may set: one year, in hours. */
export const CASE_DEADLINE_MAX_HOURS = 8760;

/** How a case number is shown: CASE- and six digits ("CASE-000123"). */
export function caseNumberLabel(number: number): string {
  return `CASE-${String(number).padStart(6, '0')}`;
}

/** Photos a report from the field may carry inline, and the largest one in bytes (the phone downsizes first). */
export const CASE_REPORT_MAX_PHOTOS = 6;
export const CASE_PHOTO_MAX_BYTES = 1_500_000;

/** Text limits, in characters. */
export const CASE_TITLE_MAX = 200;
export const CASE_DESCRIPTION_MAX = 8000;
export const CASE_COMMENT_MAX = 4000;
export const CASE_REASON_MAX = 1000;
export const CASE_TYPE_NAME_MAX = 120;

/** Most caregivers a case names as involved, and most modules a type has. */
export const CASE_MAX_CAREGIVERS = 20;
export const CASE_TYPE_MAX_MODULES = 20;

/**
 * The actions a role must hold for its users to be assigned a case: moving it and changing it (issue 24 item 2,
 * "assignee"). An assignee who could not move the case would hold it without being able to close it.
 */
export const CASE_ASSIGNEE_ACTIONS = ['cases.transition', 'cases.update'] as const;
