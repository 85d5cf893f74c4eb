import {
  ZChatContacts,
  ZChatMessage,
  ZChatSettings,
  ZChatUnreadCount,
  ZConversationDetail,
  ZConversationIdInput,
  ZConversationPage,
  ZEditMessageInput,
  ZGetMessagesInput,
  ZListContactsInput,
  ZListConversationsInput,
  ZMarkReadInput,
  ZMarkReadOutput,
  ZMessageIdInput,
  ZMessagesOutput,
  ZSearchHitPage,
  ZSearchMessagesInput,
  ZSendMessageInput,
  ZStartConversationInput,
  ZUpdateChatSettingsInput,
} from '@hearth/shared/chat/chat.schema';
import { router } from '../../trpc/init';
import { chatProcedure } from './chat.procedure';
import { attachmentProcedures } from './chat-attachments.router';
import { broadcastProcedures } from './chat-broadcasts.router';
import * as conversations from './chat-conversations.service';
import * as messages from './chat-messages.service';
import * as settings from './chat-settings.service';
import { getChatUnreadCount } from './chat-unread.service';

/**
 * Chat's procedures under `chat.*` (issue 22; docs/architecture.md "Chat"). Every one is built on chatProcedure
 * (403 "Chat is not enabled for you" without chat); the role's chat flags are checked by the services. A
 * conversation out of the caller's reach is 404, never 403 (chat.access.ts). Outputs are declared whitelists: no
 * storage key, chat id or address leaves. The broadcast and attachment procedures (chat-broadcasts.router.ts,
 * chat-attachments.router.ts) are spread in, so every chat procedure is under `chat.*`.
 */
export const chatRouter = router({
  /**
   * The caller's conversations, newest activity first {search?, clientId?, shiftId?, branchId?, unreadOnly, page,
   * pageSize} -> page of ConversationSummary. With branchId a supervisor (chatReadBranchConversationsEnabled) lists
   * every conversation of that branch; staff also see the office conversations of their branches.
   */
  listConversations: chatProcedure
    .input(ZListConversationsInput)
    .output(ZConversationPage)
    .query(({ ctx, input }) => conversations.listConversations({ scope: ctx.scope, input })),
  /**
   * One conversation {conversationId} -> ConversationDetail with members' read positions and the caller's rights in
   * it. 404 out of reach; a supervisor's read of a conversation they are not in is written to the access log.
   */
  getConversation: chatProcedure
    .input(ZConversationIdInput)
    .output(ZConversationDetail)
    .query(({ ctx, input }) => conversations.getConversation({ scope: ctx.scope, input })),
  /**
   * Starts (or finds the existing) conversation {kind: direct | group | office, userIds, branchId?, title?,
   * clientId?, shiftId?} -> ConversationDetail. 403 without chatInitiateConversationEnabled (office excepted for a
   * caregiver of that branch); 404 for a person, branch, client or visit out of reach.
   */
  startConversation: chatProcedure
    .input(ZStartConversationInput)
    .output(ZConversationDetail)
    .mutation(({ ctx, input }) => conversations.startConversation({ scope: ctx.scope, input })),
  /** The people and offices the caller may start a conversation with {search?} -> {people, offices}. */
  listContacts: chatProcedure
    .input(ZListContactsInput)
    .output(ZChatContacts)
    .query(({ ctx, input }) => conversations.listContacts({ scope: ctx.scope, input })),
  /**
   * Messages of a conversation {conversationId, beforeId?, afterId?, limit} -> {messages oldest first, hasMore}.
   * 404 out of reach.
   */
  getMessages: chatProcedure
    .input(ZGetMessagesInput)
    .output(ZMessagesOutput)
    .query(({ ctx, input }) => messages.getMessages({ scope: ctx.scope, input })),
  /**
   * Sends {conversationId, clientMessageId (UUID), body, attachmentIds} -> ChatMessage. Idempotent: the same
   * clientMessageId answers the stored message; reused in another conversation, 409. 403 without
   * chatSendMessageEnabled or for a reader who may not write; 404 out of reach.
   */
  sendMessage: chatProcedure
    .input(ZSendMessageInput)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => messages.sendMessage({ scope: ctx.scope, storage: ctx.storage, input, now: ctx.receivedAt })),
  /** Edits one's own message {messageId, body} within 15 minutes of sending -> ChatMessage; later 409. */
  editMessage: chatProcedure
    .input(ZEditMessageInput)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => messages.editMessage({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** Deletes one's own message {messageId} within 15 minutes of sending (body blanked, audit keeps it) -> ChatMessage. */
  deleteMessage: chatProcedure
    .input(ZMessageIdInput)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => messages.deleteMessage({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** Moves the caller's read position to {conversationId, messageId} (never back) -> {unreadCount, totalUnread}. */
  markRead: chatProcedure
    .input(ZMarkReadInput)
    .output(ZMarkReadOutput)
    .mutation(({ ctx, input }) => messages.markRead({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** Messages containing {query} in the caller's conversations (or one) -> page of {message, conversationTitle}. */
  searchMessages: chatProcedure
    .input(ZSearchMessagesInput)
    .output(ZSearchHitPage)
    .query(({ ctx, input }) => messages.searchMessages({ scope: ctx.scope, input })),
  /** The caller's fallback settings -> {chatSmsEnabled, chatEmailEnabled}. */
  getSettings: chatProcedure.output(ZChatSettings).query(({ ctx }) => settings.getMyChatSettings({ scope: ctx.scope })),
  /** Changes the caller's fallback settings {chatSmsEnabled?, chatEmailEnabled?} -> ChatSettings. */
  updateSettings: chatProcedure
    .input(ZUpdateChatSettingsInput)
    .output(ZChatSettings)
    .mutation(({ ctx, input }) => settings.updateMyChatSettings({ scope: ctx.scope, input })),
  ...broadcastProcedures,
  ...attachmentProcedures,
});

/**
 * The spec's top-level getChatUnreadCount (no input) -> {count, conversations}: unread messages in the caller's
 * conversations, not their own nor deleted ones (chat-unread.service.ts). Registered beside chat in app.router.ts.
 */
export const chatUnreadRouter = router({
  getChatUnreadCount: chatProcedure.output(ZChatUnreadCount).query(({ ctx }) => getChatUnreadCount({ scope: ctx.scope })),
});
