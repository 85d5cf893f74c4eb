import { z } from 'zod';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import { ZCreatedFileUpload, ZFileDownloadLink } from '@hearth/shared/files/files.schema';
import {
  ZAddCaseCommentInput,
  ZCaseAssignee,
  ZCaseAttachmentInput,
  ZCaseDetail,
  ZCaseHistoryEntry,
  ZCasePdfFile,
  ZCaseSummary,
  ZCaseTransitionInput,
  ZCaseType,
  ZCreateCaseAttachmentInput,
  ZMarkStateReportedInput,
  ZReportCaseInput,
  ZStartCaseModuleInput,
  ZUpdateCaseInput,
} from '@hearth/shared/cases/cases.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { listMine } from './cases.read';
import { reportCase } from './cases.report';
import { addComment, markStateReported, transitionCase, updateCase } from './cases.work';
import { startModule } from './cases.modules';
import { caseHistory } from './cases.history';
import { attachmentLink, createAttachment, readCase } from './cases.files';
import { listReportableTypes } from './case-types.service';
import { casePdf } from './cases.pdf';
import { listAssignees } from './cases.assignees';

/**
 * Cases under `cases.*` (issue 24; spec /cases, /cases/{id}/pdf): incidents, complaints and changes of condition.
 * Every procedure is action-guarded; a case is found in the caller's reach (its branch for staff, their own reports
 * for a caregiver), so a case out of reach is 404 like a missing one. Times are the request's clock
 * (ctx.receivedAt). Outputs are declared whitelists.
 */
export const casesRouter = router({
  /**
   * Reports a case {caseTypeId, clientId, shiftId?, caregiverIds?, title, description, occurredAt, priority?,
   * photos?, draft?, clientRecordId?} -> CaseDetail (cases.report.ts: routing to case admins, idempotent replay).
   */
  report: permissionProcedure
    .input(ZReportCaseInput)
    .output(ZCaseDetail)
    .mutation(({ ctx, input }) => reportCase({ scope: ctx.scope, storage: ctx.storage, now: ctx.receivedAt, input })),
  /**
   * One case {id} -> CaseDetail with deadlines and overdue flags at the request's time, and the caller's moves; an
   * office upload whose bytes arrived is listed from then on (cases.files.ts readCase).
   */
  detail: permissionProcedure
    .input(ZIdInput)
    .output(ZCaseDetail)
    .query(({ ctx, input }) => readCase({ scope: ctx.scope, storage: ctx.storage, input, now: ctx.receivedAt })),
  /**
   * Who may be assigned case {id} -> CaseAssignee[] {userId, name}: the active office users of its branch whose
   * role holds the case actions (cases.assignees.ts); 404 for a case out of reach.
   */
  assignees: permissionProcedure
    .input(ZIdInput)
    .output(z.array(ZCaseAssignee))
    .query(({ ctx, input }) => listAssignees({ scope: ctx.scope, input })),
  /** Changes title, description, priority, assignee, caregivers or visit -> CaseDetail. */
  update: permissionProcedure
    .input(ZUpdateCaseInput)
    .output(ZCaseDetail)
    .mutation(({ ctx, input }) => updateCase({ scope: ctx.scope, now: ctx.receivedAt, input })),
  /** Moves a case {id, to, reason?} -> CaseDetail; 400 with the catalogue message for a move the rules refuse. */
  transition: permissionProcedure
    .input(ZCaseTransitionInput)
    .output(ZCaseDetail)
    .mutation(({ ctx, input }) => transitionCase({ scope: ctx.scope, now: ctx.receivedAt, input })),
  /** Marks the report to the state made {id, reportedAt?, note?} -> CaseDetail. */
  markStateReported: permissionProcedure
    .input(ZMarkStateReportedInput)
    .output(ZCaseDetail)
    .mutation(({ ctx, input }) => markStateReported({ scope: ctx.scope, now: ctx.receivedAt, input })),
  /** Adds a comment {id, body} -> CaseDetail. */
  addComment: permissionProcedure
    .input(ZAddCaseCommentInput)
    .output(ZCaseDetail)
    .mutation(({ ctx, input }) => addComment({ scope: ctx.scope, now: ctx.receivedAt, input })),
  /** Starts (or answers the started) care form of a module {id, caseTypeModuleId} -> {careFormId}. */
  startModule: permissionProcedure
    .input(ZStartCaseModuleInput)
    .output(z.object({ careFormId: z.number().int() }))
    .mutation(({ ctx, input }) => startModule({ scope: ctx.scope, input })),
  /** A signed link to an attachment {id, attachmentId} -> {url, filename, contentType, expiresAt}. */
  attachmentLink: permissionProcedure
    .input(ZCaseAttachmentInput)
    .output(ZFileDownloadLink)
    .query(({ ctx, input }) => attachmentLink({ scope: ctx.scope, storage: ctx.storage, input })),
  /** Starts an office upload {id, file} -> {id, url (PUT the bytes), uploadUrlExpiresAt}. */
  createAttachment: permissionProcedure
    .input(ZCreateCaseAttachmentInput)
    .output(ZCreatedFileUpload.extend({ id: z.number().int() }))
    .mutation(({ ctx, input }) => createAttachment({ scope: ctx.scope, storage: ctx.storage, input })),
  /** The case's history {id} -> CaseHistoryEntry[] from the audit log, whitelisted fields only. */
  history: permissionProcedure
    .input(ZIdInput)
    .output(z.array(ZCaseHistoryEntry))
    .query(({ ctx, input }) => caseHistory({ scope: ctx.scope, input })),
  /**
   * The whole case file as a PDF {id} -> {fileName, contentType application/pdf, base64}: details, deadlines at the
   * request's time, photos, modules' answers, comments and history, in the reader's language (cases.pdf.ts).
   */
  pdf: permissionProcedure
    .input(ZIdInput)
    .output(ZCasePdfFile)
    .query(({ ctx, input }) =>
      casePdf({ scope: ctx.scope, input, language: ctx.language, storage: ctx.storage, now: ctx.receivedAt }),
    ),
  /** The types the phone offers (active, reportableByCaregivers) -> CaseType[]. */
  reportableTypes: permissionProcedure.output(z.array(ZCaseType)).query(({ ctx }) => listReportableTypes({ scope: ctx.scope })),
  /** The cases the caller reported, newest first -> CaseSummary[]. */
  mine: permissionProcedure.output(z.array(ZCaseSummary)).query(({ ctx }) => listMine(ctx.scope, ctx.receivedAt)),
});
