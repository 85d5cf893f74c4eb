import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Auth } from './auth';
import type { ScopeLevel } from './scope';
import { users, branchUsers, sessions } from '../features/users/users.schema';
import { roles } from '../features/roles/roles.schema';
import { AppError } from '../errors/app-error';
import { CallerCache, credentialKey } from './caller-cache';
import { SESSION } from '@hearth/shared/app/app.constants';
import {
  endSession,
  sessionActivityColumns,
  touchSession,
  type ActiveSession,
  type SessionActivityState,
} from './session-activity';

/**
 * When a session stops working, in epoch milliseconds: its stored expiry or SESSION.maxSignInAgeMs (12 hours) after
 * its creation, whichever comes first. The maximum sign-in age is absolute from sign-in (spec section 9), so a
 * session whose expiry was moved forward (by an older server that slid it on use, or any other writer) still ends
 * 12 hours after it began.
 */
export function sessionEndsAt(session: { createdAt: Date | string; expiresAt: Date | string }): number {
  return Math.min(new Date(session.expiresAt).getTime(), new Date(session.createdAt).getTime() + SESSION.maxSignInAgeMs);
}

/** The maximum sign-in age as a PostgreSQL interval literal (a constant, so the prepared statement stays fixed). */
const MAX_SIGN_IN_AGE = sql.raw(`interval '${SESSION.maxSignInAgeMs / 1000} seconds'`);

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

const branchIdsOfUser = sql<number[]>`coalesce((select array_agg(${branchUsers.branchId} order by ${branchUsers.branchId})
  from ${branchUsers} where ${branchUsers.userId} = ${users.id}), '{}')`;

/**
 * The version of everything a caller is built from, for a query over `users` joined to its `roles`: the xmin (the
 * id of the transaction that wrote the row version) of the user's row (active flag, role, impersonation, names), of
 * the role's row (levels, permission sets) and of each branch link. Every UPDATE, INSERT or DELETE of one of them,
 * by any code path or server process, changes it; comparing it costs no hashing of the rows.
 */
const callerVersion = sql<string>`concat_ws(';', ${users}.xmin, ${roles}.xmin, coalesce((select
  string_agg(${branchUsers.id} || '@' || ${branchUsers}.xmin, ',' order by ${branchUsers.id})
  from ${branchUsers} where ${branchUsers.userId} = ${users.id}), ''))`;

/** The user with their role, branch links and version, in one round trip. */
async function loadUser(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, role: roles, branchIds: branchIdsOfUser, version: callerVersion })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row) return null;
  return { user: row.user, role: row.role, branchIds: row.branchIds.map(Number), version: row.version };
}

/** A resolved caller as cached: what it was built from, to check it is still current. */
interface ResolvedCaller {
  caller: Caller;
  sessionId: number;
  sessionExpiresAt: number;
  /** The session as the inactivity check needs it (session-activity.ts). */
  session: ActiveSession;
  actorVersion: string;
  /** The impersonated user's version while impersonating, else null. */
  targetVersion: string | null;
}

/**
 * The check of a cached caller, one prepared statement per database (planned once per connection): the versions
 * of the signed-in and the impersonated user, each with whether the session is still there, still the signed-in
 * user's and unexpired, and what the inactivity rule reads (the session's last activity and the user's company's
 * security settings, touchSession), so a request with a cached caller makes one round trip before its own work.
 */
