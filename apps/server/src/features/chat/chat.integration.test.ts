import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChatMessage, ChatUnreadCount, ConversationDetail, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import type { CurrentUser } from '@hearth/shared/users/users.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/rows';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { setChatFlags } from './chat-fixtures.test-support';

/*
 * Chat's server core over real HTTP (issue 22 items 1, 2, 4 and 5): every role flag allowing and refusing, branch
 * scope, the caregiver's office conversation, idempotent sends, the edit window on a controlled clock, read positions
 * and unread counts, the supervisor's logged read and the live events. Demo: Boston (1) holds branchmanager, nurse and
 * the caregiver (caregiver record in Boston); rvp is in Boston and Worcester (2), prn in Worcester only.
 */

const LOGINS = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client'];
let t: TestApp;
let clock = new Date('2026-03-02T15:00:00Z');
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  const users = rowsOf<{ id: number; username: string }>(await t.database.db.execute(sql`select id, username from users`));
  for (const u of users) ids[u.username] = u.id;
  for (const login of LOGINS) tokens[login] = await t.signIn(login);
});
afterAll(() => t.close());

type Answer<T> = { status: number; data: T; message?: string };
async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: string): Promise<Answer<T>> {
  const res = await t.trpc(kind, path, input, tokens[as]);
  return { status: res.status, data: res.body.result?.data as T, message: res.body.error?.message };
}
const q = <T>(path: string, input: unknown, as: string) => call<T>('query', path, input, as);
const m = <T>(path: string, input: unknown, as: string) => call<T>('mutation', path, input, as);
const send = (conversationId: number, body: string, as: string, clientMessageId = randomUUID()) =>
  m<ChatMessage>('chat.sendMessage', { conversationId, clientMessageId, body }, as);
const unread = async (as: string) => (await q<ChatUnreadCount>('getChatUnreadCount', undefined, as)).data;

let office: number;
let direct: number;

describe('who has chat', () => {
  it('refuses a role without chat and a user with chatEnabled false (403)', async () => {
    // Clients message their office (the client app); with the role's chat turned off they have none.
    await setChatFlags(t, ROLE_IDS.client, { chatEnabled: false });
    try {
      expect((await q('chat.listConversations', {}, 'client')).status).toBe(403);
      expect((await q('getChatUnreadCount', undefined, 'client')).message).toBe('Chat is not enabled for you');
      const me = await q<CurrentUser>('getCurrentUser', undefined, 'client');
      expect(me.data.chat.enabled).toBe(false);
    } finally {
      await setChatFlags(t, ROLE_IDS.client, { chatEnabled: true });
    }
    const client = await q<CurrentUser>('getCurrentUser', undefined, 'client');
    expect(client.data.chat).toMatchObject({ enabled: true, send: true, initiate: false, upload: false, download: true });
    const nurse = await q<CurrentUser>('getCurrentUser', undefined, 'nurse');
    expect(nurse.data.chat).toMatchObject({ enabled: true, send: true, initiate: false, readBranch: false });
  });

  it('updateUser turns a user chat off and getUser shows it', async () => {
    const user = await q<Record<string, unknown>>('getUser', { id: ids.prn }, 'companyadmin');
    expect(user.data.chatEnabled).toBe(true);
    const edit: Record<string, unknown> = { ...user.data, id: ids.prn, chatEnabled: false };
    for (const key of ['username', 'roleId', 'roleName', 'branchIds', 'management', 'ssn']) delete edit[key];
    const saved = await m<{ chatEnabled: boolean }>('updateUser', edit, 'companyadmin');
    expect(saved.status).toBe(200);
    expect(saved.data.chatEnabled).toBe(false);
    expect((await q('chat.listConversations', {}, 'prn')).status).toBe(403);
    await m('updateUser', { ...edit, chatEnabled: true }, 'companyadmin');
    expect((await q('chat.listConversations', {}, 'prn')).status).toBe(200);
  });
});

