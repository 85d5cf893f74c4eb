/**
 * Visits recorded on the phone until they upload (spec section 4 "Caregiver offline check-in/out", "Offline
 * check-in/out record"; issue item 6): each shift's visit is one encrypted cache entry `visit:<shiftId>` holding the
 * saveCareSheetCheckInOut input and its last change. Uploads replay it with the offline flag and offline timestamp
 * headers; the server is idempotent on clientRecordId, so a replay never creates a second entry.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { liveQuery, type Subscription } from 'dexie';
import { notifications } from '@mantine/notifications';
import type { InfiniteData } from '@tanstack/react-query';
import { HEADERS } from '@hearth/shared/app/app.constants';
import type { SaveCareSheetCheckInOutInput } from '@hearth/shared/care-sheets/care-sheets.schema';
import type { CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import type { AppRouter } from '@hearth/server/trpc/app.router';
import { queryClient } from '@/api/query-client';
import { apiHeaders, trpcClient, trpcOptions } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import { cacheDb, cacheDelete, cacheGet, cacheSet, getCache, type CacheEntry, type OpenCache } from './offline-cache';
import { decryptValue } from './cache-crypto';
import { mergeOfflineVisit, type OfflineVisitPatch } from './cache-windows';
import { syncOutcome } from '@/api/sync-outcome';
import { publishOfflineVisits, type OfflineVisit } from './offline-visits-store';

const VISIT_PREFIX = 'visit:';

/** Replays go through their own client so that ordinary calls are never marked offline. */
const replayClient = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/api/trpc',
      headers: ({ op }) => ({
        ...apiHeaders(),
        [HEADERS.offline]: '1',
        [HEADERS.offlineTimestamp]: String(op.context.offlineTimestamp ?? new Date().toISOString()),
      }),
    }),
  ],
});

/** The procedures whose data a visit changes: shift lists, bottom bar counts, care sheets. */
const AFFECTED_QUERIES = [
  trpcOptions.caregiverAppGetShifts,
  trpcOptions.caregiverAppGetCounts,
  trpcOptions.listMyCareSheets,
  trpcOptions.getCareSheetCheckOutDetails,
];

function refreshShiftQueries(): Promise<void> {
  return Promise.all(AFFECTED_QUERIES.map((procedure) => queryClient.invalidateQueries(procedure.pathFilter()))).then(
    () => undefined,
  );
}

function withoutStamp(visit: OfflineVisit): SaveCareSheetCheckInOutInput {
  const { updatedAt: _updatedAt, ...input } = visit;
  return input;
}

/**
 * Merges a patch into the shift's stored visit (checkInOut field by field), gives it a new clientRecordId and
 * stores it encrypted.
 * @returns the stored visit
 * @throws the cache's errors (e.g. "Invalid passcode", or no key yet before the first online visit)
 */
export async function saveOfflineVisit(shiftId: number, patch: OfflineVisitPatch): Promise<OfflineVisit> {
  const stored = await cacheGet<OfflineVisit>(VISIT_PREFIX + shiftId);
  const visit = mergeOfflineVisit(stored, shiftId, patch, crypto.randomUUID(), new Date().toISOString());
  await cacheSet(VISIT_PREFIX + shiftId, visit);
  watchOfflineVisits();
  return visit;
}

/** The stored visit of a shift, or undefined. */
export function readOfflineVisit(shiftId: number): Promise<OfflineVisit | undefined> {
  return cacheGet<OfflineVisit>(VISIT_PREFIX + shiftId);
}

/** Whether a stored visit holds a check-in or check-out time recorded on the phone. */
function hasCheckTimes(visit: OfflineVisit | undefined): boolean {
  return Boolean(visit?.checkInOut.checkIn || visit?.checkInOut.checkOut);
}

/**
 * Sends a visit now (the check-out page's save): merged over any stored visit of that shift, with a new
 * clientRecordId. Check times stored on the phone upload first as the offline replay they are (syncOfflineVisits):
 * the server records the checks of an online request at its receipt time, so they must not ride along with it.
 * @returns {status:'sent', care_sheet_id, scheduleId} after the server saved it (the stored visit is removed and
 *   shift lists refresh), or {status:'offline'} on a network-type error or while stored check times could not
 *   upload (syncOutcome 'keep': the visit is stored and uploads later)
 * @throws the server's error on any other failure (nothing stored is removed, except nothing: the caller shows it)
 */
export async function submitVisit(
  input: Omit<SaveCareSheetCheckInOutInput, 'clientRecordId'>,
): Promise<{ status: 'sent'; care_sheet_id: number; scheduleId: number } | { status: 'offline' }> {
  const { shift_id: shiftId, ...patch } = input;
  let stored = await cacheGet<OfflineVisit>(VISIT_PREFIX + shiftId).catch(() => undefined);
  if (hasCheckTimes(stored)) {
    await syncOfflineVisits().catch(() => undefined);
    stored = await cacheGet<OfflineVisit>(VISIT_PREFIX + shiftId).catch(() => undefined);
    if (hasCheckTimes(stored)) {
      await saveOfflineVisit(shiftId, patch);
      return { status: 'offline' };
    }
  }
  const visit = mergeOfflineVisit(stored, shiftId, patch, crypto.randomUUID(), new Date().toISOString());
  try {
    const result = await trpcClient.saveCareSheetCheckInOut.mutate(withoutStamp(visit));
    if (stored) await removeIfUnchanged(shiftId, stored.clientRecordId);
    await refreshShiftQueries();
    return { status: 'sent', care_sheet_id: result.care_sheet_id, scheduleId: result.scheduleId };
  } catch (error) {
    if (syncOutcome(error) !== 'keep') throw error;
    await saveOfflineVisit(shiftId, patch);
    return { status: 'offline' };
  }
}

