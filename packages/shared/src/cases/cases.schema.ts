import { z } from 'zod';
import { ZId, zText } from '../app/input-rules';
import { ZAttachmentValue } from '../care-forms/questionnaire.schema';
import { ZCareFormStatus } from '../care-forms/care-forms.schema';
import { ZRecordFileFacts } from '../files/files.schema';
import { ZTimestamp } from '../shifts/shifts.schema';
import {
  CASE_COMMENT_MAX,
  CASE_DEADLINE_MAX_HOURS,
  CASE_DESCRIPTION_MAX,
  CASE_MAX_CAREGIVERS,
  CASE_PRIORITIES,
  CASE_REASON_MAX,
  CASE_REPORT_MAX_PHOTOS,
  CASE_STATUSES,
  CASE_TITLE_MAX,
  CASE_TYPE_MAX_MODULES,
  CASE_TYPE_NAME_MAX,
  CASE_TYPE_STATUSES,
} from './cases.constants';

/*
 * Inputs and outputs of cases, case types and case admins (issue 24; spec /cases, /cases/{id}/pdf, /admin/cases;
 * payloads "not shown", so the issue decides them). Statuses follow FHIR Task; a case module is a care form.
 */

export const ZCaseStatus = z.enum(CASE_STATUSES);
export const ZCasePriority = z.enum(CASE_PRIORITIES, { message: 'Pick a priority: routine, urgent, asap or stat' });
export const ZCaseTypeStatus = z.enum(CASE_TYPE_STATUSES);

const ZTitle = zText().trim().min(1, 'Give the case a short title').max(CASE_TITLE_MAX, `At most ${CASE_TITLE_MAX} characters`);
const ZDescription = zText().trim().max(CASE_DESCRIPTION_MAX, `At most ${CASE_DESCRIPTION_MAX} characters`);
const ZReason = zText().trim().min(1, 'Give a reason').max(CASE_REASON_MAX, `At most ${CASE_REASON_MAX} characters`);
const ZCaregiverIds = z.array(ZId).max(CASE_MAX_CAREGIVERS, `At most ${CASE_MAX_CAREGIVERS} caregivers`);

/** The id a phone gives a report it makes offline, so a replay never opens it twice (a UUID). */
export const ZCaseClientRecordId = z.uuid({ message: 'Give the report a UUID as its clientRecordId' });

/** Input of cases.report: a new case from the office or the field (a caregiver, during or after a visit). */
export const ZReportCaseInput = z
  .object({
    caseTypeId: ZId,
    clientId: ZId,
    shiftId: ZId.nullish(),
    caregiverIds: ZCaregiverIds.optional(),
    title: ZTitle,
    description: ZDescription.default(''),
    /** When it happened (UTC, ISO 8601), at most a little in the future of the server's clock. */
    occurredAt: ZTimestamp,
    priority: ZCasePriority.optional(),
    photos: z.array(ZAttachmentValue).max(CASE_REPORT_MAX_PHOTOS, `At most ${CASE_REPORT_MAX_PHOTOS} photos`).optional(),
    /** Saved as a draft (office only): not yet routed to the case admins. */
    draft: z.boolean().optional(),
    clientRecordId: ZCaseClientRecordId.optional(),
  })
  .strict();
export type ReportCaseInput = z.infer<typeof ZReportCaseInput>;

/** Input of cases.update: the fields the office changes while working a case. */
export const ZUpdateCaseInput = z
  .object({
    id: ZId,
    title: ZTitle.optional(),
    description: ZDescription.optional(),
    priority: ZCasePriority.optional(),
    assigneeUserId: ZId.nullish(),
    caregiverIds: ZCaregiverIds.optional(),
    shiftId: ZId.nullish(),
  })
  .strict();
export type UpdateCaseInput = z.infer<typeof ZUpdateCaseInput>;

/** Input of cases.transition: a move to another status, with a reason when cancelling or reopening. */
export const ZCaseTransitionInput = z.object({ id: ZId, to: ZCaseStatus, reason: ZReason.optional() }).strict();
export type CaseTransitionInput = z.infer<typeof ZCaseTransitionInput>;

