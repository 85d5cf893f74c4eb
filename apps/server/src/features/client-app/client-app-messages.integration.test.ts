import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import type { ChatMessage, ConversationDetail, ConversationSummary, MessagesOutput } from '@hearth/shared/chat/chat.schema';
import { CHAT_FALLBACK_MINUTES } from '@hearth/shared/chat/chat.constants';
import type { TestApp } from '../../test/test-app';
import { chatConversations, chatMembers } from '../chat/chat.schema';
import { CHAT_FALLBACK_KIND, sendChatFallbacks } from '../chat/chat-fallback.job';
import { clientContacts, clients } from '../clients/clients.schema';
import { outbox } from '../notify/notify.schema';
import { users } from '../users/users.schema';
import {
  STAFF_LOGINS,
  startClientAppTests,
  type ClientAppApi,
  type ClientAppFixtures,
  type ClientAppLogin,
} from './client-app.test-support';

let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
beforeAll(async () => ({ t, f, api } = await startClientAppTests()));
afterAll(() => t.close());

const start = (clientId: number, as: ClientAppLogin) =>
  api.call<{ conversationId: number }>('mutation', 'clientAppStartConversation', { clientId }, as);
const startOk = async (clientId: number, as: ClientAppLogin) =>
  (await api.ok<{ conversationId: number }>('mutation', 'clientAppStartConversation', { clientId }, as)).conversationId;
const send = (conversationId: number, body: string, as: ClientAppLogin) =>
  api.call<ChatMessage>(
    'mutation',
    'chat.sendMessage',
    { conversationId, clientMessageId: randomUUID(), body, attachmentIds: [] },
    as,
  );
const messagesOf = (conversationId: number, as: ClientAppLogin) =>
  api.call<MessagesOutput>('query', 'chat.getMessages', { conversationId, limit: 50 }, as);
const listOf = async (as: ClientAppLogin) =>
  (await api.ok<{ rows: ConversationSummary[] }>('query', 'chat.listConversations', { page: 1, pageSize: 50 }, as)).rows;
const unreadOf = (as: ClientAppLogin) => api.ok<{ count: number }>('query', 'getChatUnreadCount', undefined, as);
const setContact = (id: number, values: Partial<typeof clientContacts.$inferInsert>) =>
  t.database.db.update(clientContacts).set(values).where(eq(clientContacts.id, id));

describe('clientAppStartConversation', () => {
  it('gives a client and a contact each their own conversation with the office of the client branch, once', async () => {
    const family = await startOk(f.clientId, 'family');
    expect(await startOk(f.clientId, 'family')).toBe(family);
    const own = await startOk(f.clientId, 'client');
    expect(own).not.toBe(family);
    const [row] = await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, family));
    expect(row).toMatchObject({ kind: 'office', branchId: f.bostonBranchId, clientId: f.clientId, shiftId: null });
    const members = (
      await t.database.db.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.conversationId, family))
    ).map((m) => m.userId);
    // The Boston branch manager is of the branch's office; a Worcester-only user is not.
    expect(members).toEqual(expect.arrayContaining([f.userIds.family, f.userIds.branchmanager]));
    expect(members).not.toContain(f.userIds.client);
  });

  it('refuses a contact without the messages permission, another client, a former contact and a discharged client (404)', async () => {
    expect((await start(f.clientId, 'limited')).status).toBe(404);
    expect((await start(f.clientId, 'stranger')).status).toBe(404);
    expect((await start(f.clientId, 'former')).status).toBe(404);
    // `family` is a contact of the other client with the schedule only.
    expect((await start(f.otherClientId, 'family')).status).toBe(404);
    expect((await start(f.strangerClientId, 'client')).status).toBe(404);
    await t.database.db.update(clients).set({ status: 'discharged' }).where(eq(clients.id, f.strangerClientId));
    expect((await start(f.strangerClientId, 'stranger')).status).toBe(404);
    await t.database.db.update(clients).set({ status: 'active' }).where(eq(clients.id, f.strangerClientId));
    expect((await start(f.strangerClientId, 'stranger')).status).toBe(200);
  });

  it.each(STAFF_LOGINS.filter((l) => l !== 'developer'))('refuses %s (403): the client app is for families', async (as) => {
    expect((await start(f.clientId, as)).status).toBe(403);
  });

  it('gives the developer no client (404) and refuses bad input with a 400 naming the field', async () => {
    expect((await start(f.clientId, 'developer')).status).toBe(404);
    const bad = await api.call('mutation', 'clientAppStartConversation', { clientId: 'x' }, 'family');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('clientId');
    expect((await api.call('mutation', 'clientAppStartConversation', { clientId: 2 ** 40 }, 'family')).status).toBe(400);
  });
});

