/**
 * The visits stored on the phone, live, for React (spec section 4 "Offline check-in/out record"): the snapshot
 * offline-visits.ts publishes (offline-visits-store.ts), read through useSyncExternalStore. This module is small and
 * holds no Dexie code: the schedule's cards read it on their first render, and the encrypted store (with Dexie) loads
 * when the first card subscribes, after the schedule shows (issue "caregiver app", Performance).
 */
import { useSyncExternalStore } from 'react';
import { addOfflineVisitsListener, offlineVisitsSnapshot, type OfflineVisit } from './offline-visits-store';

let startQueued = false;

function subscribe(listener: () => void): () => void {
  const remove = addOfflineVisitsListener(listener);
  // Starts the live query (offline-visits.ts keeps it running; a failed start is tried at the next subscribe) in
  // the next task: React subscribes while it commits the cards, and loading the store's code there would delay
  // the frame that shows them.
  if (!startQueued) {
    startQueued = true;
    setTimeout(() => {
      startQueued = false;
      void import('./offline-visits').then((m) => m.watchOfflineVisits()).catch(() => undefined);
    }, 0);
  }
  return remove;
}

/** React hook: every visit stored on the phone, oldest first, live. */
export function useOfflineVisits(): OfflineVisit[] {
  return useSyncExternalStore(subscribe, offlineVisitsSnapshot);
}

/** React hook: the stored visit of one shift, live, or undefined. */
export function useOfflineVisit(shiftId: number): OfflineVisit | undefined {
  return useSyncExternalStore(subscribe, () => offlineVisitsSnapshot().find((v) => v.shift_id === shiftId));
}
