import { useCallback } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChatMessage, ListConversationsInput, MessagesOutput, SearchMessagesInput } from '@hearth/shared/chat/chat.schema';
import { useLiveEvent } from '@/api/live-events';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { uploadFile } from '@/api/file-upload';
import { leavesGap, upsertMessages, type MessagePages } from './chat-messages.cache';

/*
 * Every chat call of the web app (issue 22), staff screens and the phone alike: one hook per procedure, and one live
 * refresh. The menu's and the bottom bar's unread count is useChatUnreadCount in components/chat/chat-unread.ts (the
 * shells read it and may not import a feature).
 *
 * Keys: tRPC's own for every procedure, except a conversation's history, which is an infinite query under
 * chatMessagesKey(conversationId) (getMessages pages by beforeId, not by tRPC's `cursor`).
 */

/** Messages fetched per page of history (the pane fetches the next older page when scrolled near the top). */
export const CHAT_PAGE_SIZE = 50;

/** The query key of a conversation's loaded history (infinite query data: MessagePages). */
export function chatMessagesKey(conversationId: number) {
  return ['chat', 'messages', conversationId] as const;
}

/** A conversation's history, newest page first, older pages on fetchNextPage (beforeId = the first id held). */
export function useChatMessages(conversationId: number | null) {
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: chatMessagesKey(conversationId ?? 0),
    enabled: conversationId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      client.chat.getMessages.query({ conversationId: conversationId!, beforeId: pageParam, limit: CHAT_PAGE_SIZE }),
    getNextPageParam: (last: MessagesOutput) => (last.hasMore ? last.messages[0]?.id : undefined),
  });
}

/**
 * Puts messages the caller sent or received into the held history of their conversation without refetching it
 * (upsertMessages: an edit replaces, a newer message appends).
 */
export function storeMessages(queryClient: QueryClient, conversationId: number, messages: readonly ChatMessage[]): void {
  queryClient.setQueryData<MessagePages>(chatMessagesKey(conversationId), (data) =>
    data ? upsertMessages(data, messages) : data,
  );
}

/**
 * What a live 'chat' event (refId = the conversation) or the caller's own write changes: the conversation's newest
 * messages (fetched and merged; the whole history again when a gap could hide messages), its detail (read receipts),
 * every conversation list, the broadcasts, and the unread count. Without a conversation id, everything chat.
 */
export function useRefreshChat(): (conversationId?: number | null) => void {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useCallback(
    (conversationId?: number | null) => {
      void queryClient.invalidateQueries(trpc.getChatUnreadCount.queryFilter());
      void queryClient.invalidateQueries(trpc.chat.listConversations.queryFilter());
      void queryClient.invalidateQueries(trpc.chat.getBroadcasts.queryFilter());
      void queryClient.invalidateQueries(trpc.chat.searchMessages.queryFilter());
      if (conversationId === undefined || conversationId === null) {
        void queryClient.invalidateQueries(trpc.chat.getConversation.queryFilter());
        void queryClient.invalidateQueries({ queryKey: ['chat', 'messages'] });
        return;
      }
      void queryClient.invalidateQueries(trpc.chat.getConversation.queryFilter({ conversationId }));
      const key = chatMessagesKey(conversationId);
      const held = queryClient.getQueryData<MessagePages>(key);
      if (!held) return;
      void client.chat.getMessages
        .query({ conversationId, limit: CHAT_PAGE_SIZE })
        .then((fresh) => {
          const now = queryClient.getQueryData<MessagePages>(key);
          if (!now) return;
          if (leavesGap(now, fresh)) void queryClient.invalidateQueries({ queryKey: key });
          else storeMessages(queryClient, conversationId, fresh.messages);
        })
        .catch(() => queryClient.invalidateQueries({ queryKey: key }));
    },
    [trpc, client, queryClient],
  );
}

/** Refreshes what an open chat screen shows on each live 'chat' event. Call once per chat page. */
export function useChatLive(): void {
  const refresh = useRefreshChat();
  useLiveEvent('chat', (event) => refresh(event.topic === 'chat' ? event.refId : null));
}

/** chat.listConversations: the caller's conversations (or a branch's, for a supervisor), newest activity first. */
export function useConversations(input: Partial<ListConversationsInput>, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.chat.listConversations.queryOptions(input as ListConversationsInput),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** chat.getConversation: members with read positions and what the caller may do; 404 when out of reach. */
export function useConversation(conversationId: number | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.chat.getConversation.queryOptions({ conversationId: conversationId ?? 0 }),
    enabled: conversationId !== null,
  });
}

