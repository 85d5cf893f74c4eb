import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { CHAT_FALLBACK_MINUTES } from '@hearth/shared/chat/chat.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { outbox } from '../notify/notify.schema';
import { users } from '../users/users.schema';
import { chatMembers, chatMessages } from './chat.schema';
import { insertMessage } from './chat.messages';
import { CHAT_FALLBACK_KIND, CHAT_FALLBACK_WINDOW_HOURS, sendChatFallbacks } from './chat-fallback.job';
import { addCaregiverUser, addConversation, setChatFlags, userId } from './chat-fixtures.test-support';
// After the fixtures: the tables' shared schemas load the catalogues, which must come first.
import { caregivers } from '../caregivers/caregivers.schema';

/**
 * The unread-message fallback (issue 22 item 5) with a controlled clock: a message unread for CHAT_FALLBACK_MINUTES
 * goes once by SMS (chatSmsEnabled) or email (chatEmailEnabled) with a link back, never to its sender, never for a
 * read or deleted message, never to a user or role without chat; the texts are in the recipient's language.
 */

let t: TestApp;
let nurse: number;
let caregiver: number;
let other: number;
/** The test's clock: each test starts a day after the previous one, so their messages never overlap. */
let clock = new Date('2030-01-14T15:00:00Z');
const minutes = (n: number) => new Date(clock.getTime() + n * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  nurse = await userId(t, 'nurse');
  caregiver = await userId(t, 'caregiver');
  other = (await addCaregiverUser(t, 'fallbackcarer', 'Boston', { phoneNumber: '+16175550177' })).userId;
}, 120_000);
afterAll(() => t.close());

beforeEach(async () => {
  clock = new Date(clock.getTime() + 24 * 3_600_000);
  await t.database.db
    .update(users)
    .set({
      phoneNumber: '+16175550142',
      email: 'carol.caregiver@example.com',
      chatSmsEnabled: true,
      chatEmailEnabled: false,
      language: null,
    })
    .where(eq(users.id, caregiver));
  // The caregiver record's own phone and email (which the fallback prefers) are set by the tests that need them.
  await t.database.db.update(caregivers).set({ phoneNumber: null, email: null }).where(eq(caregivers.userId, caregiver));
});

/** A direct conversation of the nurse and the caregiver (Boston). */
const direct = () => addConversation(t, { kind: 'direct', memberIds: [nurse, caregiver], branch: 'Boston' });

/** A message from `sender` at `at`; -> its id. */
async function say(conversationId: number, sender: number, at: Date, body = 'Can you stay 30 minutes longer?'): Promise<number> {
  const { id } = await t.database.db.transaction((tx) =>
    insertMessage(tx as never, { conversationId, senderUserId: sender, clientMessageId: randomUUID(), body, now: at }),
  );
  return id;
}

/** The fallback messages written since outbox row `after`. */
async function sentSince(after: number) {
  return t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, CHAT_FALLBACK_KIND), gt(outbox.id, after)));
}

async function lastOutboxId(): Promise<number> {
  const rows = await t.database.db.select({ id: outbox.id }).from(outbox);
  return Math.max(0, ...rows.map((r) => r.id));
}

