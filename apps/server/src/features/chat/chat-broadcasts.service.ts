/**
 * Chat broadcasts (issue 22 item 3): one message to every chat-enabled caregiver of a branch (chatBroadcastEnabled)
 * or of the company (chatBroadcastAllEnabled). Each recipient gets it as a message of their `broadcast`
 * conversation with the sender (one per sender and caregiver, reused by later broadcasts), with `broadcast_id` set,
 * written as insertMessage (chat.messages.ts) writes a message, so it arrives live, counts as unread and falls back
 * to SMS or email like any message. Who has read it comes from the recipients' read positions (chat_members).
 * The writes are set-based (conversationsFor, deliverCopies): a fixed number of statements for any number of
 * recipients, since a company broadcast reaches thousands of caregivers within one request.
 *
 * Recipients: users with an active caregiver record in the audience's branches, the user active and chat-enabled
 * (user and role), the sender excepted. A caregiver with records in two branches of a company gets it once.
 */
import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BroadcastInput, BroadcastSummary, ZGetBroadcastsInput } from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { branches } from '../branches/branches.schema';
import { chatBroadcasts } from './chat.schema';

/** A recipient of a broadcast: the user and the branch of their caregiver record (their conversation's branch). */
interface Recipient {
  userId: number;
  branchId: number;
}

/**
 * The chat-enabled caregivers with a sign-in of `branchIds` (see the header), the sender excepted, each once with
 * the branch of their first caregiver record there.
 */
async function recipientsOf(db: Db, branchIds: SQL, senderUserId: number): Promise<Recipient[]> {
  const result = await db.execute(sql`
    select distinct on (u.id) u.id as "userId", c.branch_id as "branchId"
    from caregivers c
    join users u on u.id = c.user_id
    join roles r on r.id = u.role_id
    where c.branch_id in (${branchIds}) and c.status = 'active'
      and u.is_active and u.chat_enabled and r.chat_enabled and u.id <> ${senderUserId}
    order by u.id, c.id`);
  return rowsOf<Recipient>(result);
}

/** A Postgres array literal of `values` (ids or UUIDs: nothing to quote), passed as one parameter to `unnest`. */
function arrayLiteral(values: (number | string)[]): string {
  return `{${values.join(',')}}`;
}

/**
 * Each recipient's `broadcast` conversation with the sender: the existing one (one per sender and caregiver, the
 * oldest if there were ever two), else a new one with both as members, of the caregiver's branch and the sender's
 * company. Two statements whatever the number of recipients: one reads the existing conversations, one creates all
 * the missing ones with their members. The new conversations' ids are drawn from their sequence first, so each
 * recipient's id is known without relying on the order of RETURNING.
 * @returns conversation id per recipient user id.
 */
async function conversationsFor(db: Db, companyId: number, senderUserId: number, recipients: Recipient[]) {
  const byUser = new Map<number, number>();
  if (recipients.length === 0) return byUser;
  const existing = rowsOf<{ userId: number; conversationId: number }>(
    await db.execute(sql`
      select distinct on (cm.user_id) cm.user_id as "userId", c.id as "conversationId"
      from chat_conversations c
      join chat_members cm on cm.conversation_id = c.id
      where c.kind = 'broadcast' and c.created_by_user_id = ${senderUserId}
        and cm.user_id = any(${arrayLiteral(recipients.map((r) => r.userId))}::int[])
      order by cm.user_id, c.id`),
  );
  for (const row of existing) byUser.set(row.userId, row.conversationId);
  const missing = recipients.filter((r) => !byUser.has(r.userId));
  if (missing.length === 0) return byUser;
  // Parent and child rows in one statement: the members' foreign key is checked at its end, when both exist.
  const created = rowsOf<{ userId: number; conversationId: number }>(
    await db.execute(sql`
      with r as materialized (
        select n.user_id, n.branch_id, nextval(pg_get_serial_sequence('chat_conversations', 'id'))::int as id
        from unnest(${arrayLiteral(missing.map((m) => m.userId))}::int[],
          ${arrayLiteral(missing.map((m) => m.branchId))}::int[]) as n(user_id, branch_id)
      ),
      made as (
        insert into chat_conversations (id, company_id, kind, branch_id, created_by_user_id)
        select id, ${companyId}, 'broadcast', branch_id, ${senderUserId} from r
        returning id
      ),
      joined as (
        insert into chat_members (conversation_id, user_id)
        select id, ${senderUserId}::int from r union all select id, user_id from r
        returning conversation_id
      )
      select r.user_id as "userId", r.id as "conversationId" from r`),
  );
  for (const row of created) byUser.set(row.userId, row.conversationId);
  return byUser;
}

