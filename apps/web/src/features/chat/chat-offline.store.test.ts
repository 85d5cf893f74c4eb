import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { ChatOfflineBox, memoryStore } from './chat-offline.store';
import { conversationRows, newOutboxMessage } from './chat-offline.outbox';
import { messagesKey, outboxKey } from './chat-offline.cache';
import { apiError, testServer } from './chat-offline.test-support';

const at = (minute: number) => `2031-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
let uuid = 0;
const nextUuid = () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}`;
const write = (box: ChatOfflineBox, conversationId: number, body: string, minute: number) =>
  box.write(newOutboxMessage({ conversationId, body }, nextUuid(), at(minute)));

function setUp() {
  const server = testServer();
  const store = memoryStore();
  const box = new ChatOfflineBox(store, server.sender);
  return { server, store, box };
}

/** Waits for the flush a write starts (and any that follows it). */
async function settle(box: ChatOfflineBox): Promise<void> {
  await box.flush();
  await box.flush();
}

describe('the chat outbox (issue 22 item 6: sent when online, never lost, never doubled)', () => {
  it('keeps what is written offline as waiting, in written order, and sends each exactly once on reconnect', async () => {
    const { server, box } = setUp();
    server.state.online = false;
    await write(box, 1, 'Running late', 1);
    await write(box, 1, 'Ten minutes', 2);
    await settle(box);
    expect(box.outboxSnapshot().map((e) => [e.body, e.status])).toEqual([
      ['Running late', 'waiting'],
      ['Ten minutes', 'waiting'],
    ]);
    expect(server.messages).toEqual([]);

    server.state.online = true;
    const result = await box.flush();
    expect(result).toEqual({ sent: 2, waiting: 0, refused: 0 });
    expect(server.messages.map((m) => m.body)).toEqual(['Running late', 'Ten minutes']);
    await box.refreshOutbox();
    expect(box.outboxSnapshot()).toEqual([]);
    expect((await box.readMessages(1)).map((m) => m.body)).toEqual(['Running late', 'Ten minutes']);

    // Another reconnect sends nothing again.
    await box.flush();
    expect(server.messages).toHaveLength(2);
  });

  it('resends a message whose reply was lost with the same clientMessageId: the server holds it once', async () => {
    const { server, box } = setUp();
    server.state.loseNextReply = true;
    await write(box, 1, 'Client is asleep', 1);
    await settle(box);
    await box.flush();
    expect(server.state.attempts).toBeGreaterThanOrEqual(2);
    expect(server.messages).toHaveLength(1);
    expect(box.outboxSnapshot()).toEqual([]);
    expect(await box.readMessages(1)).toHaveLength(1);
  });

  it('joins a flush already running instead of sending an entry twice at once', async () => {
    const { server, store, box } = setUp();
    const entry = newOutboxMessage({ conversationId: 1, body: 'Once' }, nextUuid(), at(1));
    await store.set(outboxKey(entry.clientMessageId), entry);
    await Promise.all([box.flush(), box.flush(), box.flush()]);
    await box.flush();
    expect(server.state.attempts).toBe(1);
    expect(server.messages).toHaveLength(1);
  });

  it('stops at a message that cannot go yet, so later ones never overtake it', async () => {
    const { server, box } = setUp();
    server.state.online = false;
    await write(box, 1, 'First', 1);
    await write(box, 1, 'Second', 2);
    await settle(box);
    // One attempt per flush: the first entry fails and the second is not tried.
    const attempts = server.state.attempts;
    const result = await box.flush();
    expect(result).toEqual({ sent: 0, waiting: 2, refused: 0 });
    expect(server.state.attempts).toBe(attempts + 1);
  });

  it('keeps a message the server refuses for good, with its reason, and sends the others; Try again resends it', async () => {
    const { server, box } = setUp();
    server.state.online = false;
    await write(box, 1, 'To a closed conversation', 1);
    await write(box, 2, 'To the office', 2);
    server.state.online = true;
    server.state.refuse.set(1, apiError('Conversation 1 not found', 'NOT_FOUND'));
    const result = await box.flush();
    expect(result).toEqual({ sent: 1, waiting: 0, refused: 1 });
    await box.refreshOutbox();
    expect(box.outboxSnapshot()).toMatchObject([
      { body: 'To a closed conversation', status: 'refused', reason: 'Conversation 1 not found' },
    ]);
    // A refused entry is not resent by itself.
    await box.flush();
    expect(server.messages.map((m) => m.body)).toEqual(['To the office']);

    server.state.refuse.clear();
    await box.retry(box.outboxSnapshot()[0]!.clientMessageId);
    await settle(box);
    expect(server.messages.map((m) => m.body)).toEqual(['To the office', 'To a closed conversation']);
    expect(box.outboxSnapshot()).toEqual([]);
  });

  it('keeps a message through an expired session (401) and a busy server (500)', async () => {
    const { server, box } = setUp();
    server.state.refuse.set(1, apiError('Sign in again', 'UNAUTHORIZED'));
    await write(box, 1, 'Still here', 1);
    await settle(box);
    server.state.refuse.set(1, apiError('Internal error', 'INTERNAL_SERVER_ERROR'));
    await settle(box);
    expect(box.outboxSnapshot().map((e) => e.status)).toEqual(['waiting']);
    server.state.refuse.clear();
    await box.flush();
    expect(server.messages).toHaveLength(1);
  });

  it('discards a refused entry on request', async () => {
    const { server, box } = setUp();
    server.state.refuse.set(1, apiError('Chat is not enabled for you', 'FORBIDDEN'));
    await write(box, 1, 'Nope', 1);
    await settle(box);
    await box.discard(box.outboxSnapshot()[0]!.clientMessageId);
    expect(box.outboxSnapshot()).toEqual([]);
  });

  it('tells listeners of each delivered message', async () => {
    const { box } = setUp();
    const delivered: string[] = [];
    box.onDelivered((m) => delivered.push(m.body));
    await write(box, 3, 'Hello', 1);
    await settle(box);
    expect(delivered).toEqual(['Hello']);
  });
});