describe('a family member and the office in chat', () => {
  it('the family writes, the office sees it named by the client and answers, the family reads the answer', async () => {
    const conversation = await startOk(f.clientId, 'family');
    expect((await send(conversation, 'Mum has a doctor visit on Friday', 'family')).status).toBe(200);
    const office = (await listOf('branchmanager')).find((c) => c.id === conversation)!;
    const [client] = await t.database.db.select().from(clients).where(eq(clients.id, f.clientId));
    expect(office.title).toBe(`${client!.firstName} ${client!.lastName} · ${'family'}`);
    expect(office.about.clientId).toBe(f.clientId);
    expect(office.unreadCount).toBeGreaterThan(0);
    // The client's own conversation is named by the client alone.
    const own = await startOk(f.clientId, 'client');
    await send(own, 'Hello from me', 'client');
    expect((await listOf('branchmanager')).find((c) => c.id === own)!.title).toBe(`${client!.firstName} ${client!.lastName}`);
    expect((await send(conversation, 'Thank you, we will move the visit', 'branchmanager')).status).toBe(200);
    const seen = await messagesOf(conversation, 'family');
    expect(seen.data.messages.map((m) => m.body)).toEqual([
      'Mum has a doctor visit on Friday',
      'Thank you, we will move the visit',
    ]);
    expect((await unreadOf('family')).count).toBe(1);
    const detail = await api.ok<ConversationDetail>('query', 'chat.getConversation', { conversationId: conversation }, 'family');
    expect(detail).toMatchObject({
      kind: 'office',
      canSend: true,
      canUpload: false,
      canDownload: true,
      canCopyAttachments: false,
    });
  });

  it('lets a family member reach only their own family conversations, nothing else in chat', async () => {
    const family = await startOk(f.clientId, 'family');
    const own = await startOk(f.clientId, 'client');
    // Another family member's conversation about the same client.
    expect((await messagesOf(own, 'family')).status).toBe(404);
    expect((await send(own, 'peek', 'family')).status).toBe(404);
    // A staff group the family user was made a member of (by whatever means) stays out of reach.
    const [group] = await t.database.db
      .insert(chatConversations)
      .values({
        companyId: 1,
        kind: 'group',
        title: 'Office',
        branchId: f.bostonBranchId,
        createdByUserId: f.userIds.branchmanager,
      })
      .returning({ id: chatConversations.id });
    await t.database.db.insert(chatMembers).values([
      { conversationId: group!.id, userId: f.userIds.branchmanager },
      { conversationId: group!.id, userId: f.userIds.family },
    ]);
    await send(group!.id, 'Staff only', 'branchmanager');
    expect((await messagesOf(group!.id, 'family')).status).toBe(404);
    expect((await api.call('query', 'chat.getConversation', { conversationId: group!.id }, 'family')).status).toBe(404);
    expect((await listOf('family')).map((c) => c.id).sort()).toEqual([family]);
    const search = await api.ok<{ rows: unknown[] }>(
      'query',
      'chat.searchMessages',
      { query: 'Staff only', page: 1, pageSize: 20 },
      'family',
    );
    expect(search.rows).toEqual([]);
    // No person and no office to start with; starting anything is refused.
    expect(await api.ok('query', 'chat.listContacts', {}, 'family')).toEqual({ people: [], offices: [] });
    const office = await api.call(
      'mutation',
      'chat.startConversation',
      { kind: 'office', branchId: f.bostonBranchId, userIds: [] },
      'family',
    );
    expect(office.status).toBe(404);
    const direct = await api.call(
      'mutation',
      'chat.startConversation',
      { kind: 'direct', userIds: [f.userIds.branchmanager] },
      'family',
    );
    expect(direct.status).toBe(403);
    const broadcast = await api.call(
      'mutation',
      'chat.broadcast',
      { audience: 'branch', branchId: f.bostonBranchId, clientMessageId: randomUUID(), body: 'Hi' },
      'family',
    );
    // Refused before anything is sent: the branch is out of a family member's scope (404), the flag missing anyway.
    expect(broadcast.status).toBe(404);
    expect(await api.ok('query', 'chat.getBroadcasts', { page: 1, pageSize: 20 }, 'family')).toMatchObject({ rows: [] });
  });

  it('keeps staff from starting a conversation with a client or contact, or finding them as contacts', async () => {
    const found = await api.ok<{ people: { userId: number }[] }>(
      'query',
      'chat.listContacts',
      { search: 'Family' },
      'branchmanager',
    );
    expect(found.people.map((p) => p.userId)).not.toContain(f.userIds.family);
    const direct = await api.call(
      'mutation',
      'chat.startConversation',
      { kind: 'direct', userIds: [f.userIds.family] },
      'branchmanager',
    );
    expect(direct.status).toBe(404);
  });

  it('shuts a contact out at once when the office takes away the messages permission or portal access', async () => {
    const conversation = await startOk(f.clientId, 'family');
    await send(conversation, 'Are you there?', 'branchmanager');
    expect((await unreadOf('family')).count).toBeGreaterThan(0);
    await setContact(f.contactIds.family, { portalMessages: false });
    expect((await messagesOf(conversation, 'family')).status).toBe(404);
    expect((await send(conversation, 'still here', 'family')).status).toBe(404);
    expect(await listOf('family')).toEqual([]);
    expect((await unreadOf('family')).count).toBe(0);
    await setContact(f.contactIds.family, { portalMessages: true, hasPortalAccess: false });
    expect((await messagesOf(conversation, 'family')).status).toBe(404);
    await setContact(f.contactIds.family, { hasPortalAccess: true });
    expect((await messagesOf(conversation, 'family')).status).toBe(200);
    // The office still reads what was written.
    expect((await messagesOf(conversation, 'branchmanager')).status).toBe(200);
  });
});

