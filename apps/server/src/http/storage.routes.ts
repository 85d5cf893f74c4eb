import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors/app-error';
import { isLocalStorage } from '../storage/local.storage';
import { LOCAL_STORAGE_PATH, type SignedQuery } from '../storage/local.signed-urls';
import { contentDisposition, type Storage } from '../storage/storage';
import type { JobQueue } from '../jobs/jobs.queue';
import { getUploadState, markUploaded } from '../features/files/files.service';
import { getFileImportUploadState, markFileImportUploaded } from '../features/file-imports/file-imports.service';
import { getChatUploadState, isChatStorageKey, markChatUploaded } from '../features/chat/chat-attachments.uploads';
import { getCaseUploadState, isCaseStorageKey, markCaseUploaded } from '../features/cases/cases.uploads';

/**
 * The local storage driver's signed URLs (storage/local.signed-urls.ts); nothing is registered for S3, whose URLs
 * point at the bucket. The signature is the credential: no session is needed, and a tampered or expired URL answers
 * 403 {message: "This link is invalid" | "This link has expired"}.
 *
 * - `PUT /api/storage/{key}?expires&size&type&sig`: the bytes of a pending file. Content-Type must equal `type`
 *   and Content-Length must equal `size` (bytes), else 400 naming the expected value; the body is streamed to disk
 *   and refused past `size`. On success the upload is completed by the key's owner (its first segment): a record
 *   file is marked uploaded (files.service markUploaded), an import file (`file-import/...`) queues its import
 *   job (file-imports.service markFileImportUploaded), a chat attachment (`chat/...`) is marked uploaded
 *   (chat-attachments.uploads markChatUploaded), a case attachment (`cases/...`) too (cases.uploads
 *   markCaseUploaded); the answer is 200 {ok: true}. 404 when the record is gone,
 *   409 when it is already uploaded.
 * - `GET /api/storage/{key}?expires&type&disposition=inline|attachment&filename&sig`: streams the file with
 *   Content-Type, Content-Length and Content-Disposition (inline for previews). 404 when the bytes are gone.
 */
export async function registerStorageRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; jobs: JobQueue },
): Promise<void> {
  const local = deps.storage;
  if (!isLocalStorage(local)) return;
  const keyOf = (request: FastifyRequest) => (request.params as { '*': string })['*'];

  await app.register(async (scope) => {
    // The PUT body is the file itself, of any type: hand the raw stream to the handler, never parse or buffer it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.put<{ Querystring: SignedQuery }>(`${LOCAL_STORAGE_PATH}/*`, async (request, reply) => {
      const key = keyOf(request);
      const declared = local.verifyUpload(key, request.query);
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (contentType !== declared.contentType) {
        throw new AppError('BAD_REQUEST', `Content-Type must be ${declared.contentType}, as declared when the file was created`);
      }
      const length = request.headers['content-length'];
      if (length === undefined || !/^\d+$/.test(length)) {
        throw new AppError('BAD_REQUEST', `Content-Length is required (${declared.size} bytes)`);
      }
      if (Number(length) !== declared.size) {
        throw new AppError(
          'BAD_REQUEST',
          `Content-Length must be ${declared.size} bytes, as declared when the file was created (got ${length})`,
        );
      }
      const isImport = key.startsWith('file-import/');
      const isChat = isChatStorageKey(key);
      const isCase = isCaseStorageKey(key);
      const state = isImport
        ? await getFileImportUploadState({ db: deps.db, storageKey: key })
        : isChat
          ? await getChatUploadState({ db: deps.db, storageKey: key })
          : isCase
            ? await getCaseUploadState({ db: deps.db, storageKey: key })
            : await getUploadState({ db: deps.db, storageKey: key });
      if (state === null) throw new AppError('NOT_FOUND', 'This file no longer exists');
      if (state === 'uploaded') throw new AppError('CONFLICT', 'This file has already been uploaded');

      await local.writeUpload(key, request.raw, declared.size);
      const marked = isImport
        ? await markFileImportUploaded({ db: deps.db, jobs: deps.jobs, storageKey: key })
        : isChat
          ? await markChatUploaded({ db: deps.db, storageKey: key })
          : isCase
            ? await markCaseUploaded({ db: deps.db, storageKey: key })
            : await markUploaded({ db: deps.db, storageKey: key });
      if (marked === 'missing') {
        // The record was deleted while the bytes were arriving: they belong to nothing.
        await local.delete(key);
        throw new AppError('NOT_FOUND', 'This file no longer exists');
      }
      return reply.header('cache-control', 'no-store').send({ ok: true });
    });

    scope.get<{ Querystring: SignedQuery }>(`${LOCAL_STORAGE_PATH}/*`, async (request, reply) => {
      const key = keyOf(request);
      const link = local.verifyDownload(key, request.query);
      const file = await local.openDownload(key);
      if (!file) throw new AppError('NOT_FOUND', 'This file no longer exists');
      return reply
        .header('content-type', link.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(link.filename, link.inline))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });
  });
}
