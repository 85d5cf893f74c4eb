import { z } from 'zod';

/**
 * Live updates (issue 21 item 1): what changed, never the changed data. A subscriber learns that something of
 * `topic` changed (the record `refId` when one record did) and refetches what it shows through the usual queries,
 * which apply its scope. 'chat' names a conversation (refId) with a new, edited or read message. 'visitRequests'
 * names a family's visit request (refId) that was made, withdrawn or decided (issue 25 item 3). 'resync' means
 * "refresh everything": the server could not replay all that was missed.
 */
export const LIVE_TOPICS = [
  'notifications',
  'shifts',
  'visits',
  'counts',
  'chat',
  'visitRequests',
  'clientAccess',
  'resync',
] as const;

/** A topic of a live event (LIVE_TOPICS). */
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The longest event id a client may send back (a decimal bigint). */
const MAX_EVENT_ID_LENGTH = 19;

/**
 * Input of the `live.onEvent` subscription. `lastEventId` is the id of the last event the client received (tRPC's
 * tracked() resumption sends it on reconnect): the events committed after it are replayed first.
 */
export const ZLiveOnEventInput = z
  .object({
    lastEventId: z.string().max(MAX_EVENT_ID_LENGTH).regex(/^\d+$/, 'Give the id of an event received').nullish(),
  })
  .strict()
  .nullish();

export type LiveOnEventInput = z.infer<typeof ZLiveOnEventInput>;

/**
 * One live event as a subscriber gets it, inside tRPC's tracked envelope whose id is the event's position. A stream
 * opened without lastEventId starts with a 'ready' marker carrying the current position, so a stream that drops
 * before its first event still resumes without a gap.
 */
export const ZLiveEvent = z.object({
  topic: z.enum([...LIVE_TOPICS, 'ready']),
  refId: z.number().int().nullable(),
});

export type LiveEvent = z.infer<typeof ZLiveEvent>;

/**
 * The event stream's timings (spec section 9 "Event stream", milliseconds). The client gives up on a silent stream
 * after `heartbeatTimeoutMs` and reconnects; the server sends a ping comment every `pingIntervalMs` (three per
 * timeout, so one lost ping never drops a healthy stream). Reconnects wait `reconnectInitialMs`, doubling, never
 * more than `reconnectMaxMs` (18,000 s).
 */
export const LIVE_STREAM = {
  heartbeatTimeoutMs: 45_000,
  pingIntervalMs: 15_000,
  reconnectInitialMs: 1_000,
  reconnectMaxMs: 18_000_000,
} as const;

/** The states of the subscription connection (spec section 4 "Subscription connection"; tRPC's names). */
export const LIVE_CONNECTION_STATES = ['idle', 'connecting', 'pending'] as const;

export type LiveConnectionState = (typeof LIVE_CONNECTION_STATES)[number];
