import fs from 'node:fs';
import type { NotifyChannel } from '@hearth/shared/notify/notify.schema';
import type { Db } from '../../db/client';
import { sendManyInTransaction } from '../../jobs/jobs.queue';
import { isDelivered } from './notify.drivers';
import { withSecretsHidden } from './notify.secrets';
import { outbox } from './notify.schema';

/** A message to send: channel, what it is about (`kind`, e.g. client_login_link), to whom, and its content. */
export interface Notification {
  /** The database or, normally, the request's transaction. */
  db: Db;
  channel: NotifyChannel;
  kind: string;
  /** An email address, a phone number or a device token, as the channel needs. */
  recipient: string;
  /** The Hearth user it is for, when there is one. */
  userId?: number | null;
  subject?: string | null;
  body: string;
  /** A link the message carries (a path such as /login?token=...; the reader's client resolves it). */
  link?: string | null;
}

/** The file every sent message is also appended to (copyOutboxTo), or null. */
let copyFile: string | null = null;

/**
 * Makes the notifier also append every message, as one JSON line, to `file` (null: stop): for development and
 * automated tests, the stand-in for the mailbox the outbox driver never reaches, since the outbox read through the
 * API hides sign-in tokens and codes (getOutbox). A message of a channel that a real driver delivers is copied with
 * its secrets hidden (notify.secrets.ts): its recipient's own mailbox or phone has them, and the file must not be a
 * second way to sign in as them. main.ts sets it from OUTBOX_COPY_FILE. The file is created readable by its owner
 * only.
 */
export function copyOutboxTo(file: string | null): void {
  copyFile = file;
}

/**
 * Sends a message through the notifier (docs/architecture.md "Notifications", issue 21 item 5). Every message is
 * first written to the outbox table on `db`, normally the request's transaction (a transactional outbox):
 * - a channel without a delivering driver (notify.drivers.ts, the default): the row is `kept`, the message itself,
 *   shown at /mocks (getOutbox); nothing leaves;
 * - a delivered channel (SMTP, the SMS provider, web push): the row is `queued` and a `deliver-message` job is
 *   written in the same transaction (jobs.queue.ts sendInTransaction), so the job exists only once the row has
 *   committed: a call that fails and rolls back sends nothing. The job (notify.delivery.ts) sends it and records
 *   sent or failed with the reason.
 * @returns the outbox row id.
 */
export async function notify(n: Notification): Promise<{ id: number }> {
  const { db, ...message } = n;
  const [id] = await notifyAll(db, [message]);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return { id };
}

/**
 * notify() for many messages in one outbox insert on `db` (the notification jobs send hundreds per transaction):
 * the same states, delivery jobs and development copy, one statement for the rows instead of one per message.
 * @returns the outbox row ids, in the order of `messages`.
 */
export async function notifyAll(db: Db, messages: Omit<Notification, 'db'>[]): Promise<number[]> {
  if (messages.length === 0) return [];
  // Read once per message, so its row's state, its delivery job and its development copy agree.
  const delivered = messages.map((n) => isDelivered(n.channel));
  const rows = await db
    .insert(outbox)
    .values(
      messages.map((n, i) => ({
        channel: n.channel,
        kind: n.kind,
        recipient: n.recipient,
        userId: n.userId ?? null,
        subject: n.subject ?? null,
        body: n.body,
        link: n.link ?? null,
        state: delivered[i] ? ('queued' as const) : ('kept' as const),
      })),
    )
    .returning({ id: outbox.id });
  // A multi-row INSERT ... RETURNING answers in the order of its VALUES; the ids are sorted the same way to be sure.
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  if (ids.length !== messages.length) throw new Error('outbox insert returned fewer rows than messages');
  const toDeliver = ids.flatMap((outboxId, i) => (delivered[i] ? [{ outboxId }] : []));
  await sendManyInTransaction(db, 'deliver-message', toDeliver);
  for (const [i, n] of messages.entries()) {
    if (copyFile) {
      const { channel, kind, recipient, userId, subject } = n;
      const shown = { kind, body: n.body, link: n.link ?? null };
      const { body, link } = delivered[i] ? withSecretsHidden(shown) : shown;
      const line = JSON.stringify({
        id: ids[i],
        channel,
        kind,
        recipient,
        userId: userId ?? null,
        subject: subject ?? null,
        body,
        link,
      });
      fs.appendFileSync(copyFile, `${line}\n`, { mode: 0o600 });
    }
  }
  return ids;
}