/**
 * Writes broadcast `broadcastId`'s copies, one per recipient, in a fixed number of statements (whatever the number of
 * recipients), doing for all of them what insertMessage does for one: each copy is inserted unless the sender already
 * sent its derived clientMessageId (copyMessageId: a resend writes nothing twice), then every conversation that got a
 * copy moves its last message to it, the sender's read position moves to it, and one live 'chat' event per
 * conversation (refId = the conversation, its members as audience, as publishConversationEvent publishes; a
 * broadcast conversation has no office branch) tells each recipient's open screens. The audit trigger on
 * chat_messages and chat_members records each row as for a single message.
 * @param conversations conversation id per recipient user id (conversationsFor).
 * @returns how many copies were written.
 */
async function deliverCopies(
  db: Db,
  copy: { broadcastId: number; senderUserId: number; clientMessageId: string; body: string },
  conversations: Map<number, number>,
): Promise<number> {
  if (conversations.size === 0) return 0;
  const pairs = [...conversations].sort((a, b) => a[1] - b[1]);
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into chat_messages (conversation_id, sender_user_id, client_message_id, body, broadcast_id)
      select n.conversation_id, ${copy.senderUserId}, n.client_message_id, ${copy.body}, ${copy.broadcastId}
      from unnest(${arrayLiteral(pairs.map(([, conversationId]) => conversationId))}::int[],
        ${arrayLiteral(pairs.map(([userId]) => copyMessageId(copy.clientMessageId, userId)))}::uuid[])
        as n(conversation_id, client_message_id)
      order by n.conversation_id
      on conflict (sender_user_id, client_message_id) do nothing
      returning id`),
  );
  if (inserted.length === 0) return 0;
  // The copies written just now are the rows of this broadcast (a copy stored before is left as it was).
  await db.execute(sql`
    update chat_conversations c set last_message_id = m.id, last_message_at = m.created_at
    from chat_messages m
    where m.broadcast_id = ${copy.broadcastId} and c.id = m.conversation_id`);
  await db.execute(sql`
    update chat_members cm set last_read_message_id = m.id, last_read_at = m.created_at
    from chat_messages m
    where m.broadcast_id = ${copy.broadcastId} and cm.conversation_id = m.conversation_id
      and cm.user_id = m.sender_user_id`);
  // publishLiveEvent's row, one per conversation in one statement (ids sorted, as publishLiveEvent stores them).
  await db.execute(sql`
    insert into live_events (topic, user_ids, branch_ids, ref_id)
    select 'chat', array_agg(cm.user_id order by cm.user_id), '{}'::int[], m.conversation_id
    from chat_messages m
    join chat_members cm on cm.conversation_id = m.conversation_id
    where m.broadcast_id = ${copy.broadcastId}
    group by m.conversation_id`);
  return inserted.length;
}

/** The id of one recipient's copy, derived from the broadcast's clientMessageId (a UUID, stable for a resend). */
function copyMessageId(clientMessageId: string, recipientUserId: number): string {
  const hash = crypto.createHash('sha256').update(`${clientMessageId}:${recipientUserId}`).digest('hex');
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/** Where the audience is: the branch (in the caller's scope) or the caller's company, with the flag each needs. */
async function audienceOf(
  scope: Scope,
  input: BroadcastInput,
): Promise<{ companyId: number; branchIds: SQL; branchId: number | null }> {
  if (input.audience === 'branch') {
    const [branch] = await scope.db
      .select({ id: branches.id, companyId: branches.companyId })
      .from(branches)
      .where(and(eq(branches.id, input.branchId!), inBranchScope(scope, branches.id)));
    if (!branch) throw notFound('Branch', input.branchId!);
    if (!scope.chat.broadcast && !scope.chat.broadcastAll) throw new AppError('FORBIDDEN', msg('chatExtras.mayNotBroadcast'));
    return { companyId: branch.companyId, branchIds: sql`${branch.id}`, branchId: branch.id };
  }
  if (!scope.chat.broadcastAll) throw new AppError('FORBIDDEN', msg('chatExtras.mayNotBroadcastAll'));
  if (scope.companyId === null) throw new AppError('BAD_REQUEST', msg('chatExtras.broadcastNeedsCompany'));
  return {
    companyId: scope.companyId,
    branchIds: sql`select b.id from branches b where b.company_id = ${scope.companyId}`,
    branchId: null,
  };
}

/**
 * Sends a broadcast (issue 22 item 3): {audience: 'branch', branchId} needs chatBroadcastEnabled (or
 * chatBroadcastAllEnabled) and the branch in the caller's scope; {audience: 'company'} needs chatBroadcastAllEnabled
 * and reaches every branch of the caller's company. Every recipient (see the header) gets the body in their
 * broadcast conversation with the sender, live. Idempotent: the same clientMessageId from the same sender answers
 * the broadcast already stored and writes nothing.
 * @returns the BroadcastSummary: recipientCount (people reached) and readCount (0 for a new one).
 * @throws AppError NOT_FOUND "Branch N not found" out of scope; FORBIDDEN without the audience's flag; BAD_REQUEST
 *   for a company broadcast by a user of no company.
 */
export async function broadcast({ scope, input }: { scope: Scope; input: BroadcastInput }): Promise<BroadcastSummary> {
  const stored = await findBroadcast(scope.db, scope.userId, input.clientMessageId);
  if (stored !== null) return (await summaries(scope.db, sql`b.id = ${stored}`, 1, 0))[0]!;
  const audience = await audienceOf(scope, input);
  const recipients = await recipientsOf(scope.db, audience.branchIds, scope.userId);
  const [created] = await scope.db
    .insert(chatBroadcasts)
    .values({
      companyId: audience.companyId,
      senderUserId: scope.userId,
      audience: input.audience,
      branchId: audience.branchId,
      clientMessageId: input.clientMessageId,
      body: input.body,
      recipientCount: recipients.length,
    })
    .onConflictDoNothing({ target: [chatBroadcasts.senderUserId, chatBroadcasts.clientMessageId] })
    .returning({ id: chatBroadcasts.id });
  // A concurrent resend committed first: its broadcast is the answer.
  if (!created) return broadcast({ scope, input });
  const conversations = await conversationsFor(scope.db, audience.companyId, scope.userId, recipients);
  await deliverCopies(
    scope.db,
    { broadcastId: created.id, senderUserId: scope.userId, clientMessageId: input.clientMessageId, body: input.body },
    conversations,
  );
  return (await summaries(scope.db, sql`b.id = ${created.id}`, 1, 0))[0]!;
}

/** The id of the sender's broadcast with `clientMessageId`, or null. */
async function findBroadcast(db: Db, senderUserId: number, clientMessageId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: chatBroadcasts.id })
    .from(chatBroadcasts)
    .where(and(eq(chatBroadcasts.senderUserId, senderUserId), eq(chatBroadcasts.clientMessageId, clientMessageId)));
  return row?.id ?? null;
}

/** Broadcasts matching `where` (over `chat_broadcasts b`), newest first, as BroadcastSummary with their read counts. */
async function summaries(db: Db, where: SQL, limit: number, offset: number): Promise<BroadcastSummary[]> {
  const result = await db.execute(sql`
    select b.id, b.body, b.audience, br.name as "branchName", u.name as "senderName", b.created_at as "createdAt",
      b.recipient_count as "recipientCount",
      (select count(*)::int from chat_messages m
        join chat_members cm on cm.conversation_id = m.conversation_id and cm.user_id <> m.sender_user_id
        where m.broadcast_id = b.id and cm.last_read_message_id >= m.id) as "readCount"
    from chat_broadcasts b
    join users u on u.id = b.sender_user_id
    left join branches br on br.id = b.branch_id
    where ${where}
    order by b.created_at desc, b.id desc
    limit ${limit} offset ${offset}`);
  return rowsOf<Omit<BroadcastSummary, 'createdAt'> & { createdAt: Date | string }>(result).map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/**
 * The broadcasts the caller sees, newest first {page, pageSize}: their own; with chatBroadcastEnabled or
 * chatBroadcastAllEnabled also the branch broadcasts of branches in their scope; with chatBroadcastAllEnabled also
 * the company broadcasts of their company (an office shares what its branch was told).
 * @returns a page of BroadcastSummary {id, body, audience, branchName, senderName, createdAt (ISO UTC),
 *   recipientCount, readCount (recipients whose read position reached their copy)}.
 */
export async function getBroadcasts({
  scope,
  input,
}: {
  scope: Scope;
  input: z.infer<typeof ZGetBroadcastsInput>;
}): Promise<Page<BroadcastSummary>> {
  const seen = [sql`b.sender_user_id = ${scope.userId}`];
  if (scope.chat.broadcast || scope.chat.broadcastAll) {
    seen.push(sql`(b.audience = 'branch' and ${inBranchScope(scope, sql`b.branch_id`)})`);
  }
  if (scope.chat.broadcastAll && scope.companyId !== null) {
    seen.push(sql`(b.audience = 'company' and b.company_id = ${scope.companyId})`);
  }
  const where = sql`(${sql.join(seen, sql` or `)})`;
  const [count] = rowsOf<{ n: number }>(
    await scope.db.execute(sql`select count(*)::int as n from chat_broadcasts b where ${where}`),
  );
  const totalCount = count?.n ?? 0;
  const rows = await summaries(scope.db, where, input.pageSize, (input.page - 1) * input.pageSize);
  return { rows, totalCount, page: input.page, pageSize: input.pageSize, totalPages: Math.ceil(totalCount / input.pageSize) };
}
