/*
 * Chat's rules in numbers (issue 22). Minutes unless named otherwise.
 */

/** How long after sending its author may edit or delete a message (issue 22 item 2); later it stands as sent. */
export const CHAT_EDIT_WINDOW_MINUTES = 15;

/**
 * How long a message may stay unread before it goes by SMS (chatSmsEnabled) or email (chatEmailEnabled) with a link
 * back (issue 22 item 5). A caregiver in a client's home may not open the app for a while; 15 minutes keeps the
 * office's question timely without texting what the caregiver is about to read anyway.
 */
export const CHAT_FALLBACK_MINUTES = 15;

/** The longest message body, in characters (about a page of text; longer belongs in an attachment). */
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;

/** The longest conversation title, in characters. */
export const CHAT_TITLE_MAX_LENGTH = 120;

/** The most members a group conversation may have besides its starter (larger reach is a broadcast). */
export const CHAT_GROUP_MAX_MEMBERS = 50;

/** The most messages one getMessages call returns. */
export const CHAT_MESSAGES_PAGE_MAX = 100;

/** The most attachments one message carries. */
export const CHAT_ATTACHMENTS_PER_MESSAGE = 5;

/** The largest attachment, in bytes (25 MiB: a phone photo or a scanned page set). */
export const CHAT_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** How many of the newest conversations, and messages per conversation, the phone keeps for reading offline. */
export const CHAT_OFFLINE_CACHE = { conversations: 30, messagesPerConversation: 50 } as const;