describe('the unread-message fallback', () => {
  it(`texts a member once, ${CHAT_FALLBACK_MINUTES} minutes after an unread message, with a link back`, async () => {
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    const start = await lastOutboxId();
    expect(await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES - 1))).toEqual({ members: 0, messages: 0 });
    expect(await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES))).toEqual({ members: 1, messages: 1 });
    const sent = await sentSince(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'sms',
      recipient: '+16175550142',
      userId: caregiver,
      link: `/chat?c=${conversation}`,
      subject: null,
    });
    const [nurseRow] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, nurse));
    expect(sent[0]!.body).toBe(`Hearth: ${nurseRow!.name} sent you a chat message you have not read yet.`);
    // The message itself never leaves in the text.
    expect(sent[0]!.body).not.toContain('30 minutes');
    // Once: later runs send nothing more for it.
    expect(await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES + 1))).toEqual({ members: 0, messages: 0 });
    expect(await sendChatFallbacks(t.database.db, minutes(60))).toEqual({ members: 0, messages: 0 });
  });

  it('sends one text for the batch of unread messages, and a later message its own', async () => {
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    await say(conversation, nurse, minutes(2));
    const start = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES));
    const first = await sentSince(start);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toMatch(/^Hearth: 2 chat messages from .+ are waiting for you\.$/);
    await say(conversation, nurse, minutes(20));
    expect((await sendChatFallbacks(t.database.db, minutes(20 + CHAT_FALLBACK_MINUTES - 1))).messages).toBe(0);
    expect((await sendChatFallbacks(t.database.db, minutes(20 + CHAT_FALLBACK_MINUTES))).messages).toBe(1);
  });

  it('tells no one who read the message in time, nor the sender, nor of a deleted message', async () => {
    const conversation = await direct();
    const read = await say(conversation, nurse, minutes(0));
    await t.database.db
      .update(chatMembers)
      .set({ lastReadMessageId: read })
      .where(and(eq(chatMembers.conversationId, conversation), eq(chatMembers.userId, caregiver)));
    const deleted = await say(conversation, nurse, minutes(1));
    await t.database.db
      .update(chatMessages)
      .set({ body: '', deletedAt: minutes(2) })
      .where(eq(chatMessages.id, deleted));
    const start = await lastOutboxId();
    expect(await sendChatFallbacks(t.database.db, minutes(60))).toEqual({ members: 0, messages: 0 });
    expect(await sentSince(start)).toHaveLength(0);
  });

  it('emails instead with chatEmailEnabled, and sends nothing with both turned off', async () => {
    await t.database.db.update(users).set({ chatSmsEnabled: false, chatEmailEnabled: true }).where(eq(users.id, caregiver));
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    const start = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES));
    const sent = await sentSince(start);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'email',
      recipient: 'carol.caregiver@example.com',
      link: `/chat?c=${conversation}`,
    });
    expect(sent[0]!.subject).toMatch(/^New chat message from /);
    expect(sent[0]!.body).toContain(`unread for ${CHAT_FALLBACK_MINUTES} minutes`);

    await t.database.db.update(users).set({ chatEmailEnabled: false }).where(eq(users.id, caregiver));
    await say(conversation, nurse, minutes(30));
    const later = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(30 + CHAT_FALLBACK_MINUTES));
    expect(await sentSince(later)).toHaveLength(0);
  });

  it('skips users with chat turned off and roles without chat', async () => {
    const conversation = await addConversation(t, {
      kind: 'group',
      memberIds: [nurse, caregiver, other],
      branch: 'Boston',
      title: 'Team',
    });
    await t.database.db.update(users).set({ chatEnabled: false }).where(eq(users.id, caregiver));
    try {
      await say(conversation, nurse, minutes(0));
      const start = await lastOutboxId();
      await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES));
      expect((await sentSince(start)).map((m) => m.userId)).toEqual([other]);
      await setChatFlags(t, ROLE_IDS.caregiver, { chatEnabled: false });
      await say(conversation, nurse, minutes(30));
      const later = await lastOutboxId();
      await sendChatFallbacks(t.database.db, minutes(30 + CHAT_FALLBACK_MINUTES));
      expect(await sentSince(later)).toHaveLength(0);
    } finally {
      await setChatFlags(t, ROLE_IDS.caregiver, { chatEnabled: true });
      await t.database.db.update(users).set({ chatEnabled: true }).where(eq(users.id, caregiver));
    }
  });

  it("texts and emails a caregiver at their caregiver record's phone and email, else at their user's", async () => {
    await t.database.db
      .update(caregivers)
      .set({ phoneNumber: '+16175550199', email: 'carol.record@example.com' })
      .where(eq(caregivers.userId, caregiver));
    await t.database.db.update(users).set({ chatEmailEnabled: true }).where(eq(users.id, caregiver));
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    const start = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES));
    const sent = (await sentSince(start)).filter((m) => m.link === `/chat?c=${conversation}`);
    expect(sent).toHaveLength(2);
    expect(sent.find((m) => m.channel === 'sms')?.recipient).toBe('+16175550199');
    expect(sent.find((m) => m.channel === 'email')?.recipient).toBe('carol.record@example.com');

    // A record without a phone, and with an address no mail reaches: the user's own are used.
    await t.database.db
      .update(caregivers)
      .set({ phoneNumber: ' ', email: 'no-mail@caregivers.invalid' })
      .where(eq(caregivers.userId, caregiver));
    await say(conversation, nurse, minutes(30));
    const later = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(30 + CHAT_FALLBACK_MINUTES));
    const fallback = (await sentSince(later)).filter((m) => m.link === `/chat?c=${conversation}`);
    expect(fallback).toHaveLength(2);
    expect(fallback.find((m) => m.channel === 'sms')?.recipient).toBe('+16175550142');
    expect(fallback.find((m) => m.channel === 'email')?.recipient).toBe('carol.caregiver@example.com');
  });

  it('words the text in the recipient language', async () => {
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, caregiver));
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    const start = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES));
    const [sent] = await sentSince(start);
    expect(sent!.body).toMatch(/^Hearth: .+ le envió un mensaje de chat que aún no ha leído\.$/);
  });

  it(`leaves messages older than ${CHAT_FALLBACK_WINDOW_HOURS} hours alone`, async () => {
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    const start = await lastOutboxId();
    await sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_WINDOW_HOURS * 60 + 1));
    expect(await sentSince(start)).toHaveLength(0);
  });

  it('sends once when two runs overlap', async () => {
    const conversation = await direct();
    await say(conversation, nurse, minutes(0));
    const start = await lastOutboxId();
    const runs = await Promise.all([
      sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES)),
      sendChatFallbacks(t.database.db, minutes(CHAT_FALLBACK_MINUTES)),
    ]);
    expect(runs.reduce((n, r) => n + r.messages, 0)).toBe(1);
    expect(await sentSince(start)).toHaveLength(1);
  });
});
