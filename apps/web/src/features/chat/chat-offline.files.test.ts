import { describe, expect, it } from 'vitest';
import { CHAT_ATTACHMENT_MAX_BYTES } from '@hearth/shared/chat/chat.constants';
import { ChatOfflineBox, memoryStore } from './chat-offline.store';
import { newOutboxMessage } from './chat-offline.outbox';
import { outboxFileKey, fitsAttachmentLimit } from './chat-offline.files';
import { testServer } from './chat-offline.test-support';

const photo = (name = 'wound.png', text = 'PNG-BYTES') => new File([text], name, { type: 'image/png' });

async function setUp() {
  const server = testServer();
  const store = memoryStore();
  const box = new ChatOfflineBox(store, server.sender);
  return { server, store, box };
}

/** Queues one message with one photo, as the composer does, and waits for the flushes that follow. */
async function queuePhoto(box: ChatOfflineBox, body = 'The dressing today') {
  const file = await box.keepFile(photo());
  const entry = newOutboxMessage({ conversationId: 1, body, files: [file] }, crypto.randomUUID(), '2031-03-01T10:00:00.000Z');
  await box.write(entry);
  await box.idle();
  return { file, entry };
}

describe('a photo queued with a message (issue 22 item 6: offline, sent exactly once)', () => {
  it('keeps the bytes offline, then creates, PUTs and sends the message with the attachment once', async () => {
    const { server, store, box } = await setUp();
    server.state.online = false;
    const { file } = await queuePhoto(box);
    expect(box.outboxSnapshot()[0]?.files?.[0]).toMatchObject({ filename: 'wound.png', uploaded: false, created: null });
    expect(await store.get(outboxFileKey(file.key))).toBeDefined();

    server.state.online = true;
    expect(await box.flush()).toEqual({ sent: 1, waiting: 0, refused: 0 });
    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]!.attachments.map((a) => a.filename)).toEqual(['wound.png']);
    expect(server.attachments.map((a) => [a.bytes, a.messageId])).toEqual([['PNG-BYTES', 1]]);
    await box.refreshOutbox();
    expect(box.outboxSnapshot()).toEqual([]);
    expect(await store.get(outboxFileKey(file.key))).toBeUndefined();
    await box.flush();
    expect(server.messages).toHaveLength(1);
  });

  it('a PUT cut off by the network is PUT again to the same attachment: one attachment, one message', async () => {
    const { server, box } = await setUp();
    server.state.failing.add('put-offline');
    await queuePhoto(box);
    expect(server.messages).toHaveLength(0);
    expect(box.outboxSnapshot()[0]?.files?.[0]).toMatchObject({ created: { id: 1 }, uploaded: false });

    server.state.failing.delete('put-offline');
    expect(await box.flush()).toEqual({ sent: 1, waiting: 0, refused: 0 });
    expect(server.attachments).toHaveLength(1);
    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]!.attachments.map((a) => a.id)).toEqual([1]);
  });

  it('a send cut off after the upload sends once, the photo not uploaded again', async () => {
    const { server, box } = await setUp();
    server.state.loseNextReply = true;
    await queuePhoto(box);
    await box.flush();
    expect(server.attachments).toHaveLength(1);
    expect(server.messages).toHaveLength(1);
    await box.refreshOutbox();
    expect(box.outboxSnapshot()).toEqual([]);
  });

  it('a create whose reply was lost makes a new attachment; the message carries only the one it knows', async () => {
    const { server, box } = await setUp();
    server.state.loseNextCreateReply = true;
    await queuePhoto(box);
    await box.flush();
    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]!.attachments.map((a) => a.id)).toEqual([2]);
  });

  it('an expired upload URL is given up (deleted) and a new attachment made; a refused PUT waits for Try again', async () => {
    const { server, box } = await setUp();
    server.state.failing.add('put-offline');
    const { entry } = await queuePhoto(box);
    expect(server.attachments).toHaveLength(1);
    server.state.failing.delete('put-offline');
    server.state.clock += 20 * 60_000; // past the URL's 15 minutes
    await box.flush();
    expect(server.attachments.map((a) => a.deleted)).toEqual([true, false]);
    expect(server.messages[0]!.attachments.map((a) => a.id)).toEqual([2]);

    server.state.failing.add('put-refused');
    const second = await queuePhoto(box, 'Another');
    await box.refreshOutbox();
    const refused = box.outboxSnapshot().find((e) => e.clientMessageId === second.entry.clientMessageId);
    expect(refused).toMatchObject({ status: 'refused', reason: 'The upload link has expired' });
    expect(refused?.files?.[0]?.created).toBeNull();
    expect(server.attachments.at(-1)?.deleted).toBe(true);
    server.state.failing.delete('put-refused');
    await box.retry(second.entry.clientMessageId);
    await box.idle();
    expect(server.messages.map((m) => [m.body, m.attachments.length])).toEqual([
      ['The dressing today', 1],
      ['Another', 1],
    ]);
    expect(entry.clientMessageId).not.toEqual(second.entry.clientMessageId);
  });

  it('Delete drops the photo kept on the phone', async () => {
    const { server, store, box } = await setUp();
    server.state.refuse.set(1, Object.assign(new Error('Chat is off'), { data: { code: 'FORBIDDEN' } }));
    const { file, entry } = await queuePhoto(box);
    await box.discard(entry.clientMessageId);
    expect(await store.get(outboxFileKey(file.key))).toBeUndefined();
    expect(box.outboxSnapshot()).toEqual([]);
  });

  it('the size limit is the server attachment limit', () => {
    expect(fitsAttachmentLimit(CHAT_ATTACHMENT_MAX_BYTES)).toBe(true);
    expect(fitsAttachmentLimit(CHAT_ATTACHMENT_MAX_BYTES + 1)).toBe(false);
  });
});
