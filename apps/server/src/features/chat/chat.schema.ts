import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, integer, uuid, index, uniqueIndex, primaryKey, check } from 'drizzle-orm/pg-core';
import { CONVERSATION_KINDS } from '@hearth/shared/chat/chat.schema';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/*
 * Chat (issue 22; docs/architecture.md "Chat"). A conversation has members, each with a read position; messages
 * carry a client-generated id so a resend never doubles one; attachments go through the storage driver; a
 * broadcast is delivered as one message per recipient in a `broadcast` conversation with the sender.
 * chat_messages and chat_members are audited (migration 0029_chat): an edited or deleted message keeps its old
 * text in audit_log.
 */

/**
 * A conversation (issue 22 item 1). `branch_id` is the office's branch, else the client's, else the caregiver
 * member's, else the starter's first branch (the contract's rule, chat-conversations.service.ts); supervisors with
 * chatReadBranchConversationsEnabled read the conversations of their branches through it. `last_message_*` is
 * kept by insertMessage so lists sort without reading messages.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    title: text('title'),
    branchId: integer('branch_id').references(() => branches.id),
    clientId: integer('client_id').references(() => clients.id),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's id (no foreign key: messages reference conversations). */
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    check('chat_conversations_kind_check', sql`${t.kind} in ('direct', 'group', 'office', 'broadcast')`),
    // A branch's conversations by latest activity (office inboxes, supervisors' branch lists).
    index('chat_conversations_branch_idx').on(t.branchId, t.lastMessageAt.desc()),
    index('chat_conversations_client_idx').on(t.clientId),
    index('chat_conversations_shift_idx').on(t.shiftId),
  ],
);

/**
 * A member of a conversation with their read position: every message with id <= last_read_message_id is read
 * (read receipts, unread counts). `fallback_notified_message_id` is the fallback job's ledger: the newest message
 * already sent to this member by SMS or email (chat-fallback.job.ts), so each goes out once.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadMessageId: integer('last_read_message_id'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    fallbackNotifiedMessageId: integer('fallback_notified_message_id'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // getChatUnreadCount walks a user's memberships with their read positions from this index alone.
    index('chat_members_user_idx').on(t.userId, t.conversationId, t.lastReadMessageId),
  ],
);

/**
 * A broadcast (issue 22 item 3): one message to every chat-enabled caregiver of a branch or of the company. Each
 * recipient's copy is a chat_messages row with `broadcast_id` set; the read count comes from their read positions.
 */
export const chatBroadcasts = pgTable(
  'chat_broadcasts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    audience: text('audience', { enum: ['branch', 'company'] }).notNull(),
    branchId: integer('branch_id').references(() => branches.id),
    clientMessageId: uuid('client_message_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    recipientCount: integer('recipient_count').notNull().default(0),
  },
  (t) => [
    check('chat_broadcasts_audience_check', sql`${t.audience} in ('branch', 'company')`),
    uniqueIndex('chat_broadcasts_client_message_idx').on(t.senderUserId, t.clientMessageId),
    index('chat_broadcasts_company_idx').on(t.companyId, t.createdAt.desc()),
  ],
);

/**
 * A message (issue 22 item 2). (sender_user_id, client_message_id) is unique: a resend answers the stored message.
 * A deleted message keeps its row with body '' and deleted_at set; the audit keeps what it said.
 * Search: a pg_trgm GIN index on body serves `ilike '%words%'` on both engines (PGlite loads pg_trgm).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    clientMessageId: uuid('client_message_id').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    broadcastId: integer('broadcast_id').references(() => chatBroadcasts.id),
  },
  (t) => [
    uniqueIndex('chat_messages_client_message_idx').on(t.senderUserId, t.clientMessageId),
    // Pages of a conversation, and the unread messages after a read position.
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_broadcast_idx')
      .on(t.broadcastId)
      .where(sql`${t.broadcastId} is not null`),
    // The fallback job reads the messages of its time window.
    index('chat_messages_created_idx').on(t.createdAt),
    index('chat_messages_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
);

/**
 * A file attached to a message (issue 22 item 2), stored through the storage driver under
 * `chat/<conversationId>/<uuid>`. `message_id` is null while pending or not yet sent; `status` turns 'uploaded'
 * when the bytes arrive. The storage key never leaves the server.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    status: text('status', { enum: ['pending', 'uploaded'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_attachments_status_check', sql`${t.status} in ('pending', 'uploaded')`),
    uniqueIndex('chat_attachments_storage_key_idx').on(t.storageKey),
    index('chat_attachments_message_idx').on(t.messageId),
    // Stale pending uploads are cleaned by age.
    index('chat_attachments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
