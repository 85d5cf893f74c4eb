import { SESSION } from '@hearth/shared/app/app.constants';
import { isSessionExpired } from '@hearth/shared/access-log/session-expiry';
import { apiHeaders } from './trpc';
import { clearToken, getToken, LAST_ACTIVITY_KEY, SIGNED_IN_AT_KEY } from './auth-token';
import { lastKnownUser } from './current-user';

/** What counts as activity: the user pressing, typing, scrolling or touching (not the pointer merely passing). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** How often an open page checks while nothing happens, so a page left open still logs off (HIPAA automatic logoff). */
const CHECK_INTERVAL_MS = 60_000;

function readTime(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeTime(key: string, value: number): void {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Storage blocked: the server's own rule still ends the session.
  }
}

/** Notes a sign-in whose time was not stored (a token kept from before this rule): it is also the first activity. */
export function recordSignIn(now = Date.now()): void {
  writeTime(SIGNED_IN_AT_KEY, now);
  writeTime(LAST_ACTIVITY_KEY, now);
}

/** Records activity at most once per SESSION.activityThrottleMs (5 s, spec section 9). */
export function recordActivity(now = Date.now()): void {
  const last = readTime(LAST_ACTIVITY_KEY);
  if (last !== null && now - last < SESSION.activityThrottleMs) return;
  writeTime(LAST_ACTIVITY_KEY, now);
}

/**
 * Ends the session because of inactivity or age: tells the server (logged as a logoff), forgets the token and the
 * times, and reloads the page (spec section 4), which the route guard answers with the sign-in screen.
 */
async function logOff(): Promise<void> {
  const headers = { ...apiHeaders(), 'Content-Type': 'application/json' };
  await fetch('/api/auth/sign-out', { method: 'POST', headers, body: JSON.stringify({ reason: 'idle' }) }).catch(() => null);
  clearToken('expired');
  try {
    window.localStorage.removeItem(SIGNED_IN_AT_KEY);
    window.localStorage.removeItem(LAST_ACTIVITY_KEY);
  } catch {
    // Nothing stored.
  }
  window.location.reload();
}

/** Checks the rule now; true when it ended the session. */
function checkNow(): boolean {
  if (getToken() === null) return false;
  const idleMinutes = lastKnownUser()?.idleTimeoutMinutes;
  const times = {
    lastActivity: readTime(LAST_ACTIVITY_KEY),
    signedInAt: readTime(SIGNED_IN_AT_KEY),
    now: Date.now(),
    // The company's limit as the last current user brought it (getCurrentUser); the spec's until it is known.
    inactivityLimitMs: idleMinutes ? idleMinutes * 60_000 : undefined,
  };
  if (!isSessionExpired(times)) return false;
  void logOff();
  return true;
}

/**
 * Starts the browser side of automatic logoff (spec section 4 "Session expiry"; issue 20 item 3): activity is
 * recorded (throttled to once per 5 s); on start, on return (the tab shown again, the window focused) and once a
 * minute the rule (isSessionExpired) is checked, with the company's possibly shorter limit from the current user,
 * and a session past it ends and the page reloads. The server applies the same rule to every request.
 * @returns a function that stops it.
 */
export function startSessionExpiry(): () => void {
  if (getToken() !== null && readTime(LAST_ACTIVITY_KEY) === null) recordSignIn();
  if (checkNow()) return () => undefined;
  const onActivity = () => {
    if (getToken() !== null && !checkNow()) recordActivity();
  };
  const onReturn = () => {
    if (document.visibilityState === 'visible') checkNow();
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onReturn);
  window.addEventListener('focus', onReturn);
  const timer = window.setInterval(checkNow, CHECK_INTERVAL_MS);
  return () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    document.removeEventListener('visibilitychange', onReturn);
    window.removeEventListener('focus', onReturn);
    window.clearInterval(timer);
  };
}
