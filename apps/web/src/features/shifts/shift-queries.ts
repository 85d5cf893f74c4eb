import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';

/**
 * The time zone a branch's schedule is shown in (getBranch {id}.timezone). Until it loads, and if it cannot be
 * read, `fallback` (a shift's own `timezone`) stands in; null while nothing is known yet.
 */
export function useBranchTimezone(branchId: number, fallback?: string | null): { timezone: string | null; error: unknown } {
  const trpc = useTRPC();
  const branch = useQuery({ ...trpc.getBranch.queryOptions({ id: branchId }), staleTime: 5 * 60_000 });
  return { timezone: branch.data?.timezone ?? fallback ?? null, error: branch.error };
}

/**
 * What a change to shifts makes stale, as functions to call after a save: `shift(id)` refreshes every loaded
 * calendar range, the shift, its change history and its pickup lists; `patterns(clientId)` every loaded shift and
 * the client's recurring patterns (a pattern save regenerates its shifts); `comments(scheduleId)` a shift's comments.
 */
export function useShiftRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const shifts = () => queryClient.invalidateQueries({ queryKey: trpc.getShifts.queryKey() });
  return {
    shifts,
    shift: (id: number) =>
      Promise.all([
        shifts(),
        queryClient.invalidateQueries({ queryKey: trpc.getShift.queryKey({ id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.getShiftChanges.queryKey({ scheduleId: id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.getPickupCandidates.queryKey({ scheduleId: id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.getShiftPickupInvitations.queryKey({ scheduleId: id }) }),
      ]),
    patterns: (clientId: number) =>
      Promise.all([
        shifts(),
        queryClient.invalidateQueries({ queryKey: trpc.getShift.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.getShiftPatterns.queryKey({ clientId }) }),
      ]),
    comments: (scheduleId: number) => queryClient.invalidateQueries({ queryKey: trpc.getShiftComments.queryKey({ scheduleId }) }),
  };
}