/** chat.listContacts: the people and offices the caller may start a conversation with. */
export function useChatContacts(search: string, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.chat.listContacts.queryOptions({ search: search.trim() || undefined }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** chat.searchMessages: words in the bodies of the caller's conversations; runs from 2 characters. */
export function useSearchMessages(input: Partial<SearchMessagesInput> & { query: string }) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.chat.searchMessages.queryOptions(input as SearchMessagesInput),
    enabled: input.query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** chat.startConversation: answers the new conversation (or the existing direct/office one of the same people). */
export function useStartConversation() {
  const trpc = useTRPC();
  const refresh = useRefreshChat();
  return useMutation(
    trpc.chat.startConversation.mutationOptions({
      onSuccess: (conversation: { id: number }) => refresh(conversation.id),
    }),
  );
}

/** chat.sendMessage: idempotent on clientMessageId; the answer lands in the held history at once. */
export function useSendMessage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshChat();
  return useMutation(
    trpc.chat.sendMessage.mutationOptions({
      onSuccess: (message: ChatMessage) => {
        storeMessages(queryClient, message.conversationId, [message]);
        refresh(message.conversationId);
      },
    }),
  );
}

/** chat.editMessage (author, within CHAT_EDIT_WINDOW_MINUTES; else 409 with the reason). */
export function useEditMessage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.chat.editMessage.mutationOptions({
      onSuccess: (message: ChatMessage) => storeMessages(queryClient, message.conversationId, [message]),
    }),
  );
}

/** chat.deleteMessage (author, within CHAT_EDIT_WINDOW_MINUTES): the message stays, blanked, marked deleted. */
export function useDeleteMessage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshChat();
  return useMutation(
    trpc.chat.deleteMessage.mutationOptions({
      onSuccess: (message: ChatMessage) => {
        storeMessages(queryClient, message.conversationId, [message]);
        refresh(message.conversationId);
      },
    }),
  );
}

/** chat.markRead: the caller has read up to a message; the unread counts and the lists refresh. */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.chat.markRead.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.getChatUnreadCount.queryFilter());
        void queryClient.invalidateQueries(trpc.chat.listConversations.queryFilter());
      },
    }),
  );
}

/** chat.getSettings: whether unread messages reach the caller by SMS or email. */
export function useChatSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.chat.getSettings.queryOptions());
}

/** chat.updateSettings. */
export function useUpdateChatSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.chat.updateSettings.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.chat.getSettings.queryFilter()),
    }),
  );
}

/** chat.getBroadcasts: the caller's broadcasts with how many received and read each. */
export function useBroadcasts(page: number, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.chat.getBroadcasts.queryOptions({ page, pageSize: 20 }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** chat.broadcast (chatBroadcastEnabled / chatBroadcastAllEnabled); idempotent on clientMessageId. */
export function useBroadcast() {
  const trpc = useTRPC();
  const refresh = useRefreshChat();
  return useMutation(trpc.chat.broadcast.mutationOptions({ onSuccess: () => refresh() }));
}

/**
 * Uploads one file as a pending attachment of a conversation (chatUploadAttachmentEnabled): chat.createAttachment,
 * then the PUT to its signed URL; a failed PUT deletes the pending attachment again (uploadFile). Answers the
 * attachment, whose id goes into sendMessage's attachmentIds.
 */
export function useUploadAttachment() {
  const client = useTRPCClient();
  return useCallback(
    (conversationId: number, file: File) =>
      uploadFile({
        file,
        create: (facts) => client.chat.createAttachment.mutate({ conversationId, file: facts }),
        remove: (attachmentId) => client.chat.deleteAttachment.mutate({ attachmentId }),
      }),
    [client],
  );
}

/** chat.deleteAttachment: drops a pending attachment the writer removed before sending. */
export function useDeleteAttachment() {
  const trpc = useTRPC();
  return useMutation(trpc.chat.deleteAttachment.mutationOptions());
}

/** Asks for an attachment's signed link (chatDownloadAttachmentEnabled) and answers it. */
export function useAttachmentLink() {
  const client = useTRPCClient();
  return useCallback(
    (attachmentId: number, inline = false) => client.chat.getAttachmentLink.query({ attachmentId, inline }),
    [client],
  );
}

/** chat.copyAttachment (chatCopyAttachmentsEnabled): the attachment becomes a file on a client's or caregiver's record. */
export function useCopyAttachment() {
  const trpc = useTRPC();
  return useMutation(trpc.chat.copyAttachment.mutationOptions());
}
