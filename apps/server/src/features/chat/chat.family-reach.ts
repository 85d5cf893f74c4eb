import { CLIENT_APP_STATUSES } from '@hearth/shared/clients/clients.constants';
import { sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Scope } from '../../auth/scope';
import { chatConversations } from './chat.schema';

/*
 * Chat for clients and their trusted contacts (issue "client and family app" item 4; docs/architecture.md "Chat" and
 * "The client app"). A client or contact has one conversation per client with the office of that client's branch:
 * an `office` conversation about the client, started by them (startFamilyConversation). They reach nothing else in
 * chat: no other conversation, even one they were made a member of, no person and no office to start with
 * (chat.access.ts readableSql, chat.contacts.ts). Each read checks that they still reach the client with the
 * messages permission, so a contact whose portal access or messages permission the office took away, or whose
 * client was discharged, is refused the conversation at once (404), and is texted or emailed nothing more from it.
 */

/** The roles of clients and trusted contacts (spec section 6: confined to the client app). */
export const FAMILY_ROLE_IDS: readonly number[] = [ROLE_IDS.client, ROLE_IDS.trustedContact];

/** Whether the caller is a client or a trusted contact (their role), whose chat is confined as above. */
export function isFamilyScope(scope: Pick<Scope, 'roleId'>): boolean {
  return FAMILY_ROLE_IDS.includes(scope.roleId);
}

/** SQL: a role id expression is a client's or trusted contact's role. */
export function familyRoleSql(roleId: SQL): SQL {
  return sql`${roleId} in (${sql.join(
    FAMILY_ROLE_IDS.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * SQL: the user `userId` reaches the client `clientId` with the messages permission in the client app. The same
 * rule as client-app.access.ts callerClients (the client app's one gate), in SQL so it can sit in a `where`: the
 * client is active or on hold, and is the user's own client record (every permission) or has a contact record
 * linked to the user with portal access and portal_messages.
 */
export function familyMessagesReachSql(userId: SQL | number, clientId: SQL): SQL {
  return sql`exists (select 1 from clients fc where fc.id = ${clientId} and fc.status in (${sql.join(
    CLIENT_APP_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})
    and (fc.user_id = ${userId} or exists (select 1 from client_contacts fcc where fcc.client_id = fc.id
      and fcc.user_id = ${userId} and fcc.has_portal_access and fcc.portal_messages)))`;
}

/**
 * SQL: the conversation `conversationId` (a chat_conversations id column or expression) is one the client or contact
 * `userId` may read and write in (besides being a member): their own `office` conversation about a client they still
 * reach with the messages permission.
 */
export function familyConversationSql(userId: SQL | number, conversationId: SQL | typeof chatConversations.id): SQL {
  return sql`exists (select 1 from chat_conversations fcv where fcv.id = ${conversationId} and fcv.kind = 'office'
    and fcv.created_by_user_id = ${userId} and fcv.client_id is not null
    and ${familyMessagesReachSql(userId, sql`fcv.client_id`)})`;
}
