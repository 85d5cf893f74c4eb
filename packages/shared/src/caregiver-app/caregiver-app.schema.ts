import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { optionalText } from '../records/records.fields';
import { ZTimestamp } from '../shifts/shifts.schema';
import { SHIFT_STATUSES } from '../shifts/shifts.constants';

/**
 * Inputs and outputs of the caregiver app's calls (spec "Caregiver app", issue "caregiver app" items 2 and 4).
 * Timestamps are ISO 8601 in UTC; distances in metres; coordinates WGS84 degrees.
 */

/** Shifts per page of caregiverAppGetShifts. */
export const CAREGIVER_SHIFTS_PAGE_SIZE = 20;

/**
 * Input of caregiverAppGetShifts: a page of the caregiver's own shifts by startTimestamp. With `after`, the next
 * shifts starting at or after it (ascending); with `before`, the shifts starting before it (the page still comes
 * in ascending order); with neither, from the start of today in the caregiver's time zone. `status: 'missing'`
 * keeps the missed visits since the pay period start (spec section 9).
 */
export const ZCaregiverAppGetShiftsInput = z
  .object({
    after: ZTimestamp.optional(),
    before: ZTimestamp.optional(),
    status: z.enum(['missing', ...SHIFT_STATUSES]).optional(),
  })
  .optional();
export type CaregiverAppGetShiftsInput = z.infer<typeof ZCaregiverAppGetShiftsInput>;

/** The client's home as the caregiver needs it to get there (primary address). */
export const ZVisitAddress = z.object({
  line1: zText(),
  line2: zText().nullable(),
  city: zText(),
  state: zText(),
  zip: zText(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type VisitAddress = z.infer<typeof ZVisitAddress>;

/** A shift as the caregiver app shows it: only what the visit needs (a whitelist of the client's data). */
export const ZCaregiverShiftOutput = z.object({
  id: z.number(),
  startTimestamp: zText(),
  endTimestamp: zText(),
  timezone: zText(),
  status: z.enum(SHIFT_STATUSES),
  clientId: z.number(),
  clientName: zText(),
  address: ZVisitAddress.nullable(),
  /** The geofence radius of the branch, metres (docs/glossary.md "EVV": 150 m by default). */
  geofenceRadiusMetres: z.number(),
  serviceCode: zText().nullable(),
  checkIn: zText().nullable(),
  checkOut: zText().nullable(),
  offlineCheckIn: z.boolean(),
  offlineCheckOut: z.boolean(),
  tasksMissing: z.boolean(),
  timeEntryMissing: z.boolean(),
  careSheetId: z.number().nullable(),
  /** The client's care plan (its id is the client's id). */
  carePlanId: z.number(),
  /** From when a check-in is accepted (ISO UTC; the company's EVV settings, evv-time-rules.ts checkInOpensAt). */
  checkInOpensAt: zText(),
  /**
   * Until when the phone may record a check-in or check-out (ISO UTC; phoneEntriesCloseAt); later, the office
   * records the times as a manual edit.
   */
  phoneEntriesCloseAt: zText(),
});
export type CaregiverShiftOutput = z.infer<typeof ZCaregiverShiftOutput>;

/** A page of caregiverAppGetShifts: the shifts ascending, and whether more exist before and after them. */
export const ZCaregiverShiftsPage = z.object({
  shifts: z.array(ZCaregiverShiftOutput),
  hasBefore: z.boolean(),
  hasAfter: z.boolean(),
});
export type CaregiverShiftsPage = z.infer<typeof ZCaregiverShiftsPage>;

/** Where the phone was at a check-in or check-out (browser geolocation). */
export const ZCheckPosition = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  accuracyMetres: z.number().nonnegative().max(100_000),
});
export type CheckPosition = z.infer<typeof ZCheckPosition>;

/**
 * Input of caregiverAppCheckInOut: which shift, check-in or check-out, the device's time of it, the position
 * (null when the phone gave none), the reason when outside the geofence, and the device-generated id of the record
 * (a replay with the same id answers the first result and writes nothing).
 */
export const ZCaregiverAppCheckInOutInput = z.object({
  scheduleId: ZId,
  kind: z.enum(['check_in', 'check_out']),
  timestamp: ZTimestamp,
  position: ZCheckPosition.nullable(),
  outsideGeofenceReason: optionalText('Reason', 500),
  clientRecordId: z.uuid('clientRecordId must be a UUID'),
});
export type CaregiverAppCheckInOutInput = z.infer<typeof ZCaregiverAppCheckInOutInput>;

/**
 * What caregiverAppCheckInOut answers: the ids to continue with (after a check-out the app goes to
 * /app/care-sheets/{careSheetId}/shifts/{scheduleId}/checkout), the distance to the client's address in metres,
 * whether it was inside the geofence, and whether the visit was flagged for office review.
 */
export const ZCaregiverAppCheckInOutOutput = z.object({
  scheduleId: z.number(),
  careSheetId: z.number(),
  timesheetId: z.number(),
  distanceMetres: z.number().nullable(),
  insideGeofence: z.boolean().nullable(),
  flaggedForReview: z.boolean(),
});
export type CaregiverAppCheckInOutOutput = z.infer<typeof ZCaregiverAppCheckInOutOutput>;

/** Input of caregiverAppUpsertCaregiverMetadata: the device and app version. */
export const ZCaregiverMetadataInput = z.object({
  deviceId: zText().trim().min(1).max(100),
  appVersion: zText().trim().max(40).optional(),
  platform: zText().trim().max(100).optional(),
  userAgent: zText().trim().max(500).optional(),
});
export type CaregiverMetadataInput = z.infer<typeof ZCaregiverMetadataInput>;

/** The counts on the caregiver app's bottom bar: missed since the pay period start, live pickup offers. */
export const ZCaregiverAppCountsOutput = z.object({ missed: z.number(), pickup: z.number() });
export type CaregiverAppCountsOutput = z.infer<typeof ZCaregiverAppCountsOutput>;
