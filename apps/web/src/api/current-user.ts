import { useQuery } from '@tanstack/react-query';
import { shouldRetry } from './query-client';
import { useTRPC } from './trpc';

/** The signed-in user (spec section 9: retried once, cached 5 minutes). */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.getCurrentUser.queryOptions(),
    staleTime: 5 * 60_000,
    retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
  });
}