describe('starting conversations', () => {
  it('lets a caregiver write to the office of their branch, not of another (404)', async () => {
    const contacts = await q<{ people: unknown[]; offices: { branchId: number }[] }>('chat.listContacts', {}, 'caregiver');
    expect(contacts.data.people).toEqual([]);
    expect(contacts.data.offices.map((o) => o.branchId)).toEqual([1]);
    const started = await m<ConversationDetail>('chat.startConversation', { kind: 'office', branchId: 1 }, 'caregiver');
    expect(started.status).toBe(200);
    expect(started.data).toMatchObject({ kind: 'office', branchId: 1, title: 'Boston office', canSend: true, isMember: true });
    office = started.data.id;
    const again = await m<ConversationDetail>('chat.startConversation', { kind: 'office', branchId: 1 }, 'caregiver');
    expect(again.data.id).toBe(office);
    expect((await m('chat.startConversation', { kind: 'office', branchId: 2 }, 'caregiver')).status).toBe(404);
  });

  it("names the office conversation in the reader's language, whatever title an older row stored", async () => {
    await t.database.db.execute(sql`update users set language = 'es' where id = ${ids.caregiver}`);
    // An office row of before the title was worded per reader kept English in its title column.
    await t.database.db.execute(sql`update chat_conversations set title = 'Boston office' where id = ${office}`);
    try {
      const list = await q<{ rows: ConversationSummary[] }>('chat.listConversations', {}, 'caregiver');
      expect(list.data.rows.find((r) => r.id === office)?.title).toBe('Oficina de Boston');
      const detail = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'caregiver');
      expect(detail.data.title).toBe('Oficina de Boston');
      // The office reads it under the caregiver's name.
      const staff = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'nurse');
      expect(staff.data.title).toBe(
        rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from users where id = ${ids.caregiver}`))[0]!.name,
      );
    } finally {
      await t.database.db.execute(sql`update users set language = null where id = ${ids.caregiver}`);
      await t.database.db.execute(sql`update chat_conversations set title = null where id = ${office}`);
    }
    const english = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'caregiver');
    expect(english.data.title).toBe('Boston office');
  });

  it('needs chatInitiateConversationEnabled for direct and group (403)', async () => {
    const refused = await m('chat.startConversation', { kind: 'direct', userIds: [ids.branchmanager] }, 'caregiver');
    expect(refused.status).toBe(403);
    expect((await m('chat.startConversation', { kind: 'direct', userIds: [ids.caregiver] }, 'nurse')).status).toBe(403);
  });

  it('reaches people of the branches in scope only (404 outside), and finds a direct conversation again', async () => {
    const started = await m<ConversationDetail>(
      'chat.startConversation',
      { kind: 'direct', userIds: [ids.nurse] },
      'branchmanager',
    );
    expect(started.status).toBe(200);
    direct = started.data.id;
    const again = await m<ConversationDetail>(
      'chat.startConversation',
      { kind: 'direct', userIds: [ids.nurse] },
      'branchmanager',
    );
    expect(again.data.id).toBe(direct);
    expect((await m('chat.startConversation', { kind: 'direct', userIds: [ids.prn] }, 'branchmanager')).status).toBe(404);
    expect((await m('chat.startConversation', { kind: 'direct', userIds: [ids.client] }, 'branchmanager')).status).toBe(404);
    const group = await m<ConversationDetail>(
      'chat.startConversation',
      { kind: 'group', title: 'Boston team', userIds: [ids.nurse, ids.caregiver], clientId: 1 },
      'branchmanager',
    );
    expect(group.data).toMatchObject({ title: 'Boston team', branchId: 1, about: { clientId: 1 } });
    expect(
      (await m('chat.startConversation', { kind: 'group', title: 'x', userIds: [ids.nurse], clientId: 2 }, 'branchmanager'))
        .status,
    ).toBe(404);
  });
});

describe('messages', () => {
  it("puts the caregiver's message in the office staff's unread count, lets the office answer, joins a company reader who reads it", async () => {
    const asked = await send(office, 'Running late at Mrs. Lee', 'caregiver');
    const list = await q<{ rows: ConversationSummary[] }>('chat.listConversations', {}, 'nurse');
    const row = list.data.rows.find((r) => r.id === office)!;
    // The branch's office staff with chat are members from the start: the message is unread in their badge.
    expect(row).toMatchObject({ isMember: true, unreadCount: 1 });
    expect((await unread('nurse')).count).toBe(1);
    const read = await m<{ unreadCount: number; totalUnread: number }>(
      'chat.markRead',
      { conversationId: office, messageId: asked.data.id },
      'nurse',
    );
    expect(read.data).toEqual({ unreadCount: 0, totalUnread: 0 });
    expect((await send(office, 'Thanks, noted', 'nurse')).status).toBe(200);
    const detail = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'nurse');
    expect(detail.data.isMember).toBe(true);
    const lastId = (
      await q<{ messages: ChatMessage[] }>('chat.getMessages', { conversationId: office }, 'nurse')
    ).data.messages.at(-1)!.id;
    await m('chat.markRead', { conversationId: office, messageId: lastId }, 'branchmanager');
    // A company-level reader answers the office without being in it, and joins it by reading.
    const admin = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'companyadmin');
    expect(admin.data.isMember).toBe(false);
    await m('chat.markRead', { conversationId: office, messageId: lastId }, 'companyadmin');
    const joined = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'companyadmin');
    expect(joined.data.members.find((x) => x.userId === ids.companyadmin)?.lastReadMessageId).toBe(lastId);
    expect((await q('chat.getConversation', { conversationId: office }, 'prn')).status).toBe(404);
    expect((await send(office, 'hi', 'prn')).status).toBe(404);
    const developer = await send(office, 'hi', 'developer');
    expect(developer.status).toBe(403);
    expect(developer.message).toBe('Your role may not send chat messages');
  });

  it('counts unread messages and moves read positions forward only', async () => {
    const before = await unread('caregiver');
    expect(before.count).toBeGreaterThanOrEqual(1);
    const page = await q<{ messages: ChatMessage[]; hasMore: boolean }>(
      'chat.getMessages',
      { conversationId: office },
      'caregiver',
    );
    const last = page.data.messages.at(-1)!;
    expect(last.body).toBe('Thanks, noted');
    const marked = await m<{ unreadCount: number; totalUnread: number }>(
      'chat.markRead',
      { conversationId: office, messageId: last.id },
      'caregiver',
    );
    expect(marked.data.unreadCount).toBe(0);
    await m('chat.markRead', { conversationId: office, messageId: page.data.messages[0]!.id }, 'caregiver');
    const detail = await q<ConversationDetail>('chat.getConversation', { conversationId: office }, 'caregiver');
    expect(detail.data.members.find((x) => x.userId === ids.caregiver)!.lastReadMessageId).toBe(last.id);
    expect((await m('chat.markRead', { conversationId: office, messageId: last.id + 1000 }, 'caregiver')).status).toBe(404);
  });

  it('stores a resend once and refuses the same id in another conversation (409)', async () => {
    const id = randomUUID();
    const first = await send(direct, 'Can you cover Friday?', 'branchmanager', id);
    const second = await send(direct, 'Can you cover Friday?', 'branchmanager', id);
    expect(second.data.id).toBe(first.data.id);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from chat_messages where client_message_id = ${id}`),
    );
    expect(row!.n).toBe(1);
    expect((await send(office, 'x', 'branchmanager', id)).status).toBe(409);
    expect((await unread('nurse')).count).toBe(1);
    expect((await unread('branchmanager')).count).toBe(0);
  });

  it('lets the author edit and delete within 15 minutes only, the audit keeping the old text', async () => {
    const sent = await send(direct, 'Meeting at 3', 'branchmanager');
    expect((await m('chat.editMessage', { messageId: sent.data.id, body: 'Meeting at 4' }, 'nurse')).status).toBe(404);
    clock = new Date(clock.getTime() + 10 * 60_000);
    const edited = await m<ChatMessage>('chat.editMessage', { messageId: sent.data.id, body: 'Meeting at 4' }, 'branchmanager');
    expect(edited.data).toMatchObject({ body: 'Meeting at 4', editedAt: clock.toISOString() });
    clock = new Date(clock.getTime() + 6 * 60_000);
    const late = await m('chat.deleteMessage', { messageId: sent.data.id }, 'branchmanager');
    expect(late.status).toBe(409);
    expect(late.message).toBe('Messages can be changed for 15 minutes after sending');
    const again = await send(direct, 'Wrong chat', 'branchmanager');
    const deleted = await m<ChatMessage>('chat.deleteMessage', { messageId: again.data.id }, 'branchmanager');
    expect(deleted.data).toMatchObject({ body: '', deletedAt: clock.toISOString() });
    const audit = rowsOf<{ old: string }>(
      await t.database.db.execute(sql`select old_row->>'body' as old from audit_log
        where table_name = 'chat_messages' and row_id = ${again.data.id} and operation = 'UPDATE'`),
    );
    expect(audit.map((a) => a.old)).toEqual(['Wrong chat']);
    expect((await unread('nurse')).count).toBe(2);
  });

  it('searches the caller’s conversations only', async () => {
    const hits = await q<{ rows: { message: ChatMessage }[] }>('chat.searchMessages', { query: 'friday' }, 'nurse');
    expect(hits.data.rows.map((h) => h.message.body)).toEqual(['Can you cover Friday?']);
    expect((await q<{ rows: unknown[] }>('chat.searchMessages', { query: 'friday' }, 'caregiver')).data.rows).toEqual([]);
    expect((await q('chat.searchMessages', { query: 'friday', conversationId: direct }, 'prn')).status).toBe(404);
  });
});