describe('conversationRows', () => {
  const message = (id: number, clientMessageId: string): ChatMessage => ({
    id,
    conversationId: 1,
    clientMessageId,
    sender: { userId: 7, name: 'Carla' },
    body: `m${id}`,
    attachments: [],
    createdAt: at(id),
    editedAt: null,
    deletedAt: null,
    broadcastId: null,
  });

  it('lists stored messages then waiting ones of the conversation, an entry already stored only once', () => {
    const sent = newOutboxMessage({ conversationId: 1, body: 'sent' }, 'u-sent', at(5));
    const waiting = newOutboxMessage({ conversationId: 1, body: 'waiting' }, 'u-wait', at(6));
    const elsewhere = newOutboxMessage({ conversationId: 2, body: 'other' }, 'u-other', at(4));
    const rows = conversationRows([message(1, 'a'), message(2, 'u-sent')], [waiting, sent, elsewhere], 1);
    expect(rows.map((r) => (r.kind === 'stored' ? `stored ${r.message.id}` : `outbox ${r.entry.body}`))).toEqual([
      'stored 1',
      'stored 2',
      'outbox waiting',
    ]);
  });
});

describe('the chat cache for reading offline (CHAT_OFFLINE_CACHE)', () => {
  const conversation = (id: number, minute: number): ConversationSummary => ({
    id,
    kind: 'direct',
    title: `c${id}`,
    branchId: 1,
    about: { clientId: null, clientName: null, shiftId: null, shiftStart: null },
    members: [],
    lastMessage: null,
    unreadCount: 0,
    isMember: true,
    updatedAt: at(minute),
  });

  it('keeps the 30 newest conversations and drops the messages of those that fell out, unless one waits to send', async () => {
    const { server, store, box } = setUp();
    await box.saveConversations(Array.from({ length: 30 }, (_, i) => conversation(i + 1, i + 10)));
    await box.saveMessages(1, [{ ...(await messageFor(1)) }]);
    await box.saveMessages(2, [{ ...(await messageFor(2)) }]);
    server.state.online = false;
    await write(box, 2, 'waiting in 2', 1);
    await settle(box);
    // Two newer conversations push out 1 and 2 (the oldest).
    await box.saveConversations([conversation(31, 50), conversation(32, 51)]);
    const kept = await box.readConversations();
    expect(kept).toHaveLength(30);
    expect(kept[0]!.id).toBe(32);
    expect(kept.map((c) => c.id)).not.toContain(1);
    expect(await store.get(messagesKey(1))).toBeUndefined();
    expect(await store.get(messagesKey(2))).toBeDefined();
  });

  it('keeps the newest 50 messages of a conversation, a fetched copy replacing a kept one', async () => {
    const { box } = setUp();
    const many = await Promise.all(Array.from({ length: 60 }, (_, i) => messageFor(1, i + 1)));
    await box.saveMessages(1, many.slice(0, 40));
    await box.saveMessages(1, [...many.slice(40), { ...many[55]!, body: '', deletedAt: at(59) }]);
    const kept = await box.readMessages(1);
    expect(kept).toHaveLength(50);
    expect(kept[0]!.id).toBe(11);
    expect(kept.at(-1)?.id).toBe(60);
    expect(kept.find((m) => m.id === 56)?.deletedAt).toBe(at(59));
  });

  function messageFor(conversationId: number, id = conversationId): Promise<ChatMessage> {
    return Promise.resolve({
      id,
      conversationId,
      clientMessageId: `m-${conversationId}-${id}`,
      sender: { userId: 3, name: 'Nora Nurse' },
      body: `message ${id}`,
      attachments: [],
      createdAt: at(1),
      editedAt: null,
      deletedAt: null,
      broadcastId: null,
    });
  }
});
