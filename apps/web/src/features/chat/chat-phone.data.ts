/**
 * The phone chat's data (issue 22 item 6): the caregiver's conversations, one conversation and its history (the newest
 * messages, older pages as the caregiver scrolls back), fetched online and kept in the offline box (chat-offline.store.ts) for reading offline; on a network-type failure
 * (api/sync-outcome.ts 'keep') the kept copy answers, marked `fromCache`. The queries run in network mode 'always',
 * so that offline they fail at once and fall back instead of pausing.
 *
 * Keys are the phone's own (['chat', 'phone', ...]): their data carries `fromCache`. useChatPhoneLive refreshes them
 * on each live 'chat' event, and the offline box's deliveries land in them at once.
 */
import { useEffect } from 'react';
import { useCallback } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { CHAT_OFFLINE_CACHE } from '@hearth/shared/chat/chat.constants';
import type { ChatMessage, ConversationDetail, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { useLiveEvent } from '@/api/live-events';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient, useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import type { ChatOfflineBox } from './chat-offline.store';
import { upsertMessages, type MessagePages } from './chat-messages.cache';
import { withPendingReads } from './chat-offline.reads';

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
          // A conversation read on the phone and not yet told to the server shows as read.
          return { conversations: withPendingReads(page.rows, await box.pendingReads().catch(() => [])) };
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

/** What the phone shows of a conversation's history: a page of messages, oldest first. */
export interface PhoneMessages {
  messages: ChatMessage[];
  hasMore: boolean;
}

/** The loaded history: pages newest first (chat-messages.cache.ts MessagePages), the first maybe from the phone. */
export type PhoneHistory = InfiniteData<Fetched<PhoneMessages>, number | undefined>;

/**
 * A conversation's history on the phone: first its newest CHAT_OFFLINE_CACHE.messagesPerConversation messages
 * (chat.getMessages), merged into the phone's copy, or offline the copy (hasMore false: what is older needs the
 * network); then, as the caregiver scrolls back, older pages of as many (beforeId = the oldest held), online only and
 * not kept on the phone. Flatten with chat-messages.cache.ts flattenPages.
 */
export function usePhoneMessages(box: ChatOfflineBox, conversationId: number) {
  return useInfiniteQuery({
    queryKey: KEYS.messages(conversationId),
    networkMode: 'always',
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }): Promise<Fetched<PhoneMessages>> => {
      const limit = CHAT_OFFLINE_CACHE.messagesPerConversation;
      if (pageParam !== undefined) {
        const older = await trpcClient.chat.getMessages.query({ conversationId, beforeId: pageParam, limit });
        return { ...older, fromCache: false };
      }
      return withFallback<PhoneMessages>(
        () => trpcClient.chat.getMessages.query({ conversationId, limit }),
        ({ messages }) => box.saveMessages(conversationId, messages),
        async () => {
          const messages = await box.readMessages(conversationId);
          return messages.length > 0 ? { messages, hasMore: false } : undefined;
        },
      );
    },
    getNextPageParam: (last) => (last.hasMore && last.messages.length > 0 ? last.messages[0]!.id : undefined),
  });
}

/** Puts a message the outbox delivered into its conversation's held messages at once. */
function storeDelivered(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<PhoneHistory>(KEYS.messages(message.conversationId), (data) =>
    data ? (upsertMessages(data as MessagePages, [message]) as PhoneHistory) : data,
  );
}

/**
 * Records that the caregiver read a conversation up to a message, online or not (chat-offline.store.ts markRead):
 * the conversation's unread count and the bottom bar's drop at once, and chat.markRead goes when the phone is online.
 * @returns a callback (conversationId, messageId, unread = the conversation's unread count before)
 */
export function usePhoneMarkRead(box: ChatOfflineBox) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  return useCallback(
    (conversationId: number, messageId: number, unread: number) => {
      void box
        .markRead({ conversationId, messageId })
        .then((moved) => {
          if (!moved) return;
          queryClient.setQueryData<Fetched<{ conversations: ConversationSummary[] }>>(KEYS.conversations, (data) =>
            data ? { ...data, conversations: withPendingReads(data.conversations, [{ conversationId, messageId }]) } : data,
          );
          if (unread > 0) {
            queryClient.setQueryData(trpc.getChatUnreadCount.queryKey(), (data) =>
              data ? { count: Math.max(0, data.count - unread), conversations: Math.max(0, data.conversations - 1) } : data,
            );
          }
          return box.flushReads().then((result) => {
            if (result.sent > 0) void queryClient.invalidateQueries(trpc.getChatUnreadCount.queryFilter());
          });
        })
        .catch(() => undefined);
    },
    [box, queryClient, trpc],
  );
}

/**
 * Keeps the phone's chat current: each live 'chat' event (refId = the conversation) refetches the list and that
 * conversation; each message the outbox delivers lands in its conversation, then both refetch; the browser's
 * 'online' event flushes the outbox and the read positions and refetches everything (what was read offline came from the phone's copy).
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
      void box.flushReads().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: KEYS.all });
    };
    window.addEventListener('online', onOnline);
    void box.refreshOutbox().catch(() => undefined);
    void box.flush().catch(() => undefined);
    void box.flushReads().catch(() => undefined);
    return () => {
      offDelivered();
      window.removeEventListener('online', onOnline);
    };
  }, [box, queryClient]);
}
