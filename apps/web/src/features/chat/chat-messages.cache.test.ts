import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import { flattenPages, leavesGap, newestHeldId, upsertMessages, type MessagePages } from './chat-messages.cache';

function message(id: number, body = `m${id}`): ChatMessage {
  return {
    id,
    conversationId: 1,
    clientMessageId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    sender: { userId: 2, name: 'Ana' },
    body,
    attachments: [],
    createdAt: '2025-01-01T12:00:00.000Z',
    editedAt: null,
    deletedAt: null,
    broadcastId: null,
  };
}

/** Two loaded pages: 5..6 newest, 2..3 older (ids are global, so gaps between them are normal). */
const held: MessagePages = {
  pages: [
    { messages: [message(5), message(6)], hasMore: true },
    { messages: [message(2), message(3)], hasMore: false },
  ],
  pageParams: [undefined, 5],
};

describe('chat message pages', () => {
  it('flattens oldest first and knows the newest id', () => {
    expect(flattenPages(held).map((m) => m.id)).toEqual([2, 3, 5, 6]);
    expect(newestHeldId(held)).toBe(6);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('replaces an edited or deleted message where it is', () => {
    const next = upsertMessages(held, [{ ...message(3, ''), deletedAt: '2025-01-01T12:05:00.000Z' }]);
    expect(flattenPages(next).map((m) => m.body)).toEqual(['m2', '', 'm5', 'm6']);
    expect(next.pages[0]).toBe(held.pages[0]);
  });

  it('appends newer messages once, in id order, and skips unknown older ones', () => {
    const next = upsertMessages(held, [message(9), message(8), message(9), message(4)]);
    expect(flattenPages(next).map((m) => m.id)).toEqual([2, 3, 5, 6, 8, 9]);
  });

  it('answers the same data when nothing changed (a resend answering the stored message)', () => {
    expect(upsertMessages(held, [held.pages[0]!.messages[1]!])).toBe(held);
    expect(upsertMessages(held, [])).toBe(held);
  });

  it('sees a gap when the fresh newest page starts after all it holds and more exist before it', () => {
    expect(leavesGap(held, { messages: [message(60), message(61)], hasMore: true })).toBe(true);
    expect(leavesGap(held, { messages: [message(5), message(6), message(7)], hasMore: true })).toBe(false);
    expect(leavesGap(held, { messages: [message(7)], hasMore: false })).toBe(false);
  });
});