/** Removes the stored visit only if it is still the version uploaded (a newer edit made meanwhile stays). */
async function removeIfUnchanged(shiftId: number, clientRecordId: string): Promise<void> {
  const current = await cacheGet<OfflineVisit>(VISIT_PREFIX + shiftId).catch(() => undefined);
  if (current?.clientRecordId === clientRecordId) await cacheDelete(VISIT_PREFIX + shiftId);
}

/** The client's name of a shift from the shift lists in memory, to name a dropped visit. */
function shiftLabel(shiftId: number): string {
  const lists = queryClient.getQueriesData<InfiniteData<CaregiverShiftsPage>>(trpcOptions.caregiverAppGetShifts.pathFilter());
  for (const [, data] of lists) {
    const shift = data?.pages.flatMap((p) => p.shifts).find((s) => s.id === shiftId);
    if (shift) return i18n.t('offlineErrors.visitWith', { client: shift.clientName, shiftId });
  }
  return i18n.t('offlineErrors.visitOfShift', { shiftId });
}

let running: Promise<SyncResult> | null = null;

/** What one sync did: how many visits uploaded, stayed for later, and which were refused (with the server's words). */
export interface SyncResult {
  uploaded: number;
  kept: number;
  dropped: { shiftId: number; message: string }[];
}

/**
 * Uploads every stored visit, oldest first, with the offline flag and offline timestamp (the visit's updatedAt)
 * headers (spec section 4): uploaded -> removed and shift lists refetched; network-type error -> kept; any other
 * error -> removed with a red notification naming the visit and the server's message. A sync already running is
 * joined, not started twice.
 */
export function syncOfflineVisits(): Promise<SyncResult> {
  running ??= runSync().finally(() => {
    running = null;
  });
  return running;
}

async function runSync(): Promise<SyncResult> {
  const result: SyncResult = { uploaded: 0, kept: 0, dropped: [] };
  const cache = await getCache();
  const visits = (await readVisits(cache)).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  for (const visit of visits) {
    let error: unknown = null;
    try {
      await replayClient.saveCareSheetCheckInOut.mutate(withoutStamp(visit), {
        context: { offlineTimestamp: visit.updatedAt },
      });
    } catch (e) {
      error = e;
    }
    const outcome = syncOutcome(error);
    if (outcome === 'keep') {
      result.kept++;
      continue;
    }
    await removeIfUnchanged(visit.shift_id, visit.clientRecordId);
    if (outcome === 'uploaded') {
      result.uploaded++;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      result.dropped.push({ shiftId: visit.shift_id, message });
      notifications.show({
        color: 'red',
        title: i18n.t('offlineErrors.visitRefused'),
        message: i18n.t('offlineErrors.visitRemoved', { visit: shiftLabel(visit.shift_id), message }),
        autoClose: false,
      });
    }
  }
  if (result.uploaded > 0 || result.dropped.length > 0) await refreshShiftQueries();
  return result;
}

async function readVisits(cache: OpenCache): Promise<OfflineVisit[]> {
  const entries = await cacheDb.entries
    .where('key')
    .startsWith(cache.prefix + VISIT_PREFIX)
    .toArray();
  return decryptVisits(cache, entries);
}

async function decryptVisits(cache: OpenCache, entries: CacheEntry[]): Promise<OfflineVisit[]> {
  const visits = await Promise.all(
    entries.map((e) =>
      decryptValue(cache.key, e.value)
        .then((text) => JSON.parse(text) as OfflineVisit)
        // A damaged entry cannot be uploaded nor shown; it must not hide the others.
        .catch(() => null),
    ),
  );
  return visits.filter((v): v is OfflineVisit => v !== null);
}

let started = false;

/**
 * Starts the offline sync of the caregiver app (once per page): a sync now, and one on each browser 'online'
 * event. Errors (e.g. no key while offline before the first online visit) wait for the next attempt.
 */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void syncOfflineVisits().catch(() => undefined));
  void syncOfflineVisits().catch(() => undefined);
}

// The live list of stored visits: Dexie's liveQuery watches the entries, decrypted outside it (WebCrypto calls
// must not run inside a liveQuery), published to every component through offline-visits-store.ts.
let live: Subscription | null = null;
let liveStarting = false;
let generation = 0;

/**
 * Starts watching the stored visits of the signed-in user (once; again after a failure): every change is decrypted
 * and published, oldest first, through offline-visits-store.ts to offline-visits-live.ts (useOfflineVisits,
 * useOfflineVisit).
 */
export function watchOfflineVisits(): void {
  if (live || liveStarting) return;
  liveStarting = true;
  getCache()
    .then((cache) => {
      live = liveQuery(() =>
        cacheDb.entries
          .where('key')
          .startsWith(cache.prefix + VISIT_PREFIX)
          .toArray(),
      ).subscribe({
        next: (entries) => {
          const mine = ++generation;
          void decryptVisits(cache, entries).then((visits) => {
            if (mine !== generation) return;
            publishOfflineVisits(visits.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)));
          });
        },
        error: () => {
          live = null;
        },
      });
    })
    .catch(() => undefined)
    .finally(() => {
      liveStarting = false;
    });
}
