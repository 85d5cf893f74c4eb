import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Auth } from './auth';
import type { ScopeLevel } from './scope';
import { users, branchUsers } from '../features/users/users.schema';
import { roles } from '../features/roles/roles.schema';
import { AppError } from '../errors/app-error';

/** The signed-in user behind a request, with role and branch links resolved (impersonation applied). */
export interface Caller {
  /** The user who signed in; audited as the changer. */
  actorUserId: number;
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect;
  branchIds: number[];
  level: ScopeLevel;
  /** The impersonated user's id while impersonating, else null. */
  impersonatedUserId: number | null;
}

/** The scope level a role grants (spec section 3 "Role" level flags). */
export function levelOf(role: typeof roles.$inferSelect): ScopeLevel {
  if (role.hasSystemLevelAccess) return 'system';
  if (role.hasCompanyLevelAccess) return 'company';
  if (role.hasBranchLevelAccess) return 'branch';
  return 'none';
}

/** The user with their role and branch links, in one round trip (it runs on every request). */
async function loadUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: users,
      role: roles,
      branchIds: sql<number[]>`coalesce((select array_agg(${branchUsers.branchId} order by ${branchUsers.branchId})
        from ${branchUsers} where ${branchUsers.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row) return null;
  return { user: row.user, role: row.role, branchIds: row.branchIds.map(Number) };
}

/**
 * Resolves the caller of a request from its session (cookie or `Authorization: Bearer <token>`).
 * @returns the caller, or null when no valid session comes with the request.
 * @throws AppError UNAUTHORIZED when the user is deactivated.
 */
export async function resolveCaller(db: Db, auth: Auth, headers: Headers): Promise<Caller | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const actor = await loadUser(db, Number(session.user.id));
  if (!actor) return null;
  if (!actor.user.isActive) throw new AppError('UNAUTHORIZED', 'Your account is deactivated');
  const target = actor.user.impersonatedUserId ? await loadUser(db, actor.user.impersonatedUserId) : null;
  const effective = target ?? actor;
  return {
    actorUserId: actor.user.id,
    user: effective.user,
    role: effective.role,
    branchIds: effective.branchIds,
    level: levelOf(effective.role),
    impersonatedUserId: target ? target.user.id : null,
  };
}
