import crypto from 'node:crypto';
import { AppError } from '../errors/app-error';
import { assertStorageKey, type DownloadUrlOptions, type Storage, type UploadUrlOptions } from './storage';

/**
 * The local driver's signed URLs: they point at Hearth itself (LOCAL_STORAGE_PATH) and carry an HMAC-SHA256
 * signature over the method, the key, the expiry and what the URL binds (upload: content type and size; download:
 * type, disposition and filename), so none of them can be changed without the secret.
 */

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

/** The local driver's URL half: making signed URLs and checking them when they come back. */
export interface LocalSignedUrls extends Pick<Storage, 'createUploadUrl' | 'createDownloadUrl'> {
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
}

/**
 * Creates the signed URL half of the local driver.
 * @param options.secret HMAC key of the signed URLs (see deriveStorageSecret).
 * @param options.now clock in milliseconds.
 * @throws (its methods) AppError BAD_REQUEST "Invalid storage key" for a malformed key.
 */
export function localSignedUrls(options: { secret: string; now: () => number }): LocalSignedUrls {
  const { now } = options;

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
  };
}
