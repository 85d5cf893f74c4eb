import type { Readable } from 'node:stream';
import { AppError } from '../errors/app-error';

/** What an upload URL binds: the bytes must come with exactly this Content-Type and Content-Length. */
export interface UploadUrlOptions {
  contentType: string;
  /** Bytes. */
  size: number;
  expiresInSeconds: number;
}

/** How a download URL serves the bytes: as a named attachment, or inline for a preview. */
export interface DownloadUrlOptions {
  /** The name the browser shows and saves under. */
  filename: string;
  contentType: string;
  inline: boolean;
  expiresInSeconds: number;
}

/**
 * Where file bytes live (docs/architecture.md "Files"). The browser never sends bytes through a session: it gets a
 * signed, expiring URL from a procedure and PUTs or GETs it directly.
 * - `local`: files under a directory, URLs served by Hearth itself at /api/storage (local.storage.ts,
 *   http/storage.routes.ts);
 * - `s3`: presigned S3 URLs (s3.storage.ts).
 * Keys are made by the server (see isStorageKey), never taken from a user.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /**
   * A URL to PUT the bytes of `key` to, valid for `expiresInSeconds`; the PUT must carry Content-Type and
   * Content-Length equal to the given ones. Local URLs are root-relative (same origin as Hearth); S3 ones absolute.
   */
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  /** A URL to GET the bytes of `key`, served with the given name, type and disposition, valid for `expiresInSeconds`. */
  createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  /** The stored bytes of `key` as a stream, or null when there are none (jobs read uploaded imports with it). */
  read(key: string): Promise<Readable | null>;
  /**
   * Stores bytes the server made itself (export files, templates) under `key`, replacing any; a stream is read to
   * its end first on S3 (exports are bounded by their query), streamed to disk by the local driver.
   * @returns the size stored, in bytes.
   */
  write(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** Whether the complete bytes of `key` are stored (an upload in progress does not count). */
  exists(key: string): Promise<boolean>;
  /** Removes the bytes of `key`; nothing happens when there are none. */
  delete(key: string): Promise<void>;
}

/**
 * A signed download link of `key` for a person: the URL (served under `filename`, inline or as an attachment) and
 * when it stops working, `expiresInSeconds` from now (ISO UTC).
 */
export async function signedDownloadLink(
  storage: Storage,
  key: string,
  options: Omit<DownloadUrlOptions, 'expiresInSeconds'>,
  expiresInSeconds: number,
): Promise<{ url: string; expiresAt: string }> {
  const expiresAt = new Date(Date.now() + expiresInSeconds * 1000).toISOString();
  return { url: await storage.createDownloadUrl(key, { ...options, expiresInSeconds }), expiresAt };
}

/**
 * Storage keys: 1 to 8 segments separated by "/", each 1 to 64 of a-z, 0-9, "-" and "_" (no dots, no empty
 * segments), so a key can never climb out of its directory or bucket prefix. E.g. `client/12/<uuid>`.
 */
const STORAGE_KEY = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_-]{0,63}){0,7}$/;

/** Whether `key` is a well-formed storage key (see STORAGE_KEY). */
export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

/**
 * Checks a storage key before any use.
 * @throws AppError BAD_REQUEST "Invalid storage key" when it is not well-formed.
 */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new AppError('BAD_REQUEST', 'Invalid storage key');
}

/**
 * A Content-Disposition header value: `inline` or `attachment` with the filename both as a plain ASCII fallback
 * and as RFC 5987 UTF-8 (`filename*`), so any name survives and none can break out of the header.
 */
export function contentDisposition(filename: string, inline: boolean): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