function prepareCurrentCheck(db: Db) {
  return db
    .select({
      userId: users.id,
      version: callerVersion,
      sessionValid: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.id} = ${sql.placeholder('sessionId')}
        and ${sessions.userId} = ${sql.placeholder('actorId')} and ${sessions.expiresAt} > now()
        and ${sessions.createdAt} > now() - ${MAX_SIGN_IN_AGE})`,
      ...sessionActivityColumns(sql.placeholder('sessionId'), users.companyId),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`${users.id} in (${sql.placeholder('actorId')}, ${sql.placeholder('targetId')})`)
    .prepare('caller_is_current');
}

const currentChecks = new WeakMap<Db, ReturnType<typeof prepareCurrentCheck>>();

/**
 * Whether a cached caller still holds, checked in one round trip: its session still exists, belongs to the same
 * user, is unexpired and younger than the maximum sign-in age, and the versions of the signed-in user and of the
 * impersonated one are unchanged.
 * @returns the session's activity state for touchSession when the caller holds, else null.
 */
async function currentActivity(db: Db, cached: ResolvedCaller): Promise<SessionActivityState | null> {
  let check = currentChecks.get(db);
  if (!check) currentChecks.set(db, (check = prepareCurrentCheck(db)));
  const { actorUserId, impersonatedUserId } = cached.caller;
  const rows = await check.execute({ sessionId: cached.sessionId, actorId: actorUserId, targetId: impersonatedUserId });
  const actor = rows.find((r) => r.userId === actorUserId);
  const target = impersonatedUserId === null ? null : rows.find((r) => r.userId === impersonatedUserId);
  const holds =
    !!actor &&
    actor.sessionValid &&
    actor.version === cached.actorVersion &&
    (impersonatedUserId === null || target?.version === cached.targetVersion);
  return holds ? { last: actor.last, settings: actor.settings } : null;
}

/** One cache per better-auth instance (one per app and database), so two apps in one process never share callers. */
const caches = new WeakMap<Auth, CallerCache<ResolvedCaller>>();

function cacheOf(auth: Auth): CallerCache<ResolvedCaller> {
  let cache = caches.get(auth);
  if (!cache) caches.set(auth, (cache = new CallerCache<ResolvedCaller>()));
  return cache;
}

/**
 * Freezes a caller and what it holds: one cached caller serves many requests at once, so a change made by one of
 * them must fail loudly rather than leak into the others.
 */
function frozen(caller: Caller): Caller {
  const { role } = caller;
  for (const list of [role.actionPermissions, role.tablePermissions, role.viewPermissions]) Object.freeze(list);
  Object.freeze(role);
  Object.freeze(caller.user);
  Object.freeze(caller.branchIds);
  return Object.freeze(caller);
}

/**
 * The caller user `userId` is now: their role and branch links, or the impersonated user's while they impersonate
 * someone, with the versions a cached caller is checked against. Also the base of work done on a user's behalf
 * without a request (caller-of-user.ts).
 * @returns the caller with the signed-in user's row (`actor`, for the deactivation check), or null for no such user.
 */
export async function loadCallerOfUser(db: Db, userId: number) {
  const actor = await loadUser(db, userId);
  if (!actor) return null;
  const target = actor.user.impersonatedUserId ? await loadUser(db, actor.user.impersonatedUserId) : null;
  const effective = target ?? actor;
  return {
    actor: actor.user,
    caller: frozen({
      actorUserId: actor.user.id,
      user: effective.user,
      role: effective.role,
      branchIds: effective.branchIds,
      level: levelOf(effective.role),
      impersonatedUserId: target ? target.user.id : null,
    }),
    actorVersion: actor.version,
    targetVersion: target ? target.version : null,
  };
}

/**
 * The full resolution: better-auth's session lookup, then the user (and the impersonated one). A session past its
 * end (sessionEndsAt: expired, or older than the maximum sign-in age) resolves to no caller.
 */
async function resolveFromSession(db: Db, auth: Auth, headers: Headers, now: number): Promise<ResolvedCaller | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const endsAt = sessionEndsAt(session.session);
  const loaded = await loadCallerOfUser(db, Number(session.user.id));
  if (!loaded) return null;
  const active: ActiveSession = {
    id: Number(session.session.id),
    userId: loaded.actor.id,
    createdAt: new Date(session.session.createdAt).getTime(),
    companyId: loaded.actor.companyId,
    ipAddress: session.session.ipAddress,
    userAgent: session.session.userAgent,
  };
  if (!(now < endsAt)) {
    await endSession(db, active, 'max-age', now);
    return null;
  }
  if (!loaded.actor.isActive) throw new AppError('UNAUTHORIZED', 'Your account is deactivated');
  return {
    caller: loaded.caller,
    sessionId: active.id,
    sessionExpiresAt: endsAt,
    session: active,
    actorVersion: loaded.actorVersion,
    targetVersion: loaded.targetVersion,
  };
}

/**
 * Resolves the caller of a request from its session (cookie or `Authorization: Bearer <token>`). A caller resolved
 * for the same credentials (keyed by their SHA-256, never the raw token) within CALLER_CACHE_TTL_MS (30 s) and
 * before its session's end (sessionEndsAt) is reused once one prepared query confirms it is still current
 * (currentActivity), instead of better-auth's session lookup (its signature check and two queries) and the user
 * load. Every change to the session (sign-out, revocation, expiry), the user (deactivation, role, impersonation),
 * the role's permissions or the branch links therefore takes effect on the next request, on every server process,
 * whichever code made it.
 * A session older than SESSION.maxSignInAgeMs (12 hours, spec section 9) is refused however recently it was used,
 * and one unused for longer than the inactivity limit (30 minutes or the company's shorter one) is ended
 * (touchSession, session-activity.ts): both are logged as a `logoff` in the access log.
 * @param now the server's clock in epoch milliseconds (the app's `now`; a test controls it).
 * @returns the caller, or null when no valid session comes with the request.
 * @throws AppError UNAUTHORIZED when the user is deactivated.
 */
export async function resolveCaller(db: Db, auth: Auth, headers: Headers, now = Date.now()): Promise<Caller | null> {
  const key = credentialKey(headers);
  const cache = key ? cacheOf(auth) : null;
  let resolved = key ? cache?.get(key) : undefined;
  const activity = resolved && now < resolved.sessionExpiresAt ? await currentActivity(db, resolved) : null;
  if (resolved && !activity) {
    cache?.delete(key!);
    resolved = undefined;
  }
  const fresh = !resolved;
  resolved ??= (await resolveFromSession(db, auth, headers, now)) ?? undefined;
  if (!resolved) return null;
  if (!(await touchSession(db, resolved.session, now, activity ?? undefined))) {
    if (key) cache?.delete(key);
    return null;
  }
  if (fresh && key && Number.isSafeInteger(resolved.sessionId)) cache?.set(key, resolved, resolved.sessionExpiresAt);
  return resolved.caller;
}
