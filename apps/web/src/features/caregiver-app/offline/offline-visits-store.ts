/**
 * The snapshot of the visits stored on the phone that React reads (spec section 4 "Offline check-in/out record"):
 * offline-visits.ts publishes it from Dexie's liveQuery, offline-visits-live.ts reads it through
 * useSyncExternalStore. It imports neither, so the two meet here instead of importing each other.
 */
import type { SaveCareSheetCheckInOutInput } from '@hearth/shared/care-sheets/care-sheets.schema';

/** A visit kept on the phone: the saveCareSheetCheckInOut input and when it last changed (ISO 8601, UTC). */
export type OfflineVisit = SaveCareSheetCheckInOutInput & { updatedAt: string };

let snapshot: OfflineVisit[] = [];
const listeners = new Set<() => void>();

/** Replaces the snapshot (offline-visits.ts, on every change of the stored visits) and tells every subscriber. */
export function publishOfflineVisits(visits: OfflineVisit[]): void {
  snapshot = visits;
  for (const listener of listeners) listener();
}

/** The current snapshot, oldest first. */
export function offlineVisitsSnapshot(): OfflineVisit[] {
  return snapshot;
}

/**
 * Adds a subscriber.
 * @returns the function that removes it
 */
export function addOfflineVisitsListener(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
