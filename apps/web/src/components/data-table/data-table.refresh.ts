import { useEffect, useRef } from 'react';
import { hashKey, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';

/** How often a list is refreshed while some of its rows are still moving, in milliseconds. */
const REFRESH_MS = 2000;

/** Whether a cached query is a queryView call of `view` (tRPC keys: [['queryView'], {input, type}]). */
function isQueryOf(query: Query, view: string): boolean {
  const meta = query.queryKey[1] as { input?: { view?: unknown } } | undefined;
  return meta?.input?.view === view;
}

/**
 * Keeps a view's table current while any of its rows has a status in `activeStatuses` (an import or export still
 * queued or running): a one-row probe of the view, filtered to those statuses, is read every 2 s while it finds
 * any, and each reading refreshes the view's other queries (the table's page), once more after the last one ends.
 * @returns how many rows are active (0 while unknown).
 */
export function useRefreshWhileActive(view: string, statusColumn: string, activeStatuses: readonly string[]): number {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = {
    view,
    filters: [{ column: statusColumn, operator: 'in' as const, value: [...activeStatuses] }],
    page: 1,
    pageSize: 1,
  };
  const probeHash = hashKey(trpc.queryView.queryKey(input));
  const probe = useQuery({
    ...trpc.queryView.queryOptions(input),
    refetchInterval: (query) => ((query.state.data?.totalCount ?? 0) > 0 ? REFRESH_MS : false),
  });
  const active = probe.data?.totalCount ?? 0;
  const wasActive = useRef(false);
  const updatedAt = probe.dataUpdatedAt;

  useEffect(() => {
    if (updatedAt === 0) return;
    if (active > 0 || wasActive.current) {
      void queryClient.invalidateQueries({
        queryKey: trpc.queryView.queryKey(),
        predicate: (query) => isQueryOf(query, view) && query.queryHash !== probeHash,
      });
    }
    wasActive.current = active > 0;
  }, [active, updatedAt, probeHash, queryClient, trpc, view]);

  return active;
}
