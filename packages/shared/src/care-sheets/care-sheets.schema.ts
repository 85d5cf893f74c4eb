import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { optionalText } from '../records/records.fields';
import { ZTimestamp } from '../shifts/shifts.schema';
import { ZCheckPosition } from '../caregiver-app/caregiver-app.schema';
import { englishOf } from '../i18n/english-messages';

/**
 * Inputs and outputs of care sheets (spec "Care sheet", "Care sheets" calls and "Offline check-in/out record";
 * issue "caregiver app" item 5). Field names follow the spec (snake_case where it writes them so).
 */

/** A drawn signature or initials: a PNG data URL from the canvas, at most ~200 KB. */
export const ZSignatureImage = zText()
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'A signature is a PNG image drawn on the screen')
  .max(300_000, 'The signature image is too large');

/** Miles and trips for the client during the visit. */
export const ZTransportationData = z.object({
  miles: z.number().min(0, 'Miles cannot be negative').max(1000, 'At most 1000 miles'),
  trips: z.number().int('Trips are whole').min(0).max(100, 'At most 100 trips'),
});

/** The care sheet fields the caregiver fills in at check-out. */
export const ZCareSheetFields = z.object({
  completed_tasks: z.array(zText().trim().min(1).max(200)).max(100),
  caregiver_comment: optionalText('Comment', 4000),
  transportation_data: ZTransportationData.nullish(),
  client_signature: ZSignatureImage.nullish(),
  client_initials: ZSignatureImage.nullish(),
  client_unable_to_sign_reason: optionalText('Reason', 500),
  caregiver_signature: ZSignatureImage.nullish(),
  caregiver_initials: ZSignatureImage.nullish(),
});
export type CareSheetFields = z.infer<typeof ZCareSheetFields>;

/**
 * Rules across the fields: the client signs or initials, or the reason they could not is given; the caregiver
 * signs or initials.
 * @returns {field: message} for each broken rule, in English: the `server` catalogue's errors.careSheets texts, which
 * the server and the web word again in the reader's language by that text.
 */
export function careSheetRuleErrors(c: Partial<CareSheetFields>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!c.client_signature && !c.client_initials && !c.client_unable_to_sign_reason?.trim()) {
    errors.client_signature = englishOf('errors.careSheets.clientSigns');
  }
  if (!c.caregiver_signature && !c.caregiver_initials) errors.caregiver_signature = englishOf('errors.careSheets.caregiverSigns');
  return errors;
}

/** Check-in and check-out of an offline record, each with the device's metadata (spec: checkInMetadata...). */
export const ZCheckMetadataInput = z.object({
  position: ZCheckPosition.nullable(),
  outsideGeofenceReason: optionalText('Reason', 500),
  offline: z.boolean(),
});

/**
 * Input of saveCareSheetCheckInOut (spec "Offline check-in/out record"): shift_id, checkInOut {checkIn,
 * checkOut, checkInMetadata, checkOutMetadata with an offline flag}, the care sheet fields given so far, and the
 * device-generated id (a replay answers the first result). The record is the visit's state on the phone: times
 * already recorded on the server stay (the first check-in and check-out win); fields given overwrite the draft.
 */
export const ZSaveCareSheetCheckInOutInput = ZCareSheetFields.partial().extend({
  shift_id: ZId,
  /** A new id for each saved version of the record: a replay of one version is answered from its receipt. */
  clientRecordId: z.uuid('clientRecordId must be a UUID'),
  /** True once the caregiver finished the check-out page: the care sheet rules (careSheetRuleErrors) then apply. */
  submitted: z.boolean().optional(),
  checkInOut: z.object({
    checkIn: ZTimestamp.nullish(),
    checkOut: ZTimestamp.nullish(),
    checkInMetadata: ZCheckMetadataInput.nullish(),
    checkOutMetadata: ZCheckMetadataInput.nullish(),
  }),
});
export type SaveCareSheetCheckInOutInput = z.infer<typeof ZSaveCareSheetCheckInOutInput>;

/** What saveCareSheetCheckInOut answers. */
export const ZSaveCareSheetCheckInOutOutput = z.object({ care_sheet_id: z.number(), scheduleId: z.number() });

/** Input of getCareSheetCheckOutDetails. */
export const ZShiftIdInput = z.object({ shift_id: ZId });
/** Input of the calls on one care sheet. */
export const ZCareSheetIdInput = z.object({ care_sheet_id: ZId });

/**
 * What the check-out page needs (getCareSheetCheckOutDetails {shift_id}): the visit, the client's care plan
 * tasks, and the answers saved so far (null before the first save).
 */
export const ZCareSheetCheckOutDetails = z.object({
  shift_id: z.number(),
  care_sheet_id: z.number().nullable(),
  clientName: zText(),
  /** The client's care plan (its id is the client's id: /app/care-plans/{carePlanId}). */
  carePlanId: z.number(),
  startTimestamp: zText(),
  endTimestamp: zText(),
  timezone: zText(),
  checkIn: zText().nullable(),
  checkOut: zText().nullable(),
  tasks: z.array(zText()),
  previous: ZCareSheetFields.extend({ submittedAt: zText().nullable(), reviewedAt: zText().nullable() }).nullable(),
});
export type CareSheetCheckOutDetails = z.infer<typeof ZCareSheetCheckOutDetails>;

/** A care sheet in the caregiver's list (listMyCareSheets). */
export const ZCareSheetListItem = z.object({
  care_sheet_id: z.number(),
  shift_id: z.number(),
  clientName: zText(),
  startTimestamp: zText(),
  timezone: zText(),
  submittedAt: zText().nullable(),
  reviewedAt: zText().nullable(),
});
export type CareSheetListItem = z.infer<typeof ZCareSheetListItem>;

/** Input of saveCareSheetReview: the caregiver confirms the sheet is right, with an optional note. */
export const ZSaveCareSheetReviewInput = z.object({ care_sheet_id: ZId, note: optionalText('Note', 2000) });
export type SaveCareSheetReviewInput = z.infer<typeof ZSaveCareSheetReviewInput>;

/** The care sheet as its PDF shows it (getCareSheetPDFDetails). */
export const ZCareSheetPdfDetails = ZCareSheetFields.extend({
  care_sheet_id: z.number(),
  shift_id: z.number(),
  clientName: zText(),
  caregiverName: zText(),
  serviceCode: zText().nullable(),
  timezone: zText(),
  startTimestamp: zText(),
  endTimestamp: zText(),
  checkIn: zText().nullable(),
  checkOut: zText().nullable(),
  tasks: z.array(zText()),
  submittedAt: zText().nullable(),
  reviewedAt: zText().nullable(),
  reviewNote: zText().nullable(),
});
export type CareSheetPdfDetails = z.infer<typeof ZCareSheetPdfDetails>;

/** The PDF file (getCareSheetPDFFile): its name and content as base64. */
export const ZCareSheetPdfFile = z.object({
  fileName: zText(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});
export type CareSheetPdfFile = z.infer<typeof ZCareSheetPdfFile>;
