import { createHash } from 'node:crypto';

/** How long a resolved caller may be reused before better-auth is asked again, in milliseconds. */
export const CALLER_CACHE_TTL_MS = 30_000;

/**
 * Most callers kept per process. An entry holds the user row and the role with its permission sets (about 4 KB as
 * JSON for a Company Admin, so the bound keeps the cache to some 10-20 MB); past it the least recently used entry
 * goes, and its next request resolves in full again.
 */
export const CALLER_CACHE_MAX_ENTRIES = 2_000;

interface Slot<T> {
  value: T;
  /** Epoch milliseconds after which the slot is not used: the TTL or the session's expiry, whichever is first. */
  usableUntil: number;
}

/**
 * A bounded, short-lived map of resolved callers (or anything else) keyed by a credential's hash: least recently
 * used entries go first past `maxEntries`, and an entry is never returned after `ttlMs` from its storing or after
 * the expiry given with it (a session's end), whichever comes first. `now` is the clock (epoch milliseconds),
 * injected so tests move time without waiting.
 */
export class CallerCache<T> {
  private readonly slots = new Map<string, Slot<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? CALLER_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? CALLER_CACHE_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
    if (!(this.ttlMs > 0) || !(this.maxEntries > 0)) throw new Error('CallerCache needs a positive ttlMs and maxEntries');
  }

  /** The entry under `key` while it is usable (and marks it recently used), else undefined (an expired one is dropped). */
  get(key: string): T | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    if (!(this.now() < slot.usableUntil)) return undefined;
    // Re-inserted so the Map's insertion order stays least recently used first.
    this.slots.set(key, slot);
    return slot.value;
  }

  /**
   * Stores `value` under `key` until the TTL passes or `expiresAt` (epoch milliseconds) comes, whichever is first;
   * a value already expired is not stored. Evicts the least recently used entries past the bound.
   */
  set(key: string, value: T, expiresAt: number): void {
    const usableUntil = Math.min(this.now() + this.ttlMs, expiresAt);
    this.slots.delete(key);
    // Written so an unreadable expiry (NaN) stores nothing rather than an entry that never expires.
    if (!(this.now() < usableUntil)) return;
    this.slots.set(key, { value, usableUntil });
    while (this.slots.size > this.maxEntries) {
      const oldest = this.slots.keys().next().value;
      if (oldest === undefined) break;
      this.slots.delete(oldest);
    }
  }

  /** Forgets the entry under `key` (a credential found stale or signed out). */
  delete(key: string): void {
    this.slots.delete(key);
  }

  /** Entries held, usable or not yet swept. */
  get size(): number {
    return this.slots.size;
  }
}

/**
 * The cache key of a request's credentials: the SHA-256 (hex) of its `Authorization` and `Cookie` headers, the
 * only inputs better-auth reads to find a session, so the raw token is never kept. Null when the request carries
 * neither (no session to look up).
 */
export function credentialKey(headers: Headers): string | null {
  const authorization = headers.get('authorization') ?? '';
  const cookie = headers.get('cookie') ?? '';
  if (!authorization && !cookie) return null;
  return createHash('sha256').update(authorization).update('\n').update(cookie).digest('hex');
}
