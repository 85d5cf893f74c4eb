import type { CaregiverShiftOutput, CheckPosition } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { geofenceOf } from '@hearth/shared/visits/geofence';
import { queryClient } from '@/api/query-client';
import { trpcClient, trpcOptions } from '@/api/trpc';
import { syncOutcome } from '@/api/sync-outcome';

/** The visits kept on the phone (with Dexie): loaded at the first check, not with the schedule's cards. */
const offlineVisits = () => import('./offline/offline-visits');

/** Check-in and check-out from the phone (issue "caregiver app" item 4; docs/glossary.md "EVV"). */

export type CheckKind = 'check_in' | 'check_out';

/** How long to wait for a GPS fix before going on without one, ms. */
const POSITION_TIMEOUT_MS = 10_000;

/**
 * The phone's position now (browser geolocation, high accuracy, up to 10 s).
 * @returns lat/lon in degrees and accuracy in metres, or null when the phone gives none (denied, no fix, timeout)
 */
export function currentPosition(): Promise<CheckPosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: p.coords.latitude,
          lon: p.coords.longitude,
          accuracyMetres: Math.min(Math.max(p.coords.accuracy, 0), 100_000),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/**
 * Where the phone is against the client's home: the haversine distance in metres and whether it is beyond the
 * shift's geofence radius (docs/glossary.md "Geofence": radius per branch, 150 m by default), by geofenceOf, the
 * rule the server records the check by.
 * @returns distance null (and outside false) when the position or the address coordinates are unknown: nothing to
 *   compare, so no reason is asked; the server flags it for review
 */
export function geofenceCheck(
  position: CheckPosition | null,
  shift: Pick<CaregiverShiftOutput, 'address' | 'geofenceRadiusMetres'>,
): { distanceMetres: number | null; outside: boolean } {
  const fence = geofenceOf(position, shift.address, shift.geofenceRadiusMetres);
  return { distanceMetres: fence.distanceMetres, outside: fence.insideGeofence === false };
}

/** The outcome of a check-in or check-out. */
export type CheckResult =
  { status: 'sent'; careSheetId: number; scheduleId: number; flaggedForReview: boolean } | { status: 'offline' };

/**
 * Records a check-in or check-out. Online: caregiverAppCheckInOut with a new clientRecordId; the server records it
 * at its own receipt time (the phone's time sent is kept beside it), and the refreshed shift lists show that. When
 * the phone is offline, on a network-type error (syncOutcome 'keep'), or while an earlier offline record of the
 * shift is still waiting to upload (the server must see the check-in before the check-out): the time and metadata
 * go into the shift's offline visit (saveOfflineVisit, offline flag true) to upload later, as an offline replay
 * that keeps the phone's time. Then a sync runs.
 * @throws the server's error when it refused the check (e.g. a cancelled shift)
 */
export async function recordCheck(args: {
  shiftId: number;
  kind: CheckKind;
  position: CheckPosition | null;
  outsideGeofenceReason: string | null;
}): Promise<CheckResult> {
  const { shiftId, kind, position, outsideGeofenceReason } = args;
  const timestamp = new Date().toISOString();
  const { readOfflineVisit, saveOfflineVisit, syncOfflineVisits } = await offlineVisits();
  let pending = await readOfflineVisit(shiftId).catch(() => undefined);
  if (pending && navigator.onLine) {
    await syncOfflineVisits().catch(() => undefined);
    pending = await readOfflineVisit(shiftId).catch(() => undefined);
  }
  let result: CheckResult | null = null;
  if (navigator.onLine && !pending) {
    try {
      const out = await trpcClient.caregiverAppCheckInOut.mutate({
        scheduleId: shiftId,
        kind,
        timestamp,
        position,
        outsideGeofenceReason,
        clientRecordId: crypto.randomUUID(),
      });
      result = {
        status: 'sent',
        careSheetId: out.careSheetId,
        scheduleId: out.scheduleId,
        flaggedForReview: out.flaggedForReview,
      };
    } catch (error) {
      if (syncOutcome(error) !== 'keep') throw error;
    }
  }
  if (!result) {
    const metadata = { position, outsideGeofenceReason, offline: true };
    await saveOfflineVisit(
      shiftId,
      kind === 'check_in'
        ? { checkInOut: { checkIn: timestamp, checkInMetadata: metadata } }
        : { checkInOut: { checkOut: timestamp, checkOutMetadata: metadata } },
    );
    result = { status: 'offline' };
  }
  await Promise.all(
    [trpcOptions.caregiverAppGetShifts, trpcOptions.caregiverAppGetCounts].map((procedure) =>
      queryClient.invalidateQueries(procedure.pathFilter()),
    ),
  );
  if (navigator.onLine) void syncOfflineVisits().catch(() => undefined);
  return result;
}

/** The check-out page of a visit: by its care sheet once the server knows it, else the offline one. */
export function checkoutPath(careSheetId: number | null, shiftId: number): string {
  return `/app/care-sheets/${careSheetId ?? 'offline'}/shifts/${shiftId}/checkout`;
}
