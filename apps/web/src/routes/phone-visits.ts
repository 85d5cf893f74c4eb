import type { CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';

/** A visit of the caregiver's a form or a report on the phone may name (its client, start and zone). */
export interface PhoneVisitRow {
  shiftId: number;
  clientId: number;
  clientName: string;
  /** ISO 8601, UTC. */
  startTimestamp: string;
  /** The branch's IANA time zone. */
  timezone: string;
}

/** The caregiver app's encrypted cache (Dexie and WebCrypto) loads only when a visit list is first needed. */
const offlineCache = () => import('@/features/caregiver-app/offline/offline-cache');

/**
 * The caregiver's visits from today on, for starting a care form or reporting an incident on the phone:
 * caregiverAppGetShifts online, else the schedule's window saved on the phone (offline-cache.ts readShiftPage);
 * cancelled visits left out.
 * @throws the server's errors other than network-type ones
 */
export async function loadPhoneVisits(): Promise<PhoneVisitRow[]> {
  let page: CaregiverShiftsPage | undefined;
  try {
    if (!navigator.onLine) throw new TypeError('offline');
    page = await trpcClient.caregiverAppGetShifts.query({});
  } catch (error) {
    if (syncOutcome(error) !== 'keep') throw error;
    page = await offlineCache()
      .then((cache) => cache.readShiftPage({}))
      .catch(() => undefined);
  }
  return (page?.shifts ?? [])
    .filter((s) => s.status !== 'cancelled')
    .map((s) => ({
      shiftId: s.id,
      clientId: s.clientId,
      clientName: s.clientName,
      startTimestamp: s.startTimestamp,
      timezone: s.timezone,
    }));
}
