/**
 * The caregiver app's encrypted local cache (issue item 6; spec section 9 "Local cache"): the IndexedDB database
 * named `cache` (through Dexie), one table of entries {key, value, updatedAt}; `value` is AES-GCM ciphertext in
 * base64 (cache-crypto.ts) and `updatedAt` the entry's last-modified time (ISO 8601, UTC).
 *
 * Keys: each user's entries are prefixed `u<userId>:` so two caregivers sharing a phone never read, nor lose, each
 * other's visits. The entry `meta:<userId>` (not encrypted, it holds no personal data) keeps the PBKDF2 salt and a
 * verifier that tells a wrong key ("Invalid passcode") from a damaged value ("Failed to decrypt value").
 *
 * Key policy: the passcode is the `decryptedKey` of encryptionKeys.getKey {keyUuid} (keyUuid kept in localStorage
 * per user; an error containing "not found" creates a new key with encryptionKeys.createKey and starts a new cache;
 * other errors are rethrown). To reopen the cache after a reload with no network, the decryptedKey is kept in
 * localStorage only while a session token is there: it is removed with the token (api/auth-token.ts clearToken, at
 * sign-out or session expiry), so a signed-out phone holds ciphertext without its key, which the server hands out
 * again only to the signed-in owner. For the same period the derived CryptoKey (non-extractable) is kept too
 * (cache-key-store.ts), so that a reload does not derive it again.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { CareSheetCheckOutDetails } from '@hearth/shared/care-sheets/care-sheets.schema';
import type { CaregiverAppGetShiftsInput, CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { lastKnownUser } from '@/api/current-user';
import { CACHE_KEY_DATABASE, getToken } from '@/api/auth-token';
import { trpcClient } from '@/api/trpc';
import { assertKeyOpensCache, decryptValue, deriveCacheKey, encryptValue, makeVerifier, newSalt } from './cache-crypto';
import { keepCacheKey, readKeptCacheKey } from './cache-key-store';
import { MAX_SHIFT_WINDOWS, windowsToEvict } from './cache-windows';
import { pageFromWindows, type SavedWindow, type ShiftsInput } from './saved-windows';
import { keptKeyOpening, mayUseKeptKey } from './cache-quick-read';
import {
  CACHE_DATABASE,
  CACHE_PASSCODE_PREFIX,
  metaKey as metaKeyOf,
  SHIFT_WINDOW_PREFIX,
  shiftWindowInput,
  shiftWindowKey,
  userPrefix,
} from './cache-keys';

/** One stored entry. */
export interface CacheEntry {
  key: string;
  value: string;
  updatedAt: string;
}

class CacheDatabase extends Dexie {
  entries!: EntityTable<CacheEntry, 'key'>;
  constructor() {
    super(CACHE_DATABASE);
    this.version(1).stores({ entries: 'key, updatedAt' });
  }
}

/** The IndexedDB database `cache` (spec section 9). */
export const cacheDb = new CacheDatabase();

/** localStorage key prefix of the encryption key id, per user (the kept passcode's is in cache-keys.ts). */
const KEY_UUID_PREFIX = 'hearth.cacheKeyUuid.';

interface CacheMeta {
  salt: string;
  verifier: string;
}

/** An open cache of one user: encrypted reads and writes under that user's prefix. */
export interface OpenCache {
  userId: number;
  prefix: string;
  key: CryptoKey;
}

const opening = new Map<number, Promise<OpenCache>>();

function storageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the cache still works for this page's life.
  }
}

/** Forgets every kept cache passcode and derived key (api/auth-token.ts clearToken does the same at sign-out). */
export function forgetCachePasscodes(): void {
  try {
    window.indexedDB.deleteDatabase(CACHE_KEY_DATABASE);
  } catch {
    // No IndexedDB: nothing kept there.
  }
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(CACHE_PASSCODE_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored.
  }
  opening.clear();
}

/**
 * Whether getKey failed for want of the key: its message contains "not found" (spec section 8), or, since the
 * server words its messages in the user's language (issue 27: "No se encontró la clave ..."), its code is NOT_FOUND.
 */
function isKeyNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { data?: { code?: string } }).data?.code;
  return code === 'NOT_FOUND' || error.message.toLowerCase().includes('not found');
}

