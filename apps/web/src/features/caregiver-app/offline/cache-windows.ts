/**
 * Pure rules of the offline cache's shift-list windows (spec section 9: at most 5 cached shift-list windows kept
 * offline, the oldest by timestamp removed) and of merging offline visits (spec "Offline check-in/out record").
 */
import type { SaveCareSheetCheckInOutInput } from '@hearth/shared/care-sheets/care-sheets.schema';

/** Shift-list windows kept for offline use (spec section 9). */
export const MAX_SHIFT_WINDOWS = 5;

/** A cache entry as the eviction sees it: its key and last-modified time (ISO 8601, UTC). */
export interface EntryStamp {
  key: string;
  updatedAt: string;
}

/**
 * The windows to remove so that at most `max` remain: the oldest by updatedAt first (ties by key, so the choice is
 * stable), never a key of `kept`: the schedule's window from today, which holds the visit in progress, stays
 * however many older days or missed visits were saved after it (offline, a visit must never be out of reach).
 * @returns the keys to delete (empty when `max` or fewer are stored).
 */
export function windowsToEvict(windows: EntryStamp[], max = MAX_SHIFT_WINDOWS, kept: readonly string[] = []): string[] {
  if (windows.length <= max) return [];
  const oldestFirst = windows
    .filter((w) => !kept.includes(w.key))
    .sort((a, b) => (a.updatedAt === b.updatedAt ? a.key.localeCompare(b.key) : a.updatedAt < b.updatedAt ? -1 : 1));
  return oldestFirst.slice(0, windows.length - max).map((w) => w.key);
}

/** The visit record kept on the phone until it uploads: the saveCareSheetCheckInOut input and when it last changed. */
export type OfflineVisitRecord = SaveCareSheetCheckInOutInput & { updatedAt: string };

/** What may change in a stored visit (never its shift nor its record id, which each save renews). */
export type OfflineVisitPatch = Partial<Omit<SaveCareSheetCheckInOutInput, 'shift_id' | 'clientRecordId'>>;

/**
 * Merges a patch into the stored visit of a shift: fields given overwrite, `checkInOut` merges field by field (so a
 * check-out never erases the check-in kept before it); undefined fields of the patch leave the stored ones.
 * @param stored the visit on the phone, or undefined for a new one
 * @param clientRecordId the new record id of this version (each saved version gets a new one: a replay of an
 *   older version is then answered from its own receipt on the server)
 * @param now the time of the change (ISO 8601, UTC)
 */
export function mergeOfflineVisit(
  stored: OfflineVisitRecord | undefined,
  shiftId: number,
  patch: OfflineVisitPatch,
  clientRecordId: string,
  now: string,
): OfflineVisitRecord {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as OfflineVisitPatch;
  const checkInOut = { ...stored?.checkInOut };
  for (const [field, value] of Object.entries(patch.checkInOut ?? {})) {
    if (value !== undefined) (checkInOut as Record<string, unknown>)[field] = value;
  }
  return { ...stored, ...defined, shift_id: shiftId, clientRecordId, checkInOut, updatedAt: now };
}
