import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';

/**
 * The requests of the caller's branches, pending (the queue) or decided (visitRequests.list), refetched when a
 * family makes, withdraws or has a request decided (live 'visitRequests').
 */
export function useVisitRequests(status: 'pending' | 'decided', enabled: boolean) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.visitRequests.list.queryOptions({ status }), enabled });
  useLiveEvent('visitRequests', () => void query.refetch());
  return query;
}

/** Approves or declines a request (visitRequests.decide), then refreshes both lists and the schedule's queries. */
export function useDecideVisitRequest() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.visitRequests.decide.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.visitRequests.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.getShifts.queryKey() });
      },
    }),
  );
}
