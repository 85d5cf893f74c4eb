/**
 * One read of the encrypted offline cache with IndexedDB itself, without Dexie: the schedule's first window when
 * the phone is offline (issue "caregiver app", Performance: loading and starting Dexie, about 100 KB of code, was a
 * tenth of the main thread's work before the offline schedule showed on a slow phone). It reads only what offline-cache.ts and
 * cache-key-store.ts wrote, under the same rules: the user's kept key (present only while signed in, with the
 * passcode kept), checked against the cache's verifier, then one entry decrypted. Whatever it cannot do (nothing
 * kept, another salt, an unknown database) it leaves to offline-cache.ts, which opens the cache fully and reports
 * errors by their messages; it never writes, so it cannot disturb Dexie's databases.
 */
import { CACHE_KEY_DATABASE, getToken } from '@/api/auth-token';
import { assertKeyOpensCache, decryptValue } from './cache-crypto';
import { CACHE_DATABASE, CACHE_PASSCODE_PREFIX, entryKey, metaKey } from './cache-keys';

/** Opens an existing database; resolves undefined when it does not exist (its creation is aborted) or fails. */
function openExisting(name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      return resolve(undefined);
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
}

/** One record of a store by key; undefined when absent, the store is missing, or the read fails. */
function getRecord<T>(db: IDBDatabase, store: string, key: IDBValidKey): Promise<T | undefined> {
  return new Promise((resolve) => {
    try {
      const request = db.transaction(store, 'readonly').objectStore(store).get(key);
      request.onsuccess = () => resolve(request.result as T | undefined);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** A user's kept cache key with the salt it was derived with, as cache-key-store.ts keeps it. */
export interface KeptCacheKey {
  salt: string;
  key: CryptoKey;
}

/** Whether a kept key may be used at all: only while signed in, with the passcode kept (offline-cache.ts). */
export function mayUseKeptKey(userId: number): boolean {
  try {
    return Boolean(getToken() && window.localStorage.getItem(CACHE_PASSCODE_PREFIX + userId));
  } catch {
    return false;
  }
}

/**
 * The kept key when it opens the cache whose meta entry (its stored JSON value: salt and verifier) is given: a
 * non-extractable CryptoKey, derived with that salt, that decrypts the verifier.
 * @returns the key, or undefined when it is not one or does not open the cache
 * @throws SyntaxError when the meta value is not JSON
 */
export async function keptKeyOpening(metaValue: string, kept: KeptCacheKey | undefined): Promise<CryptoKey | undefined> {
  if (!(kept?.key instanceof CryptoKey) || kept.key.extractable) return undefined;
  const { salt, verifier } = JSON.parse(metaValue) as { salt: string; verifier: string };
  if (salt !== kept.salt) return undefined;
  return assertKeyOpensCache(kept.key, verifier).then(
    () => kept.key,
    () => undefined,
  );
}

/**
 * The value of one entry of a user's cache (key without the user prefix), read with the kept key.
 * @returns the decrypted value; undefined when the quick read cannot answer (signed out, no kept key or passcode,
 *   a salt that changed, a key that does not open the cache, no such entry, a damaged value): the caller then reads
 *   through offline-cache.ts
 */
export async function quickCacheRead<T>(userId: number, key: string): Promise<T | undefined> {
  if (!mayUseKeptKey(userId)) return undefined;
  const [cacheDb, keyDb] = await Promise.all([openExisting(CACHE_DATABASE), openExisting(CACHE_KEY_DATABASE)]);
  try {
    if (!cacheDb || !keyDb) return undefined;
    const [meta, entry, kept] = await Promise.all([
      getRecord<{ value: string }>(cacheDb, 'entries', metaKey(userId)),
      getRecord<{ value: string }>(cacheDb, 'entries', entryKey(userId, key)),
      getRecord<KeptCacheKey>(keyDb, 'keys', userId),
    ]);
    const cacheKey = meta && entry ? await keptKeyOpening(meta.value, kept) : undefined;
    return cacheKey && entry ? (JSON.parse(await decryptValue(cacheKey, entry.value)) as T) : undefined;
  } catch {
    return undefined;
  } finally {
    cacheDb?.close();
    keyDb?.close();
  }
}
