import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { GetOutboxInput, OutboxEntry } from '@hearth/shared/notify/notify.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { users } from '../users/users.schema';
import { userInScope } from '../users/users.service';
import { translateEnglish } from '../../i18n/english-messages';
import { isDelivered } from './notify.drivers';
import { withCodesHidden, withTokensHidden } from './notify.secrets';
import { outbox } from './notify.schema';

// Reading the outbox lives apart from writing it (notify.service.ts): sign-in paths write messages, and reading needs
// the users' scope rule, which depends on the caller and so on the auth module.

/**
 * The outbox messages a scope may read: all at system level; otherwise those addressed to a user in scope
 * (users.service userInScope), so one company never reads another's messages or sign-in links.
 */
function outboxInScope(scope: Scope): SQL {
  if (scope.level === 'system') return sql`true`;
  return sql`exists (select 1 from ${users} where ${users.id} = ${outbox.userId} and ${userInScope(scope)})`;
}

/**
 * Whether `scope` may read the codes of a message (a texted sign-in or phone code): only system-level readers, and
 * only while the message stays in the outbox, its channel delivered by no real driver (a laptop, where /mocks is
 * the phone). Once a real driver is configured the recipient's phone has the code, and no one else reads it.
 */
function mayReadCodes(scope: Scope, row: { state: string; channel: OutboxEntry['channel'] }): boolean {
  return scope.level === 'system' && row.state === 'kept' && !isDelivered(row.channel);
}

/**
 * A page of the outbox for /mocks, newest first: {page, pageSize} ->
 * {rows: OutboxEntry[], totalCount, page, pageSize, totalPages}, with each message's delivery state, attempts and
 * failure reason (Hearth's own reasons in `language`, a provider's answer as it came). Timestamps are ISO 8601 UTC.
 * Secrets are replaced by HIDDEN_TOKEN (issue 21 item 5, issue 28 "Secrets and health data"):
 * - sign-in tokens in the body and the link, for every reader, system level included: whoever reads a live login
 *   link could sign in as its recipient (a client, a caregiver);
 * - texted codes, for every reader without system-level access, and for everyone once a real driver delivers the
 *   channel (mayReadCodes).
 * The kind, recipient and time still show that a link or a code was sent.
 */
export async function getOutbox({
  scope,
  input,
  language = 'en',
}: {
  scope: Scope;
  input: GetOutboxInput;
  language?: Language;
}): Promise<Page<OutboxEntry>> {
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
      body: mayReadCodes(scope, r) ? withTokensHidden(r.body) : withCodesHidden(r.kind, withTokensHidden(r.body)),
      link: r.link === null ? null : withTokensHidden(r.link),
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      state: r.state,
      attempts: r.attempts,
      lastAttemptAt: r.lastAttemptAt ? r.lastAttemptAt.toISOString() : null,
      failureReason: r.failureReason === null ? null : translateEnglish(r.failureReason, language),
    })),
    totalCount,
    page: input.page,
    pageSize: input.pageSize,
    totalPages: Math.ceil(totalCount / input.pageSize),
  };
}
