/**
 * Who may manage whom (issue 28 "Who may manage whom"; HIPAA 45 CFR 164.308(a)(4) information access management
 * and 164.312(a) access control: access to health data is granted, changed and revoked only by someone entitled
 * to, and never widened by the person who holds it). Every change of a user's role, active flag, email, phone or
 * impersonation goes through these rules; decision record docs/decisions/0007-who-may-manage-whom.md.
 *
 * 1. Nobody changes their own role or active flag (their reach: no procedure edits a staff user's branch links).
 * 2. A caller grants only staff roles at or below their own level (branch < company < system), and manages (edits,
 *    deactivates, re-emails, impersonates) only users whose reach lies inside theirs: a branch-level caller only
 *    users of branch level or none linked to no branch outside the caller's; a company-level caller only users of
 *    their company below system level; a system-level caller anyone. Users outside the caller's scope stay 404.
 * 3. Client, caregiver and trusted contact logins are not staff users: updateUser refuses them (they are changed
 *    from the client's or caregiver's page), and no edit gives a staff user one of their roles.
 * 4. The last active system-level user is never demoted or deactivated (409). A system-level caller may grant
 *    Developer, so a wrongly demoted Developer can be restored; anyone else gets the spec's "Invalid role".
 * 5. Another user's email and phone number are changed only by a system-level caller: a login's address is where
 *    its password resets and sign-in links go, so changing it hands over the account. No confirmation step is
 *    built; other callers are refused with a message saying who can make the change.
 * 6. Every change is recorded by the audit triggers on `users` and `_BranchToUser` with the signed-in user as the
 *    changer (drizzle/0001_audit_triggers.sql), and shown by getUserHistory.
 */
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { UserManagement } from '@hearth/shared/users/users.schema';
import type { Scope, ScopeLevel } from '../../auth/scope';
import { levelOf } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { msg, translate, type ServerMessage, type ServerMessageKey } from '../../i18n/server-i18n';
import { languageOfUser } from '../../i18n/request-language';
import { roleName } from '../../i18n/record-names';
import { roles } from '../roles/roles.schema';
import { branches } from '../branches/branches.schema';
import { users, branchUsers } from './users.schema';

/** Roles that are not office staff: their logins get their own screens, not /admin/users. */
export const NON_STAFF_ROLE_IDS: readonly number[] = [ROLE_IDS.caregiver, ROLE_IDS.client, ROLE_IDS.trustedContact];

const LEVEL_RANK: Record<ScopeLevel, number> = { none: 0, branch: 1, company: 2, system: 3 };

type RoleRow = typeof roles.$inferSelect;

/** A user as these rules see them: role, level, company and branch links (with each branch's company). */
export interface ManagedUser {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  isActive: boolean;
  companyId: number | null;
  role: RoleRow;
  level: ScopeLevel;
  isStaff: boolean;
  links: { branchId: number; branchName: string; companyId: number }[];
}

/** Whether `userId` is the caller: the effective user or, while impersonating, the signed-in one. */
function isSelf(scope: Scope, userId: number): boolean {
  return userId === scope.userId || userId === scope.actorUserId;
}

/**
 * Loads a user for these rules. `userInScopeSql` is the scope condition on `users` (users.service userInScope),
 * passed in so this module stays free of the listing code.
 * @throws AppError NOT_FOUND when the user does not exist or is outside the scope.
 */
export async function loadManagedUser(scope: Scope, id: number, userInScopeSql: SQL): Promise<ManagedUser> {
  const [row] = await scope.db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), userInScopeSql));
  if (!row) throw new AppError('NOT_FOUND', `User ${id} not found`);
  const links = await scope.db
    .select({ branchId: branchUsers.branchId, branchName: branches.name, companyId: branches.companyId })
    .from(branchUsers)
    .innerJoin(branches, eq(branches.id, branchUsers.branchId))
    .where(eq(branchUsers.userId, id))
    .orderBy(branches.name);
  const u = row.user;
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim() || u.username,
    email: u.email,
    phoneNumber: u.phoneNumber,
    isActive: u.isActive,
    companyId: u.companyId,
    role: row.role,
    level: levelOf(row.role),
    isStaff: !NON_STAFF_ROLE_IDS.includes(row.role.id),
    links,
  };
}

