import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { FILE_IMPORT_UPLOAD_URL_TTL_SECONDS } from '@hearth/shared/file-imports/file-imports.constants';
import type { Db } from '../db/client';
import type { Storage } from '../storage/storage';
import type { JobQueue } from './jobs.queue';
import { fileImports } from '../features/file-imports/file-imports.schema';
import { fileExports } from '../features/file-exports/file-exports.schema';
import { markFileImportUploaded } from '../features/file-imports/file-imports.service';
import { attemptMayBeRunning, type JobRunner } from './jobs.runner';

/** How long a queued import or export may wait for its job id before the job is sent again, in milliseconds. */
export const ORPHAN_AFTER_MS = 2 * 60 * 1000;

/** How long after its upload URL expired an import still awaiting its bytes is given up, in milliseconds. */
export const ABANDONED_UPLOAD_AFTER_MS = (FILE_IMPORT_UPLOAD_URL_TTL_SECONDS + 5 * 60) * 1000;

/**
 * The safety net of the file transfers (the `recover-file-transfers` job, every minute and at start). A job is
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

/**
 * Attempts an import may take in all (its first and the resumptions after its process stopped); an import whose
 * process stops this often is failed instead of resumed again (a file that itself stops the process, such as one
 * too large for its memory, must not restart the server's work for ever).
 */
export const MAX_IMPORT_ATTEMPTS = 3;

/** An import left `running` by a process that no longer runs it (recoverInterruptedImports). */
export interface InterruptedImport {
  id: number;
  runner: JobRunner | null;
  attempts: number;
  rowsDone: number;
  rowsTotal: number | null;
  jobId: string | null;
}

/**
 * Imports whose status is `running` while no process runs them: their process was killed or crashed
 * (jobs.runner.ts attemptMayBeRunning: a process of this machine is checked by its pid at once, another machine's
 * by its heartbeat, stopped RUNNER_LOST_AFTER_MS after it, on the database's clock).
 */
export async function findInterruptedImports(db: Db): Promise<InterruptedImport[]> {
  const running = await db
    .select({
      id: fileImports.id,
      runner: fileImports.runner,
      heartbeatAgeMs: sql<number | null>`(extract(epoch from (clock_timestamp() - ${fileImports.heartbeatAt})) * 1000)::float8`,
      attempts: fileImports.attempts,
      rowsDone: fileImports.rowsDone,
      rowsTotal: fileImports.rowsTotal,
      jobId: fileImports.jobId,
    })
    .from(fileImports)
    .where(eq(fileImports.status, 'running'));
  return running
    .filter((r) => !attemptMayBeRunning(r.runner ?? null, r.heartbeatAgeMs === null ? null : Number(r.heartbeatAgeMs)))
    .map(({ heartbeatAgeMs: _, ...r }) => ({ ...r, runner: r.runner ?? null }));
}

const count = (n: number) => n.toLocaleString('en-US');

/** "1,500 of 4,000 rows were done", or that none were while the file was still being read through. */
function progress({ rowsDone, rowsTotal }: InterruptedImport): string {
  return rowsTotal === null
    ? 'it stopped before its rows were counted, so no rows were done'
    : `${count(rowsDone)} of ${count(rowsTotal)} rows were done`;
}

/** Why an interrupted import failed, in the words the import page and the command line show. */
export function interruptedImportError(interrupted: InterruptedImport): string {
  const kept = 'The rows done are kept: import the file again to finish (rows already imported come out unchanged).';
  if (interrupted.runner?.kind === 'command') {
    return `The command running this import stopped before it finished; ${progress(interrupted)}. ${kept}`;
  }
  return `The server stopped while this import ran (${interrupted.attempts} times); ${progress(interrupted)}. ${kept}`;
}

/**
 * Recovery after a crash (the `recover-file-transfers` job at a server's start and every minute, and every command
 * that prepares the database): each import left `running` by a process that no longer runs (findInterruptedImports)
 * - started by a command (`npm run hearth -- import`): fails with the reason (interruptedImportError), since the
 *   command that showed its progress is gone and the operator runs it again;
 * - started from the page, after fewer than MAX_IMPORT_ATTEMPTS attempts: is resumed: queued again with a new job
 *   (the stopped attempt's job is cancelled), which carries on after the last committed batch (file-imports.job.ts);
 * - otherwise fails with the reason ("The server stopped while this import ran (3 times); N of M rows were done...").
 * Each change applies only while the row still names the stopped attempt, so a racing recovery or a new attempt is
 * never overwritten.
 * @param now when a failed import finished (tests pass their own).
 * @returns the ids resumed and failed.
 */
export async function recoverInterruptedImports({
  db,
  jobs,
  now = new Date(),
}: {
  db: Db;
  jobs: JobQueue;
  now?: Date;
}): Promise<{ resumed: number[]; failed: number[] }> {
  const resumed: number[] = [];
  const failed: number[] = [];
  for (const interrupted of await findInterruptedImports(db)) {
    const stillThatAttempt = and(
      eq(fileImports.id, interrupted.id),
      eq(fileImports.status, 'running'),
      interrupted.runner ? sql`${fileImports.runner}->>'token' = ${interrupted.runner.token}` : isNull(fileImports.runner),
    );
    const resume = interrupted.runner?.kind !== 'command' && interrupted.attempts < MAX_IMPORT_ATTEMPTS;
    const changed = await db
      .update(fileImports)
      .set(
        resume
          ? { status: 'queued', jobId: null }
          : { status: 'failed', error: interruptedImportError(interrupted), finishedAt: now },
      )
      .where(stillThatAttempt)
      .returning({ id: fileImports.id });
    if (changed.length === 0) continue;
    // A stopped attempt's job is still `active` for pg-boss; cancelled, it is never retried beside the new one.
    if (interrupted.jobId) await jobs.cancel('file-import', interrupted.jobId);
    if (!resume) {
      failed.push(interrupted.id);
      continue;
    }
    const jobId = await jobs.send('file-import', { fileImportId: interrupted.id });
    await db.update(fileImports).set({ jobId }).where(eq(fileImports.id, interrupted.id));
    resumed.push(interrupted.id);
  }
  return { resumed, failed };
}