describe('the unread fallback for families', () => {
  async function lastOutboxId(): Promise<number> {
    const rows = await t.database.db.select({ id: outbox.id }).from(outbox);
    return Math.max(0, ...rows.map((r) => r.id));
  }

  it('emails a family member to the client app, and nothing once the contact lost the permission', async () => {
    await t.database.db
      .update(users)
      .set({ chatEmailEnabled: true, chatSmsEnabled: false })
      .where(eq(users.id, f.userIds.family));
    const conversation = await startOk(f.clientId, 'family');
    const at = new Date(Date.now() + 60_000);
    const later = new Date(at.getTime() + CHAT_FALLBACK_MINUTES * 60_000);
    const say = async (body: string, when: Date) => {
      const { insertMessage } = await import('../chat/chat.messages');
      await t.database.db.transaction((tx) =>
        insertMessage(tx as never, {
          conversationId: conversation,
          senderUserId: f.userIds.branchmanager,
          clientMessageId: randomUUID(),
          body,
          now: when,
        }),
      );
    };
    await say('Your visit moved to 10am', at);
    const before = await lastOutboxId();
    await sendChatFallbacks(t.database.db, later);
    const sent = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, CHAT_FALLBACK_KIND), gt(outbox.id, before), eq(outbox.userId, f.userIds.family)));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', link: '/client-mobile-app/messages' });
    expect(sent[0]!.body).not.toContain('10am');

    await setContact(f.contactIds.family, { portalMessages: false });
    const laterStill = new Date(later.getTime() + 60_000);
    await say('Another update', laterStill);
    const before2 = await lastOutboxId();
    await sendChatFallbacks(t.database.db, new Date(laterStill.getTime() + CHAT_FALLBACK_MINUTES * 60_000));
    const none = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, CHAT_FALLBACK_KIND), gt(outbox.id, before2), eq(outbox.userId, f.userIds.family)));
    expect(none).toEqual([]);
    await setContact(f.contactIds.family, { portalMessages: true });
  });
});
