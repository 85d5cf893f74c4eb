import { sql } from 'drizzle-orm';
import type { StartConversationInput } from '@hearth/shared/chat/chat.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { rowsOf } from '../../db/rows';
import { AppError, notFound } from '../../errors/app-error';
import { officeBranchSql, officeChatUserIds, unreachableUsers } from './chat.contacts';
import { publishConversationEvent } from './chat.messages';
import { chatConversations, chatMembers } from './chat.schema';

/*
 * Starting a conversation (issue 22 item 1; contract rules in docs/architecture.md "Chat").
 */

/** The visit and client a conversation is about, checked in the caller's reach. */
interface About {
  clientId: number | null;
  shiftId: number | null;
  clientBranchId: number | null;
}

/**
 * Finds the client and visit named by `input` in the caller's reach: staff through branch scope, a caregiver through
 * their own visits (a client they have a visit with). The visit gives the client when none is named.
 * @throws NOT_FOUND (404) "Visit N not found" / "Client N not found"; BAD_REQUEST (400) for a visit of another client.
 */
async function aboutOf(scope: Scope, input: Pick<StartConversationInput, 'clientId' | 'shiftId'>): Promise<About> {
  const mine = sql`in (select cg.id from caregivers cg where cg.user_id = ${scope.userId})`;
  let clientId = input.clientId ?? null;
  const shiftId = input.shiftId ?? null;
  if (shiftId !== null) {
    const [shift] = rowsOf<{ client_id: number }>(
      await scope.db.execute(sql`select s.client_id from shifts s where s.id = ${shiftId}
        and ${scope.level === 'none' ? sql`s.caregiver_id ${mine}` : inBranchScope(scope, sql`s.branch_id`)}`),
    );
    if (!shift) throw notFound('Visit', shiftId);
    if (clientId !== null && clientId !== shift.client_id) {
      throw new AppError('BAD_REQUEST', 'This visit is with another client', { shiftId: ['Choose a visit of this client'] });
    }
    clientId = shift.client_id;
  }
  if (clientId === null) return { clientId: null, shiftId, clientBranchId: null };
  const [client] = rowsOf<{ branch_id: number }>(
    await scope.db.execute(
      sql`select c.branch_id from clients c where c.id = ${clientId} and ${
        scope.level === 'none'
          ? sql`exists (select 1 from shifts s where s.client_id = c.id and s.caregiver_id ${mine})`
          : inBranchScope(scope, sql`c.branch_id`)
      }`,
    ),
  );
  if (!client) throw notFound('Client', clientId);
  return { clientId, shiftId, clientBranchId: client.branch_id };
}

/**
 * The branch of a new conversation: the office's; else the client's; else the branch of a caregiver member (the
 * starter first); else the starter's first linked branch; else null. With its company (the caller's when no branch).
 */
async function placeOf(
  scope: Scope,
  officeBranchId: number | null,
  about: About,
  memberIds: number[],
): Promise<{ branchId: number | null; companyId: number }> {
  let branchId = officeBranchId ?? about.clientBranchId;
  if (branchId === null) {
    for (const userId of memberIds) {
      const [row] = rowsOf<{ branch_id: number }>(
        await scope.db.execute(sql`select branch_id from caregivers where user_id = ${userId} order by id limit 1`),
      );
      if (row) {
        branchId = row.branch_id;
        break;
      }
    }
  }
  if (branchId === null) {
    const [row] = rowsOf<{ branch_id: number }>(
      await scope.db.execute(sql`select min("A")::int as branch_id from "_BranchToUser" where "B" = ${scope.userId}`),
    );
    branchId = row?.branch_id ?? null;
  }
  const [company] =
    branchId === null
      ? []
      : rowsOf<{ company_id: number }>(await scope.db.execute(sql`select company_id from branches where id = ${branchId}`));
  const companyId = company?.company_id ?? scope.companyId;
  if (companyId === null)
    throw new AppError('BAD_REQUEST', 'Choose a branch for this conversation', { branchId: ['Choose a branch'] });
  return { branchId, companyId };
}

