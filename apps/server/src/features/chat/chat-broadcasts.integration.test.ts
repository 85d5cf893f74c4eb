import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { BroadcastSummary } from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.schema';
import { liveEvents } from '../live/live.schema';
import { users } from '../users/users.schema';
import { chatBroadcasts, chatConversations, chatMembers, chatMessages } from './chat.schema';
import { addCaregiverUser, branchId, callAs, setChatFlags, userId } from './chat-fixtures.test-support';
// After the fixtures: the tables' shared schemas load the catalogues, which must come first.
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';

/**
 * chat.broadcast and chat.getBroadcasts (issue 22 item 3) over HTTP: who is reached (chat-enabled caregivers with a
 * sign-in of the branch or the company), the reuse of one conversation per sender and caregiver, idempotent resend,
 * read counts from the recipients' read positions, and every role and another branch refused as the rules say.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const people: Record<string, number> = {};
let boston: number;
let worcester: number;

beforeAll(async () => {
  t = await startTestApp();
  boston = await branchId(t, 'Boston');
  worcester = await branchId(t, 'Worcester');
  people.carerBoston = (await addCaregiverUser(t, 'carerboston', 'Boston')).userId;
  people.carerWorcester = (await addCaregiverUser(t, 'carerworcester', 'Worcester')).userId;
  people.carerNoChat = (await addCaregiverUser(t, 'carernochat', 'Boston', { chatEnabled: false })).userId;
  people.carerInactive = (await addCaregiverUser(t, 'carerinactive', 'Boston', { isActive: false })).userId;
  for (const u of ['caregiver', 'branchmanager', 'companyadmin', 'nurse', 'prn', 'rvp', 'developer', 'client']) {
    people[u] = await userId(t, u);
  }
  for (const u of ['caregiver', 'carerboston', 'branchmanager', 'companyadmin', 'nurse', 'prn', 'rvp', 'developer', 'client']) {
    tokens[u] = await t.signIn(u);
  }
}, 120_000);
afterAll(() => t.close());

const send = (as: string, input: Record<string, unknown>) =>
  callAs<BroadcastSummary>(t, tokens[as]!, 'mutation', 'chat.broadcast', { clientMessageId: randomUUID(), ...input });

/** The recipients' copies of broadcast `id`: {userId of the non-sender member, conversationId, messageId}. */
async function copiesOf(id: number) {
  const messages = await t.database.db
    .select({ id: chatMessages.id, conversationId: chatMessages.conversationId, senderUserId: chatMessages.senderUserId })
    .from(chatMessages)
    .where(eq(chatMessages.broadcastId, id));
  const members = await t.database.db
    .select()
    .from(chatMembers)
    .where(
      inArray(
        chatMembers.conversationId,
        messages.map((m) => m.conversationId),
      ),
    );
  return messages.map((m) => ({
    messageId: m.id,
    conversationId: m.conversationId,
    userId: members.find((x) => x.conversationId === m.conversationId && x.userId !== m.senderUserId)!.userId,
  }));
}

