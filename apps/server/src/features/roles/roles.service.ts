import { asc, eq } from 'drizzle-orm';
import type { RoleOutput, UpdateRolePermissionsInput } from '@hearth/shared/roles/roles.schema';
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
  if (scope.level !== 'system') throw new AppError('FORBIDDEN', 'Only system-level roles may change roles');
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
