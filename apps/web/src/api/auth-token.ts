import { useSyncExternalStore } from 'react';

/** localStorage key of the bearer token (shared with the sign-in page and every API call). */
const TOKEN_KEY = 'hearth.token';

/**
 * Why the token was last cleared: after a deliberate sign-out the user lands on a plain /login, while an expired
 * or rejected session sends them to /login?redirect=... so they can come back to where they were.
 */
export type SignedOutReason = 'signed-out' | 'expired' | null;

interface TokenState {
  token: string | null;
  reason: SignedOutReason;
}

let state: TokenState = { token: readStoredToken(), reason: null };
const listeners = new Set<() => void>();

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): behave as signed out rather than crash.
    return null;
  }
}

function update(next: TokenState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The current bearer token, or null when signed out. */
export function getToken(): string | null {
  return state.token;
}

/** localStorage keys of the sign-in time and the last activity (epoch milliseconds), read by session-expiry.ts. */
export const SIGNED_IN_AT_KEY = 'hearth.signedInAt';
export const LAST_ACTIVITY_KEY = 'hearth.lastActivity';

/**
 * Stores the token returned by sign-in (by password, or after the second factor) and notes the sign-in, which is
 * also the first activity of the automatic logoff (session-expiry.ts).
 */
export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
    const now = String(Date.now());
    window.localStorage.setItem(SIGNED_IN_AT_KEY, now);
    window.localStorage.setItem(LAST_ACTIVITY_KEY, now);
  } catch {
    // The in-memory copy still lets this tab work.
  }
  update({ token, reason: null });
}

/**
 * The IndexedDB database of the offline cache's derived keys (features/caregiver-app/offline/cache-key-store.ts),
 * named here so that signing out deletes it without loading the offline code.
 */
export const CACHE_KEY_DATABASE = 'hearth-cache-keys';

/** Forgets the token locally; `reason` decides where the route guard sends the user. */
export function clearToken(reason: Exclude<SignedOutReason, null>): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    // The offline cache's key is kept only while signed in (see features/caregiver-app/offline/offline-cache.ts).
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('hearth.cacheKey.')) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored to remove.
  }
  try {
    // ...and so is the key derived from it.
    window.indexedDB.deleteDatabase(CACHE_KEY_DATABASE);
  } catch {
    // No IndexedDB: nothing was kept there.
  }
  update({ token: null, reason });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: the token and the reason of the last sign-out, re-rendering when either changes. */
export function useAuthToken(): TokenState {
  return useSyncExternalStore(subscribe, () => state);
}

// Another tab signing in or out changes localStorage: follow it so tabs do not disagree.
window.addEventListener('storage', (event) => {
  if (event.key !== TOKEN_KEY) return;
  update({ token: event.newValue, reason: event.newValue ? null : 'signed-out' });
});
