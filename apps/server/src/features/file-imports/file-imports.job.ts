import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { JobDeps } from '../../jobs/jobs.deps';
import type { JobAttempt } from '../../jobs/jobs.queue';
import { branches } from '../branches/branches.schema';
import { roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';
import { fileImportRows, fileImports, fileImportTypes } from './file-imports.schema';
import { FILE_IMPORT_TARGET_DEFINITIONS } from './file-imports.targets';
import { FileImportProblem, formatOf, readRecords } from './file-imports.read';
import { missingColumnsMessage, planColumns, rowData, rowValues, type ColumnPlan } from './file-imports.mapping';
import { AttemptSuperseded, prepareBatch, writeBatch, type BatchRow } from './file-imports.batch';
import { errorRow } from './file-imports.target';
import { HEARTBEAT_EVERY_MS, startAttempt } from '../../jobs/jobs.runner';
import { inTransaction } from '../../db/transaction';
import { sendUserNotification } from '../notifications/notifications.service';

/**
 * The `file-import` job (issue "imports and exports", item 2): reads an uploaded file and writes its rows.
 *
 * 1. A first pass reads the whole file: header, required columns (missing ones are named), UTF-8, quotes, and
 *    counts the data rows (rowsTotal). A problem of the file itself fails the import here, before anything is
 *    written ("no partial garbage").
 * 2. A second pass maps each row by header (file-imports.mapping.ts) and writes batches of BATCH_ROWS rows, each in
 *    one transaction with its file_import_rows and the progress (file-imports.batch.ts). Bad rows become error
 *    rows; they never block the good ones. A key seen on an earlier line makes the later line an error.
 * Safe to run again: a retried job skips the lines an earlier attempt committed (rows are unique per import and
 * line) and records are upserted by their key. An unexpected error leaves the import queued for pg-boss's retry;
 * on the last attempt the import is failed with the message. An attempt records its process (`runner`) and writes
 * a heartbeat, so that an attempt whose process was killed is found and resumed or failed (jobs/jobs.recovery.ts
 * recoverInterruptedImports).
 */

/** Rows per batch transaction: large enough for set-based writes, small enough for steady progress. */
export const BATCH_ROWS = 2000;

/** Keys longer than this are refused (ids of other systems are short; this bounds the lookups). */
const MAX_KEY_LENGTH = 200;

type ImportWithType = { file: typeof fileImports.$inferSelect; type: typeof fileImportTypes.$inferSelect };

async function openFile(deps: JobDeps, storageKey: string): Promise<Readable> {
  const stream = await deps.storage.read(storageKey);
  // Not a problem of the file: the storage may be catching up (S3) or down; the job is retried.
  if (!stream) throw new Error('The uploaded file is not in the storage');
  return stream;
}

/** Pass 1: the header's column plan and the number of data rows. @throws FileImportProblem. */
async function survey(deps: JobDeps, { file, type }: ImportWithType) {
  const target = FILE_IMPORT_TARGET_DEFINITIONS[type.target];
  let headers: string[] | null = null;
  let plan: ColumnPlan[] = [];
  let total = 0;
  for await (const record of readRecords(await openFile(deps, file.storageKey), formatOf(file))) {
    if (headers) {
      total += 1;
      continue;
    }
    headers = record.cells;
    const planned = planColumns(headers, type.mapping, target.fields);
    if (planned.missing.length) throw new FileImportProblem(missingColumnsMessage(planned.missing, type.label));
    plan = planned.columns;
  }
  if (!headers) throw new FileImportProblem('The file is empty: it has no header row');
  if (total === 0) throw new FileImportProblem('The file has a header row but no data rows');
  return { headers, plan, total };
}

/**
 * Pass 2: maps and writes the rows after `resumeAfter` (the last line an earlier attempt committed). Stops before
 * the next batch once `signal` is aborted (the import was handed to another attempt).
 */
async function importRows(
  deps: JobDeps,
  imported: ImportWithType,
  surveyed: Awaited<ReturnType<typeof survey>>,
  attemptToken: string,
  signal: AbortSignal,
) {
  const { file, type } = imported;
  const target = FILE_IMPORT_TARGET_DEFINITIONS[type.target];
  const keyLabel = target.fields.find((f) => f.key === 'externalId')!.label;
  const fieldKeys = new Set(target.fields.map((f) => f.key));
  const [branch] = file.branchId
    ? await deps.db
        .select({ id: branches.id, name: branches.name, timezone: branches.timezone })
        .from(branches)
        .where(eq(branches.id, file.branchId))
    : [];
  const [creator] = file.createdByUserId
    ? await deps.db
        .select({ override: sql<boolean>`${roles.hasPayPeriodLockOverride} or ${roles.hasSystemLevelAccess}` })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, file.createdByUserId))
    : [];
  const context = {
    fileImportId: file.id,
    target,
    companyId: file.companyId,
    branch: branch ?? null,
    mayOverrideLocks: creator?.override ?? false,
    userId: file.createdByUserId,
    attemptToken,
  };
  const earlier = await deps.db
    .select({ key: fileImportRows.externalId, line: sql<number>`min(${fileImportRows.lineNumber})::int` })
    .from(fileImportRows)
    .where(eq(fileImportRows.fileImportId, file.id))
    .groupBy(fileImportRows.externalId);
  const seen = new Map(earlier.flatMap((e) => (e.key ? [[e.key, e.line] as const] : [])));
  const [{ last }] = (await deps.db
    .select({ last: sql<number>`coalesce(max(${fileImportRows.lineNumber}), 0)::int` })
    .from(fileImportRows)
    .where(eq(fileImportRows.fileImportId, file.id))) as [{ last: number }];

  // The next batch is read and mapped while the one before it is written (one write at a time, in file order), so
  // the parsing and checks of the file run beside the database's work instead of after it.
  let writing: Promise<unknown> | null = null;
  const write = async (rows: BatchRow[]) => {
    // Checked before waiting: the target's per-row checks run while the database writes the batch before.
    const prepared = prepareBatch(context, rows);
    if (writing) await writing;
    signal.throwIfAborted();
    writing = writeBatch(deps.db, context, prepared);
    // Awaited before the next write and at the end, where a failure is thrown; never an unhandled rejection.
    writing.catch(() => {});
  };
  let batch: BatchRow[] = [];
  let header = true;
  try {
    for await (const record of readRecords(await openFile(deps, file.storageKey), formatOf(file))) {
      if (header) {
        header = false;
        continue;
      }
      if (record.line <= last) continue;
      const values = rowValues(record.cells, surveyed.plan, type.defaults, fieldKeys);
      const externalId = values.externalId ?? '';
      const ref = { line: record.line, externalId };
      let error = record.problem ? errorRow(ref, record.problem) : null;
      if (!error && externalId === '') error = errorRow(ref, `${keyLabel} is required`);
      if (!error && externalId.length > MAX_KEY_LENGTH)
        error = errorRow(ref, `${keyLabel} is longer than ${MAX_KEY_LENGTH} characters`);
      if (!error && seen.has(externalId))
        error = errorRow(ref, `${keyLabel} ${externalId} is also on line ${seen.get(externalId)}`);
      if (externalId !== '' && !seen.has(externalId)) seen.set(externalId, record.line);
      const { cells } = record;
      batch.push({
        line: record.line,
        data: () => rowData(surveyed.headers, cells),
        row: error ? null : { line: record.line, externalId, values },
        error,
      });
      if (batch.length >= BATCH_ROWS) {
        await write(batch);
        batch = [];
      }
    }
    if (batch.length) await write(batch);
    await writing;
    signal.throwIfAborted();
  } finally {
    // A write still running when the reading fails ends before the import's outcome is written.
    await (writing as Promise<unknown> | null)?.catch(() => {});
  }
}

