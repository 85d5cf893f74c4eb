import { z } from 'zod';
import { tracked, TRPCError, type TrackedEnvelope } from '@trpc/server';
import { ZLiveEvent, ZLiveOnEventInput, type LiveEvent } from '@hearth/shared/live/live.schema';
import { authedProcedure, router } from '../../trpc/init';
import { subscriberOf } from './live.audience';
import { currentSubscriber } from './live.session';
import { liveEventStream, type StreamedEvent } from './live.stream';

/** A stream's events as tRPC tracked envelopes (id = position), each checked against ZLiveEvent (a whitelist). */
async function* checkedEnvelopes(source: AsyncIterable<StreamedEvent>): AsyncGenerator<TrackedEnvelope<LiveEvent>> {
  for await (const { id, event } of source) yield tracked(id, ZLiveEvent.parse(event));
}

/**
 * The declared output of live.onEvent: an async iterable whose every event is parsed by ZLiveEvent as it leaves,
 * so the stream, like every answer, carries only the declared fields.
 */
const ZLiveStream = z
  .custom<AsyncIterable<StreamedEvent>>(
    (value) => typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function',
  )
  .transform((source) => checkedEnvelopes(source));

/**
 * Live updates (issue 21 item 1; docs/architecture.md "Live updates"). An event stream over server-sent events at
 * GET /api/trpc/live.onEvent, authenticated like every call (the bearer token header, or the session cookie).
 */
export const liveRouter = router({
  /**
   * The events of the caller's audience (live.audience.ts reaches: their user id, the branches their scope covers)
   * {lastEventId?} -> a stream of tracked(position, {topic, refId}): 'ready' first for a new stream, the missed
   * events first for a resuming one (live.stream.ts). Any signed-in user may listen, since each hears only their
   * own audience. The session is rechecked every minute while open; the stream then ends with UNAUTHORIZED when it
   * no longer holds.
   * @throws UNAUTHORIZED (401) without a valid session; BAD_REQUEST (400) for a malformed lastEventId;
   *   INTERNAL_SERVER_ERROR when the server runs without live updates.
   */
  onEvent: authedProcedure
    .input(ZLiveOnEventInput)
    .output(ZLiveStream)
    .subscription(({ ctx, input, signal }) => {
      const hub = ctx.live;
      if (!hub) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Live updates are not running' });
      return liveEventStream({
        hub,
        db: ctx.db,
        subscriber: subscriberOf(ctx.caller),
        lastEventId: input?.lastEventId ? Number(input.lastEventId) : null,
        signal,
        recheck: () => currentSubscriber(ctx, ctx.headers, ctx.sessionNow()),
      });
    }),
});