/** Input of cases.markStateReported: the report to the state was made (when, and a note such as its number). */
export const ZMarkStateReportedInput = z
  .object({ id: ZId, reportedAt: ZTimestamp.optional(), note: zText().trim().max(CASE_REASON_MAX).optional() })
  .strict();

/** Input of cases.addComment. */
export const ZAddCaseCommentInput = z
  .object({
    id: ZId,
    body: zText().trim().min(1, 'Write a comment').max(CASE_COMMENT_MAX, `At most ${CASE_COMMENT_MAX} characters`),
  })
  .strict();

/** Input of cases.startModule: fill one of the type's modules as a care form of the case's client. */
export const ZStartCaseModuleInput = z.object({ id: ZId, caseTypeModuleId: ZId }).strict();

/** Input of cases.createAttachment: an office upload's facts (then PUT to the returned url). */
export const ZCreateCaseAttachmentInput = z.object({ id: ZId, file: ZRecordFileFacts }).strict();

/** Input of cases.attachmentLink. */
export const ZCaseAttachmentInput = z.object({ id: ZId, attachmentId: ZId }).strict();

const ZPerson = z.object({ userId: ZId, name: z.string() });

/** A deadline of a case: when it is due, when it was met, whether it is overdue now. */
export const ZCaseDeadlineState = z.object({
  dueAt: ZTimestamp.nullable(),
  metAt: ZTimestamp.nullable(),
  overdue: z.boolean(),
});

/** A case in a list (the phone's "my reports"). */
export const ZCaseSummary = z.object({
  id: ZId,
  number: z.number().int(),
  caseTypeId: ZId,
  typeName: z.string(),
  status: ZCaseStatus,
  priority: ZCasePriority,
  title: z.string(),
  clientId: ZId,
  clientName: z.string(),
  reportedAt: ZTimestamp,
  overdue: z.boolean(),
});
export type CaseSummary = z.infer<typeof ZCaseSummary>;

/** Output of cases.detail and of every case write. */
export const ZCaseDetail = ZCaseSummary.extend({
  branchId: ZId,
  description: z.string(),
  occurredAt: ZTimestamp,
  shiftId: ZId.nullable(),
  shiftStart: ZTimestamp.nullable(),
  caregivers: z.array(z.object({ caregiverId: ZId, name: z.string() })),
  reportedBy: ZPerson,
  assignee: ZPerson.nullable(),
  deadlines: z.object({ acknowledge: ZCaseDeadlineState, stateReport: ZCaseDeadlineState, resolve: ZCaseDeadlineState }),
  stateReportNote: z.string().nullable(),
  completedAt: ZTimestamp.nullable(),
  cancelledAt: ZTimestamp.nullable(),
  /** The reason of the last cancel or reopening. */
  lastReason: z.string().nullable(),
  modules: z.array(
    z.object({
      caseTypeModuleId: ZId,
      name: z.string(),
      required: z.boolean(),
      careFormId: ZId.nullable(),
      careFormStatus: ZCareFormStatus.nullable(),
    }),
  ),
  comments: z.array(z.object({ id: ZId, author: ZPerson, body: z.string(), createdAt: ZTimestamp })),
  attachments: z.array(
    z.object({ id: ZId, filename: z.string(), size: z.number().int(), contentType: z.string(), createdAt: ZTimestamp }),
  ),
  /** The statuses the caller may move the case to now. */
  allowedTransitions: z.array(ZCaseStatus),
  /** Whether the caller may work the case (change, comment, fill modules): false for the reporter on the phone. */
  canWork: z.boolean(),
});
export type CaseDetail = z.infer<typeof ZCaseDetail>;

/** An entry of a case's history (cases.history): who changed what, when. */
export const ZCaseHistoryEntry = z.object({
  at: ZTimestamp,
  who: z.string().nullable(),
  what: z.enum(['case', 'comment', 'module', 'attachment']),
  operation: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  /** Changed fields, old and new values as text (whitelisted fields only). */
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type CaseHistoryEntry = z.infer<typeof ZCaseHistoryEntry>;

/** A case's PDF (cases.pdf): base64 bytes. */
export const ZCasePdfFile = z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() });

