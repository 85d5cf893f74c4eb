import { sql, type SQL } from 'drizzle-orm';
import type { ChatContacts } from '@hearth/shared/chat/chat.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { familyRoleSql, isFamilyScope } from './chat.family-reach';
import { escapeLike } from './chat.summaries';

/*
 * Whom the caller may start a conversation with (issue 22 item 1; docs/architecture.md "Chat"):
 * - staff reach chat-enabled users linked to a branch in their scope, and caregivers whose caregiver record's branch
 *   is in their scope;
 * - a caregiver reaches no one this way unless their role has chatInitiateConversationEnabled, and then only the staff
 *   of their own branches (their caregiver records' branches);
 * - offices: staff write to the office of any branch in their scope, a caregiver to the office of their own branches,
 *   neither needing chatInitiateConversationEnabled.
 * A user reached must be active with chat enabled on their role and their user, and no client or trusted contact:
 * they write only to the office of their client's branch, from the client app (chat.family.ts), and no one starts
 * another conversation with them; they themselves reach no person and no office here.
 */

/** SQL: the branches of the caller's caregiver records (a caregiver's own branches). */
export function callerCaregiverBranchesSql(scope: Pick<Scope, 'userId'>): SQL {
  return sql`(select cg.branch_id from caregivers cg where cg.user_id = ${scope.userId})`;
}

/** SQL over users `u` (joined to roles `r`): `u` is someone the caller may start a direct or group conversation with. */
export function reachableUserSql(scope: Scope): SQL {
  if (isFamilyScope(scope)) return sql`false`;
  const chatUser = sql`u.id <> ${scope.userId} and u.is_active and u.chat_enabled and r.chat_enabled
    and not ${familyRoleSql(sql`u.role_id`)}`;
  if (scope.level === 'none') {
    return sql`(${chatUser} and exists (select 1 from "_BranchToUser" bu where bu."B" = u.id
      and bu."A" in ${callerCaregiverBranchesSql(scope)}))`;
  }
  return sql`(${chatUser} and (
    exists (select 1 from "_BranchToUser" bu where bu."B" = u.id and ${inBranchScope(scope, sql`bu."A"`)})
    or exists (select 1 from caregivers cg where cg.user_id = u.id and ${inBranchScope(scope, sql`cg.branch_id`)})))`;
}

/** SQL over branches `b`: the caller may write to the office of `b` (a client or contact: none here, see above). */
export function officeBranchSql(scope: Scope): SQL {
  if (isFamilyScope(scope)) return sql`false`;
  if (scope.level === 'none') return sql`b.id in ${callerCaregiverBranchesSql(scope)}`;
  return inBranchScope(scope, sql`b.id`);
}

/**
 * The ids among `userIds` the caller may not reach (empty when all are reachable).
 */
export async function unreachableUsers(scope: Scope, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const found = rowsOf<{ id: number }>(
    await scope.db.execute(sql`select u.id from users u join roles r on r.id = u.role_id
      where u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${reachableUserSql(scope)}`),
  ).map((row) => row.id);
  return userIds.filter((id) => !found.includes(id));
}

/**
 * The office of branch `branchId` as members of its new office conversations (issue 22 item 1): the active users
 * with chat (on their role and their user) linked to the branch whose role works at branch level; a branch with none
 * falls back to its company's company-level users with chat, so a caregiver's message always reaches someone. The
 * same people as the branch's office alerts (notifications office-recipients.ts), narrowed to those with chat.
 * @returns user ids, ascending (possibly empty: nobody in the office has chat).
 */
export async function officeChatUserIds(db: Db, branchId: number): Promise<number[]> {
  const withChat = sql`u.is_active and u.chat_enabled and r.chat_enabled`;
  const linked = rowsOf<{ id: number }>(
    await db.execute(sql`select u.id from "_BranchToUser" bu join users u on u.id = bu."B" join roles r on r.id = u.role_id
      where bu."A" = ${branchId} and ${withChat} and r.has_branch_level_access order by u.id`),
  );
  if (linked.length > 0) return linked.map((row) => row.id);
  const admins = rowsOf<{ id: number }>(
    await db.execute(sql`select u.id from branches b join users u on u.company_id = b.company_id
      join roles r on r.id = u.role_id
      where b.id = ${branchId} and ${withChat} and r.has_company_level_access and not r.has_system_level_access
      order by u.id`),
  );
  return admins.map((row) => row.id);
}

/** The most people one contacts answer lists (the search narrows a larger agency). */
const CONTACTS_LIMIT = 200;

/**
 * chat.listContacts: people the caller may start a conversation with (only with chatInitiateConversationEnabled)
 * and offices they may write to, by name, narrowed by `search` (a part of the name) -> {people, offices}; at most
 * 200 people.
 */
export async function listContacts({ scope, input }: { scope: Scope; input: { search?: string } }): Promise<ChatContacts> {
  const like = input.search ? `%${escapeLike(input.search)}%` : null;
  const people = scope.chat.initiate
    ? rowsOf<{ user_id: number; name: string; role_name: string }>(
        await scope.db.execute(sql`select u.id as user_id, u.name, r.name as role_name
          from users u join roles r on r.id = u.role_id
          where ${reachableUserSql(scope)} ${like ? sql`and u.name ilike ${like}` : sql``}
          order by u.name, u.id limit ${CONTACTS_LIMIT}`),
      ).map((row) => ({ userId: row.user_id, name: row.name, roleName: row.role_name }))
    : [];
  const offices = rowsOf<{ id: number; name: string }>(
    await scope.db.execute(sql`select b.id, b.name from branches b
      where ${officeBranchSql(scope)} ${like ? sql`and b.name ilike ${like}` : sql``}
      order by b.name, b.id`),
  ).map((row) => ({ branchId: row.id, name: row.name }));
  return { people, offices };
}