/**
 * Starts a conversation for the caller, or returns the existing direct conversation of the same two people (or the
 * caller's office conversation with the same branch) about the same client and visit -> its id. `office` ignores
 * `userIds`: the office is its branch's staff. Members: the caller and the people named; for `office`, also the branch's
 * office staff with chat (officeChatUserIds), so the message is unread for them, counts in their badge and reaches
 * them by the fallback; other staff in scope of the branch still answer it, and join by answering or reading. Publishes a live 'chat'
 * event to them (and the office's branch). Concurrent starts of the same conversation wait on one transaction lock.
 * @throws FORBIDDEN (403) direct or group without chatInitiateConversationEnabled; NOT_FOUND (404) "User N not
 *   found" for a person out of reach, "Branch N not found" for an office the caller may not write to, and as aboutOf.
 */
export async function startConversation(scope: Scope, input: StartConversationInput): Promise<number> {
  const officeBranchId = input.kind === 'office' ? (input.branchId ?? null) : null;
  let others: number[] = [];
  if (input.kind === 'office') {
    const [branch] = rowsOf<{ id: number }>(
      await scope.db.execute(sql`select b.id from branches b where b.id = ${officeBranchId} and ${officeBranchSql(scope)}`),
    );
    if (!branch) throw notFound('Branch', officeBranchId ?? 0);
  } else {
    if (!scope.chat.initiate) throw new AppError('FORBIDDEN', 'Your role may not start conversations');
    others = [...new Set(input.userIds)].filter((id) => id !== scope.userId);
    if (others.length === 0) {
      throw new AppError('BAD_REQUEST', 'Choose someone other than yourself', {
        userIds: ['Choose someone other than yourself'],
      });
    }
    const [missing] = await unreachableUsers(scope, others);
    if (missing !== undefined) throw notFound('User', missing);
  }
  const about = await aboutOf(scope, input);
  const existing = await findExisting(scope, input.kind, officeBranchId, others, about);
  if (existing !== null) return existing;
  const place = await placeOf(scope, officeBranchId, about, [scope.userId, ...others]);
  const [created] = await scope.db
    .insert(chatConversations)
    .values({
      companyId: place.companyId,
      kind: input.kind,
      title: input.kind === 'group' ? (input.title ?? null) : null,
      branchId: place.branchId,
      clientId: about.clientId,
      shiftId: about.shiftId,
      createdByUserId: scope.userId,
    })
    .returning({ id: chatConversations.id });
  if (!created) throw new Error('conversation insert returned nothing');
  const office = officeBranchId === null ? [] : await officeChatUserIds(scope.db, officeBranchId);
  const members = [...new Set([scope.userId, ...others, ...office])];
  await scope.db.insert(chatMembers).values(members.map((userId) => ({ conversationId: created.id, userId })));
  await publishConversationEvent(scope.db, created.id);
  return created.id;
}

/**
 * The id of an existing direct conversation of exactly the caller and `others[0]`, or of the caller's own office
 * conversation with `officeBranchId`, about the same client and visit; null for a group or none found. Takes a
 * transaction lock on that key first, so two concurrent starts make one conversation.
 */
async function findExisting(
  scope: Scope,
  kind: StartConversationInput['kind'],
  officeBranchId: number | null,
  others: number[],
  about: About,
): Promise<number | null> {
  if (kind === 'group') return null;
  const other = others[0] ?? 0;
  const pair =
    kind === 'direct' ? [Math.min(scope.userId, other), Math.max(scope.userId, other)] : [scope.userId, officeBranchId];
  const key = `chat-start:${kind}:${pair.join(':')}:${String(about.clientId)}:${String(about.shiftId)}`;
  await scope.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const sameAbout = sql`c.client_id is not distinct from ${about.clientId}::int and c.shift_id is not distinct from ${about.shiftId}::int`;
  const [row] = rowsOf<{ id: number }>(
    await scope.db.execute(
      kind === 'office'
        ? sql`select c.id from chat_conversations c where c.kind = 'office' and c.branch_id = ${officeBranchId}
            and c.created_by_user_id = ${scope.userId} and ${sameAbout} order by c.id limit 1`
        : sql`select c.id from chat_conversations c where c.kind = 'direct' and ${sameAbout}
            and exists (select 1 from chat_members m where m.conversation_id = c.id and m.user_id = ${scope.userId})
            and exists (select 1 from chat_members m where m.conversation_id = c.id and m.user_id = ${other})
            and (select count(*) from chat_members m where m.conversation_id = c.id) = 2
            order by c.id limit 1`,
    ),
  );
  return row?.id ?? null;
}