const ZHours = z
  .number()
  .int('Whole hours')
  .min(1, 'At least 1 hour')
  .max(CASE_DEADLINE_MAX_HOURS, `At most ${CASE_DEADLINE_MAX_HOURS} hours`);

const CASE_TYPE_FIELDS = {
  name: zText().trim().min(1, 'Name the case type').max(CASE_TYPE_NAME_MAX, `At most ${CASE_TYPE_NAME_MAX} characters`),
  description: zText().trim().max(2000).default(''),
  defaultPriority: ZCasePriority.default('routine'),
  reportableByCaregivers: z.boolean().default(false),
  acknowledgeWithinHours: ZHours.nullable().default(null),
  stateReportWithinHours: ZHours.nullable().default(null),
  resolveWithinHours: ZHours.nullable().default(null),
};

/** Input of caseTypes.create. */
export const ZCreateCaseTypeInput = z.object(CASE_TYPE_FIELDS).strict();
export type CreateCaseTypeInput = z.infer<typeof ZCreateCaseTypeInput>;

/** Input of caseTypes.update: the fields to change, and the status. */
export const ZUpdateCaseTypeInput = z
  .object({
    id: ZId,
    name: CASE_TYPE_FIELDS.name.optional(),
    description: zText().trim().max(2000).optional(),
    defaultPriority: ZCasePriority.optional(),
    reportableByCaregivers: z.boolean().optional(),
    acknowledgeWithinHours: ZHours.nullish(),
    stateReportWithinHours: ZHours.nullish(),
    resolveWithinHours: ZHours.nullish(),
    status: ZCaseTypeStatus.optional(),
  })
  .strict();
export type UpdateCaseTypeInput = z.infer<typeof ZUpdateCaseTypeInput>;

/** Input of caseTypes.setModules: the type's modules in order (care form type lineages), replacing the list. */
export const ZSetCaseModulesInput = z
  .object({
    id: ZId,
    modules: z
      .array(z.object({ careFormTypeLineageId: ZId, required: z.boolean() }).strict())
      .max(CASE_TYPE_MAX_MODULES, `At most ${CASE_TYPE_MAX_MODULES} modules`),
  })
  .strict();

/** A case type with its modules (caseTypes.list, caseTypes.detail, cases.reportableTypes). */
export const ZCaseType = z.object({
  id: ZId,
  name: z.string(),
  code: z.string().nullable(),
  description: z.string(),
  defaultPriority: ZCasePriority,
  status: ZCaseTypeStatus,
  reportableByCaregivers: z.boolean(),
  acknowledgeWithinHours: z.number().int().nullable(),
  stateReportWithinHours: z.number().int().nullable(),
  resolveWithinHours: z.number().int().nullable(),
  modules: z.array(
    z.object({
      id: ZId,
      careFormTypeLineageId: ZId,
      name: z.string(),
      required: z.boolean(),
      position: z.number().int(),
    }),
  ),
});
export type CaseType = z.infer<typeof ZCaseType>;

/** Input of caseAdmins.list: narrowed to a type and/or a branch. */
export const ZListCaseAdminsInput = z.object({ caseTypeId: ZId.optional(), branchId: ZId.optional() }).strict();

/** Input of caseAdmins.set: who handles a type's cases in a branch (replacing the list). */
export const ZSetCaseAdminsInput = z
  .object({
    caseTypeId: ZId,
    branchId: ZId,
    admins: z
      .array(z.object({ userId: ZId, assignNew: z.boolean(), notify: z.boolean() }).strict())
      .max(50, 'At most 50 case admins per type and branch'),
  })
  .strict();

/** A case admin (caseAdmins.list). */
export const ZCaseAdmin = z.object({
  caseTypeId: ZId,
  branchId: ZId,
  userId: ZId,
  name: z.string(),
  assignNew: z.boolean(),
  notify: z.boolean(),
});
export type CaseAdmin = z.infer<typeof ZCaseAdmin>;

/**
 * Who may be assigned a case (cases.assignees): an active office user of the case's company who reaches the case's
 * branch and whose role holds the case actions (CASE_ASSIGNEE_ACTIONS).
 */
export const ZCaseAssignee = z.object({ userId: ZId, name: z.string() });
export type CaseAssignee = z.infer<typeof ZCaseAssignee>;