describe('supervisors and live events', () => {
  it('lets a supervisor read (logged) but not write a branch conversation; others get 404', async () => {
    const started = await m<ConversationDetail>(
      'chat.startConversation',
      { kind: 'direct', userIds: [ids.caregiver] },
      'companyadmin',
    );
    const conversationId = started.data.id;
    expect(started.data.branchId).toBe(1);
    await send(conversationId, 'Your badge is ready', 'companyadmin');
    const read = await q<{ messages: ChatMessage[] }>('chat.getMessages', { conversationId }, 'branchmanager');
    expect(read.data.messages.map((x) => x.body)).toEqual(['Your badge is ready']);
    const logged = rowsOf<{ detail: string }>(
      await t.database.db.execute(sql`select detail from access_log where record_type = 'chat-conversation'
        and record_id = ${conversationId} and user_id = ${ids.branchmanager}`),
    );
    expect(logged.map((l) => l.detail)).toEqual(['chat.getMessages']);
    const write = await send(conversationId, 'hello', 'branchmanager');
    expect(write.status).toBe(403);
    expect((await q('chat.getMessages', { conversationId }, 'nurse')).status).toBe(404);
    const branchList = await q<{ rows: ConversationSummary[] }>('chat.listConversations', { branchId: 1 }, 'branchmanager');
    expect(branchList.data.rows.map((r) => r.id)).toContain(conversationId);
    const nurseList = await q<{ rows: ConversationSummary[] }>('chat.listConversations', { branchId: 1 }, 'nurse');
    expect(nurseList.data.rows.map((r) => r.id)).not.toContain(conversationId);
  });

  it('publishes a chat event to the members and the office branch with every message', async () => {
    const sent = await send(office, 'On my way', 'caregiver');
    expect(sent.status).toBe(200);
    const [event] = rowsOf<{ user_ids: number[]; branch_ids: number[] }>(
      await t.database.db.execute(sql`select user_ids, branch_ids from live_events where topic = 'chat' and ref_id = ${office}
        order by id desc limit 1`),
    );
    const members = rowsOf<{ user_id: number }>(
      await t.database.db.execute(sql`select user_id from chat_members where conversation_id = ${office} order by user_id`),
    ).map((row) => row.user_id);
    expect(members).toEqual(expect.arrayContaining([ids.caregiver, ids.nurse, ids.branchmanager, ids.companyadmin]));
    expect(event!.user_ids).toEqual(members);
    expect(event!.branch_ids).toEqual([1]);
  });

  it('keeps each user’s fallback settings', async () => {
    expect((await q('chat.getSettings', undefined, 'caregiver')).data).toEqual({ chatSmsEnabled: true, chatEmailEnabled: false });
    const saved = await m('chat.updateSettings', { chatEmailEnabled: true }, 'caregiver');
    expect(saved.data).toEqual({ chatSmsEnabled: true, chatEmailEnabled: true });
  });

  it('answers bad input with a 400, never a 500', async () => {
    expect((await send(office, 'a\u0000b', 'caregiver')).status).toBe(400);
    expect((await m('chat.sendMessage', { conversationId: office, clientMessageId: 'x', body: 'a' }, 'caregiver')).status).toBe(
      400,
    );
    expect((await q('chat.getMessages', { conversationId: 2 ** 40 }, 'caregiver')).status).toBe(400);
  });
});
