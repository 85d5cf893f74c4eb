import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  ChatContacts,
  ConversationDetail,
  ConversationIdInput,
  ConversationSummary,
  ListConversationsInput,
  StartConversationInput,
} from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { asSupervisorSql, conversationForRead, readableSql } from './chat.access';
import * as contacts from './chat.contacts';
import { chatConversations } from './chat.schema';
import { startConversation as start } from './chat.start';
import { detailOf, escapeLike, summarize } from './chat.summaries';

/*
 * The conversation services behind chat.listConversations, chat.getConversation, chat.startConversation and
 * chat.listContacts (issue 22 item 1). Reach rules: chat.access.ts; whom one may start with: chat.contacts.ts.
 */

/**
 * The caller's conversations {search?, clientId?, shiftId?, branchId?, unreadOnly, page, pageSize} -> page of
 * ConversationSummary, latest activity first (last message, else creation; UTC). By default: the ones they are a
 * member of, and for staff the office conversations of their branches. With `branchId` a supervisor
 * (chatReadBranchConversationsEnabled) lists every conversation of that branch in their scope (a branch out of scope
 * lists none); others get their own of that branch. Listing is not logged; opening one is (conversationForRead).
 * `search` matches a title, a member's name, the client's name or the branch's name (an office's title).
 */
export async function listConversations({
  scope,
  input,
}: {
  scope: Scope;
  input: ListConversationsInput;
}): Promise<Page<ConversationSummary>> {
  const conditions: SQL[] = [];
  if (input.branchId !== undefined) {
    conditions.push(eq(chatConversations.branchId, input.branchId));
    conditions.push(
      scope.chat.readBranch ? sql`(${readableSql(scope, false)} or ${asSupervisorSql(scope)})` : readableSql(scope, false),
    );
  } else {
    conditions.push(readableSql(scope, false));
  }
  if (input.clientId !== undefined) conditions.push(eq(chatConversations.clientId, input.clientId));
  if (input.shiftId !== undefined) conditions.push(eq(chatConversations.shiftId, input.shiftId));
  if (input.search) {
    const like = `%${escapeLike(input.search)}%`;
    conditions.push(
      or(
        ilike(chatConversations.title, like),
        sql`exists (select 1 from chat_members sm join users su on su.id = sm.user_id
          where sm.conversation_id = ${chatConversations.id} and su.name ilike ${like})`,
        sql`exists (select 1 from clients sc where sc.id = ${chatConversations.clientId}
          and (sc.first_name || ' ' || sc.last_name) ilike ${like})`,
        sql`(${chatConversations.kind} = 'office' and exists (select 1 from branches sb
          where sb.id = ${chatConversations.branchId} and sb.name ilike ${like}))`,
      ) as SQL,
    );
  }
  if (input.unreadOnly) {
    conditions.push(sql`exists (select 1 from chat_members um join chat_messages ux on ux.conversation_id = um.conversation_id
      and ux.id > coalesce(um.last_read_message_id, 0) and ux.sender_user_id <> um.user_id and ux.deleted_at is null
      where um.conversation_id = ${chatConversations.id} and um.user_id = ${scope.userId})`);
  }
  const where = and(...conditions);
  const [total] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(where);
  const rows = await scope.db
    .select({
      conversation: chatConversations,
      isMember: sql<boolean>`exists (select 1 from chat_members mm where mm.conversation_id = ${chatConversations.id}
        and mm.user_id = ${scope.userId})`,
    })
    .from(chatConversations)
    .where(where)
    .orderBy(desc(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt})`), desc(chatConversations.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const totalCount = Number(total?.n ?? 0);
  return {
    rows: await summarize(scope, rows),
    totalCount,
    page: input.page,
    pageSize: input.pageSize,
    totalPages: Math.ceil(totalCount / input.pageSize),
  };
}

/**
 * One conversation {conversationId} -> ConversationDetail (members with read positions, the caller's rights in it).
 * @throws NOT_FOUND (404) out of the caller's reach. A supervisor's read is logged (conversationForRead).
 */
export async function getConversation({
  scope,
  input,
}: {
  scope: Scope;
  input: ConversationIdInput;
}): Promise<ConversationDetail> {
  return detailOf(scope, await conversationForRead(scope, input.conversationId, 'chat.getConversation'));
}

/**
 * Starts a conversation, or finds the same one already started -> ConversationDetail (chat.start.ts has the rules).
 * @throws FORBIDDEN (403) "Your role may not start conversations" for direct and group without
 *   chatInitiateConversationEnabled; NOT_FOUND (404) for a person, office, client or visit out of reach; BAD_REQUEST
 *   (400) for a visit of another client.
 */
export async function startConversation({
  scope,
  input,
}: {
  scope: Scope;
  input: StartConversationInput;
}): Promise<ConversationDetail> {
  const id = await start(scope, input);
  return detailOf(scope, await conversationForRead(scope, id, 'chat.startConversation'));
}

/** The people and offices the caller may start a conversation with {search?} -> ChatContacts (chat.contacts.ts). */
export async function listContacts({ scope, input }: { scope: Scope; input: { search?: string } }): Promise<ChatContacts> {
  if (!scope.chat.enabled) throw new AppError('FORBIDDEN', 'Chat is not enabled for you');
  return contacts.listContacts({ scope, input });
}