/** The import's row while this attempt (its runner token) still runs it: recovery changes the status when it takes it for stopped. */
function heldBy(id: number, token: string) {
  return and(eq(fileImports.id, id), eq(fileImports.status, 'running'), sql`${fileImports.runner}->>'token' = ${token}`);
}

/**
 * Runs one attempt of a `file-import` job {fileImportId}. The attempt claims the import: only a `queued` import is
 * taken (status running, attempts + 1, startedAt on the first, runner = this process, heartbeat now), so a second
 * job of the same import (a stale one retried after its process was killed) does nothing while another attempt
 * runs or after the import ended. Then the two passes, then completed (even with row errors). A FileImportProblem
 * fails the import with its message at once. Another error: on the job's last attempt the import is failed with
 * it; otherwise the import goes back to queued with the attempt counted. Either way it is rethrown, so pg-boss
 * retries or records the failure. While it runs, the heartbeat is written every HEARTBEAT_EVERY_MS; when the row no
 * longer names this attempt (recovery took it for stopped and another attempt claimed it), this attempt stops
 * before its next batch and writes no outcome.
 * `deps.runnerKind` says whether a server or a command runs it (default server).
 */
export async function runFileImportJob(deps: JobDeps, job: JobAttempt<'file-import'>): Promise<void> {
  const id = job.data.fileImportId;
  const attempt = startAttempt(deps.runnerKind ?? 'server');
  try {
    const claimed = await deps.db
      .update(fileImports)
      .set({
        status: 'running',
        attempts: sql`${fileImports.attempts} + 1`,
        startedAt: sql`coalesce(${fileImports.startedAt}, now())`,
        runner: attempt.runner,
        heartbeatAt: sql`now()`,
      })
      .where(and(eq(fileImports.id, id), eq(fileImports.status, 'queued')))
      .returning({ id: fileImports.id });
    if (claimed.length === 0) return;
    const superseded = new AbortController();
    const heartbeat = setInterval(() => {
      deps.db
        .update(fileImports)
        .set({ heartbeatAt: sql`now()` })
        .where(heldBy(id, attempt.runner.token))
        .returning({ id: fileImports.id })
        .then((held) => {
          if (held.length === 0) superseded.abort(new AttemptSuperseded(id));
        })
        .catch((error: unknown) => deps.log.error(`File import ${id}: heartbeat not written: ${String(error)}`));
    }, HEARTBEAT_EVERY_MS);
    heartbeat.unref();
    try {
      await runClaimed(deps, job, id, attempt.runner.token, superseded.signal);
    } finally {
      clearInterval(heartbeat);
    }
  } finally {
    attempt.end();
  }
}

