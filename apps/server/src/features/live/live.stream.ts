import { AppError } from '../../errors/app-error';
import type { Db } from '../../db/client';
import type { LiveEvent } from '@hearth/shared/live/live.schema';
import type { LiveRow, LiveSubscriber } from './live.audience';
import type { LiveHub } from './live.hub';
import { keptRange, readMissedEvents } from './live.read';

/** The most missed events replayed one by one; past it the client is told to refresh everything ('resync'). */
export const LIVE_BACKLOG_LIMIT = 500;

/** How often an open stream checks that its session still holds and rereads its scope (milliseconds). */
export const LIVE_RECHECK_MS = 60_000;

/** What liveEventStream needs. */
export interface LiveStreamOptions {
  hub: LiveHub;
  db: Db;
  subscriber: LiveSubscriber;
  /** The position of the last event the client received (tracked id), or null for a new stream. */
  lastEventId: number | null;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
  /** The subscriber as they are now, or null when their session no longer holds (live.session.ts). */
  recheck: () => Promise<LiveSubscriber | null>;
  recheckEveryMs?: number;
}

/** One event of a stream: its position as the tracked id, and what changed. */
export interface StreamedEvent {
  id: string;
  event: LiveEvent;
}

const envelope = (seq: number, event: LiveEvent): StreamedEvent => ({ id: String(seq), event });

/**
 * The events of one subscriber ({id: position, event: {topic, refId}}; the router makes them tracked envelopes), in
 * commit order:
 * - a new stream first gets a 'ready' marker at the current position, then every event after it;
 * - a resuming stream (lastEventId) first gets the kept events after that position that reach it, read from
 *   live_events through the audience rule, then live ones, none twice; more than LIVE_BACKLOG_LIMIT missed, or
 *   missed events already pruned, give one 'resync' instead (refresh everything).
 * It registers with the hub before reading the backlog, so no event falls between the two.
 * @throws AppError UNAUTHORIZED when the session stops holding (the client does not retry it).
 */
export async function* liveEventStream(options: LiveStreamOptions): AsyncGenerator<StreamedEvent> {
  const { hub, db, signal } = options;
  const queue: LiveRow[] = [];
  let wake: (() => void) | null = null;
  const listener = hub.subscribe(options.subscriber, (rows) => {
    queue.push(...rows);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  // The session check runs beside delivery, never in its way, and open streams spread their checks over time
  // (0.5 to 1.5 intervals apart) rather than all querying at once.
  const everyMs = options.recheckEveryMs ?? LIVE_RECHECK_MS;
  let stopped = false;
  let checked: { subscriber: LiveSubscriber | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const scheduleCheck = () => {
    timer = setTimeout(
      () => {
        options
          .recheck()
          // A failed check (the database briefly away) is tried again at the next one rather than ending the stream.
          .then((subscriber) => (checked = { subscriber }))
          .catch(() => {})
          .finally(() => {
            wake?.();
            if (!stopped) scheduleCheck();
          });
      },
      everyMs * (0.5 + Math.random()),
    );
  };
  scheduleCheck();
  try {
    let last = options.lastEventId;
    if (last === null) {
      last = hub.position;
      yield envelope(last, { topic: 'ready', refId: null });
    } else {
      const missed = await readMissedEvents(db, options.subscriber, last, LIVE_BACKLOG_LIMIT + 1);
      const kept = await keptRange(db);
      const pruned = kept.first > last + 1;
      if (missed.length > LIVE_BACKLOG_LIMIT || pruned) {
        last = Math.max(last, hub.position, kept.last);
        yield envelope(last, { topic: 'resync', refId: null });
      } else {
        for (const row of missed) {
          last = row.seq;
          yield envelope(row.seq, { topic: row.topic, refId: row.refId });
        }
      }
    }
    while (!signal?.aborted) {
      if (checked) {
        const { subscriber } = checked;
        checked = null;
        if (!subscriber) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
        listener.update(subscriber);
      }
      const row = queue.shift();
      if (row) {
        if (row.seq <= last) continue;
        last = row.seq;
        yield envelope(row.seq, { topic: row.topic, refId: row.refId });
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    stopped = true;
    if (timer) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    listener.close();
  }
}
