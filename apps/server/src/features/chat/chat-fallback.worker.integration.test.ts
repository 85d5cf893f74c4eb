import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHAT_FALLBACK_MINUTES } from '@hearth/shared/chat/chat.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { JobState } from '../../jobs/jobs.queue';
import { outbox } from '../notify/notify.schema';
import { users } from '../users/users.schema';
import { insertMessage } from './chat.messages';
import { CHAT_FALLBACK_KIND } from './chat-fallback.job';
import { addConversation, userId } from './chat-fixtures.test-support';
// After the fixtures: the tables' shared schemas load the catalogues, which must come first.
import { caregivers } from '../caregivers/caregivers.schema';

/**
 * The `chat-fallback` queue as the server's workers run it (jobs.workers.ts): a run of the job sends the text of a
 * message unread for CHAT_FALLBACK_MINUTES. The job's own rules are chat-fallback.integration.test.ts's, with a
 * controlled clock; here the message is written that long ago and the test waits on the job's state.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
}, 120_000);
afterAll(() => t.close());

/** The job's state once it has ended, polling the queue, up to 30 s. */
async function ended(id: string): Promise<JobState> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await t.jobs.getJob('chat-fallback', id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`chat-fallback job ${id} still ${job?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the chat-fallback worker', () => {
  it('texts the member a message left unread for the fallback time', async () => {
    const nurse = await userId(t, 'nurse');
    const caregiver = await userId(t, 'caregiver');
    await t.database.db.update(users).set({ chatSmsEnabled: true }).where(eq(users.id, caregiver));
    // A caregiver is texted at their caregiver record's number.
    await t.database.db.update(caregivers).set({ phoneNumber: '+16175550199' }).where(eq(caregivers.userId, caregiver));
    const conversation = await addConversation(t, { kind: 'direct', memberIds: [nurse, caregiver], branch: 'Boston' });
    const sentAt = new Date(Date.now() - (CHAT_FALLBACK_MINUTES + 1) * 60_000);
    await t.database.db.transaction((tx) =>
      insertMessage(tx as never, {
        conversationId: conversation,
        senderUserId: nurse,
        clientMessageId: randomUUID(),
        body: 'Are you on your way?',
        now: sentAt,
      }),
    );
    const job = await ended(await t.jobs.send('chat-fallback', {}));
    expect(job.state).toBe('completed');
    const sent = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, CHAT_FALLBACK_KIND), eq(outbox.userId, caregiver)));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', recipient: '+16175550199', link: `/chat?c=${conversation}` });
  });
});
