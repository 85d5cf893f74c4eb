import fs from 'node:fs';
import type { NotifyChannel } from '@hearth/shared/notify/notify.schema';
import type { Db } from '../../db/client';
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

/** The file every sent message is also appended to, unmasked (copyOutboxTo), or null. */
let copyFile: string | null = null;

/**
 * Makes the default notifier also append every message, as one JSON line with its token, to `file` (null: stop):
 * for development and automated tests, the stand-in for the mailbox a delivering driver would reach, since the
 * outbox read through the API hides sign-in tokens (getOutbox). main.ts sets it from OUTBOX_COPY_FILE. The file is
 * created readable by its owner only.
 */
export function copyOutboxTo(file: string | null): void {
  copyFile = file;
}

/**
 * Sends a message through the notifier (docs/architecture.md "Notifications"). Every message is first written to
 * the outbox table on `db`; given the request's transaction, a call that fails and rolls back sends nothing (a
 * transactional outbox). The default driver stops there: the row is the message, /mocks shows it (getOutbox),
 * and sentAt stays null. Delivering drivers plug in here later: SMTP (nodemailer), an HTTP SMS provider and web
 * push (VAPID) will pick up the rows with sentAt null once their transaction has committed, deliver each to its
 * recipient on its channel and set sentAt.
 * @returns the outbox row id.
 */
export async function notify(n: Notification): Promise<{ id: number }> {
  const [row] = await n.db
    .insert(outbox)
    .values({
      channel: n.channel,
      kind: n.kind,
      recipient: n.recipient,
      userId: n.userId ?? null,
      subject: n.subject ?? null,
      body: n.body,
      link: n.link ?? null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  if (copyFile) {
    const { channel, kind, recipient, userId, subject, body, link } = n;
    const line = JSON.stringify({ id: row.id, channel, kind, recipient, userId, subject, body, link });
    fs.appendFileSync(copyFile, `${line}\n`, { mode: 0o600 });
  }
  return { id: row.id };
}