/**
 * The passcode of the user's cache: the one kept while signed in, else from the server.
 * @returns the passcode and whether it is a new key (then the cache starts over)
 * @throws the getKey error unless the key was not found (isKeyNotFound)
 */
async function fetchPasscode(userId: number): Promise<{ passcode: string; isNew: boolean }> {
  const kept = storageGet(CACHE_PASSCODE_PREFIX + userId);
  if (kept) return { passcode: kept, isNew: false };
  const keyUuid = storageGet(KEY_UUID_PREFIX + userId);
  if (keyUuid) {
    try {
      const { decryptedKey } = await trpcClient.encryptionKeys.getKey.query({ keyUuid });
      return { passcode: decryptedKey, isNew: false };
    } catch (error) {
      if (!isKeyNotFound(error)) throw error;
    }
  }
  const created = await trpcClient.encryptionKeys.createKey.mutate();
  storageSet(KEY_UUID_PREFIX + userId, created.keyUuid);
  return { passcode: created.decryptedKey, isNew: true };
}

/**
 * The key kept from an earlier opening (cache-key-store.ts), while the passcode is kept (signed in) and if it still
 * opens the cache whose meta is stored.
 */
async function keptKey(userId: number, metaKey: string): Promise<CryptoKey | undefined> {
  if (!mayUseKeptKey(userId)) return undefined;
  const [stored, kept] = await Promise.all([cacheDb.entries.get(metaKey), readKeptCacheKey(userId)]);
  return stored ? keptKeyOpening(stored.value, kept) : undefined;
}

async function open(userId: number): Promise<OpenCache> {
  const prefix = userPrefix(userId);
  const metaKey = metaKeyOf(userId);
  const kept = await keptKey(userId, metaKey);
  if (kept) return { userId, prefix, key: kept };
  const { passcode, isNew } = await fetchPasscode(userId);
  const stored = await cacheDb.entries.get(metaKey);
  let meta = stored && !isNew ? (JSON.parse(stored.value) as CacheMeta) : null;
  let key: CryptoKey;
  if (meta) {
    key = await deriveCacheKey(passcode, meta.salt);
    await assertKeyOpensCache(key, meta.verifier);
  } else {
    // A new key: what the old one encrypted can never be read again, so the user's cache starts empty.
    await cacheDb.entries.where('key').startsWith(prefix).delete();
    const salt = newSalt();
    key = await deriveCacheKey(passcode, salt);
    meta = { salt, verifier: await makeVerifier(key) };
    await cacheDb.entries.put({ key: metaKey, value: JSON.stringify(meta), updatedAt: new Date().toISOString() });
  }
  if (getToken()) {
    storageSet(CACHE_PASSCODE_PREFIX + userId, passcode);
    // Not awaited: the cache is open now; keeping the key only spares the next opening a derivation.
    void keepCacheKey(userId, meta.salt, key);
  }
  return { userId, prefix, key };
}

/**
 * The signed-in user's open cache (opened once per page, then kept in memory).
 * @throws Error when nobody is signed in; "Invalid passcode" when the key does not open the stored cache; the
 *   server's error when the key cannot be fetched (e.g. offline before the first online visit)
 */
export function getCache(): Promise<OpenCache> {
  const user = lastKnownUser();
  if (!user) return Promise.reject(new Error('Sign in to use the offline cache'));
  let pending = opening.get(user.id);
  if (!pending) {
    pending = open(user.id);
    opening.set(user.id, pending);
    // A failed opening (offline, server error) is tried again at the next call.
    pending.catch(() => opening.delete(user.id));
  }
  return pending;
}

/** Reads and decrypts one entry of the user's cache. @returns the value, or undefined when absent. */
export async function cacheGet<T>(key: string): Promise<T | undefined> {
  const cache = await getCache();
  const entry = await cacheDb.entries.get(cache.prefix + key);
  if (!entry) return undefined;
  return JSON.parse(await decryptValue(cache.key, entry.value)) as T;
}

