/**
 * Names inside the caregiver app's offline cache (spec section 9 "Local cache"), shared by offline-cache.ts (Dexie)
 * and cache-quick-read.ts (IndexedDB itself) so that both read the same entries. No code beyond names: the
 * schedule's first download carries it.
 */

/** The IndexedDB database of the cache (spec section 9). */
export const CACHE_DATABASE = 'cache';

/** localStorage key prefix of each user's kept cache passcode (removed with the token: api/auth-token.ts). */
export const CACHE_PASSCODE_PREFIX = 'hearth.cacheKey.';

/** The prefix of every entry of one user: two caregivers sharing a phone never read each other's entries. */
export function userPrefix(userId: number): string {
  return `u${userId}:`;
}

/** The full key of a user's entry `key`. */
export function entryKey(userId: number, key: string): string {
  return userPrefix(userId) + key;
}

/** The unencrypted entry with a user's PBKDF2 salt and key verifier. */
export function metaKey(userId: number): string {
  return `meta:${userId}`;
}

/** The prefix of the shift-list windows among a user's entries. */
export const SHIFT_WINDOW_PREFIX = 'shifts:';

/** The entry (without user prefix) of the shift-list window of one caregiverAppGetShifts input. */
export function shiftWindowKey(input: unknown): string {
  return SHIFT_WINDOW_PREFIX + JSON.stringify(input ?? {});
}

/**
 * The input a shift-list window was saved under (the reverse of shiftWindowKey; key without user prefix).
 * @returns the input object, or undefined when the key is not a window's or does not hold an object
 */
export function shiftWindowInput(key: string): Record<string, unknown> | undefined {
  if (!key.startsWith(SHIFT_WINDOW_PREFIX)) return undefined;
  try {
    const input: unknown = JSON.parse(key.slice(SHIFT_WINDOW_PREFIX.length));
    return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
