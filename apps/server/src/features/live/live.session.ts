import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Auth } from '../../auth/auth';
import { rowsOf } from '../../db/rows';
import { loadCallerOfUser, sessionEndsAt } from '../../auth/caller';
import { isIdleEnded } from '../../auth/session-activity';
import { parseSecuritySettings } from '@hearth/shared/access-log/security-settings';
import { subscriberOf, type LiveSubscriber } from './live.audience';

/**
 * Who an open stream still speaks to (checked every LIVE_RECHECK_MS while it is open): null once the session behind
 * `headers` is gone (signed out, revoked), past its end (sessionEndsAt: expiry or the 12-hour sign-in age), idle
 * past the company's inactivity limit, or its user deactivated; else the subscriber as their role and branch links
 * are now. Read-only: an open stream is not user activity, so it never extends the session (better-auth's refresh is
 * off for this lookup) nor moves its last activity.
 * @param now the server's clock, epoch milliseconds.
 */
export async function currentSubscriber(
  deps: { db: Db; auth: Auth },
  headers: Headers,
  now: number,
): Promise<LiveSubscriber | null> {
  const found = await deps.auth.api.getSession({ headers, query: { disableRefresh: true, disableCookieCache: true } });
  if (!found || !(now < sessionEndsAt(found.session))) return null;
  const loaded = await loadCallerOfUser(deps.db, Number(found.user.id));
  if (!loaded || !loaded.actor.isActive) return null;
  const [activity] = rowsOf<{ last: string | Date | null; settings: unknown }>(
    await deps.db.execute(sql`select
      (select last_active_at from session_activity where session_id = ${Number(found.session.id)}) as last,
      (select security_settings from companies where id = ${loaded.actor.companyId}) as settings`),
  );
  const lastActive = activity?.last ? new Date(activity.last).getTime() : new Date(found.session.createdAt).getTime();
  const idleLimitMs = parseSecuritySettings(activity?.settings).idleTimeoutMinutes * 60_000;
  if (isIdleEnded(lastActive, now, idleLimitMs)) return null;
  return subscriberOf(loaded.caller);
}
