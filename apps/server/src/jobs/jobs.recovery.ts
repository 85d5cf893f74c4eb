import { and, eq, isNull, lt } from 'drizzle-orm';
import { FILE_IMPORT_UPLOAD_URL_TTL_SECONDS } from '@hearth/shared/file-imports/file-imports.constants';
import type { Db } from '../db/client';
import type { Storage } from '../storage/storage';
import type { JobQueue } from './jobs.queue';
import { fileImports } from '../features/file-imports/file-imports.schema';
import { fileExports } from '../features/file-exports/file-exports.schema';
import { markFileImportUploaded } from '../features/file-imports/file-imports.service';

/** How long a queued import or export may wait for its job id before the job is sent again, in milliseconds. */
export const ORPHAN_AFTER_MS = 2 * 60 * 1000;

/** How long after its upload URL expired an import still awaiting its bytes is given up, in milliseconds. */
export const ABANDONED_UPLOAD_AFTER_MS = (FILE_IMPORT_UPLOAD_URL_TTL_SECONDS + 5 * 60) * 1000;

/**
 * The safety net of the file transfers (the `recover-file-transfers` job, every 10 minutes and at start). A job is
 * sent after the import's or export's row committed (the queue cannot join a request's transaction), so a process
 * that stops between the two leaves a row `queued` with no job: such rows older than ORPHAN_AFTER_MS get their job
 * again (both jobs are safe to run twice). An import still `awaiting_upload` after ABANDONED_UPLOAD_AFTER_MS is
 * queued when its bytes did arrive (an S3 upload nobody looked at), else ends `failed` with "The upload never
 * arrived", so the list never shows an upload waiting forever.
 * @param now the current time (tests pass their own).
 * @returns how many jobs were sent again and how many uploads were given up.
 */
export async function recoverFileTransfers({
  db,
  storage,
  jobs,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  now?: Date;
}): Promise<{ requeued: number; abandoned: number }> {
  let requeued = 0;
  const orphanedBefore = new Date(now.getTime() - ORPHAN_AFTER_MS);
  const imports = await db
    .select({ id: fileImports.id })
    .from(fileImports)
    .where(and(eq(fileImports.status, 'queued'), isNull(fileImports.jobId), lt(fileImports.createdAt, orphanedBefore)));
  for (const { id } of imports) {
    const jobId = await jobs.send('file-import', { fileImportId: id });
    await db.update(fileImports).set({ jobId }).where(eq(fileImports.id, id));
    requeued += 1;
  }
  const exports = await db
    .select({ id: fileExports.id })
    .from(fileExports)
    .where(and(eq(fileExports.status, 'queued'), isNull(fileExports.jobId), lt(fileExports.createdAt, orphanedBefore)));
  for (const { id } of exports) {
    const jobId = await jobs.send('file-export', { fileExportId: id });
    await db.update(fileExports).set({ jobId }).where(eq(fileExports.id, id));
    requeued += 1;
  }

  let abandoned = 0;
  const waiting = await db
    .select({ id: fileImports.id, storageKey: fileImports.storageKey })
    .from(fileImports)
    .where(
      and(
        eq(fileImports.status, 'awaiting_upload'),
        lt(fileImports.createdAt, new Date(now.getTime() - ABANDONED_UPLOAD_AFTER_MS)),
      ),
    );
  for (const upload of waiting) {
    if (await storage.exists(upload.storageKey)) {
      if ((await markFileImportUploaded({ db, jobs, storageKey: upload.storageKey })) === 'uploaded') requeued += 1;
      continue;
    }
    const given = await db
      .update(fileImports)
      .set({ status: 'failed', error: 'The upload never arrived', finishedAt: now })
      .where(and(eq(fileImports.id, upload.id), eq(fileImports.status, 'awaiting_upload')))
      .returning({ id: fileImports.id });
    abandoned += given.length;
  }
  return { requeued, abandoned };
}
