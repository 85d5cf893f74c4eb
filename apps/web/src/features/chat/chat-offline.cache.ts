/**
 * What the phone keeps of chat for reading offline, its pure rules (issue 22 item 6: "usable offline for reading what
 * was cached"): the newest CHAT_OFFLINE_CACHE.conversations conversations and, for each, its newest
 * CHAT_OFFLINE_CACHE.messagesPerConversation messages, as the server last sent them. The entries live in the caregiver
 * app's encrypted cache (chat-offline.store.ts), like the schedule's windows: chat is health information too.
 *
 * Entry keys, under the user's prefix the cache adds:
 * - `chat-conversations`: the newest conversations (ConversationSummary[]), newest activity first;
 * - `chat-conversation:<id>`: one conversation with its rights (ConversationDetail);
 * - `chat-messages:<id>`: its newest messages (ChatMessage[]), oldest first;
 * - `chat-outbox:<clientMessageId>`: one message waiting to be sent (chat-offline.outbox.ts);
 * - `chat-outbox-file:<key>`: the bytes of a file queued with one (chat-offline.files.ts);
 * - `chat-read:<id>`: a read position waiting to be sent (chat-offline.reads.ts).
 */
import { CHAT_OFFLINE_CACHE } from '@hearth/shared/chat/chat.constants';
import type { ChatMessage, ConversationSummary } from '@hearth/shared/chat/chat.schema';

export const CONVERSATIONS_KEY = 'chat-conversations';
export const CONVERSATION_PREFIX = 'chat-conversation:';
export const MESSAGES_PREFIX = 'chat-messages:';
export const OUTBOX_PREFIX = 'chat-outbox:';
export const READ_PREFIX = 'chat-read:';

/** The cache key of one conversation's detail. */
export const conversationKey = (conversationId: number): string => `${CONVERSATION_PREFIX}${conversationId}`;

/** The cache key of one conversation's messages. */
export const messagesKey = (conversationId: number): string => `${MESSAGES_PREFIX}${conversationId}`;

/** The cache key of one outbox entry. */
export const outboxKey = (clientMessageId: string): string => `${OUTBOX_PREFIX}${clientMessageId}`;

/** The cache key of one conversation's read position waiting to be sent. */
export const readKey = (conversationId: number): string => `${READ_PREFIX}${conversationId}`;

/** The conversation id in a `chat-conversation:<id>` or `chat-messages:<id>` key, else null. */
export function conversationIdOfKey(key: string): number | null {
  const rest = key.startsWith(MESSAGES_PREFIX)
    ? key.slice(MESSAGES_PREFIX.length)
    : key.startsWith(CONVERSATION_PREFIX)
      ? key.slice(CONVERSATION_PREFIX.length)
      : null;
  if (rest === null || !/^\d+$/.test(rest)) return null;
  return Number(rest);
}

/**
 * The conversations to keep: those just fetched merged over those kept (a fetched one replaces its kept copy, so a
 * search or a later page never drops the rest), newest activity (updatedAt) first, at most `max`.
 */
export function keptConversations(
  kept: ConversationSummary[],
  fetched: ConversationSummary[],
  max: number = CHAT_OFFLINE_CACHE.conversations,
): ConversationSummary[] {
  const byId = new Map<number, ConversationSummary>();
  for (const c of kept) byId.set(c.id, c);
  for (const c of fetched) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id).slice(0, max);
}

/**
 * The messages to keep of one conversation: those fetched merged over those kept by id (a fetched copy carries an
 * edit or a deletion), oldest first, the newest `max` only.
 */
export function keptMessages(
  kept: ChatMessage[],
  fetched: ChatMessage[],
  max: number = CHAT_OFFLINE_CACHE.messagesPerConversation,
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of kept) byId.set(m.id, m);
  for (const m of fetched) byId.set(m.id, m);
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  return all.slice(Math.max(0, all.length - max));
}

/**
 * The cache keys of conversations no longer among the kept ones (their messages and detail), to delete: the cache
 * holds the newest conversations only. A conversation with a message still in the outbox keeps its entries.
 */
export function keysToEvict(keys: string[], keptIds: Iterable<number>, outboxConversationIds: Iterable<number> = []): string[] {
  const keep = new Set([...keptIds, ...outboxConversationIds]);
  return keys.filter((key) => {
    const id = conversationIdOfKey(key);
    return id !== null && !keep.has(id);
  });
}