describe('a branch broadcast', () => {
  it('reaches each chat-enabled caregiver with a sign-in of the branch, in a broadcast conversation with the sender', async () => {
    const before = await t.database.db.select({ id: liveEvents.id }).from(liveEvents);
    const sent = await send('branchmanager', {
      audience: 'branch',
      branchId: boston,
      body: 'Snow tomorrow: call before you drive.',
    });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({
      audience: 'branch',
      branchName: 'Boston',
      body: 'Snow tomorrow: call before you drive.',
      recipientCount: 2,
      readCount: 0,
    });
    const copies = await copiesOf(sent.data.id);
    expect(copies.map((c) => c.userId).sort()).toEqual([people.caregiver, people.carerBoston].sort());
    const conversations = await t.database.db
      .select()
      .from(chatConversations)
      .where(
        inArray(
          chatConversations.id,
          copies.map((c) => c.conversationId),
        ),
      );
    for (const c of conversations) {
      expect(c).toMatchObject({ kind: 'broadcast', branchId: boston, createdByUserId: people.branchmanager });
    }
    // Each recipient's open screens are told (a 'chat' event naming the conversation, the recipient in its audience).
    const events = await t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.topic, 'chat'), gt(liveEvents.id, Math.max(0, ...before.map((e) => e.id)))));
    for (const copy of copies) {
      expect(events.some((e) => e.refId === copy.conversationId && e.userIds.includes(copy.userId))).toBe(true);
    }
  });

  it('answers a resend with the stored broadcast and writes nothing more', async () => {
    const clientMessageId = randomUUID();
    const first = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'Once', clientMessageId });
    const again = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'Once', clientMessageId });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(await copiesOf(first.data.id)).toHaveLength(2);
  });

  it('reuses one conversation per sender and caregiver', async () => {
    const a = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'First' });
    const b = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'Second' });
    const ofA = await copiesOf(a.data.id);
    const ofB = await copiesOf(b.data.id);
    for (const copy of ofA) expect(ofB.find((x) => x.userId === copy.userId)?.conversationId).toBe(copy.conversationId);
  });

  it('counts who has read it from the recipients read positions', async () => {
    const sent = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'Read me' });
    const mine = (await copiesOf(sent.data.id)).find((c) => c.userId === people.carerBoston)!;
    const read = await callAs(t, tokens.carerboston!, 'mutation', 'chat.markRead', {
      conversationId: mine.conversationId,
      messageId: mine.messageId,
    });
    expect(read.status).toBe(200);
    const list = await callAs<Page<BroadcastSummary>>(t, tokens.branchmanager!, 'query', 'chat.getBroadcasts', {});
    expect(list.data.rows.find((r) => r.id === sent.data.id)).toMatchObject({ recipientCount: 2, readCount: 1 });
    // The caregiver reads it as a message of their conversation with the sender.
    const messages = await callAs<{ messages: { id: number; broadcastId: number | null }[] }>(
      t,
      tokens.carerboston!,
      'query',
      'chat.getMessages',
      { conversationId: mine.conversationId },
    );
    expect(messages.data.messages.at(-1)).toMatchObject({ id: mine.messageId, broadcastId: sent.data.id });
  });
});

describe('who may broadcast where', () => {
  it('refuses a branch out of scope with 404 and a role without the flag with 403', async () => {
    expect((await send('branchmanager', { audience: 'branch', branchId: worcester, body: 'x' })).status).toBe(404);
    expect((await send('prn', { audience: 'branch', branchId: boston, body: 'x' })).status).toBe(404);
    const nurse = await send('nurse', { audience: 'branch', branchId: boston, body: 'x' });
    expect(nurse.status).toBe(403);
    expect(nurse.error?.message).toBe('Your role may not broadcast to a branch');
    // A caregiver has no branch scope: the branch is not theirs to see.
    expect((await send('caregiver', { audience: 'branch', branchId: boston, body: 'x' })).status).toBe(404);
    expect((await send('rvp', { audience: 'branch', branchId: worcester, body: 'x' })).status).toBe(403);
    // A client has no branch scope either.
    expect((await send('client', { audience: 'branch', branchId: boston, body: 'x' })).status).toBe(404);
    // The developer's role has chat but no broadcast flag.
    expect((await send('developer', { audience: 'branch', branchId: boston, body: 'x' })).status).toBe(403);
  });

  it('sends to the whole company only with chatBroadcastAllEnabled, reaching every branch', async () => {
    const refused = await send('branchmanager', { audience: 'company', body: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Your role may not broadcast to the whole company');
    for (const as of ['nurse', 'prn', 'rvp', 'caregiver']) {
      expect((await send(as, { audience: 'company', body: 'x' })).status).toBe(403);
    }
    const sent = await send('companyadmin', { audience: 'company', body: 'Holiday pay is doubled.' });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ audience: 'company', branchName: null, recipientCount: 3 });
    const reached = (await copiesOf(sent.data.id)).map((c) => c.userId).sort();
    expect(reached).toEqual([people.caregiver, people.carerBoston, people.carerWorcester].sort());
    expect(reached).not.toContain(people.carerNoChat);
    expect(reached).not.toContain(people.carerInactive);
  });

  it('reaches no caregiver whose role has chat turned off', async () => {
    await setChatFlags(t, ROLE_IDS.caregiver, { chatEnabled: false });
    try {
      const sent = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'Nobody' });
      expect(sent.data.recipientCount).toBe(0);
    } finally {
      await setChatFlags(t, ROLE_IDS.caregiver, { chatEnabled: true });
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const noBranch = await send('branchmanager', { audience: 'branch', body: 'x' });
    expect(noBranch.status).toBe(400);
    expect(noBranch.error?.data.fieldErrors).toHaveProperty('branchId');
    const empty = await send('branchmanager', { audience: 'branch', branchId: boston, body: '  ' });
    expect(empty.status).toBe(400);
    const nul = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const huge = await send('branchmanager', { audience: 'branch', branchId: 2 ** 40, body: 'x' });
    expect(huge.status).toBe(400);
  });
});

