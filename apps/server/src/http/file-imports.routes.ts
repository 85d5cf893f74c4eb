import type { FastifyInstance } from 'fastify';
import type { FileImportProgress } from '@hearth/shared/file-imports/file-imports.schema';
import { ZFileImportIdInput } from '@hearth/shared/file-imports/file-imports.schema';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import type { Storage } from '../storage/storage';
import type { JobQueue } from '../jobs/jobs.queue';
import { scopeOf } from '../db/request-scope';
import { requireCaller } from './require-caller';
import { getFileImportProgress } from '../features/file-imports/file-imports.service';

/** How often the stream reads the import's row, in milliseconds. */
export const PROGRESS_POLL_MS = 250;

/** Every so many polls an import awaiting its upload checks the storage (an S3 upload Hearth did not see arrive). */
const UPLOAD_CHECK_EVERY = 8;

/**
 * GET /api/file-imports/{id}/progress: the progress of an import as server-sent events (text/event-stream), one
 * `data: <FileImportProgress JSON>` event when the stream opens and one per change (status, rows done, counts),
 * ending after `completed` or `failed`. Guarded like getFileImport (401 without a session, 403 without the action,
 * 404 for an import outside the caller's scope, answered as JSON before the stream starts). The row is polled every
 * PROGRESS_POLL_MS outside any transaction; the stream stops when the client goes away.
 */
export function registerFileImportRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: Auth; storage: Storage; jobs: JobQueue },
): void {
  app.get<{ Params: { id: string } }>('/api/file-imports/:id/progress', async (request, reply) => {
    const caller = await requireCaller(deps, request, 'getFileImport');
    const { id } = ZFileImportIdInput.parse({ id: Number(request.params.id) });
    const scope = scopeOf(deps.db, caller);
    const read = (checkUpload: boolean) =>
      getFileImportProgress({ scope, storage: deps.storage, jobs: deps.jobs, input: { id, checkUpload } });
    let progress: FileImportProgress = await read(true);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let open = true;
    // The response's close, not the request's: a GET's request stream closes as soon as it has been read.
    res.on('close', () => {
      open = false;
    });
    let last = '';
    for (let poll = 1; open; poll += 1) {
      const event = JSON.stringify(progress);
      if (event !== last) {
        res.write(`data: ${event}\n\n`);
        last = event;
      }
      if (progress.status === 'completed' || progress.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
      if (!open) break;
      try {
        progress = await read(poll % UPLOAD_CHECK_EVERY === 0);
      } catch (error) {
        // The import was removed, or the database went away: end the stream with the reason as an error event.
        res.write(`event: error\ndata: ${JSON.stringify({ message: (error as Error).message })}\n\n`);
        break;
      }
    }
    res.end();
  });
}
