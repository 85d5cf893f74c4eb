import { recordAccess, recordScopeAccess } from '../access-log/access-log.record';
import { and, asc, count, desc, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  GetUsersInput,
  UpdateUserInput,
  UserDetail,
  UserHistoryEntry,
  UserHistoryQuery,
  UserListRow,
} from '@hearth/shared/users/users.schema';
import type { OkOutput, Page } from '@hearth/shared/app/outputs.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { users, branchUsers } from './users.schema';
import { roles } from '../roles/roles.schema';
import { branches } from '../branches/branches.schema';
import { auditLog } from '../audit/audit.schema';
import { isMaskedSsn, maskSsn } from './users.output';
import { toAuditRowKeys } from '../audit/audit.rows';
import { isUniqueViolation } from '../../db/errors';

import { NON_STAFF_ROLE_IDS, assertMayManage, assertUserEditAllowed, loadManagedUser, managementOf } from './users.management';

/** The staff list row and the edit form's user: declared as the procedures' outputs in shared. */
export type { UserDetail, UserListRow };

/**
 * The users a scope may see, as a `where` condition: all (system), the company's (company), or those linked to
 * one of the scope's branches (branch).
 */
export function userInScope(scope: Scope): SQL {
  const linked = sql`exists (select 1 from "_BranchToUser" bu where bu."B" = ${users.id} and ${inBranchScope(scope, sql`bu."A"`)})`;
  if (scope.level === 'company' && scope.companyId !== null) return or(eq(users.companyId, scope.companyId), linked)!;
  if (scope.level === 'system') return sql`true`;
  return linked;
}

/**
 * Lists the staff users in scope, sorted by last then first name, searched by name, username or email.
 * @returns a page: rows, totalCount, page, pageSize, totalPages.
 */
