import { queryOptions } from '@tanstack/react-query';
import { ACTION_BATCH_WINDOW_MS, MAX_ACTION_CALLS, type ActionResultEntry } from '@hearth/shared/actions/actions.schema';
import { restJson } from './rest';

/** One call as it goes over the wire (spec section 7 "REST-style"). */
export interface ActionCallBody {
  name: string;
  input?: unknown;
  parseOnly: boolean;
}

/** Sends one batch and answers one entry per call, in order. Rejects when the batch as a whole fails. */
export type ActionTransport = (calls: ActionCallBody[]) => Promise<ActionResultEntry[]>;

/** How one action call goes out. */
export interface ActionCallOptions {
  /** Only validate the input: the answer is the field errors `{field: message}`, `{}` when valid. */
  parseOnly?: boolean;
  /** false sends the call alone, at once, instead of waiting for the batch window. Default true. */
  batch?: boolean;
}

/** A batch entry that came back with an error (spec section 8): its message, and the action that failed. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly action: string,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

/** A batching caller of server actions; see createActionsClient. */
export interface ActionsClient {
  /**
   * Calls an action (a procedure path such as `getUsers`). Resolves with the entry's data; rejects with an
   * ActionError carrying the entry's error message, or with the transport's error when the batch failed.
   */
  call<T = unknown>(name: string, input?: unknown, options?: ActionCallOptions): Promise<T>;
}

interface Pending {
  call: ActionCallBody;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A client of POST /api/actions that groups the calls made within `windowMs` of the first one (spec sections 7
 * and 9: 50 ms) into one batch, in call order; a batch that reaches `maxBatchSize` (the server's limit of 50) goes
 * at once. `{batch: false}` sends a call alone. Each caller's promise settles with its own entry only.
 * @param options.transport sends a batch (inject a fake one in tests); see postActions for the real one.
 */
export function createActionsClient(options: {
  transport: ActionTransport;
  windowMs?: number;
  maxBatchSize?: number;
}): ActionsClient {
  const { transport, windowMs = ACTION_BATCH_WINDOW_MS, maxBatchSize = MAX_ACTION_CALLS } = options;
  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function send(batch: Pending[]): Promise<void> {
    let entries: unknown;
    try {
      entries = await transport(batch.map((p) => p.call));
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, index) => {
      const entry = Array.isArray(entries) ? (entries[index] as ActionResultEntry | undefined) : undefined;
      const result = entry?.result;
      if (result && 'error' in result) p.reject(new ActionError(result.error, p.call.name));
      else if (result && 'data' in result) p.resolve(result.data);
      // An answer without an entry for this call (spec section 8).
      else p.reject(new ActionError('Batch not found', p.call.name));
    });
  }

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length > 0) void send(batch);
  }

  return {
    call<T>(name: string, input?: unknown, { parseOnly = false, batch = true }: ActionCallOptions = {}) {
      return new Promise<T>((resolve, reject) => {
        const pending: Pending = { call: { name, input, parseOnly }, resolve: resolve as (data: unknown) => void, reject };
        if (!batch) {
          void send([pending]);
          return;
        }
        queue.push(pending);
        if (queue.length >= maxBatchSize) flush();
        else timer ??= setTimeout(flush, windowMs);
      });
    },
  };
}

/**
 * The real transport: POST /api/actions `{calls}` with the bearer token and app version (see restJson: a non-2xx
 * answer rejects with an HttpError carrying the server's message, and a 401 ends the session).
 */
export const postActions: ActionTransport = (calls) => restJson<ActionResultEntry[]>('POST', '/api/actions', { calls });

/** The app's action client, batching over postActions. */
export const actionsClient = createActionsClient({ transport: postActions });

/**
 * The TanStack Query key of an action call: `[name, parseOnly, input]` (spec section 7: queries are keyed by
 * action name, parse-only flag and input). Distinct from tRPC's keys, which start with a path array.
 */
export function actionQueryKey(name: string, input: unknown, parseOnly = false) {
  return [name, parseOnly, input ?? null] as const;
}

/**
 * Query options for an action call through the batching client, keyed by actionQueryKey. Spread into useQuery
 * and add the query's own options (enabled, staleTime, ...).
 */
export function actionQueryOptions<T>(name: string, input: unknown, options: ActionCallOptions = {}) {
  return queryOptions({
    queryKey: actionQueryKey(name, input, options.parseOnly ?? false),
    queryFn: () => actionsClient.call<T>(name, input, options),
  });
}