/** Encrypts and stores one entry of the user's cache, stamped now. */
export async function cacheSet(key: string, value: unknown): Promise<void> {
  const cache = await getCache();
  const encrypted = await encryptValue(cache.key, JSON.stringify(value));
  await cacheDb.entries.put({ key: cache.prefix + key, value: encrypted, updatedAt: new Date().toISOString() });
}

/** Removes one entry of the user's cache. */
export async function cacheDelete(key: string): Promise<void> {
  const cache = await getCache();
  await cacheDb.entries.delete(cache.prefix + key);
}

/** Decrypts every entry of the user's cache whose key starts with `prefix`. @returns [key without user prefix, value, updatedAt][] */
export async function cacheList<T>(prefix: string): Promise<{ key: string; value: T; updatedAt: string }[]> {
  const cache = await getCache();
  const entries = await cacheDb.entries
    .where('key')
    .startsWith(cache.prefix + prefix)
    .toArray();
  return Promise.all(
    entries.map(async (e) => ({
      key: e.key.slice(cache.prefix.length),
      value: JSON.parse(await decryptValue(cache.key, e.value)) as T,
      updatedAt: e.updatedAt,
    })),
  );
}

/**
 * Stores a shift-list window (one page of caregiverAppGetShifts by its input) and keeps only the 5 newest (spec
 * section 9: at most 5 cached windows, the oldest by timestamp removed), the schedule's window from today always
 * among them (cache-windows.ts windowsToEvict).
 */
export async function cacheShiftWindow(input: unknown, page: unknown): Promise<void> {
  await cacheSet(shiftWindowKey(input), page);
  const cache = await getCache();
  const stamps = await cacheDb.entries
    .where('key')
    .startsWith(cache.prefix + SHIFT_WINDOW_PREFIX)
    .toArray();
  const today = cache.prefix + shiftWindowKey({});
  const evict = windowsToEvict(
    stamps.map(({ key, updatedAt }) => ({ key, updatedAt })),
    MAX_SHIFT_WINDOWS,
    [today],
  );
  if (evict.length) await cacheDb.entries.bulkDelete(evict);
}

/**
 * The page of a caregiverAppGetShifts input from the saved windows, by the range they cover (saved-windows.ts:
 * an input that was never fetched itself, such as a refetch's cursor, is answered from the windows around it).
 * @returns the page, or undefined when no saved window covers where it starts
 * @throws the cache's errors (see getCache)
 */
export async function readShiftPage(input: CaregiverAppGetShiftsInput): Promise<CaregiverShiftsPage | undefined> {
  const cache = await getCache();
  const entries = await cacheDb.entries
    .where('key')
    .startsWith(cache.prefix + SHIFT_WINDOW_PREFIX)
    .toArray();
  const windows = await Promise.all(
    entries.map(async (e): Promise<SavedWindow | null> => {
      const windowInput = shiftWindowInput(e.key.slice(cache.prefix.length));
      if (!windowInput) return null;
      // A damaged window cannot answer; it must not hide the others.
      const page = await decryptValue(cache.key, e.value).then(
        (text) => JSON.parse(text) as CaregiverShiftsPage,
        () => null,
      );
      return page && { input: windowInput as ShiftsInput, page, updatedAt: e.updatedAt };
    }),
  );
  return pageFromWindows(
    windows.filter((w): w is SavedWindow => w !== null),
    input ?? {},
  );
}

const CHECKOUT_DETAILS_PREFIX = 'checkout-details:';

/**
 * Stores the check-out details of coming shifts (prefetchCareSheetCheckOutDetailsForOffline) for offline use, one
 * entry `checkout-details:<shiftId>` each.
 */
export async function cacheCheckOutDetails(details: CareSheetCheckOutDetails[]): Promise<void> {
  for (const d of details) await cacheSet(CHECKOUT_DETAILS_PREFIX + d.shift_id, d);
}

/**
 * The check-out details of a shift as last fetched online (getCareSheetCheckOutDetails shape), for the check-out
 * page while offline.
 * @returns the details, or undefined when they were never cached (or the cache cannot open)
 */
export function readCachedCheckOutDetails(shiftId: number): Promise<CareSheetCheckOutDetails | undefined> {
  return cacheGet<CareSheetCheckOutDetails>(CHECKOUT_DETAILS_PREFIX + shiftId).catch(() => undefined);
}
