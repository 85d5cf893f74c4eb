/**
 * A stand-in for chat.sendMessage in the outbox tests: it stores each clientMessageId once and answers a resend with
 * the stored message (the server's idempotency, issue 22 item 2), and can be taken offline, made to lose its reply
 * after storing, or made to refuse a conversation.
 */
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import { syncOutcome } from '@/api/sync-outcome';
import type { ChatSender } from './chat-offline.store';
import type { OutboxMessage } from './chat-offline.outbox';

/** An error as the tRPC client gives one: a code in `data`, or none for a failed fetch. */
export function apiError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { data: { code } } : {});
}

/** The fake server and the sender that reaches it. */
export function testServer() {
  const messages: ChatMessage[] = [];
  const state = { online: true, loseNextReply: false, refuse: new Map<number, Error>(), attempts: 0 };
  const sender: ChatSender = {
    send: (entry: OutboxMessage) => {
      state.attempts++;
      if (!state.online) return Promise.reject(new TypeError('Failed to fetch'));
      const refusal = state.refuse.get(entry.conversationId);
      if (refusal) return Promise.reject(refusal);
      let stored = messages.find((m) => m.clientMessageId === entry.clientMessageId);
      if (!stored) {
        stored = {
          id: messages.length + 1,
          conversationId: entry.conversationId,
          clientMessageId: entry.clientMessageId,
          sender: { userId: 7, name: 'Carla Caregiver' },
          body: entry.body,
          attachments: entry.attachments,
          createdAt: '2031-03-01T10:00:00.000Z',
          editedAt: null,
          deletedAt: null,
          broadcastId: null,
        };
        messages.push(stored);
      }
      if (state.loseNextReply) {
        state.loseNextReply = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return Promise.resolve(stored);
    },
    outcome: syncOutcome,
    reasonOf: (error) => (error instanceof Error ? error.message : String(error)),
  };
  return { messages, state, sender };
}
