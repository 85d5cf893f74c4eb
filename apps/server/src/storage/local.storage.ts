import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error';
import { assertStorageKey, type DownloadUrlOptions, type Storage, type UploadUrlOptions } from './storage';

/** Where Hearth serves the local driver's signed URLs (http/storage.routes.ts). */
export const LOCAL_STORAGE_PATH = '/api/storage';

/** Spec section 8 style messages of a refused signed URL (403). */
export const INVALID_LINK_MESSAGE = 'This link is invalid';
export const EXPIRED_LINK_MESSAGE = 'This link has expired';

/** The query string of a local upload URL, as it arrives (Fastify parses repeated parameters into arrays). */
export type SignedQuery = Record<string, string | string[] | undefined>;

/** What a verified upload URL allows: exactly this many bytes of this type. */
export interface VerifiedUpload {
  contentType: string;
  /** Bytes. */
  size: number;
}

/** How a verified download URL serves the file. */
export interface VerifiedDownload {
  contentType: string;
  filename: string;
  inline: boolean;
}

/**
 * The local driver: bytes under `rootDir/<key>`, partial uploads under `rootDir/.uploads` until complete. Its URLs
 * point at Hearth itself (LOCAL_STORAGE_PATH) and carry an HMAC-SHA256 signature over the method, the key, the
 * expiry and what the URL binds (upload: content type and size; download: type, disposition and filename), so
 * none of them can be changed without the secret.
 */
export interface LocalStorage extends Storage {
  readonly driver: 'local';
  /**
   * Checks an upload URL's signature and expiry.
   * @returns the content type and size (bytes) the PUT must carry.
   * @throws AppError FORBIDDEN "This link is invalid" (tampered, malformed) or "This link has expired".
   */
  verifyUpload(key: string, query: SignedQuery): VerifiedUpload;
  /**
   * Checks a download URL's signature and expiry.
   * @throws AppError FORBIDDEN "This link is invalid" or "This link has expired".
   */
  verifyDownload(key: string, query: SignedQuery): VerifiedDownload;
  /**
   * Streams `body` to `key` (never buffering it whole): into a partial file first, moved into place only once
   * exactly `size` bytes arrived, so `exists` never sees a partial upload.
   * @throws AppError BAD_REQUEST when more or fewer than `size` bytes arrive or the upload is interrupted.
   */
  writeUpload(key: string, body: Readable, size: number): Promise<void>;
  /** The stored bytes of `key` as a stream with their size in bytes, or null when there are none. */
  openDownload(key: string): Promise<{ stream: Readable; size: number } | null>;
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
  const rootDir = path.resolve(options.rootDir);
  const partialDir = path.join(rootDir, '.uploads');
  const now = options.now ?? Date.now;

  function fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(rootDir, key);
    // The key rule already excludes dots and empty segments; this keeps the promise even if the rule changes.
    if (!file.startsWith(rootDir + path.sep)) throw new AppError('BAD_REQUEST', 'Invalid storage key');
    return file;
  }

  function sign(parts: (string | number)[]): string {
    return crypto.createHmac('sha256', options.secret).update(JSON.stringify(parts)).digest('base64url');
  }

  function single(query: SignedQuery, name: string): string {
    const value = query[name];
    if (typeof value !== 'string') throw new AppError('FORBIDDEN', INVALID_LINK_MESSAGE);
    return value;
  }

  /** Verifies `sig` over `parts` (constant time), then the expiry: a tampered expiry is "invalid", not "expired". */
  function verify(query: SignedQuery, parts: (string | number)[]): void {
    const expected = Buffer.from(sign(parts));
    const given = Buffer.from(single(query, 'sig'));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw new AppError('FORBIDDEN', INVALID_LINK_MESSAGE);
    }
    if (Number(single(query, 'expires')) * 1000 <= now()) throw new AppError('FORBIDDEN', EXPIRED_LINK_MESSAGE);
  }

  function expiryOf(expiresInSeconds: number): string {
    return String(Math.floor(now() / 1000) + Math.ceil(expiresInSeconds));
  }

  function urlOf(key: string, params: Record<string, string>): string {
    return `${LOCAL_STORAGE_PATH}/${key}?${new URLSearchParams(params).toString()}`;
  }

  return {
    driver: 'local',

    async createUploadUrl(key: string, { contentType, size, expiresInSeconds }: UploadUrlOptions) {
      assertStorageKey(key);
      const expires = expiryOf(expiresInSeconds);
      const sig = sign(['PUT', key, expires, contentType, String(size)]);
      return urlOf(key, { expires, size: String(size), type: contentType, sig });
    },

    async createDownloadUrl(key: string, { filename, contentType, inline, expiresInSeconds }: DownloadUrlOptions) {
      assertStorageKey(key);
      const expires = expiryOf(expiresInSeconds);
      const disposition = inline ? 'inline' : 'attachment';
      const sig = sign(['GET', key, expires, contentType, disposition, filename]);
      return urlOf(key, { expires, type: contentType, disposition, filename, sig });
    },

    verifyUpload(key, query) {
      assertStorageKey(key);
      const expires = single(query, 'expires');
      const contentType = single(query, 'type');
      const size = single(query, 'size');
      verify(query, ['PUT', key, expires, contentType, size]);
      return { contentType, size: Number(size) };
    },

    verifyDownload(key, query) {
      assertStorageKey(key);
      const expires = single(query, 'expires');
      const contentType = single(query, 'type');
      const disposition = single(query, 'disposition');
      const filename = single(query, 'filename');
      verify(query, ['GET', key, expires, contentType, disposition, filename]);
      return { contentType, filename, inline: disposition === 'inline' };
    },

    async writeUpload(key, body, size) {
      const file = fileOf(key);
      await fsp.mkdir(partialDir, { recursive: true });
      const partial = path.join(partialDir, `${crypto.randomUUID()}.part`);
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received > size) callback(new AppError('BAD_REQUEST', `The upload is larger than the declared ${size} bytes`));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        if (received !== size) {
          throw new AppError('BAD_REQUEST', `The upload ended after ${received} of the declared ${size} bytes`);
        }
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.rename(partial, file);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        if (error instanceof AppError) throw error;
        if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
          throw new AppError('BAD_REQUEST', 'The upload was interrupted');
        }
        throw error;
      }
    },

    async openDownload(key) {
      const file = fileOf(key);
      try {
        const handle = await fsp.open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async read(key) {
      assertStorageKey(key);
      try {
        return (await fsp.open(fileOf(key), 'r')).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async write(key, body) {
      assertStorageKey(key);
      const file = fileOf(key);
      await fsp.mkdir(partialDir, { recursive: true });
      const partial = path.join(partialDir, `${crypto.randomUUID()}.part`);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
        );
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.rename(partial, file);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
      return { size: (await fsp.stat(file)).size };
    },

    async exists(key) {
      try {
        return (await fsp.stat(fileOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}

/**
 * The storage URL secret when STORAGE_SECRET is not set: derived from the auth secret (HKDF-SHA256 with its own
 * label), so it is as stable and as private as that secret without being the same key.
 */
export function deriveStorageSecret(authSecret: string): string {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'hearth', 'storage url signing', 32)).toString('base64url');
}
