import { z } from 'zod';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import {
  ZBuiltInTypeSummary,
  ZCareFormPdfFile,
  ZCareFormTypeDetail,
  ZCareFormTypeSummary,
  ZCopyBuiltInTypeInput,
  ZCreateCareFormTypeInput,
  ZImportCareFormTypeInput,
  ZSetCareFormTypeStatusInput,
  ZUpdateCareFormTypeInput,
} from '@hearth/shared/care-forms/care-forms.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as types from './care-form-types.service';
import { careFormTypePdf } from './care-forms.pdf';

/**
 * Care form types under `careFormTypes.*` (issue 23 item 1): the company's FHIR R4 Questionnaires in versions, and
 * the shipped types to copy. Types are the caller's company's: another company's is 404. Editing a version used by a
 * form saves the next version. Outputs are declared whitelists.
 */
export const careFormTypesRouter = router({
  /** The company's types, the latest version of each, by name -> CareFormTypeSummary[]. */
  list: permissionProcedure
    .output(z.array(ZCareFormTypeSummary))
    .query(({ ctx }) => types.listTypes({ scope: ctx.scope, input: {} })),
  /** The shipped types an agency can copy -> {key, name, category, itemCount}[]. */
  builtIns: permissionProcedure.output(z.array(ZBuiltInTypeSummary)).query(() => types.listBuiltIns()),
  /** One type version {id} -> CareFormTypeDetail with its definition and its lineage's versions. */
  detail: permissionProcedure
    .input(ZIdInput)
    .output(ZCareFormTypeDetail)
    .query(({ ctx, input }) => types.getType({ scope: ctx.scope, input })),
  /**
   * A type's blank form as a PDF for paper back-up {id} -> {fileName, contentType application/pdf, base64}, in the
   * reader's language (care-forms.pdf.ts); the phone keeps it offline.
   */
  pdf: permissionProcedure
    .input(ZIdInput)
    .output(ZCareFormPdfFile)
    .query(({ ctx, input }) => careFormTypePdf({ scope: ctx.scope, input, language: ctx.language })),
  /** Creates a draft type {name, category, caregiverMayStart, definition?} -> CareFormTypeDetail; 400 with problems. */
  create: permissionProcedure
    .input(ZCreateCareFormTypeInput)
    .output(ZCareFormTypeDetail)
    .mutation(({ ctx, input }) => types.createType({ scope: ctx.scope, input })),
  /**
   * Edits a type {id, name?, category?, caregiverMayStart?, definition?} -> CareFormTypeDetail: in place while no form
   * uses it, else as the lineage's next version (answered).
   */
  update: permissionProcedure
    .input(ZUpdateCareFormTypeInput)
    .output(ZCareFormTypeDetail)
    .mutation(({ ctx, input }) => types.updateType({ scope: ctx.scope, input })),
  /** Sets a type's lineage status {id, status: draft | active | retired} -> CareFormTypeDetail. */
  setStatus: permissionProcedure
    .input(ZSetCareFormTypeStatusInput)
    .output(ZCareFormTypeDetail)
    .mutation(({ ctx, input }) => types.setTypeStatus({ scope: ctx.scope, input })),
  /** Copies a shipped type {key} into the company as a draft -> CareFormTypeDetail; 404 for an unknown key. */
  copyBuiltIn: permissionProcedure
    .input(ZCopyBuiltInTypeInput)
    .output(ZCareFormTypeDetail)
    .mutation(({ ctx, input }) => types.copyBuiltIn({ scope: ctx.scope, input })),
  /** Imports a FHIR Questionnaire's JSON {json, category} as a draft -> CareFormTypeDetail; 400 with every problem by linkId. */
  importJson: permissionProcedure
    .input(ZImportCareFormTypeInput)
    .output(ZCareFormTypeDetail)
    .mutation(({ ctx, input }) => types.importType({ scope: ctx.scope, input })),
});
