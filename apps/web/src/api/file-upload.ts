import { NO_FILE_PROVIDED_MESSAGE } from '@hearth/shared/files/files.constants';
import { HttpError } from './api-error';
import { messageOf } from './rest';

/** What a file create call takes (spec section 7 "File creation"). */
export interface FileCreateFields {
  filename: string;
  size: number;
  contentType: string;
}

/** Sends the bytes of `file` to a signed upload URL. */
export type FilePut = (url: string, file: Blob) => Promise<void>;

/**
 * PUTs the bytes to the upload URL the create call returned, with Content-Length and Content-Type (the URL is
 * signed, so no session header goes with it). Browsers fill Content-Length from the body themselves; the header
 * is named anyway for runtimes that do not. A non-2xx answer throws an HttpError with the server's message.
 */
export const putFile: FilePut = async (url, file) => {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream', 'Content-Length': String(file.size) },
    body: file,
  });
  if (!response.ok) throw new HttpError(response.status, await messageOf(response));
};

/**
 * The upload flow of spec section 4: the record is created first (filename, size, contentType) and comes back
 * with an upload `url`; the bytes are PUT there; if the PUT fails the record is deleted again and the PUT's
 * error rethrown, so no record is left without its file. Without a file it fails with "No file provided".
 */
export async function uploadFile<R extends { id: number; url: string }>(options: {
  file: File | null | undefined;
  create: (fields: FileCreateFields) => Promise<R>;
  remove: (id: number) => Promise<unknown>;
  put?: FilePut;
}): Promise<R> {
  const { file, create, remove, put = putFile } = options;
  if (!file) throw new Error(NO_FILE_PROVIDED_MESSAGE);
  const record = await create({
    filename: file.name,
    size: file.size,
    contentType: file.type || 'application/octet-stream',
  });
  try {
    await put(record.url, file);
  } catch (error) {
    // The record's removal is best effort: the PUT's error is the one the person needs to see.
    await remove(record.id).catch(() => undefined);
    throw error;
  }
  return record;
}
