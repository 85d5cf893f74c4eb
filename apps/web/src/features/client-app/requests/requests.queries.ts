import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';

/**
 * The client's requests and the visits a new one may be about (clientAppGetRequests), refetched when a request of
 * the client is made, withdrawn or decided (live 'visitRequests') and when the schedule changes (live 'shifts').
 */
export function useClientRequests(clientId: number) {
  const trpc = useTRPC();
  const query = useQuery(trpc.clientAppGetRequests.queryOptions({ clientId }));
  const refetch = () => void query.refetch();
  useLiveEvent('visitRequests', refetch);
  useLiveEvent('shifts', refetch);
  return query;
}

/** Invalidates the client's requests after a change of the caller's. */
function useRefreshRequests(clientId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.clientAppGetRequests.queryKey({ clientId }) });
}

/** Sends a new request (clientAppCreateRequest), then refreshes the list. */
export function useCreateRequest(clientId: number) {
  const trpc = useTRPC();
  const refresh = useRefreshRequests(clientId);
  return useMutation(trpc.clientAppCreateRequest.mutationOptions({ onSuccess: refresh }));
}

/** Withdraws a pending request (clientAppWithdrawRequest), then refreshes the list. */
export function useWithdrawRequest(clientId: number) {
  const trpc = useTRPC();
  const refresh = useRefreshRequests(clientId);
  return useMutation(trpc.clientAppWithdrawRequest.mutationOptions({ onSuccess: refresh }));
}
