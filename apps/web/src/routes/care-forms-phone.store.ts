import type { CareFormsStore } from '@/features/care-forms/care-forms-offline.sync';

/** The caregiver app's encrypted cache (Dexie and WebCrypto) loads only when the forms first read or write. */
const offlineCache = () => import('@/features/caregiver-app/offline/offline-cache');

/**
 * The phone's care form drafts and copies live in the caregiver app's encrypted cache (spec section 9 "Local cache":
 * one IndexedDB database, entries per user, AES-GCM), like the visits waiting to upload: forms are health
 * information. Their entries are prefixed `care-form` (care-forms-offline.records.ts).
 */
export const encryptedCareFormsStore: CareFormsStore = {
  get: (key) => offlineCache().then((cache) => cache.cacheGet(key)),
  set: (key, value) => offlineCache().then((cache) => cache.cacheSet(key, value)),
  delete: (key) => offlineCache().then((cache) => cache.cacheDelete(key)),
  list: (prefix) => offlineCache().then((cache) => cache.cacheList(prefix)),
};
