import { z } from 'zod';
import { ZId, zText } from '../app/input-rules';
import { zPage } from '../app/outputs.schema';
import { ZCreatedFileUpload, ZFileDownloadLink, ZRecordFileFacts } from '../files/files.schema';
import {
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_GROUP_MAX_MEMBERS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES_PAGE_MAX,
  CHAT_TITLE_MAX_LENGTH,
} from './chat.constants';

/*
 * Chat between the office, caregivers and families (issue 22; spec /chat, the Chat menu item and bottom-bar tab,
 * getChatUnreadCount, the role chat flags and the user's chatEnabled, chatSmsEnabled, chatEmailEnabled).
 *
 * A conversation is one of:
 * - `direct`: two people;
 * - `group`: a starter and up to CHAT_GROUP_MAX_MEMBERS others, with a title;
 * - `office`: a caregiver (or any member) with the office of one branch, whose chat-enabled staff in scope of that
 *   branch read and answer it as one inbox;
 * - `broadcast`: one recipient's copy of a broadcast, a conversation of the sender with that caregiver.
 * Each may be about a client and a visit (shift), and then shows on that record's page.
 */

export const CONVERSATION_KINDS = ['direct', 'group', 'office', 'broadcast'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** A message body: trimmed, 1 to CHAT_MESSAGE_MAX_LENGTH characters (an attachment-only message sends ''). */
const ZBody = zText().trim().max(CHAT_MESSAGE_MAX_LENGTH, `A message may be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);

/** The id a client gives a message or broadcast before sending, so a resend never doubles it (a UUID). */
export const ZClientMessageId = z.uuid({ message: 'Give the message a UUID as its clientMessageId' });

/** Page and size of a paged chat list. */
const PAGING = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(30),
};

/** Input of chat.listConversations: the caller's conversations, newest activity first, narrowed. */
export const ZListConversationsInput = z
  .object({
    /** Words in a title or a member's name. */
    search: zText().trim().max(100).optional(),
    /** Only those about this client (the client's page lists them). */
    clientId: ZId.optional(),
    /** Only those about this visit. */
    shiftId: ZId.optional(),
    /**
     * Supervisors (chatReadBranchConversationsEnabled): every conversation of this branch, not only their own;
     * each one opened is logged in the access log.
     */
    branchId: ZId.optional(),
    unreadOnly: z.boolean().default(false),
    ...PAGING,
  })
  .strict();
export type ListConversationsInput = z.infer<typeof ZListConversationsInput>;

/** A person in a conversation or a contact list. */
export const ZChatPerson = z.object({
  userId: z.number(),
  name: z.string(),
  /** The role's name ("Nurse", "Caregiver"). */
  roleName: z.string(),
});
export type ChatPerson = z.infer<typeof ZChatPerson>;

/** A member with their read position (read receipts: every message with id <= lastReadMessageId is read). */
export const ZChatMember = ZChatPerson.extend({
  lastReadMessageId: z.number().nullable(),
  /** ISO 8601, UTC. */
  lastReadAt: z.string().nullable(),
  /**
   * The member's caregiver record when they are a caregiver (the one in the conversation's branch first), so an
   * attachment can be copied to their files (chat.copyAttachment to 'caregiver'); null for staff and families. The
   * server always sends it; a copy built on the phone from a list row may lack it.
   */
  caregiverId: z.number().nullable().optional(),
});
export type ChatMember = z.infer<typeof ZChatMember>;

/** What a conversation is about, with names for the screen. */
export const ZConversationAbout = z.object({
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  shiftId: z.number().nullable(),
  /** The visit's start, ISO 8601 UTC. */
  shiftStart: z.string().nullable(),
});

/** A conversation as lists show it. */
export const ZConversationSummary = z.object({
  id: z.number(),
  kind: z.enum(CONVERSATION_KINDS),
  /** The group's title; for others the screen's name: the other person, or "<Branch> office". */
  title: z.string(),
  branchId: z.number().nullable(),
  about: ZConversationAbout,
  members: z.array(ZChatPerson),
  lastMessage: z
    .object({
      id: z.number(),
      senderName: z.string(),
      /** The first 140 characters of the body ("" for a deleted message or only attachments). */
      preview: z.string(),
      hasAttachments: z.boolean(),
      /** ISO 8601, UTC. */
      createdAt: z.string(),
    })
    .nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** False when a supervisor or an office reader sees it without being a member. */
  isMember: z.boolean(),
  /** ISO 8601, UTC: the last message's time, else the creation. */
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof ZConversationSummary>;

export const ZConversationPage = zPage(ZConversationSummary);

/** A conversation with its members' read positions and what the caller may do in it (chat.getConversation). */
export const ZConversationDetail = ZConversationSummary.extend({
  members: z.array(ZChatMember),
  canSend: z.boolean(),
  canUpload: z.boolean(),
  canDownload: z.boolean(),
  canCopyAttachments: z.boolean(),
});
export type ConversationDetail = z.infer<typeof ZConversationDetail>;

/** Input of chat.getConversation and other calls on one conversation. */
export const ZConversationIdInput = z.object({ conversationId: ZId }).strict();
export type ConversationIdInput = z.infer<typeof ZConversationIdInput>;

/** An attachment of a message; no storage key leaves. */
export const ZChatAttachment = z.object({
  id: z.number(),
  filename: z.string(),
  /** Bytes. */
  size: z.number(),
  contentType: z.string(),
});
export type ChatAttachment = z.infer<typeof ZChatAttachment>;

/** A message. A deleted one keeps its place with body '' and deletedAt set (the audit keeps what it said). */
export const ZChatMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  clientMessageId: z.string(),
  sender: z.object({ userId: z.number(), name: z.string() }),
  body: z.string(),
  attachments: z.array(ZChatAttachment),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** Set when the message is a recipient's copy of a broadcast. */
  broadcastId: z.number().nullable(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

/**
 * Input of chat.getMessages: the newest `limit` messages, or those before `beforeId` (scrolling back) or after
 * `afterId` (catching up after a live event). Oldest first in the answer.
 */
export const ZGetMessagesInput = z
  .object({
    conversationId: ZId,
    beforeId: ZId.optional(),
    afterId: ZId.optional(),
    limit: z.number().int().min(1).max(CHAT_MESSAGES_PAGE_MAX).default(50),
  })
  .strict();
export type GetMessagesInput = z.infer<typeof ZGetMessagesInput>;

export const ZMessagesOutput = z.object({
  messages: z.array(ZChatMessage),
  /** Older messages exist before the first one returned. */
  hasMore: z.boolean(),
});
export type MessagesOutput = z.infer<typeof ZMessagesOutput>;

/**
 * Input of chat.startConversation. `direct` names one other user, `group` several with a title, `office` a branch
 * (a caregiver writes to the office of their branches without chatInitiateConversationEnabled). An existing direct or
 * office conversation of the same people about the same client and visit is returned instead of a second one.
 */
export const ZStartConversationInput = z
  .object({
    kind: z.enum(['direct', 'group', 'office']),
    userIds: z.array(ZId).max(CHAT_GROUP_MAX_MEMBERS, `A group may have at most ${CHAT_GROUP_MAX_MEMBERS} members`).default([]),
    branchId: ZId.optional(),
    title: zText().trim().max(CHAT_TITLE_MAX_LENGTH, `A title may be at most ${CHAT_TITLE_MAX_LENGTH} characters`).optional(),
    clientId: ZId.optional(),
    shiftId: ZId.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.kind === 'direct' && input.userIds.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'A direct conversation is with one other person' });
    }
    if (input.kind === 'group' && input.userIds.length < 1) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'Choose at least one person for the group' });
    }
    if (input.kind === 'group' && !input.title) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'A group needs a title' });
    }
    if (input.kind === 'office' && input.branchId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['branchId'], message: 'Choose the office (branch) to write to' });
    }
  });
export type StartConversationInput = z.infer<typeof ZStartConversationInput>;

/**
 * Input of chat.sendMessage. `clientMessageId` makes it idempotent: sending the same id again answers the message
 * already stored. `attachmentIds` are uploads made with chat.createAttachment in this conversation.
 */
export const ZSendMessageInput = z
  .object({
    conversationId: ZId,
    clientMessageId: ZClientMessageId,
    body: ZBody,
    attachmentIds: z
      .array(ZId)
      .max(CHAT_ATTACHMENTS_PER_MESSAGE, `A message may carry at most ${CHAT_ATTACHMENTS_PER_MESSAGE} attachments`)
      .default([]),
  })
  .strict()
  .refine((input) => input.body.length > 0 || input.attachmentIds.length > 0, {
    path: ['body'],
    message: 'Write a message or attach a file',
  });
export type SendMessageInput = z.infer<typeof ZSendMessageInput>;

/** Input of chat.editMessage (by its author within CHAT_EDIT_WINDOW_MINUTES). */
export const ZEditMessageInput = z.object({ messageId: ZId, body: ZBody.min(1, 'Write the message, or delete it') }).strict();
export type EditMessageInput = z.infer<typeof ZEditMessageInput>;

/** Input of chat.deleteMessage (by its author within CHAT_EDIT_WINDOW_MINUTES). */
export const ZMessageIdInput = z.object({ messageId: ZId }).strict();
export type MessageIdInput = z.infer<typeof ZMessageIdInput>;

/** Input of chat.markRead: the caller has read up to and including `messageId`. */
export const ZMarkReadInput = z.object({ conversationId: ZId, messageId: ZId }).strict();
export type MarkReadInput = z.infer<typeof ZMarkReadInput>;

/** Output of chat.markRead: the conversation's and the caller's total unread counts after it. */
export const ZMarkReadOutput = z.object({
  unreadCount: z.number().int().nonnegative(),
  totalUnread: z.number().int().nonnegative(),
});

/** Input of chat.searchMessages: words in the bodies of the caller's conversations (or one of them). */
export const ZSearchMessagesInput = z
  .object({
    query: zText().trim().min(2, 'Search for at least 2 characters').max(100),
    conversationId: ZId.optional(),
    ...PAGING,
  })
  .strict();
export type SearchMessagesInput = z.infer<typeof ZSearchMessagesInput>;

export const ZSearchHit = z.object({ message: ZChatMessage, conversationTitle: z.string() });
export const ZSearchHitPage = zPage(ZSearchHit);

/** Output of getChatUnreadCount (spec "Other"): unread messages and the conversations holding them. */
export const ZChatUnreadCount = z.object({
  count: z.number().int().nonnegative(),
  conversations: z.number().int().nonnegative(),
});
export type ChatUnreadCount = z.infer<typeof ZChatUnreadCount>;

/** Input of chat.listContacts: the people and offices the caller may start a conversation with. */
export const ZListContactsInput = z.object({ search: zText().trim().max(100).optional() }).strict();

export const ZChatContacts = z.object({
  people: z.array(ZChatPerson),
  /** Branches whose office the caller may write to. */
  offices: z.array(z.object({ branchId: z.number(), name: z.string() })),
});
export type ChatContacts = z.infer<typeof ZChatContacts>;

/**
 * Input of chat.broadcast: one message to every chat-enabled caregiver of a branch (chatBroadcastEnabled) or of the
 * company (chatBroadcastAllEnabled), each receiving it in a conversation with the sender.
 */
export const ZBroadcastInput = z
  .object({
    audience: z.enum(['branch', 'company']),
    branchId: ZId.optional(),
    clientMessageId: ZClientMessageId,
    body: ZBody.min(1, 'Write the message to broadcast'),
  })
  .strict()
  .refine((input) => input.audience === 'company' || input.branchId !== undefined, {
    path: ['branchId'],
    message: 'Choose the branch to broadcast to',
  });
export type BroadcastInput = z.infer<typeof ZBroadcastInput>;

/** A broadcast with its reach: how many received it and how many have read it. */
export const ZBroadcastSummary = z.object({
  id: z.number(),
  body: z.string(),
  audience: z.enum(['branch', 'company']),
  branchName: z.string().nullable(),
  senderName: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  recipientCount: z.number().int().nonnegative(),
  readCount: z.number().int().nonnegative(),
});
export type BroadcastSummary = z.infer<typeof ZBroadcastSummary>;

export const ZBroadcastPage = zPage(ZBroadcastSummary);
export const ZGetBroadcastsInput = z.object({ ...PAGING }).strict();

/** Input of chat.createAttachment (chatUploadAttachmentEnabled): the file's facts, checked as record files are. */
export const ZCreateAttachmentInput = z.object({ conversationId: ZId, file: ZRecordFileFacts }).strict();
export type CreateAttachmentInput = z.infer<typeof ZCreateAttachmentInput>;

/** Output of chat.createAttachment: the pending attachment and where to PUT its bytes (files' create-then-PUT). */
export const ZCreatedAttachment = ZChatAttachment.extend(ZCreatedFileUpload.shape);

/** Input of chat.deleteAttachment (an upload that failed, or one not yet sent) and chat.getAttachmentLink. */
export const ZAttachmentIdInput = z.object({ attachmentId: ZId, inline: z.boolean().default(false) }).strict();
export type AttachmentIdInput = z.infer<typeof ZAttachmentIdInput>;

/** Output of chat.getAttachmentLink (chatDownloadAttachmentEnabled). */
export const ZChatAttachmentLink = ZFileDownloadLink;

/**
 * Input of chat.copyAttachment (chatCopyAttachmentsEnabled): the attachment becomes a file on the client's or the
 * caregiver's record (in the caller's scope).
 */
export const ZCopyAttachmentInput = z
  .object({
    attachmentId: ZId,
    to: z.enum(['client', 'caregiver']),
    ownerId: ZId,
  })
  .strict();
export type CopyAttachmentInput = z.infer<typeof ZCopyAttachmentInput>;

export const ZCopyAttachmentOutput = z.object({ fileId: z.number(), to: z.enum(['client', 'caregiver']), ownerId: z.number() });

/** The caller's chat settings (spec "User" chatSmsEnabled default true, chatEmailEnabled default false). */
export const ZChatSettings = z.object({ chatSmsEnabled: z.boolean(), chatEmailEnabled: z.boolean() });
export type ChatSettings = z.infer<typeof ZChatSettings>;
export const ZUpdateChatSettingsInput = ZChatSettings.partial().strict();

/**
 * The caller's chat rights (getCurrentUser's `chat`): each role chat flag, all false while the role's or the user's
 * chatEnabled is off (spec section 3 "Role" chat flags, "User" chatEnabled). The web hides Chat without `enabled` and
 * offers each button by its right.
 */
export const ZChatRights = z.object({
  enabled: z.boolean(),
  send: z.boolean(),
  initiate: z.boolean(),
  broadcast: z.boolean(),
  broadcastAll: z.boolean(),
  upload: z.boolean(),
  download: z.boolean(),
  copyAttachments: z.boolean(),
  readBranch: z.boolean(),
});
