import { sql } from 'drizzle-orm';
import type {
  CaregiverAppCheckInOutInput,
  CaregiverAppCheckInOutOutput,
  CaregiverMetadataInput,
} from '@hearth/shared/caregiver-app/caregiver-app.schema';
import type { Scope } from '../../auth/scope';
import { caregiverDevices } from '../care-sheets/care-sheets.schema';
import { findCallerCaregiver } from './caregiver-app.lookup';
import { withReceipt } from '../visits/visits.receipts';
import { receiptOf, recordVisitTimes, type DeviceFlags, type VisitCheck } from '../visits/visits.record';
import { publishShiftChange } from '../shifts/shifts.live';

/**
 * A check-in or check-out from the caregiver app (caregiverAppCheckInOut {scheduleId, kind, timestamp, position,
 * outsideGeofenceReason?, clientRecordId}; issue "caregiver app" items 4 and 6, docs/glossary.md "EVV"). The time
 * recorded comes from the server when the phone is online: the receipt time (`device.receivedAt`), the request's
 * `timestamp` kept in the metadata as phoneTime (issue "No way around the rules"). Only an offline replay (the
 * x-offline flag, with the x-offline-timestamp header) records the device's `timestamp` (UTC): timesheet type 2,
 * the offline timestamp in its metadata, and a time outside the visit's entry times flagged, never refused. The
 * rules of the visit are recordVisitTimes's (first check-in and check-out win, distance in metres to the client's
 * address, geofence flag, never blocked by the geofence; the EVV time rules: check-in opens before the start, the
 * phone's entries close after the end, a phone clock off beyond the tolerance is flagged). Runs once per
 * clientRecordId (withReceipt): a replay answers the first result and writes nothing, whenever it arrives.
 * @returns ZCaregiverAppCheckInOutOutput: scheduleId, careSheetId (the check-out page's), timesheetId,
 * distanceMetres, insideGeofence, flaggedForReview.
 * @throws AppError FORBIDDEN "Only caregivers use the caregiver app"; NOT_FOUND "Shift N not found" for a shift
 * that is not the caller's; BAD_REQUEST for a cancelled shift, "Check in before checking out", a check-out not
 * after the check-in, "Too early to check in: ...", "Too late to record this ...: ... Ask the office ..." (online
 * only); CONFLICT
 * for an online check into a locked pay period (an offline one is recorded and flagged, recordVisitTimes) or "This
 * record id was already used" (another user's id). A recorded check tells the branch's and the caregiver's open
 * screens (a live 'visits' event); a replay tells no one again.
 */
export async function caregiverAppCheckInOut({
  scope,
  input,
  device,
}: {
  scope: Scope;
  input: CaregiverAppCheckInOutInput;
  device: DeviceFlags;
}): Promise<CaregiverAppCheckInOutOutput> {
  const me = await findCallerCaregiver(scope);
  return withReceipt(scope, input.clientRecordId, 'caregiverAppCheckInOut', async () => {
    const check: VisitCheck = {
      at: new Date(input.timestamp),
      position: input.position,
      outsideGeofenceReason: input.outsideGeofenceReason?.trim() || null,
      offline: device.offline,
      offlineTimestamp: device.offline ? device.offlineTimestamp : null,
    };
    const visit = await recordVisitTimes(scope, {
      caregiverId: me.id,
      shiftId: input.scheduleId,
      ...(input.kind === 'check_in' ? { checkIn: check } : { checkOut: check }),
      receipt: receiptOf(device),
    });
    await publishShiftChange(scope.db, { topic: 'visits', shiftId: input.scheduleId });
    return { scheduleId: input.scheduleId, ...visit };
  });
}

/**
 * Stores the device the caregiver uses the app on (caregiverAppUpsertCaregiverMetadata {deviceId, appVersion?,
 * platform?, userAgent?}; issue "caregiver app" item 5): one caregiver_devices row per caregiver and deviceId,
 * created or updated with last_seen_at now. The app version defaults to the request's x-app-version header
 * (`headerAppVersion`); fields not given keep their stored values.
 * @returns {ok: true}.
 * @throws AppError FORBIDDEN "Only caregivers use the caregiver app".
 */
export async function caregiverAppUpsertCaregiverMetadata({
  scope,
  input,
  headerAppVersion,
}: {
  scope: Scope;
  input: CaregiverMetadataInput;
  headerAppVersion: string | null;
}): Promise<{ ok: true }> {
  const me = await findCallerCaregiver(scope);
  const keep = (column: string) => sql.raw(`coalesce(excluded.${column}, caregiver_devices.${column})`);
  await scope.db
    .insert(caregiverDevices)
    .values({
      caregiverId: me.id,
      deviceId: input.deviceId,
      appVersion: input.appVersion || headerAppVersion || null,
      platform: input.platform || null,
      userAgent: input.userAgent || null,
      createdBy: scope.actorUserId,
    })
    .onConflictDoUpdate({
      target: [caregiverDevices.caregiverId, caregiverDevices.deviceId],
      set: {
        appVersion: keep('app_version'),
        platform: keep('platform'),
        userAgent: keep('user_agent'),
        lastSeenAt: sql`now()`,
      },
    });
  return { ok: true };
}
