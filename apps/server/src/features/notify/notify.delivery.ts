import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DeliveryConfig } from '../../config';
import type { JobAttempt } from '../../jobs/jobs.queue';
import { english, msg } from '../../i18n/server-i18n';
import { driverFor, outboxDriver, PermanentDeliveryError, registerDriver } from './notify.drivers';
import { createSmsDriver } from './notify.sms';
import { createSmtpDriver } from './notify.smtp';
import { outbox } from './notify.schema';

/** The longest failure reason kept on a row, in characters (a provider may answer with a whole page). */
const REASON_MAX = 500;

/**
 * Registers the email (SMTP) and SMS (HTTP provider) drivers that `config` configures in this process (main.ts at
 * start); a channel left null keeps the outbox driver. Links in messages are made absolute against `publicUrl`.
 * @returns stop(): puts the outbox driver back and closes the SMTP connections.
 */
export function startDelivery(config: DeliveryConfig, publicUrl: string): { stop(): void } {
  const email = config.email && createSmtpDriver({ ...config.email, publicUrl });
  const sms = config.sms && createSmsDriver({ ...config.sms, publicUrl });
  if (email) registerDriver('email', email);
  if (sms) registerDriver('sms', sms);
  return {
    stop() {
      if (email) {
        registerDriver('email', null);
        email.close();
      }
      if (sms) registerDriver('sms', null);
    },
  };
}

/** An attempt's failure as the row keeps it: the error's message (the provider's answer), at most REASON_MAX. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error && error.message ? error.message : english(msg('errors.deliveryFailed'));
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
}

/**
 * The `deliver-message` job (notify.service.ts queues one per row of a delivered channel, in the writing
 * transaction): delivers outbox row `outboxId` through its channel's driver (notify.drivers.ts) and records the
 * outcome on the row (issue 21 item 5):
 * - each attempt adds 1 to `attempts` and sets `lastAttemptAt` before the driver runs, so a crash still counts;
 * - success: `sent`, sentAt now, failureReason cleared;
 * - a PermanentDeliveryError, or any error on the job's last attempt: `failed` with the reason;
 * - another error: the reason is kept and the error rethrown, so pg-boss retries after its backoff (jobs.queue.ts).
 * A row that is not `queued` (already sent or failed, or gone) is left alone, so a job run twice sends once.
 * A process where no driver delivers the channel fails the attempt with that reason (another process may have one).
 */
export async function runDeliverMessageJob(db: Db, job: JobAttempt<'deliver-message'>): Promise<void> {
  const id = job.data.outboxId;
  const [row] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastAttemptAt: new Date() })
    .where(and(eq(outbox.id, id), eq(outbox.state, 'queued')))
    .returning();
  if (!row) return;
  const driver = driverFor(row.channel);
  try {
    if (driver === outboxDriver) throw new Error(english(msg('errors.noDeliveryDriver', { channel: row.channel })));
    await driver.deliver({
      id: row.id,
      channel: row.channel,
      kind: row.kind,
      recipient: row.recipient,
      userId: row.userId,
      subject: row.subject,
      body: row.body,
      link: row.link,
      attempts: row.attempts,
    });
  } catch (error) {
    const final = error instanceof PermanentDeliveryError || job.isLastAttempt;
    const failureReason = reasonOf(error);
    await db
      .update(outbox)
      .set(final ? { state: 'failed', failureReason } : { failureReason })
      .where(eq(outbox.id, id));
    if (final) return;
    throw error;
  }
  await db.update(outbox).set({ state: 'sent', sentAt: new Date(), failureReason: null }).where(eq(outbox.id, id));
}

/**
 * Fails every `queued` row whose `deliver-message` job no longer waits or runs (the recover-deliveries job, every
 * 5 minutes): a process killed during the last attempt leaves the job failed by pg-boss's expiry without this
 * module's handler, and the row would read `queued` forever. A row and its job commit together (notify), so a
 * queued row without a live job is never one still being written.
 * @returns how many rows were failed.
 */
export async function failLostDeliveries(db: Db): Promise<{ failed: number }> {
  // pg-boss keeps its jobs in the `pgboss` schema (jobs.queue.ts); waiting, retrying and running ones are live.
  const liveJob = sql`exists (select 1 from pgboss.job j where j.name = 'deliver-message'
    and j.state in ('created', 'retry', 'active') and (j.data->>'outboxId')::bigint = ${outbox.id})`;
  const failed = await db
    .update(outbox)
    .set({ state: 'failed', failureReason: english(msg('errors.deliveryLost')) })
    .where(and(eq(outbox.state, 'queued'), not(liveJob)))
    .returning({ id: outbox.id });
  return { failed: failed.length };
}
