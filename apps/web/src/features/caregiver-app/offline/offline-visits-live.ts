/**
 * The visits stored on the phone, live, for React (spec section 4 "Offline check-in/out record"): a snapshot that
 * offline-visits.ts publishes from Dexie's liveQuery, read through useSyncExternalStore. This module is small and
 * holds no Dexie code: the schedule's cards read it on their first render, and the encrypted store (with Dexie) loads
 * when the first card subscribes, after the schedule shows (issue "caregiver app", Performance).
 */
import { useSyncExternalStore } from 'react';
import type { OfflineVisit } from './offline-visits';

let snapshot: OfflineVisit[] = [];
const listeners = new Set<() => void>();

/** Replaces the snapshot (offline-visits.ts, on every change of the stored visits) and tells every subscriber. */
export function publishOfflineVisits(visits: OfflineVisit[]): void {
  snapshot = visits;
  for (const listener of listeners) listener();
}

let startQueued = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
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
  return () => listeners.delete(listener);
}

/** React hook: every visit stored on the phone, oldest first, live. */
export function useOfflineVisits(): OfflineVisit[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** React hook: the stored visit of one shift, live, or undefined. */
export function useOfflineVisit(shiftId: number): OfflineVisit | undefined {
  return useSyncExternalStore(subscribe, () => snapshot.find((v) => v.shift_id === shiftId));
}
