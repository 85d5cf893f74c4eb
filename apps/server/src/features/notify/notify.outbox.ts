import { count, desc, sql, type SQL } from 'drizzle-orm';
import { HIDDEN_TOKEN, type GetOutboxInput, type OutboxEntry } from '@hearth/shared/notify/notify.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { users } from '../users/users.schema';
import { userInScope } from '../users/users.service';
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
