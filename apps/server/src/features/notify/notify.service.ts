import fs from 'node:fs';
import { count, desc, sql, type SQL } from 'drizzle-orm';
import { HIDDEN_TOKEN, type GetOutboxInput, type NotifyChannel, type OutboxEntry } from '@hearth/shared/notify/notify.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Db } from '../../db/client';
import type { Scope } from '../../auth/scope';
import { users } from '../users/users.schema';
import { userInScope } from '../users/users.service';
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

/**
 * The outbox messages a scope may read: all at system level; otherwise those addressed to a user in scope
 * (users.service userInScope), so one company never reads another's messages or sign-in links.
 */
function outboxInScope(scope: Scope): SQL {
  if (scope.level === 'system') return sql`true`;
  return sql`exists (select 1 from ${users} where ${users.id} = ${outbox.userId} and ${userInScope(scope)})`;
}

/** A `token` query parameter (login links carry `/login?token=<token>`) up to the end of its value. */
const TOKEN_PARAMETER = /([?&]token=)[^&#\s]+/g;

/** `text` with the value of every `token` parameter replaced by HIDDEN_TOKEN. */
export function withTokensHidden(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${HIDDEN_TOKEN}`);
}

/**
 * A page of the outbox for /mocks, newest first: {page, pageSize} ->
 * {rows: OutboxEntry[], totalCount, page, pageSize, totalPages}. Timestamps are ISO 8601 UTC. Sign-in tokens in
 * the body and the link are replaced by HIDDEN_TOKEN for every reader, system level included: whoever reads a live
 * login link could sign in as its recipient (a client, a caregiver). The kind, recipient and time still show that
 * a link was sent.
 */
export async function getOutbox({ scope, input }: { scope: Scope; input: GetOutboxInput }): Promise<Page<OutboxEntry>> {
  const where = outboxInScope(scope);
  const [total] = await scope.db.select({ n: count() }).from(outbox).where(where);
  const rows = await scope.db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const totalCount = total?.n ?? 0;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      kind: r.kind,
      recipient: r.recipient,
      userId: r.userId,
      subject: r.subject,
      body: withTokensHidden(r.body),
      link: r.link === null ? null : withTokensHidden(r.link),
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    })),
    totalCount,
    page: input.page,
    pageSize: input.pageSize,
    totalPages: Math.ceil(totalCount / input.pageSize),
  };
}
