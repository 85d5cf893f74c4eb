/**
 * The phone chat's data (issue 22 item 6): the caregiver's conversations, one conversation and its newest messages,
 * fetched online and kept in the offline box (chat-offline.store.ts) for reading offline; on a network-type failure
 * (api/sync-outcome.ts 'keep') the kept copy answers, marked `fromCache`. The queries run in network mode 'always',
 * so that offline they fail at once and fall back instead of pausing.
 *
 * Keys are the phone's own (['chat', 'phone', ...]): their data carries `fromCache`. useChatPhoneLive refreshes them
 * on each live 'chat' event, and the offline box's deliveries land in them at once.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHAT_OFFLINE_CACHE } from '@hearth/shared/chat/chat.constants';
import type { ChatMessage, ConversationDetail, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { useLiveEvent } from '@/api/live-events';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import type { ChatOfflineBox } from './chat-offline.store';
import { keptMessages } from './chat-offline.cache';

/** Data from the server, or from the phone's copy when the server could not be reached. */
export type Fetched<T> = T & { fromCache: boolean };

const KEYS = {
  all: ['chat', 'phone'] as const,
  conversations: ['chat', 'phone', 'conversations'] as const,
  conversation: (id: number) => ['chat', 'phone', 'conversation', id] as const,
  messages: (id: number) => ['chat', 'phone', 'messages', id] as const,
};

/** Nothing reachable and nothing kept: retrying offline cannot help. */
class NotKeptOfflineError extends Error {
  constructor() {
    super(i18n.t('chatPhone:offline.notKept'));
  }
}

/**
 * Runs `online`; on a network-type failure answers `cached` instead (undefined: NotKeptOfflineError). Saving what
 * came online is not awaited: the screen shows first.
 * @throws the server's other errors (404, 403), and NotKeptOfflineError
 */
async function withFallback<T>(
  online: () => Promise<T>,
  save: (value: T) => Promise<void>,
  cached: () => Promise<T | undefined>,
): Promise<Fetched<T>> {
  try {
    const value = await online();
    void save(value).catch(() => undefined);
    return { ...value, fromCache: false };
  } catch (error) {
    if (syncOutcome(error) !== 'keep') throw error;
    const kept = await cached().catch(() => undefined);
    if (kept === undefined) throw new NotKeptOfflineError();
    return { ...kept, fromCache: true };
  }
}

/** The caregiver's newest conversations (chat.listConversations, the first CHAT_OFFLINE_CACHE.conversations). */
export function usePhoneConversations(box: ChatOfflineBox) {
  return useQuery({
    queryKey: KEYS.conversations,
    networkMode: 'always',
    queryFn: () =>
      withFallback(
        async () => {
          const page = await trpcClient.chat.listConversations.query({
            page: 1,
            pageSize: CHAT_OFFLINE_CACHE.conversations,
            unreadOnly: false,
          });
          return { conversations: page.rows };
        },
        ({ conversations }) => box.saveConversations(conversations),
        async () => {
          const conversations = await box.readConversations();
          return conversations.length > 0 ? { conversations } : undefined;
        },
      ),
  });
}

/**
 * A conversation never opened online, from the kept list: the caregiver may still write in it (the outbox sends it,
 * or keeps it with the server's reason); photos and downloads wait for the network.
 */
function detailOf(list: ConversationSummary[], conversationId: number): ConversationDetail | undefined {
  const summary = list.find((c) => c.id === conversationId);
  if (!summary) return undefined;
  return {
    ...summary,
    members: summary.members.map((m) => ({ ...m, lastReadMessageId: null, lastReadAt: null })),
    canSend: summary.isMember,
    canUpload: false,
    canDownload: false,
    canCopyAttachments: false,
  };
}

/** One conversation with its rights (chat.getConversation); 404 when out of reach. */
export function usePhoneConversation(box: ChatOfflineBox, conversationId: number) {
  return useQuery({
    queryKey: KEYS.conversation(conversationId),
    networkMode: 'always',
    queryFn: () =>
      withFallback(
        async () => ({ detail: await trpcClient.chat.getConversation.query({ conversationId }) }),
        ({ detail }) => box.saveConversation(detail),
        async () => {
          const detail = (await box.readConversation(conversationId)) ?? detailOf(await box.readConversations(), conversationId);
          return detail ? { detail } : undefined;
        },
      ),
  });
}

/** What the phone shows of a conversation's history: its newest messages, oldest first. */
export interface PhoneMessages {
  messages: ChatMessage[];
  hasMore: boolean;
}

/**
 * A conversation's newest CHAT_OFFLINE_CACHE.messagesPerConversation messages (chat.getMessages), merged into the
 * phone's copy; offline, the copy. Longer histories are the staff screen's (the phone shows "Earlier messages are on
 * the office's screens" when hasMore).
 */
export function usePhoneMessages(box: ChatOfflineBox, conversationId: number) {
  return useQuery({
    queryKey: KEYS.messages(conversationId),
    networkMode: 'always',
    queryFn: () =>
      withFallback<PhoneMessages>(
        () =>
          trpcClient.chat.getMessages.query({
            conversationId,
            limit: CHAT_OFFLINE_CACHE.messagesPerConversation,
          }),
        ({ messages }) => box.saveMessages(conversationId, messages),
        async () => {
          const messages = await box.readMessages(conversationId);
          return messages.length > 0 ? { messages, hasMore: false } : undefined;
        },
      ),
  });
}

/** Puts a message the outbox delivered into its conversation's held messages at once. */
function storeDelivered(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<Fetched<PhoneMessages>>(KEYS.messages(message.conversationId), (data) =>
    data ? { ...data, messages: keptMessages(data.messages, [message], Number.MAX_SAFE_INTEGER) } : data,
  );
}

/**
 * Keeps the phone's chat current: each live 'chat' event (refId = the conversation) refetches the list and that
 * conversation; each message the outbox delivers lands in its conversation, then both refetch; the browser's
 * 'online' event flushes the outbox and refetches everything (what was read offline came from the phone's copy).
 */
export function useChatPhoneLive(box: ChatOfflineBox): void {
  const queryClient = useQueryClient();
  useLiveEvent('chat', (event) => {
    void queryClient.invalidateQueries({ queryKey: KEYS.conversations });
    if (event.topic === 'chat' && event.refId !== null && event.refId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: KEYS.messages(Number(event.refId)) });
      void queryClient.invalidateQueries({ queryKey: KEYS.conversation(Number(event.refId)) });
    } else {
      void queryClient.invalidateQueries({ queryKey: KEYS.all });
    }
  });
  useEffect(() => {
    const offDelivered = box.onDelivered((message) => {
      storeDelivered(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: KEYS.conversations });
    });
    const onOnline = () => {
      void box.flush().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: KEYS.all });
    };
    window.addEventListener('online', onOnline);
    void box.refreshOutbox().catch(() => undefined);
    void box.flush().catch(() => undefined);
    return () => {
      offDelivered();
      window.removeEventListener('online', onOnline);
    };
  }, [box, queryClient]);
}
