/**
 * The derived key of each user's offline cache, kept between page loads while signed in (issue "caregiver app",
 * Performance: reopening the cache offline must not run PBKDF2's 310,000 iterations on a slow phone each time).
 *
 * What is kept: the AES-GCM CryptoKey that deriveCacheKey made (PBKDF2 parameters of spec section 9, unchanged) as
 * a non-extractable key object, with the salt it was derived with, in its own IndexedDB database
 * (CACHE_KEY_DATABASE), one row per user. IndexedDB stores a CryptoKey as is; being non-extractable, its bytes cannot
 * be read back by any script (crypto.subtle.exportKey refuses), only used to encrypt and decrypt this origin's cache.
 *
 * Why this is safe: it keeps less than offline-cache.ts already keeps for the same period: the passcode itself sits
 * in localStorage while signed in, and the passcode plus the salt (stored with the cache) give the key. The row is
 * written only while a session token exists, used only while the passcode is kept, checked against the cache's
 * verifier at every use, and deleted with the token (api/auth-token.ts clearToken deletes the whole database at
 * sign-out or session expiry, like the kept passcode).
 */
import Dexie, { type EntityTable } from 'dexie';
import { CACHE_KEY_DATABASE } from '@/api/auth-token';
import type { KeptCacheKey } from './cache-quick-read';

/** One user's row: the kept key and the salt (base64) it was derived with. */
interface KeptCacheKeyRow extends KeptCacheKey {
  userId: number;
}

class CacheKeyDatabase extends Dexie {
  keys!: EntityTable<KeptCacheKeyRow, 'userId'>;
  constructor() {
    super(CACHE_KEY_DATABASE);
    this.version(1).stores({ keys: 'userId' });
  }
}

const keyDb = new CacheKeyDatabase();

/**
 * The kept key of a user's cache and the salt it was derived with, as stored: check it with keptKeyOpening
 * (cache-quick-read.ts) before use.
 * @returns them, or undefined when none is kept or IndexedDB fails
 */
export async function readKeptCacheKey(userId: number): Promise<KeptCacheKey | undefined> {
  return keyDb.keys.get(userId).catch(() => undefined);
}

/** Keeps a user's derived (non-extractable) cache key with its salt; a failure only costs a derivation later. */
export async function keepCacheKey(userId: number, salt: string, key: CryptoKey): Promise<void> {
  if (key.extractable) return;
  await keyDb.keys.put({ userId, salt, key }).catch(() => undefined);
}
