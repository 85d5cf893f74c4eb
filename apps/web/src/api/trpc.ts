import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from '@trpc/client';
import { EventSourcePolyfill } from 'event-source-polyfill';
import { LIVE_STREAM } from '@hearth/shared/live/live.schema';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@hearth/server/trpc/app.router';
import { getToken } from './auth-token';
import { clientHeaders } from './client-headers';
import { queryClient } from './query-client';
import { expireSession } from './session';

/** What each procedure returns, e.g. `RouterOutputs['getUser']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The provider and hooks of the typed API (use `useTRPC()` in components). */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Headers every API call carries, read when it is sent: the bearer token and the app version, and from the
 * caregiver app (/app) the mobile-app flag and the phone's clock (clientHeaders).
 */
export function apiHeaders(): Record<string, string> {
  return clientHeaders({ pathname: window.location.pathname, now: new Date(), token: getToken() });
}

/** Watches every result: a 401 from any procedure ends the session once, whatever the caller does with the error. */
const unauthorizedLink: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          if (error.data?.httpStatus === 401) expireSession();
          observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );

/**
 * The tRPC client: batched plain-JSON calls to /api/trpc, and subscriptions (live.onEvent) as server-sent events.
 * A browser's EventSource cannot send headers, and the bearer token must never ride in a URL (URLs reach logs), so
 * the stream is opened by event-source-polyfill, which sends the same headers as every call. Its heartbeat timeout
 * and reconnect delays (1 s doubling, at most 18,000 s) are the spec's event-stream constants (LIVE_STREAM).
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    unauthorizedLink,
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({
        url: '/api/trpc',
        EventSource: EventSourcePolyfill,
        eventSourceOptions: () => ({ headers: apiHeaders(), heartbeatTimeout: LIVE_STREAM.heartbeatTimeoutMs }),
      }),
      false: httpBatchLink({
        url: '/api/trpc',
        headers: apiHeaders,
        // Batched GETs put every input in the URL; past this length tRPC splits the batch.
        maxURLLength: 4000,
      }),
    }),
  ],
});

/**
 * The same typed query options and keys as `useTRPC()`, for code outside components: the start-up prefetch (main.tsx)
 * and route loaders, so that their data lands under the key the page reads.
 */
export const trpcOptions = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
