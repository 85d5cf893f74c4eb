import crypto from 'node:crypto';
import path from 'node:path';
import type { Storage } from './storage';
import { localFiles, type LocalFiles } from './local.files';
import { localSignedUrls, type LocalSignedUrls } from './local.signed-urls';

/**
 * The local driver: bytes under `rootDir/<key>`, partial uploads under `rootDir/.uploads` until complete
 * (local.files.ts). Its URLs point at Hearth itself and are signed with HMAC-SHA256 (local.signed-urls.ts).
 */
export interface LocalStorage extends Storage, LocalSignedUrls, LocalFiles {
  readonly driver: 'local';
}

/** Whether `storage` is the local driver (whose URLs Hearth serves itself). */
export function isLocalStorage(storage: Storage): storage is LocalStorage {
  return storage.driver === 'local';
}

/**
 * Creates the local driver.
 * @param options.rootDir directory of the files (created when missing).
 * @param options.secret HMAC key of the signed URLs (see deriveStorageSecret).
 * @param options.now clock in milliseconds (tests move it).
 */
export function createLocalStorage(options: { rootDir: string; secret: string; now?: () => number }): LocalStorage {
  return {
    driver: 'local',
    ...localSignedUrls({ secret: options.secret, now: options.now ?? Date.now }),
    ...localFiles(path.resolve(options.rootDir)),
  };
}

/**
 * The storage URL secret when STORAGE_SECRET is not set: derived from the auth secret (HKDF-SHA256 with its own
 * label), so it is as stable and as private as that secret without being the same key.
 */
export function deriveStorageSecret(authSecret: string): string {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'hearth', 'storage url signing', 32)).toString('base64url');
}