describe('the broadcast list', () => {
  it('shows each role its own, its branches and, with the company flag, the company broadcasts', async () => {
    const branch = await send('branchmanager', { audience: 'branch', branchId: boston, body: 'List me' });
    const company = await send('companyadmin', { audience: 'company', body: 'List me too' });
    const ids = async (as: string) =>
      (await callAs<Page<BroadcastSummary>>(t, tokens[as]!, 'query', 'chat.getBroadcasts', { pageSize: 100 })).data.rows.map(
        (r) => r.id,
      );
    expect(await ids('branchmanager')).toContain(branch.data.id);
    expect(await ids('branchmanager')).not.toContain(company.data.id);
    expect(await ids('companyadmin')).toEqual(expect.arrayContaining([branch.data.id, company.data.id]));
    for (const as of ['nurse', 'prn', 'rvp', 'caregiver', 'carerboston', 'developer']) expect(await ids(as)).toEqual([]);
    expect(await ids('client')).toEqual([]);
    const page = await callAs<Page<BroadcastSummary>>(t, tokens.branchmanager!, 'query', 'chat.getBroadcasts', { pageSize: 2 });
    expect(page.data).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.data.rows).toHaveLength(2);
    expect(page.data.totalPages).toBe(Math.ceil(page.data.totalCount / 2));
    // Newest first.
    expect(page.data.rows[0]!.id).toBe(branch.data.id);
  });

  it('answers a user with chat turned off with 403', async () => {
    await t.database.db.update(users).set({ chatEnabled: false }).where(eq(users.id, people.nurse!));
    try {
      const res = await callAs(t, tokens.nurse!, 'query', 'chat.getBroadcasts', {});
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe('Chat is not enabled for you');
    } finally {
      await t.database.db.update(users).set({ chatEnabled: true }).where(eq(users.id, people.nurse!));
    }
  });
});

