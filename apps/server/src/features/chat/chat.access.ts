import { and, eq, sql, type SQL } from 'drizzle-orm';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors/app-error';
import { recordScopeAccess } from '../access-log/access-log.record';
import { familyConversationSql, isFamilyScope } from './chat.family-reach';
import { chatConversations, chatMembers } from './chat.schema';

/*
 * Who reaches a conversation (issue 22 items 1 and 4; docs/architecture.md "Chat"):
 * - a member reads it, and writes in it with chatSendMessageEnabled;
 * - an `office` conversation of branch B is read and answered by every chat-enabled staff user whose branch scope
 *   covers B, as the office (answering makes them a member);
 * - a supervisor (chatReadBranchConversationsEnabled) reads, never writes, any conversation whose branch is in their
 *   scope; each such read of one they are not a member of goes to the access log;
 * - a client or trusted contact reads and writes only their own office conversation about a client they still reach
 *   with the messages permission, member or not of others (chat.family-reach.ts);
 * - anyone else gets 404, as for a conversation that does not exist.
 * The conditions are SQL, put into the `where` of the query that finds the conversation (never fetch-then-check).
 */

export type ConversationRow = typeof chatConversations.$inferSelect;

/** How the caller reaches a conversation: as a member, as its branch's office, or as a supervisor reading. */
export type ChatReach = 'member' | 'office' | 'supervisor';

/** A conversation found for the caller, with how they reach it. */
export interface ReachedConversation {
  conversation: ConversationRow;
  reach: ChatReach;
  isMember: boolean;
}

/** SQL: the caller is a member of the conversation `c` (a chat_conversations id column or expression). */
export function isMemberSql(scope: Pick<Scope, 'userId'>, conversationId: SQL | typeof chatConversations.id): SQL {
  return sql`exists (select 1 from chat_members cm where cm.conversation_id = ${conversationId} and cm.user_id = ${scope.userId})`;
}

/**
 * SQL: the caller answers the conversation as its branch's office: staff (a scope level other than 'none') whose
 * branch scope covers an `office` conversation's branch.
 */
export function asOfficeSql(scope: Scope): SQL {
  if (scope.level === 'none') return sql`false`;
  return sql`(${chatConversations.kind} = 'office' and ${inBranchScope(scope, chatConversations.branchId)})`;
}

/** SQL: the caller reads the conversation as a supervisor of its branch (chatReadBranchConversationsEnabled). */
export function asSupervisorSql(scope: Scope): SQL {
  if (!scope.chat.readBranch) return sql`false`;
  return inBranchScope(scope, chatConversations.branchId);
}

/**
 * SQL over chat_conversations: the conversations the caller reads (member, office or supervisor; a client or
 * trusted contact only their own family conversations, chat.family-reach.ts). Lists use member-or-office by default
 * and add the supervisor's reach only when asked for a branch (listConversations).
 */
export function readableSql(scope: Scope, withSupervisor = true): SQL {
  if (isFamilyScope(scope))
    return sql`(${isMemberSql(scope, chatConversations.id)} and ${familyConversationSql(scope.userId, chatConversations.id)})`;
  const reaches = [isMemberSql(scope, chatConversations.id), asOfficeSql(scope)];
  if (withSupervisor) reaches.push(asSupervisorSql(scope));
  return sql`(${sql.join(reaches, sql` or `)})`;
}

/**
 * The conversation `conversationId` as the caller may read it -> {conversation, reach, isMember}. A supervisor's read
 * of a conversation they are not a member of (and do not answer as the office) is written to the access log as a
 * `record-read` of a `chat-conversation` with `detail` (issue 22 item 4; HIPAA 45 CFR 164.312(b)), in the request's
 * transaction.
 * @param detail what was read, e.g. the procedure (chat.getMessages).
 * @throws NOT_FOUND (404) "Conversation N not found" when it does not exist or the caller does not reach it.
 */
export async function conversationForRead(scope: Scope, conversationId: number, detail = 'chat'): Promise<ReachedConversation> {
  const [row] = await scope.db
    .select({
      conversation: chatConversations,
      isMember: sql<boolean>`${isMemberSql(scope, chatConversations.id)}`,
      asOffice: sql<boolean>`${asOfficeSql(scope)}`,
    })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), readableSql(scope)));
  if (!row) throw notFound('Conversation', conversationId);
  const reach: ChatReach = row.isMember ? 'member' : row.asOffice ? 'office' : 'supervisor';
  if (reach === 'supervisor') {
    await recordScopeAccess(scope, {
      action: 'record-read',
      recordType: 'chat-conversation',
      recordId: conversationId,
      clientId: row.conversation.clientId,
      detail,
    });
  }
  return { conversation: row.conversation, reach, isMember: row.isMember };
}

/**
 * The conversation `conversationId` as the caller may write in it (send, edit, delete, upload): a member, or staff
 * answering their branch's office -> {conversation, reach, isMember}.
 * @throws NOT_FOUND (404) out of reach (as conversationForRead); FORBIDDEN (403) "Your role may not send chat
 *   messages" without chatSendMessageEnabled, or "You may read this conversation but not write in it" for a supervisor
 *   who is not a member.
 */
export async function conversationForWrite(scope: Scope, conversationId: number, detail = 'chat'): Promise<ReachedConversation> {
  const reached = await conversationForRead(scope, conversationId, detail);
  if (reached.reach === 'supervisor') throw new AppError('FORBIDDEN', 'You may read this conversation but not write in it');
  if (!scope.chat.send) throw new AppError('FORBIDDEN', 'Your role may not send chat messages');
  return reached;
}

/**
 * Who is told of a change in a conversation (live events, fallback): its members' user ids, and for an `office`
 * conversation its branch (every staff user whose scope covers it) -> {userIds, branchIds}.
 * @param db the database or the request's transaction.
 */
export async function conversationAudience(db: Db, conversationId: number): Promise<{ userIds: number[]; branchIds: number[] }> {
  const members = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.conversationId, conversationId));
  const [conversation] = await db
    .select({ kind: chatConversations.kind, branchId: chatConversations.branchId })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  const branchIds = conversation?.kind === 'office' && conversation.branchId !== null ? [conversation.branchId] : [];
  return { userIds: members.map((m) => m.userId), branchIds };
}
