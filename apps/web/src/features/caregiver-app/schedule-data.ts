import { useEffect } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { APP_VERSION } from '@hearth/shared/app/app.constants';
import type { CaregiverAppGetShiftsInput, CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { shouldRetry } from '@/api/query-client';
import { trpcClient } from '@/api/trpc';
import { cacheCheckOutDetails, cacheShiftWindow, readShiftWindow } from './offline/offline-cache';
import { syncOutcome } from './offline/sync-outcome';
import { nextShiftsPageInput, previousShiftsPageInput } from '@hearth/shared/caregiver-app/shift-pages';

/** A page of the schedule and whether it came from the phone's cache (offline) rather than the server. */
export type SchedulePage = CaregiverShiftsPage & { fromCache: boolean };

/** Where a page starts: after or before an instant (ISO, UTC), or neither (from today). */
type PageParam = { after?: string; before?: string };

/** No network and no saved copy of this window: nothing to show, and retrying cannot help. */
class NotSavedOfflineError extends Error {
  constructor() {
    super('You are offline and this part of your schedule was not saved on this phone');
  }
}

/**
 * One page of caregiverAppGetShifts; each fetched window is kept in the encrypted cache (at most 5). On a
 * network-type failure, or when the phone knows it is offline, the cached window of the same input answers (spec
 * section 8: "the shift list then falls back to its local copy"); a later page not cached is empty, so scrolling
 * offline simply ends.
 * @throws NotSavedOfflineError when the first window is neither reachable nor cached; the server's other errors
 */
async function fetchSchedulePage(input: CaregiverAppGetShiftsInput, isFirst: boolean): Promise<SchedulePage> {
  let networkError: unknown = new Error('offline');
  if (navigator.onLine) {
    try {
      const page = await trpcClient.caregiverAppGetShifts.query(input);
      // Saving for offline use must not delay the schedule.
      void cacheShiftWindow(input, page).catch(() => undefined);
      return { ...page, fromCache: false };
    } catch (error) {
      if (syncOutcome(error) !== 'keep') throw error;
      networkError = error;
    }
  }
  const cached = await readShiftWindow<CaregiverShiftsPage>(input).catch(() => undefined);
  if (cached) return { ...cached, fromCache: true };
  if (!isFirst) return { shifts: [], hasBefore: false, hasAfter: false, fromCache: true };
  throw networkError instanceof Error && navigator.onLine ? networkError : new NotSavedOfflineError();
}

/**
 * The caregiver's schedule, paged by startTimestamp both ways (spec section 9: at most 3 pages kept, stale after
 * 60 s, network mode always, refetch on reconnect). The query key starts with the procedure path, so invalidating
 * `[['caregiverAppGetShifts']]` refreshes it like any tRPC query.
 * @param status 'missing' for missed visits, or undefined for the schedule
 * @param startTimestamp deep link: the first window starts there (ISO), else from today
 */
export function useScheduleShifts(status: 'missing' | undefined, startTimestamp: string | undefined) {
  const initial: PageParam = startTimestamp ? { after: startTimestamp } : {};
  return useInfiniteQuery<SchedulePage, Error, InfiniteData<SchedulePage, PageParam>, unknown[], PageParam>({
    queryKey: [['caregiverAppGetShifts'], { input: { status, startTimestamp }, type: 'infinite' }],
    queryFn: ({ pageParam }) => fetchSchedulePage({ ...(status ? { status } : {}), ...pageParam }, isSame(pageParam, initial)),
    initialPageParam: initial,
    // The server's own cursors: pages neither overlap nor leave a gap (status rides in the query function).
    getNextPageParam: (last) => nextShiftsPageInput(last) ?? undefined,
    getPreviousPageParam: (first) => previousShiftsPageInput(first) ?? undefined,
    maxPages: 3,
    staleTime: 60_000,
    networkMode: 'always',
    refetchOnReconnect: true,
    retry: (failureCount, error) => !(error instanceof NotSavedOfflineError) && shouldRetry(failureCount, error),
  });
}

function isSame(a: PageParam, b: PageParam): boolean {
  return a.after === b.after && a.before === b.before;
}

/** localStorage key of this phone's device id (caregiverAppUpsertCaregiverMetadata). */
const DEVICE_ID_KEY = 'hearth.deviceId';

function deviceId(): string {
  let id = window.localStorage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    window.localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

let appStarted = false;

/**
 * Once per app start, when online: records the device and app version (caregiverAppUpsertCaregiverMetadata) and
 * stores the check-out details of the coming shifts in the encrypted cache
 * (prefetchCareSheetCheckOutDetailsForOffline; read back with readCachedCheckOutDetails). Failures are quiet:
 * both are tried again at the next start.
 */
export function useCaregiverAppStart(): void {
  useEffect(() => {
    if (appStarted || !navigator.onLine) return;
    appStarted = true;
    void trpcClient.caregiverAppUpsertCaregiverMetadata
      .mutate({
        deviceId: deviceId(),
        appVersion: APP_VERSION,
        platform: navigator.platform.slice(0, 100) || undefined,
        userAgent: navigator.userAgent.slice(0, 500),
      })
      .catch(() => undefined);
    void trpcClient.prefetchCareSheetCheckOutDetailsForOffline
      .query()
      .then((details) => cacheCheckOutDetails(details))
      .catch(() => undefined);
  }, []);
}
