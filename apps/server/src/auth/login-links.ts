import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Auth } from './auth';
import { AppError } from '../errors/app-error';
import { users, verifications } from '../features/users/users.schema';
import { isMfaRequiredForRole } from '@hearth/shared/mfa/mfa.constants';

/** How long a login link works (24 hours), in milliseconds. */
export const LOGIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const PREFIX = 'login-link:';

/** Why a login link is refused to a user who must have a second factor and has none yet (issue 20). */
export const LOGIN_LINK_NEEDS_MFA_MESSAGE =
  'This sign-in link cannot be used until two-step verification is set up: sign in with your password and set it up first';

/** The stored form of a login-link token: only a hash is kept, so the table alone cannot sign anyone in. */
export function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Issues a one-time sign-in token for a user in better-auth's verifications table (identifier
 * `login-link:<userId>`, the SHA-256 of a random 32-byte base64url token, valid 24 hours). An earlier token of the
 * user is deleted, so only the newest link works.
 * @returns the token, its expiry and the link path `/login?token=<token>` the notifier sends.
 */
export async function issueLoginLink(db: Db, userId: number): Promise<{ token: string; expiresAt: Date; link: string }> {
  const identifier = `${PREFIX}${userId}`;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LOGIN_LINK_TTL_MS);
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
  await db.insert(verifications).values({ identifier, value: hashOf(token), expiresAt });
  return { token, expiresAt, link: `/login?token=${encodeURIComponent(token)}` };
}

/**
 * Redeems a login-link token: it must exist, be unexpired and belong to an active user, and the user must be within
 * the limit of sign-ins by link (auth.attemptLimits.countLinkSignIn, checked before the link is used up, so a refused
 * redemption leaves the link working); the token is then deleted whatever happens next (one use). Creates a
 * better-auth session for the user.
 * @returns the session token, usable as `Authorization: Bearer <token>`, and the user id.
 * @throws AppError BAD_REQUEST "This sign-in link is invalid, used or expired" (never says which, so tokens
 * cannot be probed), UNAUTHORIZED for a deactivated user, FORBIDDEN for a user who must enrol a second factor
 * and has none (LOGIN_LINK_NEEDS_MFA_MESSAGE), AttemptsRefused (429) past the per-user limit.
 */
export async function redeemLoginLink(db: Db, auth: Auth, token: string): Promise<{ sessionToken: string; userId: number }> {
  const live = and(
    eq(verifications.value, hashOf(token)),
    like(verifications.identifier, `${PREFIX}%`),
    gt(verifications.expiresAt, new Date()),
  );
  const invalid = () => new AppError('BAD_REQUEST', 'This sign-in link is invalid, used or expired');
  const [found] = await db.select({ identifier: verifications.identifier }).from(verifications).where(live);
  if (!found) throw invalid();
  const userId = Number(found.identifier.slice(PREFIX.length));
  await auth.attemptLimits.countLinkSignIn(userId);
  // Deleting only what is still live makes two concurrent redemptions of one link yield one session.
  const [row] = await db.delete(verifications).where(live).returning({ identifier: verifications.identifier });
  if (!row) throw invalid();
  const [user] = await db
    .select({ isActive: users.isActive, roleId: users.roleId, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isActive) throw new AppError('UNAUTHORIZED', 'Your account is deactivated');
  // A link skips the second factor: a user who must have one and has none would get a session that can only
  // enrol, without the password that proves who enrols (issue 20).
  if (isMfaRequiredForRole(user.roleId) && !user.twoFactorEnabled) {
    throw new AppError('FORBIDDEN', LOGIN_LINK_NEEDS_MFA_MESSAGE);
  }
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(String(userId));
  if (!session) throw new AppError('INTERNAL_SERVER_ERROR', 'Could not start a session');
  return { sessionToken: session.token, userId };
}
