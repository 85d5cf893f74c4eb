/**
 * The phone's chat outbox, its pure rules (issue 22 item 6: "queueing what is written (sent when online, never lost,
 * never doubled)"). Every message the caregiver writes becomes an outbox entry first, with the clientMessageId it
 * keeps for life; the entry leaves the outbox only once the server answers with the stored message. A resend of the
 * same clientMessageId answers the message already stored (chat.sendMessage is idempotent on it), so sending an
 * entry twice (two tabs, a reply lost on the way back) never doubles it.
 *
 * Storage and the network are passed in (chat-offline.sync.ts runs this with the encrypted cache and tRPC), so these
 * rules are tested without either.
 */
import type { ChatAttachment, ChatMessage } from '@hearth/shared/chat/chat.schema';
import type { SyncOutcome } from '@/api/sync-outcome';

/** A message written on the phone and not yet stored by the server. */
export interface OutboxMessage {
  /** A UUID, given when written and sent with every attempt (the server's idempotency key). */
  clientMessageId: string;
  conversationId: number;
  body: string;
  /** Attachments already uploaded (chat.createAttachment then PUT) that the message carries. */
  attachments: ChatAttachment[];
  /** When it was written, ISO 8601 UTC: the send order. */
  createdAt: string;
  /** 'waiting' until sent; 'refused' when the server refused it for good (kept, shown with `reason`). */
  status: 'waiting' | 'refused';
  /** The server's message for a refused entry, in the reader's language; null while waiting. */
  reason: string | null;
}

/**
 * A new outbox entry, waiting.
 * @param input the conversation, the trimmed body ('' for attachments only) and the uploaded attachments
 * @param clientMessageId a fresh UUID (crypto.randomUUID())
 * @param now ISO 8601 UTC
 */
export function newOutboxMessage(
  input: { conversationId: number; body: string; attachments?: ChatAttachment[] },
  clientMessageId: string,
  now: string,
): OutboxMessage {
  return {
    clientMessageId,
    conversationId: input.conversationId,
    body: input.body.trim(),
    attachments: input.attachments ?? [],
    createdAt: now,
    status: 'waiting',
    reason: null,
  };
}

/** Oldest first (written order), ties broken by clientMessageId so the order is the same on every read. */
export function byWrittenOrder(a: OutboxMessage, b: OutboxMessage): number {
  return a.createdAt.localeCompare(b.createdAt) || a.clientMessageId.localeCompare(b.clientMessageId);
}

/** The entries to send, in the order they were written; refused ones stay where they are until the caregiver acts. */
export function sendQueue(entries: OutboxMessage[]): OutboxMessage[] {
  return entries.filter((e) => e.status === 'waiting').sort(byWrittenOrder);
}

/** What a flush needs from the outside world. */
export interface OutboxPorts {
  /** Every stored entry (any order). */
  list: () => Promise<OutboxMessage[]>;
  /** chat.sendMessage with the entry's clientMessageId; resolves to the stored message, rejects with the API error. */
  send: (entry: OutboxMessage) => Promise<ChatMessage>;
  /** Classifies a failed attempt (api/sync-outcome.ts syncOutcome). */
  outcome: (error: unknown) => SyncOutcome;
  /** Stores the server's message where the conversation's cache and screen will show it. Called before `remove`. */
  delivered: (entry: OutboxMessage, message: ChatMessage) => Promise<void>;
  /** Removes the entry (after `delivered`). */
  remove: (clientMessageId: string) => Promise<void>;
  /** Replaces the entry (marked refused). */
  put: (entry: OutboxMessage) => Promise<void>;
  /** The reason to show for an error the server refused for good. */
  reasonOf: (error: unknown) => string;
}

/** What one flush did. */
export interface FlushResult {
  sent: number;
  /** Entries still waiting (network gone, server busy, signed out): tried again at the next flush. */
  waiting: number;
  refused: number;
}

/**
 * Sends every waiting entry, oldest first, one at a time (issue 22 item 6, in the spirit of spec section 8's offline
 * queue):
 * - sent: the server's message is handed to `delivered`, then the entry is removed (so a crash between the two
 *   leaves the entry, whose resend the server answers with the same message: never lost, never doubled);
 * - kept (no network, a retryable error, 401): the flush stops there, so later messages never overtake it;
 * - refused for good (any other error: 403 chat off, 404 conversation gone, 400): the entry is kept, marked refused
 *   with the server's reason, and the flush goes on with the next.
 * @returns the counts of sent, still waiting and newly refused entries
 */
export async function flushOutbox(ports: OutboxPorts): Promise<FlushResult> {
  const queue = sendQueue(await ports.list());
  const result: FlushResult = { sent: 0, waiting: 0, refused: 0 };
  for (const [i, entry] of queue.entries()) {
    let message: ChatMessage | null = null;
    let error: unknown = null;
    try {
      message = await ports.send(entry);
    } catch (e) {
      error = e;
    }
    if (message) {
      await ports.delivered(entry, message);
      await ports.remove(entry.clientMessageId);
      result.sent++;
      continue;
    }
    if (ports.outcome(error) === 'keep') {
      result.waiting = queue.length - i;
      break;
    }
    await ports.put({ ...entry, status: 'refused', reason: ports.reasonOf(error) });
    result.refused++;
  }
  return result;
}

/** A row of a conversation on the phone: a message the server holds, or one still in the outbox. */
export type PhoneMessageRow = { kind: 'stored'; message: ChatMessage } | { kind: 'outbox'; entry: OutboxMessage };

/**
 * The rows of one conversation: the server's (or cached) messages oldest first, then the outbox entries of that
 * conversation in written order, except an entry whose clientMessageId the server's messages already hold (sent,
 * its removal not yet seen): it shows once, as the stored message.
 */
export function conversationRows(messages: ChatMessage[], outbox: OutboxMessage[], conversationId: number): PhoneMessageRow[] {
  const stored = new Set(messages.map((m) => m.clientMessageId));
  const pending = outbox
    .filter((e) => e.conversationId === conversationId && !stored.has(e.clientMessageId))
    .sort(byWrittenOrder);
  return [
    ...messages.map((message): PhoneMessageRow => ({ kind: 'stored', message })),
    ...pending.map((entry): PhoneMessageRow => ({ kind: 'outbox', entry })),
  ];
}

/** How many entries of each conversation are still in the outbox (the list shows "Waiting to send"). */
export function outboxCountByConversation(outbox: OutboxMessage[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const e of outbox) counts.set(e.conversationId, (counts.get(e.conversationId) ?? 0) + 1);
  return counts;
}