/**
 * Why the caller's reach does not cover `target` (rule 2), or null when it does. Oneself is always inside.
 * @returns a `server` catalogue message (errors.users.reach*) naming the user and what lies outside the caller's
 *   reach, worded in its reader's language where it is read (a standard role's name too, through roleName).
 */
export function reachRefusal(scope: Scope, target: ManagedUser): ServerMessage | null {
  if (isSelf(scope, target.id)) return null;
  if (LEVEL_RANK[target.level] > LEVEL_RANK[scope.level]) {
    return msg('errors.users.reachFurther', { name: target.name, role: roleName(target.role) });
  }
  switch (scope.level) {
    case 'system':
      return null;
    case 'company': {
      const elsewhere = target.links.filter((l) => l.companyId !== scope.companyId);
      if ((target.companyId !== null && target.companyId !== scope.companyId) || elsewhere.length > 0) {
        return msg('errors.users.reachOtherCompany', { name: target.name });
      }
      return null;
    }
    case 'branch': {
      const outside = target.links.filter((l) => !scope.branchIds.includes(l.branchId));
      if (outside.length > 0) {
        const names = outside.map((l) => l.branchName).join(', ');
        return msg('errors.users.reachOtherBranches', { name: target.name, branches: names });
      }
      return null;
    }
    case 'none':
      return msg('errors.users.reachNone');
  }
}

/** What a caller may try on a user it must be able to manage, each with its refusal's catalogue message. */
const MANAGE_REFUSALS = {
  change: 'errors.users.mayNotChange',
  resetMfa: 'errors.users.mayNotReset',
  impersonate: 'errors.users.mayNotImpersonate',
} as const satisfies Record<string, ServerMessageKey>;

/**
 * Throws unless the caller may manage `target` (rule 2), e.g. before impersonating them.
 * @param doing what the caller tried, naming the message ("impersonate", "change", "resetMfa").
 * @throws AppError FORBIDDEN "You may not <doing> <name>: <reason>", in the reader's language.
 */
export function assertMayManage(scope: Scope, target: ManagedUser, doing: keyof typeof MANAGE_REFUSALS): void {
  const refusal = reachRefusal(scope, target);
  if (refusal) throw new AppError('FORBIDDEN', msg(MANAGE_REFUSALS[doing], { name: target.name, reason: refusal }));
}

/** The staff roles a caller of `level` may grant (rule 2): those at or below it. */
function grantableRoles(allRoles: RoleRow[], level: ScopeLevel): RoleRow[] {
  return allRoles.filter((r) => !NON_STAFF_ROLE_IDS.includes(r.id) && LEVEL_RANK[levelOf(r)] <= LEVEL_RANK[level]);
}

/**
 * What the caller may do to `target` (rules 1, 2, 3 and 5), for the edit form. `refusal` is worded in the caller's
 * language setting (languageOfUser: English when unset), as the form shows it above the fields.
 */
export async function managementOf(scope: Scope, target: ManagedUser): Promise<UserManagement> {
  const refusal = target.isStaff
    ? reachRefusal(scope, target)
    : msg('errors.users.otherLogin', { name: target.name, role: roleName(target.role) });
  const self = isSelf(scope, target.id);
  const mayChangeAccess = refusal === null && !self;
  const allRoles = mayChangeAccess ? await scope.db.select().from(roles).orderBy(roles.id) : [];
  return {
    refusal: refusal && translate(refusal, await languageOfUser(scope.db, scope.userId)),
    mayChangeAccess,
    mayChangeContact: refusal === null && (self || scope.level === 'system'),
    grantableRoleIds: grantableRoles(allRoles, scope.level).map((r) => r.id),
  };
}

