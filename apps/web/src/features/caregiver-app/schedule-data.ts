import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { APP_VERSION } from '@hearth/shared/app/app.constants';
import type { CaregiverAppGetShiftsInput, CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { getToken } from '@/api/auth-token';
import { lastKnownUser } from '@/api/current-user';
import { queryClient, shouldRetry } from '@/api/query-client';
import { trpcClient, trpcOptions } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';
import { i18n } from '@/i18n/i18n.setup';
import { registerServiceWorker } from '@/layout/service-worker';
import { syncOutcome } from '@/api/sync-outcome';
import { quickCacheRead } from './offline/cache-quick-read';
import { shiftWindowKey } from './offline/cache-keys';
import { nextShiftsPageInput, previousShiftsPageInput } from '@hearth/shared/caregiver-app/shift-pages';

/**
 * The encrypted cache (with Dexie) loads apart: online, the first window needs it only after it shows, so a cold
 * start asks for the schedule without waiting for that code (issue "caregiver app", Performance).
 */
const offlineCache = () => import('./offline/offline-cache');

/** Runs `task` when the page is next idle (after the schedule has rendered), at the latest after 2 s. */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

/** A page of the schedule and whether it came from the phone's cache (offline) rather than the server. */
export type SchedulePage = CaregiverShiftsPage & { fromCache: boolean };

/** Where a page starts: after or before an instant (ISO, UTC), or neither (from today). */
type PageParam = { after?: string; before?: string };

/** No network and no saved copy of this window: nothing to show, and retrying cannot help. */
class NotSavedOfflineError extends Error {
  constructor() {
    super(i18n.t('offlineErrors.scheduleNotSaved'));
  }
}

/**
 * One page of caregiverAppGetShifts; each fetched window is kept in the encrypted cache (at most 5). On a
 * network-type failure, or when the phone knows it is offline, the saved windows answer (spec section 8: "the
 * shift list then falls back to its local copy"), by the range they cover and not only for the input each was
 * fetched with (offline/saved-windows.ts: a refetch derives cursors that were never fetched); a later page that
 * no saved window covers is empty, so scrolling offline simply ends.
 * @throws NotSavedOfflineError when the first window is neither reachable nor cached; the server's other errors
 */
async function fetchSchedulePage(input: CaregiverAppGetShiftsInput, isFirst: boolean): Promise<SchedulePage> {
  let networkError: unknown = new Error('offline');
  if (navigator.onLine) {
    try {
      const page = await trpcClient.caregiverAppGetShifts.query(input);
      // Saving for offline use must not delay the schedule: it waits until the page is idle.
      whenIdle(
        () =>
          void offlineCache()
            .then((cache) => cache.cacheShiftWindow(input, page))
            .catch(() => undefined),
      );
      return { ...page, fromCache: false };
    } catch (error) {
      if (syncOutcome(error) !== 'keep') throw error;
      networkError = error;
    }
  }
  const cached = await readCachedWindow(input, isFirst);
  if (cached) return { ...cached, fromCache: true };
  if (!isFirst) return { shifts: [], hasBefore: false, hasAfter: false, fromCache: true };
  throw networkError instanceof Error && navigator.onLine ? networkError : new NotSavedOfflineError();
}

/**
 * The caregiver's schedule, paged by startTimestamp both ways (spec section 9: at most 3 pages kept, stale after
 * 60 s, network mode always, refetch on reconnect). The query key starts with the procedure's path key, so its
 * pathFilter refreshes it like any tRPC query.
 * @param status 'missing' for missed visits, or undefined for the schedule
 * @param startTimestamp deep link: the first window starts there (ISO), else from today
 */
function scheduleQuery(status: 'missing' | undefined, startTimestamp: string | undefined) {
  const initial: PageParam = startTimestamp ? { after: startTimestamp } : {};
  return infiniteQueryOptions<SchedulePage, Error, InfiniteData<SchedulePage, PageParam>, unknown[], PageParam>({
    // The procedure's path key, so its pathFilter refreshes this list; the input part is the list's own (a deep
    // link's start is not a procedure input).
    queryKey: [...trpcOptions.caregiverAppGetShifts.pathKey(), { input: { status, startTimestamp }, type: 'infinite' }],
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

/**
 * The schedule's query (see scheduleQuery) for /app's search params `status` and `startTimestamp`, refetched on a
 * live 'shifts' or 'visits' event.
 */
export function useScheduleShifts(status: 'missing' | undefined, startTimestamp: string | undefined) {
  // A visit given to the caregiver, moved or taken away, or checked by the office, shows at once (issue 21).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpcOptions.caregiverAppGetShifts.pathKey() });
  useLiveEvent('shifts', refresh);
  useLiveEvent('visits', refresh);
  return useInfiniteQuery(scheduleQuery(status, startTimestamp));
}

/**
 * Starts fetching the first window of /app for its URL search params (`status=missing`, `startTimestamp`) from the
 * route's loader, in parallel with the session check and the page's code: the page then finds it under the same key
 * (issue "caregiver app", Performance). Nothing is fetched while the window is fresh, when signed out, or for a
 * user known not to be a caregiver (the session gate sends them elsewhere).
 * @returns settles (never rejects) once the window is in the query cache or failed
 */
export function prefetchSchedule(searchParams: URLSearchParams): Promise<void> {
  if (!getToken() || lastKnownUser()?.isCaregiver === false) return Promise.resolve();
  const status = searchParams.get('status') === 'missing' ? 'missing' : undefined;
  return queryClient.prefetchInfiniteQuery(scheduleQuery(status, searchParams.get('startTimestamp') ?? undefined));
}

/**
 * The saved page of an input. The first window of the list is read directly, the window saved for that very input
 * with the kept key (no Dexie on the offline schedule's first screen); otherwise, or when that read cannot answer,
 * the full cache answers from every saved window by the range they cover (offline-cache.ts readShiftPage).
 * @returns the page, or undefined when not saved or unreadable.
 */
async function readCachedWindow(input: CaregiverAppGetShiftsInput, isFirst: boolean): Promise<CaregiverShiftsPage | undefined> {
  const user = lastKnownUser();
  const quick = user && isFirst ? await quickCacheRead<CaregiverShiftsPage>(user.id, shiftWindowKey(input)) : undefined;
  if (quick) return quick;
  return offlineCache()
    .then((cache) => cache.readShiftPage(input))
    .catch(() => undefined);
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
 * What the schedule starts once `ready` (its first window shows or failed: none of it may delay that on a slow
 * network), in the next task, as effects run while React commits that window and loading code there delays its
 * frame: the service worker's registration and the upload of visits kept on the phone; and, once per app start
 * when online, the device and app version (caregiverAppUpsertCaregiverMetadata) and the check-out details of the
 * coming shifts stored in the encrypted cache (prefetchCareSheetCheckOutDetailsForOffline; read back with
 * readCachedCheckOutDetails). Failures are quiet: all is tried again at the next start.
 */
export function useCaregiverAppStart(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      registerServiceWorker();
      void import('./offline/offline-visits').then((m) => m.startOfflineSync());
      if (navigator.onLine) startApp();
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);
}

function startApp(): void {
  if (appStarted) return;
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
    .then(async (details) => (await offlineCache()).cacheCheckOutDetails(details))
    .catch(() => undefined);
}
