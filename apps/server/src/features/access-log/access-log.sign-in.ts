import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.schema';
import { recordAccess } from './access-log.record';

/** What the sign-in routes know of an attempt (http/auth.routes.ts). */
export interface SignInAttempt {
  action: 'sign-in' | 'sign-in-failed' | 'sign-out' | 'logoff';
  /** The user, when the answer named them (a successful sign-in, a sign-out). */
  userId?: number | null;
  /** The username or email typed, to find the account a failed attempt was against. Never stored itself. */
  identifier?: string | null;
  /** Why it failed: invalid-credentials, too-many-attempts, or better-auth's error code, lower-cased. */
  reason?: string | null;
  /** password, totp, otp, backup-code. */
  method?: string | null;
  mfaUsed?: boolean | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** The user a typed username or email names (case-insensitively), with their company; null for none. */
async function accountOf(db: Db, identifier: string) {
  const typed = identifier.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, typed), eq(sql`lower(${users.email})`, typed)))
    .limit(1);
  return row ?? null;
}

/**
 * Logs a sign-in, a failed one or a sign-out (issue 20 item 4): the account it was for (looked up from the typed
 * identifier when the answer did not name a user; an unknown account is logged without one, and the typed text is
 * not kept), the reason of a failure, the method, whether a second factor was used when known, the address and the
 * device (user agent, cut to 300 characters).
 */
export async function recordSignInAttempt(db: Db, attempt: SignInAttempt): Promise<void> {
  let account: { id: number; companyId: number | null } | null = null;
  if (attempt.userId) {
    const [row] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.id, attempt.userId));
    account = row ?? null;
  } else if (attempt.identifier) {
    account = await accountOf(db, attempt.identifier);
  }
  await recordAccess(db, {
    action: attempt.action,
    userId: account?.id ?? null,
    companyId: account?.companyId ?? null,
    reason: attempt.reason ?? null,
    method: attempt.method ?? null,
    mfaUsed: attempt.mfaUsed ?? null,
    ipAddress: attempt.ipAddress ?? null,
    userAgent: attempt.userAgent?.slice(0, 300) ?? null,
  });
}
