import { useQuery } from '@tanstack/react-query';
import type { CareSheetCheckOutDetails } from '@hearth/shared/care-sheets/care-sheets.schema';
import { shouldRetry } from '@/api/query-client';
import { useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import { readCachedCheckOutDetails } from './offline/offline-cache';

/** Attempts after the first for the check-out details (spec section 9: "Check-out details retry 2 times"). */
const CHECK_OUT_DETAILS_RETRIES = 2;

/** The check-out details of a shift and where they came from. */
export interface CheckOutDetailsState {
  details: CareSheetCheckOutDetails | undefined;
  /** 'server' when fetched now, 'phone' when read from the copy prefetched for offline use. */
  source: 'server' | 'phone' | null;
  loading: boolean;
  /** Why there is nothing to show (the server's error and no copy on the phone). */
  error: unknown;
}

/**
 * A shift's check-out details (getCareSheetCheckOutDetails {shift_id}: visit, care plan tasks, answers so far),
 * retried twice and never refetched on focus or reconnect (spec section 9: a refetch would reset a half-filled
 * care sheet). When the phone is offline (the query pauses) or the server cannot be reached, the copy stored by
 * prefetchCareSheetCheckOutDetailsForOffline is used instead.
 */
export function useCheckOutDetails(shiftId: number): CheckOutDetailsState {
  const trpc = useTRPC();
  const valid = Number.isInteger(shiftId) && shiftId > 0;
  const server = useQuery(
    trpc.getCareSheetCheckOutDetails.queryOptions(
      { shift_id: shiftId },
      {
        enabled: valid,
        retry: (failureCount, error) => failureCount < CHECK_OUT_DETAILS_RETRIES && shouldRetry(failureCount, error),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    ),
  );
  const unreachable = server.fetchStatus === 'paused' || server.isError;
  const cached = useQuery({
    queryKey: ['offline', 'checkOutDetails', shiftId],
    queryFn: async () => (await readCachedCheckOutDetails(shiftId)) ?? null,
    enabled: valid && unreachable && !server.data,
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
  });
  if (server.data) return { details: server.data, source: 'server', loading: false, error: null };
  if (cached.data) return { details: cached.data, source: 'phone', loading: false, error: null };
  const loading = valid && ((server.isPending && server.fetchStatus === 'fetching') || (unreachable && !cached.isFetched));
  const error = !valid
    ? new Error(i18n.t('offlineErrors.visitLink'))
    : (server.error ?? new Error(i18n.t('offlineErrors.visitNotSaved')));
  return { details: undefined, source: null, loading, error: loading ? null : error };
}
