import { sql } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import { rowsOf } from '../../db/rows';
import { officeChatUserIds } from './chat.contacts';
import { publishConversationEvent } from './chat.messages';
import { chatConversations, chatMembers } from './chat.schema';

/*
 * Starting a client's or trusted contact's conversation with the office (issue "client and family app" item 4);
 * what they may reach in chat is chat.family-reach.ts.
 */

/** The client a family conversation is about, as the client app reached it (client-app.access.ts reachClient). */
export interface FamilyClient {
  clientId: number;
  branchId: number;
  companyId: number;
}

/**
 * The caller's conversation with the office of the client's branch about the client: the existing one, else a new
 * `office` conversation whose members are the caller and the branch's office staff with chat (officeChatUserIds),
 * announced by a live 'chat' event. One per caller, client and branch: concurrent starts wait on one transaction
 * lock, so a double tap makes one conversation. The caller must have been reached with the messages permission
 * first (the client app's clientAppStartConversation does it).
 * @returns the conversation id.
 */
export async function startFamilyConversation(scope: Scope, client: FamilyClient): Promise<number> {
  const key = `chat-family:${scope.userId}:${client.clientId}:${client.branchId}`;
  await scope.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [existing] = rowsOf<{ id: number }>(
    await scope.db.execute(sql`select c.id from chat_conversations c where c.kind = 'office'
      and c.created_by_user_id = ${scope.userId} and c.client_id = ${client.clientId} and c.shift_id is null
      and c.branch_id = ${client.branchId} order by c.id limit 1`),
  );
  if (existing) return existing.id;
  const [created] = await scope.db
    .insert(chatConversations)
    .values({
      companyId: client.companyId,
      kind: 'office',
      branchId: client.branchId,
      clientId: client.clientId,
      createdByUserId: scope.userId,
    })
    .returning({ id: chatConversations.id });
  if (!created) throw new Error('conversation insert returned nothing');
  const members = [...new Set([scope.userId, ...(await officeChatUserIds(scope.db, client.branchId))])];
  await scope.db.insert(chatMembers).values(members.map((userId) => ({ conversationId: created.id, userId })));
  await publishConversationEvent(scope.db, created.id);
  return created.id;
}