async function runClaimed(
  deps: JobDeps,
  job: JobAttempt<'file-import'>,
  id: number,
  token: string,
  superseded: AbortSignal,
): Promise<void> {
  // Every write of the outcome applies only while this attempt holds the import, so an attempt taken for stopped
  // (a stalled process that comes back) never overwrites the one that took over.
  // The user who started the import is told it finished (issue "Reaching people" item 3), with the outcome.
  const finish = async (status: 'completed' | 'failed', error: string | null) => {
    await inTransaction(deps.db, async (tx) => {
      const [done] = await tx
        .update(fileImports)
        .set({ status, error, finishedAt: new Date() })
        .where(heldBy(id, token))
        .returning({ userId: fileImports.createdByUserId, file: fileImports.fileName });
      if (!done?.userId) return;
      const link = `/file-import-rows?fileImportId=${id}`;
      await sendUserNotification({ db: tx, userId: done.userId, kind: 'import_finished', params: { file: done.file }, link });
    });
  };
  const [imported] = await deps.db
    .select({ file: fileImports, type: fileImportTypes })
    .from(fileImports)
    .innerJoin(fileImportTypes, eq(fileImportTypes.name, fileImports.typeName))
    .where(eq(fileImports.id, id));
  if (!imported) return;
  try {
    const surveyed = await survey(deps, imported);
    await deps.db.update(fileImports).set({ rowsTotal: surveyed.total }).where(heldBy(id, token));
    await importRows(deps, imported, surveyed, token, superseded);
    await finish('completed', null);
    deps.log.info(`File import ${id} (${imported.type.name}) completed`);
  } catch (error) {
    if (superseded.aborted || error instanceof AttemptSuperseded) {
      deps.log.info(new AttemptSuperseded(id).message);
      return;
    }
    if (error instanceof FileImportProblem) {
      await finish('failed', error.message);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error(`File import ${id} attempt ${job.retryCount + 1} failed: ${message}`);
    if (job.isLastAttempt) await finish('failed', `The import stopped after ${job.retryCount + 1} attempts: ${message}`);
    else await deps.db.update(fileImports).set({ status: 'queued' }).where(heldBy(id, token));
    throw error;
  }
}
