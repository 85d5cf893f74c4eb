import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { ChatOfflineBox, memoryStore } from './chat-offline.store';
import { withPendingReads } from './chat-offline.reads';
import { testServer } from './chat-offline.test-support';

const summary = (id: number, lastMessageId: number, unreadCount: number): ConversationSummary => ({
  id,
  kind: 'office',
  title: 'Boston office',
  branchId: 1,
  about: { clientId: null, clientName: null, visitId: null } as unknown as ConversationSummary['about'],
  members: [],
  lastMessage: {
    id: lastMessageId,
    senderName: 'Nina',
    preview: 'Hi',
    hasAttachments: false,
    createdAt: '2031-03-01T10:00:00.000Z',
  },
  unreadCount,
  isMember: true,
  updatedAt: '2031-03-01T10:00:00.000Z',
});

function setUp() {
  const server = testServer();
  const box = new ChatOfflineBox(memoryStore(), server.sender);
  return { server, box };
}

describe('reads recorded offline (issue 22 item 6)', () => {
  it('drops the kept unread count at once offline and sends the position when online', async () => {
    const { server, box } = setUp();
    await box.saveConversations([summary(1, 12, 3), summary(2, 20, 1)]);
    server.state.online = false;
    expect(await box.markRead({ conversationId: 1, messageId: 12 })).toBe(true);
    const kept = (await box.readConversations()).sort((a, b) => a.id - b.id);
    expect(kept.map((c) => [c.id, c.unreadCount])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(await box.flushReads()).toEqual({ sent: 0, waiting: 1, dropped: 0 });
    expect(server.reads.size).toBe(0);

    server.state.online = true;
    expect(await box.flushReads()).toEqual({ sent: 1, waiting: 0, dropped: 0 });
    expect(server.reads.get(1)).toBe(12);
    expect(await box.pendingReads()).toEqual([]);
  });

  it('only moves forward: an older read is not kept nor sent', async () => {
    const { server, box } = setUp();
    server.state.online = false;
    await box.markRead({ conversationId: 1, messageId: 30 });
    expect(await box.markRead({ conversationId: 1, messageId: 25 })).toBe(false);
    expect(await box.pendingReads()).toEqual([{ conversationId: 1, messageId: 30 }]);
    server.state.online = true;
    await box.flushReads();
    expect(server.reads.get(1)).toBe(30);
  });

  it('a failed send keeps the position for the next flush', async () => {
    const { server, box } = setUp();
    server.state.failing.add('mark-read');
    await box.markRead({ conversationId: 4, messageId: 8 });
    await box.flushReads();
    expect(await box.pendingReads()).toEqual([{ conversationId: 4, messageId: 8 }]);
    server.state.failing.delete('mark-read');
    await box.flushReads();
    expect(server.reads.get(4)).toBe(8);
    expect(await box.pendingReads()).toEqual([]);
  });

  it('shows a conversation read on the phone as read until a newer message arrives', () => {
    const shown = withPendingReads(
      [summary(1, 12, 3), summary(2, 21, 2)],
      [
        { conversationId: 1, messageId: 12 },
        { conversationId: 2, messageId: 20 },
      ],
    );
    expect(shown.map((c) => c.unreadCount)).toEqual([0, 2]);
  });
});
