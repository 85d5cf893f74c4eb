import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveEvent } from '@/api/live-events';

/**
 * Refetches the given queries when a visit of the shown client changes (issue "client and family app" item 1:
 * today's visit live). The server lists the family who may see the schedule on every shift and visit event
 * (shifts.live.ts), so a check-in or check-out from the caregiver's phone arrives here at once; the event carries
 * ids only, and the refetch reads through the client app's own calls (docs/architecture.md "Live updates").
 */
export function useVisitsLive(queryKeys: QueryKey[]): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  useLiveEvent('visits', refresh);
  useLiveEvent('shifts', refresh);
}