describe('a broadcast to a large branch', () => {
  /** How many rows each table the delivery writes holds now. */
  async function tableCounts() {
    const db = t.database.db;
    const [c] = await db.select({ n: count() }).from(chatConversations);
    const [m] = await db.select({ n: count() }).from(chatMembers);
    const [x] = await db.select({ n: count() }).from(chatMessages);
    const [e] = await db.select({ n: count() }).from(liveEvents);
    const [b] = await db.select({ n: count() }).from(chatBroadcasts);
    return { conversations: c!.n, members: m!.n, messages: x!.n, events: e!.n, broadcasts: b!.n };
  }

  it('delivers to each of 300 caregivers exactly once, as one message would be, and a resend writes nothing', async () => {
    const db = t.database.db;
    const [company] = await db.select({ companyId: branches.companyId }).from(branches).where(eq(branches.id, boston));
    const [branch] = await db
      .insert(branches)
      .values({ companyId: company!.companyId, name: 'Lowell' })
      .returning({ id: branches.id });
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          name: `Lowell carer ${i}`,
          email: `lowell${i}@example.com`,
          username: `lowell${i}`,
          companyId: company!.companyId,
          roleId: ROLE_IDS.caregiver,
        })),
      )
      .returning({ id: users.id });
    const recipients = made.map((u) => u.id).sort((a, b) => a - b);
    await db
      .insert(caregivers)
      .values(recipients.map((id, i) => ({ branchId: branch!.id, userId: id, firstName: 'Lowell', lastName: `Carer ${i}` })));
    const eventsBefore = Math.max(0, ...(await db.select({ id: liveEvents.id }).from(liveEvents)).map((e) => e.id));
    const auditBefore = Math.max(0, ...(await db.select({ id: auditLog.id }).from(auditLog)).map((a) => a.id));

    const clientMessageId = randomUUID();
    const input = { audience: 'branch', branchId: branch!.id, body: 'Flu shots at the office on Friday.', clientMessageId };
    const sent = await send('companyadmin', input);
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ branchName: 'Lowell', recipientCount: 300, readCount: 0 });

    // Each caregiver once, each in a conversation of their own with the sender.
    const copies = await copiesOf(sent.data.id);
    expect(copies.map((c) => c.userId).sort((a, b) => a - b)).toEqual(recipients);
    expect(new Set(copies.map((c) => c.conversationId)).size).toBe(300);
    const conversations = await db
      .select()
      .from(chatConversations)
      .where(
        inArray(
          chatConversations.id,
          copies.map((c) => c.conversationId),
        ),
      );
    const members = await db
      .select()
      .from(chatMembers)
      .where(
        inArray(
          chatMembers.conversationId,
          copies.map((c) => c.conversationId),
        ),
      );
    for (const copy of copies) {
      // The conversation's last message is the copy; the sender has read it, the caregiver not yet.
      expect(conversations.find((c) => c.id === copy.conversationId)).toMatchObject({
        kind: 'broadcast',
        branchId: branch!.id,
        createdByUserId: people.companyadmin,
        lastMessageId: copy.messageId,
      });
      const own = members.filter((m) => m.conversationId === copy.conversationId);
      expect(own.map((m) => m.userId).sort((a, b) => a - b)).toEqual([people.companyadmin!, copy.userId].sort((a, b) => a - b));
      expect(own.find((m) => m.userId === people.companyadmin)?.lastReadMessageId).toBe(copy.messageId);
      expect(own.find((m) => m.userId === copy.userId)?.lastReadMessageId).toBeNull();
    }
    // One live event per conversation, naming it, to its two members.
    const events = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.topic, 'chat'), gt(liveEvents.id, eventsBefore)));
    expect(events).toHaveLength(300);
    for (const copy of copies) {
      const event = events.find((e) => e.refId === copy.conversationId);
      expect(event?.userIds).toEqual([people.companyadmin!, copy.userId].sort((a, b) => a - b));
      expect(event?.branchIds).toEqual([]);
    }
    // The audit trail has every copy, changed by the sender.
    const audited = await db
      .select({ rowId: auditLog.rowId, changedBy: auditLog.changedBy })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'chat_messages'), eq(auditLog.operation, 'INSERT'), gt(auditLog.id, auditBefore)));
    expect(audited.map((a) => a.rowId).sort((a, b) => a! - b!)).toEqual(copies.map((c) => c.messageId).sort((a, b) => a - b));
    expect(new Set(audited.map((a) => a.changedBy))).toEqual(new Set([people.companyadmin]));

    // A resend answers the same broadcast and writes nothing.
    const before = await tableCounts();
    const again = await send('companyadmin', input);
    expect(again.data.id).toBe(sent.data.id);
    expect(await tableCounts()).toEqual(before);

    // The next broadcast reuses the 300 conversations.
    const next = await send('companyadmin', { audience: 'branch', branchId: branch!.id, body: 'Bring your badge.' });
    expect(next.data.recipientCount).toBe(300);
    const after = await tableCounts();
    expect(after).toMatchObject({
      conversations: before.conversations,
      members: before.members,
      messages: before.messages + 300,
    });
    const nextCopies = await copiesOf(next.data.id);
    for (const copy of copies) {
      expect(nextCopies.find((c) => c.userId === copy.userId)?.conversationId).toBe(copy.conversationId);
    }
  }, 60_000);
});
