import { useQueryClient, type Query } from '@tanstack/react-query';
import type { LiveEvent } from '@hearth/shared/live/live.schema';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';
import { useShiftRefresh } from './shift-queries';

/** Whether a cached query is a queryView call of the shifts view (tRPC keys: [['queryView'], {input, type}]). */
function isShiftsView(query: Query): boolean {
  const meta = query.queryKey[1] as { input?: { view?: unknown } } | undefined;
  return meta?.input?.view === 'shifts';
}

/**
 * Keeps the open schedule current (issue 21 item 1): on a live 'shifts' or 'visits' event (a shift saved, assigned,
 * cancelled, checked in or out, by anyone in the caller's audience) the loaded calendar ranges, that shift's drawer
 * (details, changes, pickup lists) and the shifts table refetch, instead of polling.
 */
export function useShiftLiveRefresh(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useShiftRefresh();
  const onChange = (event: LiveEvent) => {
    void (event.refId === null ? refresh.shifts() : refresh.shift(event.refId));
    void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey(), predicate: isShiftsView });
  };
  useLiveEvent('shifts', onChange);
  useLiveEvent('visits', onChange);
}
