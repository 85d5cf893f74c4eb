import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from './trpc';
import { useLiveEvent } from './live-events';

/** The counts are refetched when older than this (issue item 2's staleness of the shift list, 60 s). */
const COUNTS_STALE_MS = 60_000;

/**
 * The bottom bar's counts (spec "Navigation chrome": Missed, orange, missing shifts since the pay period start;
 * Pickup, blue, live pickup offers) from caregiverAppGetCounts, refetched on focus and on reconnect once stale,
 * and at once on a live 'shifts', 'visits' or 'counts' event.
 * Undefined while unknown (loading, offline, failed): the bar then shows no badge rather than a guess.
 */
export function useCaregiverAppCounts(): { missed: number; pickup: number } | undefined {
  const trpc = useTRPC();
  const refresh = useRefreshCounts();
  // A visit given, moved or taken away, a check-in or out, an offer sent: the badges follow at once (issue 21).
  useLiveEvent('shifts', () => void refresh());
  useLiveEvent('visits', () => void refresh());
  useLiveEvent('counts', () => void refresh());
  const counts = useQuery(
    trpc.caregiverAppGetCounts.queryOptions(undefined, {
      staleTime: COUNTS_STALE_MS,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    }),
  );
  return counts.data;
}

/** Refetches the bottom bar's counts (after a pickup is accepted or declined, a visit saved). */
export function useRefreshCounts(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.caregiverAppGetCounts.queryKey() });
}
