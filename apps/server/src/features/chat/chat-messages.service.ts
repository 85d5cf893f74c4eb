import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { CHAT_EDIT_WINDOW_MINUTES } from '@hearth/shared/chat/chat.constants';
import type {
  ChatMessage,
  EditMessageInput,
  GetMessagesInput,
  MarkReadInput,
  MessageIdInput,
  MessagesOutput,
  SearchMessagesInput,
  SendMessageInput,
} from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import type { Storage } from '../../storage/storage';
import { AppError, notFound } from '../../errors/app-error';
import { conversationForRead, conversationForWrite, readableSql } from './chat.access';
import { insertMessage, loadMessages, publishConversationEvent } from './chat.messages';
import { chatAttachments, chatConversations, chatMembers, chatMessages } from './chat.schema';
import { promoteIfStored } from '../../storage/pending-uploads';
import { escapeLike, summarize } from './chat.summaries';
import { unreadCountOf } from './chat-unread.service';
import { isFamilyScope } from './chat.family-reach';

/*
 * The message services behind chat.getMessages, sendMessage, editMessage, deleteMessage, markRead and searchMessages
 * (issue 22 item 2). Reach: chat.access.ts (404 out of reach, 403 for a missing right on a conversation one sees).
 */

/**
 * Messages of a conversation {conversationId, beforeId?, afterId?, limit} -> {messages oldest first, hasMore}: the
 * newest `limit`, those before `beforeId` (scrolling back) or the first `limit` after `afterId` (catching up).
 * `hasMore`: older messages exist before the first returned. 404 out of reach; a supervisor's read is logged.
 */
export async function getMessages({ scope, input }: { scope: Scope; input: GetMessagesInput }): Promise<MessagesOutput> {
  await conversationForRead(scope, input.conversationId, 'chat.getMessages');
  const inConversation = eq(chatMessages.conversationId, input.conversationId);
  let ids: number[];
  if (input.afterId !== undefined) {
    const rows = await scope.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(inConversation, gt(chatMessages.id, input.afterId)))
      .orderBy(chatMessages.id)
      .limit(input.limit);
    ids = rows.map((r) => r.id);
  } else {
    const rows = await scope.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(inConversation, input.beforeId !== undefined ? lt(chatMessages.id, input.beforeId) : undefined))
      .orderBy(desc(chatMessages.id))
      .limit(input.limit);
    ids = rows.map((r) => r.id).reverse();
  }
  // Older messages exist before the first returned; with none returned, only a catch-up (afterId) has older ones.
  const firstId = ids[0] ?? (input.afterId !== undefined ? input.afterId + 1 : undefined);
  const older =
    firstId === undefined
      ? []
      : await scope.db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(and(inConversation, lt(chatMessages.id, firstId)))
          .limit(1);
  return { messages: await loadMessages(scope.db, ids), hasMore: older.length > 0 };
}

/**
 * Sends a message {conversationId, clientMessageId, body, attachmentIds} -> ChatMessage, stored once per
 * clientMessageId (a resend answers the stored message: same id, nothing written). Staff answering their branch's
 * office conversation become a member. The message's time is `now` (the request's receipt time, UTC). Attachments
 * still pending whose bytes the storage holds are marked uploaded first (S3 cannot tell Hearth a PUT finished).
 * @throws NOT_FOUND (404) out of reach; FORBIDDEN (403) without chatSendMessageEnabled, or for a supervisor reading;
 *   CONFLICT (409) for a clientMessageId used in another conversation; BAD_REQUEST (400) for an attachment not ready.
 */
export async function sendMessage({
  scope,
  storage,
  input,
  now,
}: {
  scope: Scope;
  storage: Storage;
  input: SendMessageInput;
  now: Date;
}): Promise<ChatMessage> {
  const reached = await conversationForWrite(scope, input.conversationId, 'chat.sendMessage');
  await promoteStoredUploads(scope, storage, input);
  if (!reached.isMember) {
    await scope.db
      .insert(chatMembers)
      .values({ conversationId: input.conversationId, userId: scope.userId })
      .onConflictDoNothing();
  }
  const { id } = await insertMessage(scope.db, {
    conversationId: input.conversationId,
    senderUserId: scope.userId,
    clientMessageId: input.clientMessageId,
    body: input.body,
    attachmentIds: input.attachmentIds,
    now,
  });
  const [message] = await loadMessages(scope.db, [id]);
  if (!message) throw new Error('sent message is missing');
  return message;
}