export async function getUsers({ scope, input }: { scope: Scope; input: GetUsersInput }): Promise<Page<UserListRow>> {
  const term = input.search ? `%${input.search}%` : null;
  const where = and(
    userInScope(scope),
    notInArray(users.roleId, [...NON_STAFF_ROLE_IDS]),
    term
      ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.username, term), ilike(users.email, term))
      : undefined,
  );
  const [total] = await scope.db.select({ n: count() }).from(users).where(where);
  const rows = await scope.db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      isActive: users.isActive,
      roleId: users.roleId,
      roleName: roles.name,
      branchNames: sql<
        string[]
      >`coalesce((select array_agg(b.name order by b.name) from "_BranchToUser" bu join branches b on b.id = bu."A" where bu."B" = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const totalCount = total?.n ?? 0;
  return { rows, totalCount, page: input.page, pageSize: input.pageSize, totalPages: Math.ceil(totalCount / input.pageSize) };
}

/**
 * One user in scope, with what the caller may change of them (issue 28 "Who may manage whom").
 * @throws AppError NOT_FOUND when the user does not exist or is outside the scope.
 */
export async function getUser({ scope, input }: { scope: Scope; input: { id: number } }): Promise<UserDetail> {
  const detail = await readUser({ scope, input });
  const target = await loadManagedUser(scope, input.id, userInScope(scope));
  return { ...detail, management: await managementOf(scope, target) };
}

/** One user in scope, without the caller's management rights. */
async function readUser({ scope, input }: { scope: Scope; input: { id: number } }): Promise<Omit<UserDetail, 'management'>> {
  const [row] = await scope.db
    .select({ user: users, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, input.id), userInScope(scope)));
  if (!row) throw notFound('User', input.id);
  const links = await scope.db
    .select({ branchId: branchUsers.branchId })
    .from(branchUsers)
    .where(eq(branchUsers.userId, input.id));
  const u = row.user;
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    isActive: u.isActive,
    timezone: u.timezone,
    ssn: maskSsn(u.ssn),
    adpFileNumber: u.adpFileNumber,
    v2RoleId: u.v2RoleId,
    chatEnabled: u.chatEnabled,
    roleId: u.roleId,
    roleName: row.roleName,
    branchIds: links.map((l) => l.branchId),
  };
}

/**
 * Edits a staff user (spec section 3 "User edit payload", rules of section 5, issue 28 "Who may manage whom").
 * v2RoleId, when given, becomes the user's role. The rules of users.management.ts apply: nobody changes their own
 * role or active flag; a caller grants roles at or below their level and changes only users inside their reach;
 * client, caregiver and trusted contact logins are not edited here; the last active system-level user stays;
 * another user's email and phone are changed only by a system-level caller. A masked SSN sent back unchanged keeps
 * the stored one. The audit triggers record the change with the signed-in user as the changer.
 * @returns the saved user as getUser answers it.
 * @throws AppError NOT_FOUND outside scope, BAD_REQUEST "v2RoleId: Invalid role", FORBIDDEN when a rule refuses,
 * CONFLICT for the last system-level user or when the email belongs to another user.
 */
export async function updateUser({ scope, input }: { scope: Scope; input: UpdateUserInput }): Promise<UserDetail> {
  const target = await loadManagedUser(scope, input.id, userInScope(scope));
  const email = input.email.toLowerCase();
  const phoneNumber = input.phoneNumber || null;
  const roleId = input.v2RoleId === null || input.v2RoleId === undefined ? undefined : input.v2RoleId;
  await assertUserEditAllowed(scope, target, { roleId, isActive: input.isActive, email, phoneNumber });
  const ssn = input.ssn && isMaskedSsn(input.ssn) ? undefined : input.ssn || null;
  try {
    await scope.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        name: `${input.firstName} ${input.lastName}`,
        email,
        phoneNumber,
        isActive: input.isActive,
        ...(input.timezone === undefined ? {} : { timezone: input.timezone }),
        ...(ssn === undefined ? {} : { ssn }),
        adpFileNumber: input.adpFileNumber || null,
        ...(input.chatEnabled === undefined ? {} : { chatEnabled: input.chatEnabled }),
        ...(input.v2RoleId === undefined ? {} : { v2RoleId: input.v2RoleId }),
        ...(roleId === undefined ? {} : { roleId }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, input.id));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'Another user already has this email', { email: ['Email already in use'] });
    throw error;
  }
  return getUser({ scope, input: { id: input.id } });
}

/** Keys of a users row that never leave in history; the SSN leaves masked. */
const HIDDEN_USER_KEYS = new Set(['pushNotificationDeviceToken', 'snsPlatformEndpointArn', 'chatId']);

function presentRow(tableName: string, row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!row || tableName !== 'users') return row;
  const out = toAuditRowKeys(users, row);
  for (const key of HIDDEN_USER_KEYS) delete out[key];
  if ('ssn' in out) out.ssn = maskSsn(out.ssn as string | null);
  return out;
}

/**
 * A user's history (spec section 3 "User history entry"): changes to the users row and to the user's branch
 * links, newest first, with the changer's name and the branch name.
 * @returns {history, totalCount, page, pageSize, totalPages}
 * @throws AppError NOT_FOUND when the user is outside the scope.
 */
export async function getUserHistory({ scope, input }: { scope: Scope; input: UserHistoryQuery }) {
  await readUser({ scope, input: { id: input.userId } });
  const where = or(
    and(eq(auditLog.tableName, 'users'), eq(auditLog.rowId, input.userId)),
    and(eq(auditLog.tableName, '_BranchToUser'), eq(auditLog.userId, input.userId)),
  );
  const [total] = await scope.db.select({ n: count() }).from(auditLog).where(where);
  const rows = await scope.db
    .select({
      createdAt: auditLog.createdAt,
      operation: auditLog.operation,
      tableName: auditLog.tableName,
      oldRow: auditLog.oldRow,
      newRow: auditLog.newRow,
      branchName: branches.name,
      changerName: users.name,
    })
    .from(auditLog)
    .leftJoin(branches, eq(branches.id, auditLog.branchId))
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const totalCount = total?.n ?? 0;
  const history: (UserHistoryEntry & { totalCount: number })[] = rows.map((r) => ({
    createdAt: r.createdAt.toISOString(),
    operation: r.operation,
    tableName: r.tableName,
    branchName: r.branchName,
    changerName: r.changerName,
    oldRow: presentRow(r.tableName, r.oldRow),
    newRow: presentRow(r.tableName, r.newRow),
    totalCount,
  }));
  return { history, totalCount, page: input.page, pageSize: input.pageSize, totalPages: Math.ceil(totalCount / input.pageSize) };
}

/**
 * Starts impersonating another user in scope: until stopped, the caller acts as that user (audited as
 * themselves). Only a caller whose reach covers the target's may impersonate it (users.management.ts rule 2:
 * a role at or below the caller's level, linked to no branch or company outside the caller's).
 * @throws AppError NOT_FOUND outside scope, BAD_REQUEST for oneself, FORBIDDEN outside the caller's reach.
 */
export async function startImpersonatingUser({ scope, input }: { scope: Scope; input: { userId: number } }): Promise<OkOutput> {
  if (input.userId === scope.actorUserId) throw new AppError('BAD_REQUEST', 'You cannot impersonate yourself');
  const target = await loadManagedUser(scope, input.userId, userInScope(scope));
  assertMayManage(scope, target, 'impersonate');
  await scope.db.update(users).set({ impersonatedUserId: input.userId }).where(eq(users.id, scope.actorUserId));
  await recordAccess(scope.db, {
    action: 'impersonation-start',
    userId: scope.actorUserId,
    impersonatedUserId: input.userId,
    companyId: target.companyId ?? scope.companyId,
  });
  return { ok: true };
}

/** Stops impersonating (spec: users.stopImpersonatingUser); harmless when not impersonating. */
export async function stopImpersonatingUser({ scope }: { scope: Scope }): Promise<OkOutput> {
  await scope.db.update(users).set({ impersonatedUserId: null }).where(eq(users.id, scope.actorUserId));
  if (scope.userId !== scope.actorUserId) await recordScopeAccess(scope, { action: 'impersonation-stop' });
  return { ok: true };
}
