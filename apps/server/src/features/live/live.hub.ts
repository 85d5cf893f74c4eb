import type { Database } from '../../db/client';
import { reaches, type LiveRow, type LiveSubscriber } from './live.audience';
import { keptRange, readEventsAfter } from './live.read';

/** The channel live_events positions are NOTIFYed on (migration live_events_commit_order). */
export const LIVE_CHANNEL = 'live_events';

/** Rows read per query while catching up. */
const READ_BATCH = 500;

/** One open subscription as the hub knows it. */
export interface LiveListener {
  /** Replaces who is listening (their scope changed). */
  update(subscriber: LiveSubscriber): void;
  close(): void;
}

/**
 * This process's side of live updates (docs/architecture.md "Live updates"): one LISTEN on the database, one read
 * of the new rows per notification, and each row handed to the open subscriptions it reaches.
 */
export interface LiveHub {
  /** The last position this process has read and dispatched: a new subscription is live from here. */
  readonly position: number;
  /** Registers a subscription; `deliver` gets the rows that reach it, in commit order. */
  subscribe(subscriber: LiveSubscriber, deliver: (rows: LiveRow[]) => void): LiveListener;
  /** How many subscriptions are open on this process. */
  readonly size: number;
  close(): Promise<void>;
}

/**
 * Starts the hub on `database`: LISTENs on LIVE_CHANNEL and, on each notification, reads every committed row past
 * its position (one read at a time; notifications arriving meanwhile cause one more read). The payload (a position)
 * only wakes it: the rows are the truth, so coalesced or lost notifications lose nothing, and after the listening
 * connection comes back it reads what it missed.
 * @param log where a failed read is reported (the hub retries on the next notification).
 */
export async function startLiveHub(
  database: Pick<Database, 'db' | 'listen'>,
  log: { error(message: string): void } = console,
): Promise<LiveHub> {
  const listeners = new Set<{ subscriber: LiveSubscriber; deliver: (rows: LiveRow[]) => void }>();
  let position = (await keptRange(database.db)).last;
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const dispatch = (rows: LiveRow[]) => {
    for (const listener of listeners) {
      const reached = rows.filter((row) => reaches(row, listener.subscriber));
      if (reached.length > 0) listener.deliver(reached);
    }
  };
  const readNew = async () => {
    for (;;) {
      const rows = await readEventsAfter(database.db, position, READ_BATCH);
      if (rows.length === 0 || closed) return;
      position = rows[rows.length - 1]!.seq;
      dispatch(rows);
      if (rows.length < READ_BATCH) return;
    }
  };
  const wake = () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch((error: unknown) => log.error(`Live updates: reading new events failed: ${(error as Error).message}`))
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const stop = await database.listen(LIVE_CHANNEL, wake, wake);

  return {
    get position() {
      return position;
    },
    get size() {
      return listeners.size;
    },
    subscribe(subscriber, deliver) {
      const listener = { subscriber, deliver };
      listeners.add(listener);
      return {
        update: (next) => {
          listener.subscriber = next;
        },
        close: () => {
          listeners.delete(listener);
        },
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await stop();
      await reading;
    },
  };
}
