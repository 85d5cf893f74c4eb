import { QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './api-error';
import { getToken } from './auth-token';

/** Statuses worth retrying (spec section 8): server and gateway failures, timeouts, throttling, and auth hiccups. */
const RETRYABLE_STATUSES = new Set([401, 403, 408, 429]);

/** Retries at most 3 times (spec section 9); never input or not-found errors, never once the session ended. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  // A 401 ends the session at once (see session.ts); retrying without a token cannot succeed.
  if (getToken() === null) return false;
  const status = httpStatusOf(error);
  if (status === undefined || status >= 500) return true;
  return RETRYABLE_STATUSES.has(status);
}

/** Exponential backoff from 1 s, capped at 30 s (spec section 9). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/** The one query client of the app (data fetching constants of spec section 9). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: false,
    },
  },
});