/**
 * Marks uploaded the caller's unsent attachments of `attachmentIds` in the conversation that are still pending while
 * the storage holds their bytes (files.service.ts "Upload completion": on S3 nothing else tells Hearth the PUT
 * finished; the local driver's PUT route has already marked its own).
 */
async function promoteStoredUploads(scope: Scope, storage: Storage, input: SendMessageInput): Promise<void> {
  if (input.attachmentIds.length === 0) return;
  const pending = await scope.db
    .select({ id: chatAttachments.id, storageKey: chatAttachments.storageKey })
    .from(chatAttachments)
    .where(
      and(
        inArray(chatAttachments.id, input.attachmentIds),
        eq(chatAttachments.conversationId, input.conversationId),
        eq(chatAttachments.uploadedByUserId, scope.userId),
        eq(chatAttachments.status, 'pending'),
        isNull(chatAttachments.messageId),
      ),
    );
  for (const attachment of pending) await promoteIfStored(scope.db, storage, chatAttachments, attachment);
}

/**
 * The caller's own message `messageId` in a conversation they may write in, while it may still be changed: within
 * CHAT_EDIT_WINDOW_MINUTES of its sending by `now`, and not deleted.
 * @throws NOT_FOUND (404) for a message that is not the caller's or is out of reach; FORBIDDEN (403) as
 *   conversationForWrite; CONFLICT (409) "Messages can be changed for 15 minutes after sending", or when deleted.
 */
async function ownChangeableMessage(scope: Scope, messageId: number, now: Date, detail: string) {
  const [row] = await scope.db
    .select({ conversationId: chatMessages.conversationId, createdAt: chatMessages.createdAt, deletedAt: chatMessages.deletedAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.senderUserId, scope.userId)));
  if (!row) throw notFound('Message', messageId);
  await conversationForWrite(scope, row.conversationId, detail);
  if (row.deletedAt !== null) throw new AppError('CONFLICT', 'This message was deleted');
  if (now.getTime() - row.createdAt.getTime() > CHAT_EDIT_WINDOW_MINUTES * 60_000) {
    throw new AppError('CONFLICT', `Messages can be changed for ${CHAT_EDIT_WINDOW_MINUTES} minutes after sending`);
  }
  return row;
}

/**
 * Edits the caller's own message {messageId, body} within CHAT_EDIT_WINDOW_MINUTES (15) of sending -> ChatMessage
 * with editedAt = `now`. The audit trigger keeps the old text. Errors as ownChangeableMessage.
 */
export async function editMessage({
  scope,
  input,
  now,
}: {
  scope: Scope;
  input: EditMessageInput;
  now: Date;
}): Promise<ChatMessage> {
  const row = await ownChangeableMessage(scope, input.messageId, now, 'chat.editMessage');
  await scope.db.update(chatMessages).set({ body: input.body, editedAt: now }).where(eq(chatMessages.id, input.messageId));
  await publishConversationEvent(scope.db, row.conversationId);
  const [message] = await loadMessages(scope.db, [input.messageId]);
  if (!message) throw new Error('edited message is missing');
  return message;
}

/**
 * Deletes the caller's own message {messageId} within CHAT_EDIT_WINDOW_MINUTES of sending -> ChatMessage with body ''
 * and deletedAt = `now`; it keeps its place, its attachments are no longer shown, the audit keeps what it said.
 */
export async function deleteMessage({
  scope,
  input,
  now,
}: {
  scope: Scope;
  input: MessageIdInput;
  now: Date;
}): Promise<ChatMessage> {
  const row = await ownChangeableMessage(scope, input.messageId, now, 'chat.deleteMessage');
  await scope.db.update(chatMessages).set({ body: '', deletedAt: now }).where(eq(chatMessages.id, input.messageId));
  await publishConversationEvent(scope.db, row.conversationId);
  const [message] = await loadMessages(scope.db, [input.messageId]);
  if (!message) throw new Error('deleted message is missing');
  return message;
}

