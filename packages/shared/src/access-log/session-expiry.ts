import { SESSION } from '../app/app.constants';

/**
 * Whether a session has ended by the spec's timing (section 9: inactivity limit 30 minutes, maximum sign-in age 12
 * hours): its last activity is older than the inactivity limit, or its sign-in older than the maximum age. Section
 * 4 joins the two with "and"; Hearth ends the session on either, as the server does (docs/decisions/0010-access-log.md; the server's check is
 * apps/server/src/auth/session-activity.ts).
 * A time not known (null) never ends it. All epoch milliseconds; `inactivityLimitMs` is the company's limit when known
 * (never longer than the spec's, which it defaults to).
 */
export function isSessionExpired(times: {
  lastActivity: number | null;
  signedInAt: number | null;
  now: number;
  inactivityLimitMs?: number;
}): boolean {
  const { lastActivity, signedInAt, now } = times;
  const limit = Math.min(times.inactivityLimitMs ?? SESSION.inactivityLimitMs, SESSION.inactivityLimitMs);
  if (lastActivity !== null && now - lastActivity > limit) return true;
  return signedInAt !== null && now - signedInAt > SESSION.maxSignInAgeMs;
}
