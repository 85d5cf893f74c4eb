import { and, eq, isNotNull, notInArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { ClientAppAccount, ClientAppSetPasswordInput } from '@hearth/shared/client-app/client-app-account.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { accounts, sessions, users } from '../users/users.schema';

/*
 * A client's or trusted contact's own sign-in in the client app (issue "client and family app" item 6): they start
 * from a login link the office sends (clients-login-links.service.ts) and may then set a password, or change it, and
 * set up an authenticator (the shared MFA calls; MFA is optional for them, spec section 6).
 */

const FAMILY_ROLES: readonly number[] = [ROLE_IDS.client, ROLE_IDS.trustedContact];

/**
 * The signed-in person themselves, when a client or trusted contact: an impersonating staff member may look but
 * never sets another person's password, and other roles have their own ways (staff: reset by email; caregivers:
 * the office).
 * @throws AppError FORBIDDEN otherwise.
 */
function ownFamilySignIn(scope: Scope, change: boolean): void {
  if (!FAMILY_ROLES.includes(scope.roleId)) {
    throw new AppError('FORBIDDEN', 'Only clients and their trusted contacts manage their sign-in here');
  }
  if (change && scope.actorUserId !== scope.userId) {
    throw new AppError('FORBIDDEN', 'Only the person themselves may set their password');
  }
}

/** Whether the user has a credential account with a password hash. */
async function passwordHashOf(scope: Scope): Promise<string | null> {
  const [row] = await scope.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, scope.userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)));
  return row?.password ?? null;
}

/**
 * clientAppGetAccount: the caller's sign-in as the account page shows it -> {username, email, name, hasPassword}
 * (hasPassword false for a sign-in made for a login link that never set one). No hash or token leaves.
 * @throws AppError FORBIDDEN for a caller who is no client or trusted contact.
 */
export async function clientAppGetAccount({ scope }: { scope: Scope }): Promise<ClientAppAccount> {
  ownFamilySignIn(scope, false);
  const [user] = await scope.db
    .select({ username: users.username, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, scope.userId));
  if (!user) throw new AppError('NOT_FOUND', `User ${scope.userId} not found`);
  return {
    username: user.username,
    email: user.email,
    name: user.name,
    hasPassword: (await passwordHashOf(scope)) !== null,
  };
}

/**
 * clientAppSetPassword {currentPassword?, newPassword} -> {ok: true}: sets the caller's first password (after a
 * login link) or changes it, which then needs the current one. The spec section 5 policy is the input's (ZPassword).
 * Hashed with better-auth's hashPassword into the credential account (providerId 'credential', accountId = the user
 * id), as setCaregiverPassword does. Every other session of the caller ends (a phone signed in by whoever knew the
 * old password, or by an old link), the one in use stays.
 * @param keepToken the caller's session token (the router reads it from the bearer header; a signed one as
 *   `token.signature`): that session stays signed in. Without it every session ends.
 * @throws AppError FORBIDDEN for another role or while impersonating; BAD_REQUEST naming currentPassword when it is
 *   missing or wrong.
 */
export async function clientAppSetPassword({
  scope,
  input,
  keepToken,
}: {
  scope: Scope;
  input: ClientAppSetPasswordInput;
  keepToken: string | null;
}): Promise<{ ok: true }> {
  ownFamilySignIn(scope, true);
  const current = await passwordHashOf(scope);
  if (current !== null) {
    if (!input.currentPassword) {
      throw new AppError('BAD_REQUEST', 'Enter your current password', { currentPassword: ['Enter your current password'] });
    }
    if (!(await verifyPassword({ hash: current, password: input.currentPassword }))) {
      throw new AppError('BAD_REQUEST', 'The current password is wrong', {
        currentPassword: ['The current password is wrong'],
      });
    }
  }
  const password = await hashPassword(input.newPassword);
  const updated = await scope.db
    .update(accounts)
    .set({ password, updatedAt: new Date() })
    .where(and(eq(accounts.userId, scope.userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await scope.db
      .insert(accounts)
      .values({ userId: scope.userId, accountId: String(scope.userId), providerId: 'credential', password });
  }
  const keep = keepToken === null ? [] : [...new Set([keepToken, keepToken.split('.')[0]!])];
  await scope.db
    .delete(sessions)
    .where(and(eq(sessions.userId, scope.userId), keep.length === 0 ? undefined : notInArray(sessions.token, keep)));
  return { ok: true };
}
