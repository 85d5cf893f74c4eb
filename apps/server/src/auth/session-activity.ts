import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { SESSION } from '@hearth/shared/app/app.constants';
import { parseSecuritySettings } from '@hearth/shared/access-log/security-settings';
import { sessionActivity, accessLog } from '../features/access-log/access-log.schema';
import { sessions } from '../features/users/users.schema';
import { companies } from '../features/companies/companies.schema';

/**
 * Whether a session unused since `lastActiveAt` has passed the inactivity limit at `now` (all epoch milliseconds):
 * strictly older than the limit, so a session used exactly 30 minutes ago still works (spec section 9: "older than
 * 30 minutes").
 */
export function isIdleEnded(lastActiveAt: number, now: number, idleLimitMs: number): boolean {
  return now - lastActiveAt > idleLimitMs;
}

/** Why a session was ended by the server: the inactivity limit or the maximum sign-in age (spec section 9). */
export type LogoffReason = 'idle' | 'max-age';

/** The session a request came with, as far as the activity check needs it. */
export interface ActiveSession {
  id: number;
  userId: number;
  createdAt: number;
  companyId: number | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * Ends a session on the server (automatic logoff): deletes it, which removes its activity row, and logs a `logoff`
 * with the reason once, by whichever request removed it.
 */
export async function endSession(db: Db, session: ActiveSession, reason: LogoffReason, now: number): Promise<void> {
  const removed = await db.delete(sessions).where(eq(sessions.id, session.id)).returning({ id: sessions.id });
  if (!removed.length) return;
  await db.insert(accessLog).values({
    at: new Date(now),
    action: 'logoff',
    reason,
    userId: session.userId,
    companyId: session.companyId,
    ipAddress: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
  });
}

/** What the inactivity rule reads of a session: its last activity (null: none recorded) and its company's settings. */
export interface SessionActivityState {
  last: string | Date | null;
  /** companies.security_settings of the session's company (null without one). */
  settings: unknown;
}

/**
 * The inactivity rule's state as two columns of a select (`last`, `settings`): the last activity of session
 * `sessionId` and the security settings of company `companyId` (values, placeholders or columns). touchSession
 * reads them alone; caller.ts reads them with its check of a cached caller.
 */
export function sessionActivityColumns(
  sessionId: unknown,
  companyId: unknown,
): { last: SQL<SessionActivityState['last']>; settings: SQL<unknown> } {
  return {
    last: sql`(select ${sessionActivity.lastActiveAt} from ${sessionActivity} where ${sessionActivity.sessionId} = ${sessionId})`,
    settings: sql`(select ${companies.securitySettings} from ${companies} where ${companies.id} = ${companyId})`,
  };
}

/** The inactivity rule's state of `session`, read alone (a fresh caller's request). */
async function readSessionActivity(db: Db, session: ActiveSession): Promise<SessionActivityState | undefined> {
  const { last, settings } = sessionActivityColumns(session.id, session.companyId);
  return rowsOf<SessionActivityState>(await db.execute(sql`select ${last} as last, ${settings} as settings`))[0];
}

/**
 * The server's inactivity rule, checked on every request (issue 20 item 3; HIPAA 45 CFR 164.312(a)(2)(iii),
 * automatic logoff): a session whose last request is older than the company's inactivity limit (at most the spec's
 * 30 minutes, companies.security_settings) is ended (endSession) and the request has no caller. Otherwise the
 * request counts as activity; the stored time moves at most once per SESSION.activityThrottleMs (5 s, the web's
 * throttle too), so a burst of calls writes once. A session without an activity row (made before this rule) counts
 * from its sign-in.
 * @param now the server's clock, epoch milliseconds (a test controls it).
 * @param known the state as a query of this request already read it (caller.ts reads it with its check of a cached
 * caller, saving a round trip per request); read here when absent.
 * @returns true when the session may go on.
 */
export async function touchSession(db: Db, session: ActiveSession, now: number, known?: SessionActivityState): Promise<boolean> {
  const row = known ?? (await readSessionActivity(db, session));
  const last = row?.last ? new Date(row.last).getTime() : session.createdAt;
  const limitMs = parseSecuritySettings(row?.settings).idleTimeoutMinutes * 60_000;
  if (isIdleEnded(last, now, limitMs)) {
    await endSession(db, session, 'idle', now);
    return false;
  }
  if (row?.last && now - last < SESSION.activityThrottleMs) return true;
  await db
    .insert(sessionActivity)
    .values({ sessionId: session.id, lastActiveAt: new Date(now) })
    .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { lastActiveAt: new Date(now) } });
  return true;
}

/** Records a new session's sign-in as its first activity (better-auth's session create hook, auth.ts). */
export async function startSessionActivity(db: Db, sessionId: number, at: Date): Promise<void> {
  await db.insert(sessionActivity).values({ sessionId, lastActiveAt: at }).onConflictDoNothing();
}
