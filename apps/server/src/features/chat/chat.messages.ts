import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { publishLiveEvent } from '../live/live.publish';
import { users } from '../users/users.schema';
import { conversationAudience } from './chat.access';
import { chatAttachments, chatConversations, chatMembers, chatMessages } from './chat.schema';

/*
 * Writing and reading messages, shared by chat-messages.service.ts and the broadcasts (chat-broadcasts.service.ts).
 */

/** What insertMessage writes. */
export interface NewMessage {
  conversationId: number;
  senderUserId: number;
  /** Unique per sender (a UUID): a broadcast derives one per recipient. */
  clientMessageId: string;
  body: string;
  /** Uploaded (status 'uploaded'), unsent attachments of this conversation by the sender. */
  attachmentIds?: number[];
  broadcastId?: number | null;
  /** The sending time, UTC (the request's receipt time, which tests control); default the database's now(). */
  now?: Date;
}

/**
 * Stores a message once (issue 22 item 2): inserts it unless the sender already sent `clientMessageId`, attaches its
 * attachments, moves the conversation's last message and the sender's read position to it, and publishes a live
 * 'chat' event to the conversation's audience (conversationAudience), all in `db`'s transaction.
 * -> {id, created}: created false when the message was already stored (a resend: nothing written, no event).
 * @param db the request's transaction (the audit trigger records the sender).
 * @throws CONFLICT (409) when the sender used `clientMessageId` in another conversation; BAD_REQUEST (400) naming
 *   attachmentIds when one is not an uploaded, unsent attachment of the sender in this conversation.
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db
    .insert(chatMessages)
    .values({
      conversationId: message.conversationId,
      senderUserId: message.senderUserId,
      clientMessageId: message.clientMessageId,
      body: message.body,
      broadcastId: message.broadcastId ?? null,
      ...(message.now ? { createdAt: message.now } : {}),
    })
    .onConflictDoNothing({ target: [chatMessages.senderUserId, chatMessages.clientMessageId] })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  if (!inserted) {
    const [existing] = await db
      .select({ id: chatMessages.id, conversationId: chatMessages.conversationId })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderUserId, message.senderUserId), eq(chatMessages.clientMessageId, message.clientMessageId)));
    if (!existing || existing.conversationId !== message.conversationId) {
      throw new AppError('CONFLICT', 'This message id was already used in another conversation', {
        clientMessageId: ['Give each message its own id'],
      });
    }
    return { id: existing.id, created: false };
  }
  const attachmentIds = [...new Set(message.attachmentIds ?? [])];
  if (attachmentIds.length > 0) {
    const attached = await db
      .update(chatAttachments)
      .set({ messageId: inserted.id })
      .where(
        and(
          inArray(chatAttachments.id, attachmentIds),
          eq(chatAttachments.conversationId, message.conversationId),
          eq(chatAttachments.uploadedByUserId, message.senderUserId),
          eq(chatAttachments.status, 'uploaded'),
          isNull(chatAttachments.messageId),
        ),
      )
      .returning({ id: chatAttachments.id });
    if (attached.length !== attachmentIds.length) {
      throw new AppError('BAD_REQUEST', 'An attachment is not uploaded yet or belongs elsewhere', {
        attachmentIds: ['Upload each attachment to this conversation before sending it'],
      });
    }
  }
  await db
    .update(chatConversations)
    .set({ lastMessageId: inserted.id, lastMessageAt: inserted.createdAt })
    .where(eq(chatConversations.id, message.conversationId));
  await db
    .update(chatMembers)
    .set({ lastReadMessageId: inserted.id, lastReadAt: inserted.createdAt })
    .where(and(eq(chatMembers.conversationId, message.conversationId), eq(chatMembers.userId, message.senderUserId)));
  await publishConversationEvent(db, message.conversationId);
  return { id: inserted.id, created: true };
}

/**
 * Publishes the live 'chat' event of a change in conversation `conversationId` (a message, an edit, a read position)
 * to its members and, for an office conversation, its branch's staff (contract: refId = the conversation id).
 */
export async function publishConversationEvent(db: Db, conversationId: number): Promise<void> {
  const audience = await conversationAudience(db, conversationId);
  await publishLiveEvent(db, { topic: 'chat', userIds: audience.userIds, branchIds: audience.branchIds, refId: conversationId });
}

/**
 * The messages `ids` as ChatMessage (sender's name, uploaded attachments; a deleted one with body '' and no
 * attachments), in the order of `ids`. Ids that do not exist are left out.
 */
export async function loadMessages(db: Db, ids: number[]): Promise<ChatMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      clientMessageId: chatMessages.clientMessageId,
      senderUserId: chatMessages.senderUserId,
      senderName: users.name,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      deletedAt: chatMessages.deletedAt,
      broadcastId: chatMessages.broadcastId,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderUserId))
    .where(inArray(chatMessages.id, ids));
  const files = await db
    .select({
      id: chatAttachments.id,
      messageId: chatAttachments.messageId,
      filename: chatAttachments.filename,
      size: chatAttachments.size,
      contentType: chatAttachments.contentType,
    })
    .from(chatAttachments)
    .where(and(inArray(chatAttachments.messageId, ids), eq(chatAttachments.status, 'uploaded')))
    .orderBy(asc(chatAttachments.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const deleted = row.deletedAt !== null;
    return [
      {
        id: row.id,
        conversationId: row.conversationId,
        clientMessageId: row.clientMessageId,
        sender: { userId: row.senderUserId, name: row.senderName },
        body: deleted ? '' : row.body,
        attachments: deleted
          ? []
          : files
              .filter((file) => file.messageId === id)
              .map((file) => ({ id: file.id, filename: file.filename, size: file.size, contentType: file.contentType })),
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        deletedAt: row.deletedAt?.toISOString() ?? null,
        broadcastId: row.broadcastId,
      },
    ];
  });
}