/** The access and contact fields of a user edit, as they will be stored. */
export interface UserEditChange {
  /** The role to give, or undefined to keep the current one. */
  roleId: number | undefined;
  isActive: boolean;
  email: string;
  phoneNumber: string | null;
}

const invalidRole = () => new AppError('BAD_REQUEST', 'v2RoleId: Invalid role', { v2RoleId: ['Invalid role'] });

/**
 * Checks a user edit against every rule above, in order: not a staff user (403), outside the caller's reach (403),
 * a role that does not exist, is not a staff role, or is Developer from a caller below system level (400 "Invalid
 * role", spec section 5), a role above the caller's level (403), the last active system-level user demoted or
 * deactivated (409), one's own role or active flag (403), another user's email or phone by a caller below system
 * level (403). Takes a transaction-scoped lock before counting system-level users, so two system users demoting
 * each other at once cannot both succeed.
 * @throws AppError as listed; nothing when the edit is allowed.
 */
export async function assertUserEditAllowed(scope: Scope, target: ManagedUser, change: UserEditChange): Promise<void> {
  if (!target.isStaff) {
    throw new AppError('FORBIDDEN', msg('errors.users.otherLogin', { name: target.name, role: roleName(target.role) }));
  }
  assertMayManage(scope, target, 'change');

  let newRole = target.role;
  if (change.roleId !== undefined && change.roleId !== target.role.id) {
    const [role] = await scope.db.select().from(roles).where(eq(roles.id, change.roleId));
    if (!role || NON_STAFF_ROLE_IDS.includes(role.id)) throw invalidRole();
    const level = levelOf(role);
    // Spec section 5 keeps Developer out of the picker; only a system-level caller may give it (rule 4).
    if (level === 'system' && scope.level !== 'system') throw invalidRole();
    if (LEVEL_RANK[level] > LEVEL_RANK[scope.level]) {
      throw new AppError('FORBIDDEN', msg('errors.users.mayNotGrantRole', { role: roleName(role) }));
    }
    newRole = role;
  }

  const losesSystemAccess = target.level === 'system' && target.isActive && (levelOf(newRole) !== 'system' || !change.isActive);
  if (losesSystemAccess) await assertAnotherSystemUser(scope, target);

  if (isSelf(scope, target.id)) {
    if (newRole.id !== target.role.id) throw new AppError('FORBIDDEN', 'You cannot change your own role');
    if (change.isActive !== target.isActive) throw new AppError('FORBIDDEN', 'You cannot deactivate or reactivate yourself');
    return;
  }

  if (scope.level !== 'system') {
    const message = `Only a system-level administrator may change ${target.name}'s email or phone number; ${target.name} can change their own`;
    if (change.email.toLowerCase() !== target.email.toLowerCase()) {
      throw new AppError('FORBIDDEN', message, { email: ['Only a system-level administrator may change this'] });
    }
    if ((change.phoneNumber ?? null) !== (target.phoneNumber ?? null)) {
      throw new AppError('FORBIDDEN', message, { phoneNumber: ['Only a system-level administrator may change this'] });
    }
  }
}

/**
 * Rule 4: refuses to demote or deactivate `target` when no other active system-level user would remain. Waits for
 * any other such check in flight (an advisory lock held until the transaction ends), so the count it makes sees
 * what that one committed.
 * @throws AppError CONFLICT naming the user.
 */
async function assertAnotherSystemUser(scope: Scope, target: ManagedUser): Promise<void> {
  await scope.db.execute(sql`select pg_advisory_xact_lock(hashtext('hearth:system-level-users'))`);
  const [others] = await scope.db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.hasSystemLevelAccess, true), eq(users.isActive, true), ne(users.id, target.id)));
  if ((others?.n ?? 0) === 0) {
    throw new AppError(
      'CONFLICT',
      `${target.name} is the last active system-level user and cannot be demoted or deactivated; give another user the Developer role first`,
    );
  }
}
