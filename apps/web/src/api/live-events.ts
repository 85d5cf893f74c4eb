import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_STREAM, type LiveConnectionState, type LiveEvent, type LiveTopic } from '@hearth/shared/live/live.schema';
import { trpcClient } from './trpc';
import { getToken, useAuthToken } from './auth-token';

/** Called with each live event of its topic: the record that changed (refId) when one did. */
export type LiveEventHandler = (event: LiveEvent) => void;

/** The live stream's connection as screens may show it: the spec's state and, while reconnecting, why. */
export interface LiveConnection {
  state: LiveConnectionState;
  /** The reason of the last interruption (tRPC's message, e.g. "Timeout of 45000ms reached ..."), else null. */
  error: string | null;
}

const handlers = new Map<LiveTopic, Set<LiveEventHandler>>();
const connectionListeners = new Set<() => void>();
let connection: LiveConnection = { state: 'idle', error: null };
let open: { token: string; unsubscribe: () => void } | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelayMs: number = LIVE_STREAM.reconnectInitialMs;

function setConnection(next: LiveConnection): void {
  if (next.state === connection.state && next.error === connection.error) return;
  connection = next;
  for (const listener of connectionListeners) listener();
}

function deliver(event: LiveEvent): void {
  // 'resync': the server could not replay all that was missed; every registered screen refreshes.
  const topics: LiveTopic[] = event.topic === 'resync' ? [...handlers.keys()] : [event.topic as LiveTopic];
  for (const topic of topics) {
    for (const handler of handlers.get(topic) ?? []) handler(event);
  }
}

function close(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  open?.unsubscribe();
  open = null;
  setConnection({ state: 'idle', error: null });
}

/**
 * Opens the one stream of this tab while a screen listens and someone is signed in, closes it otherwise, and reopens
 * it under a new token. Each new stream refreshes every listening screen once it is ready (no event is lost between
 * a screen's fetch and the stream's start, or while a failed stream waits to be opened again). Within one
 * subscription tRPC resumes after the last event id by itself; a stream that ends with an error (not a 401, which
 * ends the session through the client's unauthorized link) is opened again after 1 s, doubling, at most
 * LIVE_STREAM.reconnectMaxMs.
 */
function sync(): void {
  const token = getToken();
  const wanted = token !== null && [...handlers.values()].some((set) => set.size > 0);
  if (!wanted) {
    if (open || retryTimer) close();
    return;
  }
  if (open?.token === token) return;
  close();
  const subscription = trpcClient.live.onEvent.subscribe(undefined, {
    onData: ({ data }) => {
      retryDelayMs = LIVE_STREAM.reconnectInitialMs;
      // 'ready' opens a new stream: what changed between a screen's first fetch (or the last stream's end) and now
      // was published to no stream of this tab, so every registered screen refreshes, as on 'resync'.
      deliver(data.topic === 'ready' ? { ...data, topic: 'resync' } : data);
    },
    onConnectionStateChange: (state) =>
      setConnection({ state: state.state, error: state.state === 'idle' ? null : (state.error?.message ?? null) }),
    onError: (error) => {
      open = null;
      setConnection({ state: 'idle', error: error.message });
      if (error.data?.httpStatus === 401) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        sync();
      }, retryDelayMs);
      retryDelayMs = Math.min(retryDelayMs * 2, LIVE_STREAM.reconnectMaxMs);
    },
  });
  open = { token, unsubscribe: () => subscription.unsubscribe() };
}

/**
 * Runs `handler` for each live event of `topic` (issue 21 item 1) while the calling component is mounted: open
 * screens refresh what an event changed instead of polling. The tab keeps one event stream for all its listeners,
 * opened with the first and closed with the last, and reopened when the signed-in user changes. The latest
 * `handler` is used without resubscribing.
 */
export function useLiveEvent(topic: Exclude<LiveTopic, 'resync'>, handler: LiveEventHandler): void {
  const { token } = useAuthToken();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: LiveEventHandler = (event) => latest.current(event);
    let set = handlers.get(topic);
    if (!set) handlers.set(topic, (set = new Set()));
    set.add(listener);
    sync();
    return () => {
      set.delete(listener);
      sync();
    };
  }, [topic, token]);
}

function subscribeConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** The live stream's connection (spec "Subscription connection": idle, connecting, pending), re-rendering on change. */
export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(subscribeConnection, () => connection);
}
