/**
 * The phone's read positions waiting to reach the server (issue 22 item 6: reading offline). Opening a conversation
 * records locally the newest message shown as read, so the unread badge drops at once even with no network; the
 * position is sent with chat.markRead when the phone is online. A position only moves forward, here as on the server
 * (chat.markRead never moves it back), so an older read sent late changes nothing.
 *
 * Storage and the network are passed in (chat-offline.store.ts runs this with the encrypted cache and tRPC).
 */
import type { SyncOutcome } from '@/api/sync-outcome';

/** A conversation's read position not yet sent: the newest message id read on the phone. */
export interface PendingRead {
  conversationId: number;
  messageId: number;
}

/**
 * The position to keep after reading `messageId`: the further of the one kept and the new one, or null when the kept
 * one is already as far (nothing to store or send).
 */
export function movedForward(kept: PendingRead | undefined, read: PendingRead): PendingRead | null {
  if (kept && kept.messageId >= read.messageId) return null;
  return read;
}

/** What sending the read positions needs from the outside world. */
export interface ReadPorts {
  /** Every position waiting (any order). */
  list: () => Promise<PendingRead[]>;
  /** The position now kept for a conversation (it may have moved on while one was being sent). */
  get: (conversationId: number) => Promise<PendingRead | undefined>;
  /** chat.markRead {conversationId, messageId}. */
  send: (read: PendingRead) => Promise<unknown>;
  /** Classifies a failed attempt (api/sync-outcome.ts syncOutcome). */
  outcome: (error: unknown) => SyncOutcome;
  remove: (conversationId: number) => Promise<void>;
}

/** What one flush of the read positions did. */
export interface ReadFlushResult {
  sent: number;
  /** Still waiting (no network, a retryable error, 401): sent at the next flush. */
  waiting: number;
  /** Refused for good (the conversation is gone or out of reach): dropped, a read position is not worth keeping. */
  dropped: number;
}

/**
 * Sends every waiting read position. A sent one is removed only if no further read was recorded meanwhile (that one
 * is sent at the next flush); a network-type failure keeps it and stops; any other error drops it.
 * @returns counts of sent, still waiting and dropped positions
 */
export async function flushReads(ports: ReadPorts): Promise<ReadFlushResult> {
  const reads = (await ports.list()).sort((a, b) => a.conversationId - b.conversationId);
  const result: ReadFlushResult = { sent: 0, waiting: 0, dropped: 0 };
  for (const [i, read] of reads.entries()) {
    try {
      await ports.send(read);
    } catch (error) {
      if (ports.outcome(error) === 'keep') {
        result.waiting = reads.length - i;
        break;
      }
      await ports.remove(read.conversationId);
      result.dropped++;
      continue;
    }
    const now = await ports.get(read.conversationId);
    if (!now || now.messageId <= read.messageId) await ports.remove(read.conversationId);
    result.sent++;
  }
  return result;
}

/**
 * The conversations as the phone shows them: one read on the phone up to its last message shows no unread count,
 * whatever the server (or the phone's copy) last said, until the server has the read position too.
 */
export function withPendingReads<T extends { id: number; unreadCount: number; lastMessage: { id: number } | null }>(
  conversations: T[],
  reads: PendingRead[],
): T[] {
  const readUpTo = new Map(reads.map((r) => [r.conversationId, r.messageId]));
  return conversations.map((c) => {
    const upTo = readUpTo.get(c.id);
    return upTo !== undefined && c.unreadCount > 0 && (c.lastMessage === null || c.lastMessage.id <= upTo)
      ? { ...c, unreadCount: 0 }
      : c;
  });
}
