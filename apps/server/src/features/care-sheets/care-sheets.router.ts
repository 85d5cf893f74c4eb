import { z } from 'zod';
import {
  ZCareSheetCheckOutDetails,
  ZCareSheetIdInput,
  ZCareSheetListItem,
  ZCareSheetPdfDetails,
  ZCareSheetPdfFile,
  ZSaveCareSheetCheckInOutInput,
  ZSaveCareSheetCheckInOutOutput,
  ZSaveCareSheetReviewInput,
  ZShiftIdInput,
} from '@hearth/shared/care-sheets/care-sheets.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as careSheets from './care-sheets.service';

/**
 * Care sheets (spec "Care sheets" calls, issue "caregiver app" item 5). The caregiver's calls confine the caller to
 * their own shifts and sheets (another's is 404); the PDF calls also serve staff within their branch scope.
 * Outputs are declared: client and caregiver data leave as a whitelist of fields.
 */
export const careSheetsRouter = router({
  /** The caller's care sheets, newest visit first, at most 100 -> CareSheetListItem[]. */
  listMyCareSheets: permissionProcedure
    .output(z.array(ZCareSheetListItem))
    .query(({ ctx }) => careSheets.listMyCareSheets({ scope: ctx.scope })),
  /** The check-out page of the caller's shift {shift_id}: visit, care plan tasks, answers so far. */
  getCareSheetCheckOutDetails: permissionProcedure
    .input(ZShiftIdInput)
    .output(ZCareSheetCheckOutDetails)
    .query(({ ctx, input }) => careSheets.getCareSheetCheckOutDetails({ scope: ctx.scope, input })),
  /** Check-out details of the caller's shifts from today through 7 days, for offline use. */
  prefetchCareSheetCheckOutDetailsForOffline: permissionProcedure
    .output(z.array(ZCareSheetCheckOutDetails))
    .query(({ ctx }) => careSheets.prefetchCareSheetCheckOutDetailsForOffline({ scope: ctx.scope })),
  /** The visit record (times and care sheet; idempotent by clientRecordId) -> {care_sheet_id, scheduleId}. */
  saveCareSheetCheckInOut: permissionProcedure
    .input(ZSaveCareSheetCheckInOutInput)
    .output(ZSaveCareSheetCheckInOutOutput)
    .mutation(({ ctx, input }) =>
      careSheets.saveCareSheetCheckInOut({ scope: ctx.scope, input, request: { ...ctx.client, receivedAt: ctx.receivedAt } }),
    ),
  /** The caregiver's review of their submitted sheet {care_sheet_id, note?} -> CareSheetListItem. */
  saveCareSheetReview: permissionProcedure
    .input(ZSaveCareSheetReviewInput)
    .output(ZCareSheetListItem)
    .mutation(({ ctx, input }) => careSheets.saveCareSheetReview({ scope: ctx.scope, input })),
  /** A care sheet as its PDF shows it {care_sheet_id} -> CareSheetPdfDetails. */
  getCareSheetPDFDetails: permissionProcedure
    .input(ZCareSheetIdInput)
    .output(ZCareSheetPdfDetails)
    .query(({ ctx, input }) => careSheets.getCareSheetPDFDetails({ scope: ctx.scope, input })),
  /** The care sheet's PDF {care_sheet_id} -> {fileName, contentType, base64}, in the caller's language. */
  getCareSheetPDFFile: permissionProcedure
    .input(ZCareSheetIdInput)
    .output(ZCareSheetPdfFile)
    .query(({ ctx, input }) => careSheets.getCareSheetPDFFile({ scope: ctx.scope, input, language: ctx.language })),
});
