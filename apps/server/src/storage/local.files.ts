import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error';
import { assertStorageKey, type Storage } from './storage';

/**
 * The local driver's bytes: a file per key under the root directory, written into a partial file under
 * `.uploads` first and moved into place only when complete, so a reader never sees half a file.
 */

/** The local driver's file half: storing, reading and removing the bytes of keys on disk. */
export interface LocalFiles extends Pick<Storage, 'read' | 'write' | 'exists' | 'delete'> {
  /**
   * Streams `body` to `key` (never buffering it whole): into a partial file first, moved into place only once
   * exactly `size` bytes arrived, so `exists` never sees a partial upload.
   * @throws AppError BAD_REQUEST when more or fewer than `size` bytes arrive or the upload is interrupted.
   */
  writeUpload(key: string, body: Readable, size: number): Promise<void>;
  /** The stored bytes of `key` as a stream with their size in bytes, or null when there are none. */
  openDownload(key: string): Promise<{ stream: Readable; size: number } | null>;
}

/**
 * Creates the file half of the local driver, over `rootDir` (an absolute path; created when missing, as is
 * `rootDir/.uploads` for partial files).
 * @throws (its methods) AppError BAD_REQUEST "Invalid storage key" for a malformed key.
 */
export function localFiles(rootDir: string): LocalFiles {
  const partialDir = path.join(rootDir, '.uploads');

  function fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(rootDir, key);
    // The key rule already excludes dots and empty segments; this keeps the promise even if the rule changes.
    if (!file.startsWith(rootDir + path.sep)) throw new AppError('BAD_REQUEST', 'Invalid storage key');
    return file;
  }

  /** Runs `writePartial` on a new partial file, then moves it to `file`; on any error the partial file is removed. */
  async function writeThroughPartial(file: string, writePartial: (partial: string) => Promise<void>): Promise<void> {
    await fsp.mkdir(partialDir, { recursive: true });
    const partial = path.join(partialDir, `${crypto.randomUUID()}.part`);
    try {
      await writePartial(partial);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.rename(partial, file);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  return {
    async writeUpload(key, body, size) {
      const file = fileOf(key);
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received > size) callback(new AppError('BAD_REQUEST', `The upload is larger than the declared ${size} bytes`));
          else callback(null, chunk);
        },
      });
      try {
        await writeThroughPartial(file, async (partial) => {
          await pipeline(body, limit, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
          if (received !== size) {
            throw new AppError('BAD_REQUEST', `The upload ended after ${received} of the declared ${size} bytes`);
          }
        });
      } catch (error) {
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
      await writeThroughPartial(file, (partial) =>
        pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
        ),
      );
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
