import type { LiveEvent } from '@hearth/shared/live/live.schema';

/** One live event as a test reads it off the wire: its tracked id (position) and data. */
export interface ReceivedEvent extends LiveEvent {
  id: string;
}

/** An open live.onEvent stream over real HTTP (server-sent events read with fetch, as a browser polyfill does). */
export interface LiveStreamReader {
  /** The HTTP status of the stream's answer. */
  status: number;
  /** The next data event (ping comments and the connected message skipped); rejects when the stream ends. */
  next(): Promise<ReceivedEvent>;
  /** The data events up to and including the first one `until` accepts. */
  collectUntil(until: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent[]>;
  /** Drops the connection (a lost network, a closed tab). */
  close(): void;
}

/** The stream's raw server-sent events: {event, id, data} per blank-line-terminated block. */
async function* sseBlocks(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        fields[name] = fields[name] === undefined ? value : `${fields[name]}\n${value}`;
      }
      if (Object.keys(fields).length > 0) yield fields;
    }
  }
}

/**
 * Opens live.onEvent at `baseUrl` with a bearer token (and `lastEventId` to resume), as the web's EventSource
 * polyfill does: GET with Accept text/event-stream and the Authorization header, never the token in the URL.
 */
export async function openLiveStream(
  baseUrl: string,
  token: string | null,
  options: { lastEventId?: string; input?: unknown; origin?: string } = {},
): Promise<LiveStreamReader> {
  const controller = new AbortController();
  const input = options.input ?? (options.lastEventId ? { lastEventId: options.lastEventId } : undefined);
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const headers: Record<string, string> = { accept: 'text/event-stream', origin: options.origin ?? 'http://localhost:3000' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/api/trpc/live.onEvent${query}`, { headers, signal: controller.signal });
  const blocks = res.body ? sseBlocks(res.body) : null;
  const next = async (): Promise<ReceivedEvent> => {
    if (!blocks) throw new Error(`no stream (status ${res.status})`);
    for (;;) {
      const step = await blocks.next();
      if (step.done) throw new Error('the stream ended');
      const { event, id, data } = step.value;
      if (event === 'serialized-error') throw new Error(`stream error: ${data}`);
      if (event || data === undefined) continue;
      return { id: id ?? '', ...(JSON.parse(data) as LiveEvent) };
    }
  };
  return {
    status: res.status,
    next,
    async collectUntil(until) {
      const events: ReceivedEvent[] = [];
      for (;;) {
        const event = await next();
        events.push(event);
        if (until(event)) return events;
      }
    },
    close: () => controller.abort(),
  };
}
