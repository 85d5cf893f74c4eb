import { asc, eq } from 'drizzle-orm';
import type { RoleOutput, UpdateRoleChatFlagsInput, UpdateRolePermissionsInput } from '@hearth/shared/roles/roles.schema';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { roles } from './roles.schema';

/** Every role with its flags and permission sets (spec section 3 "Role"), by id. */
export async function getRoles({ scope }: { scope: Scope }): Promise<RoleOutput[]> {
  return scope.db.select().from(roles).orderBy(asc(roles.id));
}

/** Which permission set an update replaces. */
export type PermissionSet = 'actionPermissions' | 'tablePermissions' | 'viewPermissions';

/**
 * Replaces one permission set of a role (spec section 6: three update calls). Only system-level roles may change
 * roles; the change is audited by the roles trigger. Names outside `allowed` are refused.
 * @throws AppError FORBIDDEN without system-level access, NOT_FOUND for an unknown role, BAD_REQUEST naming
 * unknown permissions.
 */
export async function updateRolePermissions({
  scope,
  input,
  set,
  allowed,
}: {
  scope: Scope;
  input: UpdateRolePermissionsInput;
  set: PermissionSet;
  allowed: readonly string[];
}): Promise<RoleOutput> {
  assertMayChangeRoles(scope);
  const unknown = input.permissions.filter((p) => !allowed.includes(p));
  if (unknown.length) throw new AppError('BAD_REQUEST', `Unknown permissions: ${unknown.join(', ')}`);
  const permissions = [...new Set(input.permissions)].sort();
  const [row] = await scope.db
    .update(roles)
    .set({ [set]: permissions })
    .where(eq(roles.id, input.roleId))
    .returning();
  if (!row) throw notFound('Role', input.roleId);
  return row;
}

/**
 * Sets all nine chat flags of a role {roleId, chatEnabled, ..., chatReadBranchConversationsEnabled} -> RoleOutput
 * (spec section 3 "Role"; issue 22). The same rule as the three permission updates: only system-level roles change
 * roles, since a role is shared by every company and a company admin who changed it would change their own reach
 * (docs/decisions/0007-who-may-manage-whom.md). Audited by the roles trigger with the signed-in user as the changer.
 * Users' chat rights are read from the role at each request (chatRightsOf), so the change applies at their next one.
 * @throws AppError FORBIDDEN without system-level access, NOT_FOUND for an unknown role.
 */
export async function updateRoleChatFlags({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateRoleChatFlagsInput;
}): Promise<RoleOutput> {
  assertMayChangeRoles(scope);
  const { roleId, ...flags } = input;
  const [row] = await scope.db.update(roles).set(flags).where(eq(roles.id, roleId)).returning();
  if (!row) throw notFound('Role', roleId);
  return row;
}

/** Refuses a caller below system level: roles are shared by every company (decision 0007). */
function assertMayChangeRoles(scope: Scope): void {
  if (scope.level !== 'system') throw new AppError('FORBIDDEN', 'Only system-level roles may change roles');
}
