import { sql } from 'drizzle-orm';
import type { ChatUnreadCount } from '@hearth/shared/chat/chat.schema';
import type { Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { familyConversationSql, isFamilyScope } from './chat.family-reach';

/**
 * The spec's getChatUnreadCount (issue 22; the menu's and the bottom bar's badges) -> {count, conversations}: the
 * messages in the caller's conversations after their read position, neither their own nor deleted, and how many
 * conversations hold them. Counts memberships only: the branch's office staff are members of its office
 * conversations from their start (chat.start.ts), other staff in scope once they answer or read one.
 * One statement, sized for 2,000 conversations under 20 ms (issue 22 "Performance"): chat_members_user_idx
 * (user_id, conversation_id, last_read_message_id) gives the memberships with their positions, the conversation's
 * last_message_id skips every conversation with nothing new before any message is read, and
 * chat_messages_conversation_idx (conversation_id, id) reads only the unread messages of the rest.
 */
export async function getChatUnreadCount({ scope }: { scope: Scope }): Promise<ChatUnreadCount> {
  return unreadCountOf(scope.db, scope.userId, isFamilyScope(scope));
}

/**
 * getChatUnreadCount for user `userId` on `db` (also markRead's total).
 * @param family the user is a client or trusted contact: only the conversations they still reach count
 *   (chat.family-reach.ts), so a contact who lost the messages permission sees no badge for them.
 */
export async function unreadCountOf(db: Db, userId: number, family = false): Promise<ChatUnreadCount> {
  const [row] = rowsOf<{ count: number; conversations: number }>(
    await db.execute(sql`
    select count(*)::int as count, count(distinct x.conversation_id)::int as conversations
    from chat_members m
    join chat_conversations c on c.id = m.conversation_id and c.last_message_id > coalesce(m.last_read_message_id, 0)
    join chat_messages x on x.conversation_id = m.conversation_id and x.id > coalesce(m.last_read_message_id, 0)
      and x.sender_user_id <> m.user_id and x.deleted_at is null
    where m.user_id = ${userId} ${family ? sql`and ${familyConversationSql(userId, sql`m.conversation_id`)}` : sql``}`),
  );
  return { count: Number(row?.count ?? 0), conversations: Number(row?.conversations ?? 0) };
}
