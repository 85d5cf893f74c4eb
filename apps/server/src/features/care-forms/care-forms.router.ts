import { z } from 'zod';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import {
  ZAmendCareFormInput,
  ZCareFormDetail,
  ZCareFormPdfFile,
  ZCareFormSummary,
  ZCareFormVersion,
  ZCareFormVersionInput,
  ZClientCareFormsInput,
  ZCompleteCareFormInput,
  ZCreateCareFormInput,
  ZSaveCareFormInput,
  ZStartableCareFormType,
} from '@hearth/shared/care-forms/care-forms.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as forms from './care-forms.service';
import { createForm } from './care-forms.create';

/**
 * Care forms under `careForms.*` (issue 23 item 2; spec careForms.create, careForms.saveInProgress,
 * careForms.detail): FHIR QuestionnaireResponses for a client. Every procedure is action-guarded; a form is found in
 * the caller's reach (the client's branch for staff, assigned to or started by them for a caregiver), so a form out
 * of reach is 404 like a missing one. Outputs are declared whitelists.
 */
export const careFormsRouter = router({
  /**
   * Starts a form {clientId, typeId, shiftId?, assigneeUserId?, items?, clientRecordId?} -> CareFormDetail, in
   * progress. The type must be active; a caregiver starts one only from their own visit and a caregiverMayStart type
   * (403 otherwise). A clientRecordId makes a replay answer the same form.
   */
  create: permissionProcedure
    .input(ZCreateCareFormInput)
    .output(ZCareFormDetail)
    .mutation(({ ctx, input }) => createForm({ scope: ctx.scope, input })),
  /** Saves the answers so far {id, items} -> CareFormDetail; 409 once signed. */
  saveInProgress: permissionProcedure
    .input(ZSaveCareFormInput)
    .output(ZCareFormDetail)
    .mutation(({ ctx, input }) => forms.saveInProgress({ scope: ctx.scope, input })),
  /**
   * Completes and signs {id, items, signature (PNG data URL)} -> CareFormDetail; 400 with the problems by linkId
   * when required answers are missing or an answer breaks the form's rules; 409 once signed.
   */
  complete: permissionProcedure
    .input(ZCompleteCareFormInput)
    .output(ZCareFormDetail)
    .mutation(({ ctx, input }) => forms.completeForm({ scope: ctx.scope, input })),
  /** Reopens a signed form as its next version {id, reason} -> CareFormDetail; the signed one is kept; 409 in progress. */
  amend: permissionProcedure
    .input(ZAmendCareFormInput)
    .output(ZCareFormDetail)
    .mutation(({ ctx, input }) => forms.amendForm({ scope: ctx.scope, input })),
  /** One form {id} -> CareFormDetail with its type's definition and earlier versions. */
  detail: permissionProcedure
    .input(ZIdInput)
    .output(ZCareFormDetail)
    .query(({ ctx, input }) => forms.getForm({ scope: ctx.scope, input })),
  /** A signed version of a form {id, version} -> CareFormVersion; 404 for a version never signed. */
  version: permissionProcedure
    .input(ZCareFormVersionInput)
    .output(ZCareFormVersion)
    .query(({ ctx, input }) => forms.getFormVersion({ scope: ctx.scope, input })),
  /** A client's forms {clientId} -> CareFormSummary[], newest change first; 404 for a client out of scope. */
  listForClient: permissionProcedure
    .input(ZClientCareFormsInput)
    .output(z.array(ZCareFormSummary))
    .query(({ ctx, input }) => forms.listForClient({ scope: ctx.scope, input })),
  /** The caller's forms (assigned to or started by them) -> CareFormSummary[], newest change first, at most 200. */
  mine: permissionProcedure.output(z.array(ZCareFormSummary)).query(({ ctx }) => forms.listMine({ scope: ctx.scope, input: {} })),
  /**
   * A form as a PDF {id} -> {fileName, contentType application/pdf, base64}: its answers, photos, signatures, who and
   * when, in the reader's language (care-forms.pdf.ts).
   */
  pdf: permissionProcedure
    .input(ZIdInput)
    .output(ZCareFormPdfFile)
    .query(({ ctx, input }) => forms.formPdf({ scope: ctx.scope, input, language: ctx.language })),
  /** Active types with caregiverMayStart, latest versions, with definitions -> StartableCareFormType[]. */
  startable: permissionProcedure
    .output(z.array(ZStartableCareFormType))
    .query(({ ctx }) => forms.listStartable({ scope: ctx.scope, input: {} })),
});
