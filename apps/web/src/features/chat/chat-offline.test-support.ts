/**
 * A stand-in for the chat server in the outbox tests: chat.sendMessage stores each clientMessageId once and answers a
 * resend with the stored message (the server's idempotency, issue 22 item 2), and can be taken offline, made to lose
 * its reply after storing, or made to refuse a conversation; chat.createAttachment and the PUT keep pending and
 * uploaded attachments (a message may carry only uploaded ones, each once), and either step can be made to fail;
 * chat.markRead keeps each conversation's position, never moving it back.
 */
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import { HttpError } from '@/api/api-error';
import type { ChatSender } from './chat-offline.store';
import { attachmentIdsOf, outboxOutcome, type OutboxMessage } from './chat-offline.outbox';

/** An attachment the fake server holds: pending until its bytes are PUT, then uploaded; messageId once sent. */
export interface FakeAttachment {
  id: number;
  conversationId: number;
  filename: string;
  size: number;
  contentType: string;
  bytes: string | null;
  messageId: number | null;
  deleted: boolean;
}

/** An error as the tRPC client gives one: a code in `data`, or none for a failed fetch. */
export function apiError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { data: { code } } : {});
}

/** The fake server and the sender that reaches it. */
export function testServer() {
  const messages: ChatMessage[] = [];
  const attachments: FakeAttachment[] = [];
  const reads = new Map<number, number>();
  const state = {
    online: true,
    loseNextReply: false,
    refuse: new Map<number, Error>(),
    attempts: 0,
    /** Steps failing until taken out: offline (a failed fetch), or 'put-refused' a 403 from the storage. */
    failing: new Set<'create' | 'put-offline' | 'put-refused' | 'mark-read'>(),
    /** The next create stores the attachment but its reply is lost. */
    loseNextCreateReply: false,
    /** Milliseconds an upload URL stays valid (the server's FILE_UPLOAD_URL_TTL_SECONDS). */
    uploadUrlTtlMs: 15 * 60_000,
    clock: Date.parse('2031-03-01T10:00:00.000Z'),
  };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const failing = (step: 'create' | 'put-offline' | 'put-refused' | 'mark-read') => state.failing.has(step);
  const sender: ChatSender = {
    createAttachment: (conversationId, file) => {
      if (!state.online || failing('create')) return offline();
      const attachment: FakeAttachment = {
        id: attachments.length + 1,
        conversationId,
        ...file,
        bytes: null,
        messageId: null,
        deleted: false,
      };
      attachments.push(attachment);
      if (state.loseNextCreateReply) {
        state.loseNextCreateReply = false;
        return offline();
      }
      return Promise.resolve({
        id: attachment.id,
        url: `https://storage.test/put/${attachment.id}`,
        uploadUrlExpiresAt: new Date(state.clock + state.uploadUrlTtlMs).toISOString(),
      });
    },
    putBytes: async (url, bytes) => {
      if (!state.online || failing('put-offline')) return offline();
      if (failing('put-refused')) throw new HttpError(403, 'The upload link has expired');
      const attachment = attachments.find((a) => url.endsWith(`/${a.id}`));
      if (!attachment || attachment.deleted) throw new HttpError(404, 'Not found');
      attachment.bytes = await bytes.text();
    },
    deleteAttachment: (attachmentId) => {
      if (!state.online) return offline();
      const attachment = attachments.find((a) => a.id === attachmentId && a.messageId === null);
      if (attachment) attachment.deleted = true;
      return Promise.resolve({ ok: true });
    },
    markRead: ({ conversationId, messageId }) => {
      if (!state.online || failing('mark-read')) return offline();
      reads.set(conversationId, Math.max(reads.get(conversationId) ?? 0, messageId));
      return Promise.resolve({ unreadCount: 0, totalUnread: 0 });
    },
    send: (entry: OutboxMessage) => {
      state.attempts++;
      if (!state.online) return offline();
      const refusal = state.refuse.get(entry.conversationId);
      if (refusal) return Promise.reject(refusal);
      let stored = messages.find((m) => m.clientMessageId === entry.clientMessageId);
      if (!stored) {
        const carried = attachmentIdsOf(entry).map((id) => attachments.find((a) => a.id === id));
        if (carried.some((a) => !a || a.deleted || a.bytes === null || a.messageId !== null)) {
          return Promise.reject(apiError('Attachment not uploaded', 'BAD_REQUEST'));
        }
        stored = {
          id: messages.length + 1,
          conversationId: entry.conversationId,
          clientMessageId: entry.clientMessageId,
          sender: { userId: 7, name: 'Carla Caregiver' },
          body: entry.body,
          attachments: carried.map((a) => ({ id: a!.id, filename: a!.filename, size: a!.size, contentType: a!.contentType })),
          createdAt: '2031-03-01T10:00:00.000Z',
          editedAt: null,
          deletedAt: null,
          broadcastId: null,
        };
        messages.push(stored);
        for (const a of carried) a!.messageId = stored.id;
      }
      if (state.loseNextReply) {
        state.loseNextReply = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return Promise.resolve(stored);
    },
    outcome: outboxOutcome,
    now: () => state.clock,
    reasonOf: (error) => (error instanceof Error ? error.message : String(error)),
  };
  return { messages, attachments, reads, state, sender };
}