/**
 * Moves the caller's read position in {conversationId} to {messageId} (never back; read receipts and unread counts)
 * -> {unreadCount in this conversation, totalUnread (getChatUnreadCount's count)}. Staff reading their branch's office
 * conversation become a member as they read; a supervisor reading changes nothing. Tells the members (their "Read
 * by" changes).
 * @throws NOT_FOUND (404) out of reach, or for a message not in this conversation.
 */
export async function markRead({
  scope,
  input,
  now,
}: {
  scope: Scope;
  input: MarkReadInput;
  now: Date;
}): Promise<{ unreadCount: number; totalUnread: number }> {
  let reached = await conversationForRead(scope, input.conversationId, 'chat.markRead');
  const [message] = await scope.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.conversationId, input.conversationId)));
  if (!message) throw notFound('Message', input.messageId);
  // Staff reading their branch's office conversation join it as they read, so its read position and unread count
  // are theirs from now on; a supervisor's read changes nothing.
  if (reached.reach === 'office' && !reached.isMember) {
    await scope.db
      .insert(chatMembers)
      .values({ conversationId: input.conversationId, userId: scope.userId })
      .onConflictDoNothing();
    reached = { ...reached, reach: 'member', isMember: true };
  }
  if (reached.reach !== 'supervisor') {
    const moved = await scope.db
      .update(chatMembers)
      .set({ lastReadMessageId: input.messageId, lastReadAt: now })
      .where(
        and(
          eq(chatMembers.conversationId, input.conversationId),
          eq(chatMembers.userId, scope.userId),
          sql`coalesce(${chatMembers.lastReadMessageId}, 0) < ${input.messageId}`,
        ),
      )
      .returning({ userId: chatMembers.userId });
    if (moved.length > 0) await publishConversationEvent(scope.db, input.conversationId);
  }
  const [summary] = await summarize(scope, [reached]);
  const total = await unreadCountOf(scope.db, scope.userId, isFamilyScope(scope));
  return { unreadCount: summary?.unreadCount ?? 0, totalUnread: total.count };
}

/**
 * Messages whose body contains {query} (case-insensitive; deleted ones never) in the caller's conversations (member
 * or office), or in one conversation {conversationId} they read (a supervisor's search is logged as a read) -> page
 * of {message, conversationTitle}, newest first. The body's pg_trgm GIN index (chat_messages_body_trgm_idx) serves
 * the `ilike` on both engines. 404 for a conversation out of reach.
 */
export async function searchMessages({
  scope,
  input,
}: {
  scope: Scope;
  input: SearchMessagesInput;
}): Promise<Page<{ message: ChatMessage; conversationTitle: string }>> {
  let reach: SQL = readableSql(scope, false);
  if (input.conversationId !== undefined) {
    await conversationForRead(scope, input.conversationId, 'chat.searchMessages');
    reach = eq(chatConversations.id, input.conversationId);
  }
  const where = and(
    sql`${chatMessages.body} ilike ${`%${escapeLike(input.query)}%`}`,
    sql`${chatMessages.deletedAt} is null`,
    reach,
  );
  const base = scope.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages);
  const [total] = await base.innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId)).where(where);
  const rows = await scope.db
    .select({
      id: chatMessages.id,
      conversation: chatConversations,
      isMember: sql<boolean>`exists (select 1 from chat_members mm where mm.conversation_id = ${chatConversations.id}
        and mm.user_id = ${scope.userId})`,
    })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(where)
    .orderBy(desc(chatMessages.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const messages = await loadMessages(
    scope.db,
    rows.map((r) => r.id),
  );
  const summaries = await summarize(scope, rows);
  const totalCount = Number(total?.n ?? 0);
  return {
    rows: messages.map((message, i) => ({ message, conversationTitle: summaries[i]?.title ?? '' })),
    totalCount,
    page: input.page,
    pageSize: input.pageSize,
    totalPages: Math.ceil(totalCount / input.pageSize),
  };
}
