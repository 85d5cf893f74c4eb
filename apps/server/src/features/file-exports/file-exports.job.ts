import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FileExportParams } from '@hearth/shared/file-exports/file-exports.schema';
import { isPeriodExportKind } from '@hearth/shared/file-exports/file-exports.kinds';
import { inBranchScope, type Scope } from '../../auth/scope';
import { callerOfUser } from '../../auth/caller-of-user';
import { levelOf, type Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { scopeOf } from '../../db/request-scope';
import { AppError } from '../../errors/app-error';
import type { JobAttempt, JobQueue } from '../../jobs/jobs.queue';
import type { JobDeps } from '../../jobs/jobs.deps';
import { branches } from '../branches/branches.schema';
import { isActionAllowed, TABLE_NAMES } from '../roles/roles.permissions';
import { roles } from '../roles/roles.schema';
import { branchUsers, users } from '../users/users.schema';
import { viewNames } from '../views/views.catalog';
import { fileExports } from './file-exports.schema';
import { lockFileExport } from './file-exports.service';
import { findFileExportType, type FileExportTypeRow } from './file-exports.types';
import type { BuiltExportFile, ExportRun, FileExportRow } from './file-exports.files';
import { buildRecordExport } from './file-exports.records';
import { buildPayrollExport } from './file-exports.payroll';
import { buildBillingExport } from './file-exports.billing';
import { buildSandataExport } from './file-exports.sandata';
import { buildHhaexchangeExport } from './file-exports.hhaexchange';
import { replaceIntegrationRecords, type IntegrationRecord } from './file-exports.transactions';
import { inTransaction } from '../../db/transaction';
import { sendUserNotification } from '../notifications/notifications.service';

/** Exports a cleanup run expires at most (the next hourly run takes the rest). */
const EXPIRE_BATCH = 500;

/**
 * Sends the `file-export` job of a just-queued export without waiting for it (queueFileExport's router). It must
 * not be awaited inside the request: on the embedded database a query outside the request's transaction waits for
 * that transaction to end. The send runs once the request committed (embedded) or at once (PostgreSQL), where the
 * export's advisory lock (lockFileExport) holds the job back until the commit. The job id is stored once known; if
 * the job cannot be sent, the export is marked failed with the reason.
 */
export function dispatchFileExportJob(deps: { db: Db; jobs: JobQueue }, id: number): void {
  void (async () => {
    try {
      const jobId = await deps.jobs.send('file-export', { fileExportId: id });
      await deps.db.transaction(async (tx) => {
        await lockFileExport(tx, id);
        await tx.update(fileExports).set({ jobId }).where(eq(fileExports.id, id));
      });
    } catch (error) {
      console.warn(`File export ${id}: the job could not be queued: ${messageOf(error)}`);
      await deps.db
        .update(fileExports)
        .set({ status: 'failed', error: 'The export could not be queued; try again', finishedAt: new Date() })
        .where(and(eq(fileExports.id, id), eq(fileExports.status, 'queued')))
        .catch(() => undefined);
    }
  })();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The caller the export's reach is computed from: the role and branch links, as they are now, of the user the
 * requester acted as when queueing (scopeUserId; the requester for an export queued before it was kept), with the
 * requester as the actor. Never whoever the requester impersonates when the job runs: a no-branch export queued as
 * a branch manager covers that manager's branches, not the requester's own wider reach.
 */
async function reachOf(db: Db, requesterId: number, scopeUserId: number): Promise<Caller | null> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, scopeUserId));
  if (!row) return null;
  const links = await db
    .select({ branchId: branchUsers.branchId })
    .from(branchUsers)
    .where(eq(branchUsers.userId, scopeUserId))
    .orderBy(asc(branchUsers.branchId));
  return {
    actorUserId: requesterId,
    user: row.user,
    role: row.role,
    branchIds: links.map((l) => l.branchId),
    level: levelOf(row.role),
    impersonatedUserId: scopeUserId === requesterId ? null : scopeUserId,
  };
}

/**
 * The scope an export runs with (the class rule: an export with no branch covers the caller's branches, never
 * "all"): the reach of the user the requester acted as when queueing it (reachOf), as it is now, narrowed to the
 * export's company and branch. The requester must still be active; that user must still exist, hold
 * queueFileExport and reach the branch; a system-level user is narrowed to the export's company (keeping every view
 * and table permission).
 * @throws AppError UNAUTHORIZED for a deactivated requester, FORBIDDEN when a user is gone or lost the access.
 */
export async function exportScope(db: Db, row: FileExportRow): Promise<Scope> {
  const requester = row.createdByUserId === null ? null : await callerOfUser(db, row.createdByUserId);
  if (!requester) throw new AppError('FORBIDDEN', 'The user who queued this export no longer exists');
  const caller = await reachOf(db, requester.actorUserId, row.scopeUserId ?? requester.actorUserId);
  if (!caller) throw new AppError('FORBIDDEN', 'The user this export was queued for no longer exists');
  if (!isActionAllowed(caller.role, 'queueFileExport')) {
    throw new AppError('FORBIDDEN', `The role of ${caller.user.name} may no longer use queueFileExport`);
  }
  const scope = scopeOf(db, caller);
  if (scope.level !== 'system' && scope.companyId !== row.companyId) {
    throw new AppError('FORBIDDEN', `${caller.user.name} no longer belongs to the company of this export`);
  }
  // Narrowed to a company or branch, a system-level user keeps the reach system level gives: every view and table.
  const reach = scope.level === 'system' ? { viewPermissions: viewNames(), tablePermissions: [...TABLE_NAMES] } : {};
  if (row.branchId !== null) {
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, row.branchId), inBranchScope(scope, branches.id)));
    if (!branch) throw new AppError('FORBIDDEN', `${caller.user.name} no longer has access to branch ${row.branchId}`);
    return { ...scope, ...reach, level: 'branch', companyId: row.companyId, branchIds: [row.branchId] };
  }
  return scope.level === 'system' ? { ...scope, ...reach, level: 'company', companyId: row.companyId } : scope;
}

/** Builds the file of one export run by its kind; an EVV aggregator's also gives its transaction records. */
function buildFile(run: ExportRun): Promise<BuiltExportFile & { records?: IntegrationRecord[] }> {
  switch (run.type.kind) {
    case 'clients':
    case 'caregivers':
    case 'shifts':
      return buildRecordExport(run);
    case 'payroll_adp':
      return buildPayrollExport(run);
    case 'billing':
      return buildBillingExport(run);
    case 'evv_sandata':
      return buildSandataExport(run);
    case 'evv_hhaexchange':
      return buildHhaexchangeExport(run);
  }
}

/** The file name: `<type>-<from>-<to>.<ext>` for a period, `<type>-<queued date UTC>.<ext>` for a view. */
function fileNameOf(type: FileExportTypeRow, row: FileExportRow, params: FileExportParams, extension: string): string {
  const dates = isPeriodExportKind(type.kind) ? `${params.from}-${params.to}` : row.createdAt.toISOString().slice(0, 10);
  return `${type.name}-${dates}.${extension}`;
}

/**
 * Runs one `file-export` job (jobs.workers.ts): marks the export running (attempts + 1; a missing or finished
 * export is left alone), builds its file with the requester's scope (exportScope), writes it to the storage under
 * `file-export/<companyId>/<uuid>` and completes the export with its file name, content type, size (bytes), row
 * count and expiry (now + the type's retentionHours), in one transaction with an EVV aggregator export's
 * integration transaction records (replacing those of an earlier attempt). On an error the export records the
 * message: an AppError other than an internal one (bad parameters, a deactivated requester, lost access) or the
 * job's last attempt marks it failed; otherwise it goes back to queued and the error is rethrown so the queue
 * retries.
 */
export async function runFileExportJob(deps: JobDeps, job: JobAttempt<'file-export'>): Promise<void> {
  const id = job.data.fileExportId;
  const row = await deps.db.transaction(async (tx) => {
    await lockFileExport(tx, id);
    const [updated] = await tx
      .update(fileExports)
      .set({ status: 'running', attempts: sql`${fileExports.attempts} + 1` })
      .where(and(eq(fileExports.id, id), inArray(fileExports.status, ['queued', 'running'])))
      .returning();
    return updated;
  });
  if (!row) {
    deps.log.info(`File export ${id}: nothing to run (missing or already finished)`);
    return;
  }
  let key: string | null = null;
  try {
    const type = await findFileExportType(deps.db, row.typeName);
    const params = row.params as FileExportParams;
    const scope = await exportScope(deps.db, row);
    const file = await buildFile({ db: deps.db, scope, row, type, params });
    key = `file-export/${row.companyId}/${randomUUID()}`;
    const { size } = await deps.storage.write(key, file.body, file.contentType);
    const now = new Date();
    const completed = {
      status: 'completed' as const,
      error: null,
      storageKey: key,
      fileName: fileNameOf(type, row, params, file.extension),
      contentType: file.contentType,
      fileSizeBytes: size,
      rowCount: file.rowCount,
      expiresAt: new Date(now.getTime() + type.retentionHours * 3_600_000),
      finishedAt: now,
    };
    // The transaction records land with the completion or not at all; a retried attempt replaces them.
    const { records } = file;
    await inTransaction(deps.db, async (tx) => {
      await tx.update(fileExports).set(completed).where(eq(fileExports.id, id));
      if (records) await replaceIntegrationRecords(tx, row, records);
      await tellExportFinished(tx, row.createdByUserId, completed.fileName);
    });
  } catch (error) {
    if (key) await deps.storage.delete(key).catch(() => undefined);
    const message = error instanceof AppError ? error.message : `The export could not be written: ${messageOf(error)}`;
    const final = job.isLastAttempt || (error instanceof AppError && error.code !== 'INTERNAL_SERVER_ERROR');
    await inTransaction(deps.db, async (tx) => {
      await tx
        .update(fileExports)
        .set(final ? { status: 'failed', error: message, finishedAt: new Date() } : { status: 'queued', error: message })
        .where(eq(fileExports.id, id));
      if (final) await tellExportFinished(tx, row.createdByUserId, row.typeName);
    });
    deps.log.error(`File export ${id}: ${message}${final ? '' : ' (will retry)'}`);
    if (!final) throw error;
  }
}

/**
 * Tells the user who started an export that it finished, completed or failed (issue "Reaching people" item 3),
 * opening /file-exports where its file or its error shows. Nothing for an export no user started.
 */
async function tellExportFinished(db: Db, userId: number | null, file: string): Promise<void> {
  if (userId === null) return;
  await sendUserNotification({ db, userId, kind: 'export_finished', params: { file }, link: '/file-exports' });
}

/**
 * Expires finished exports past their expiresAt (hourly `delete-expired-file-exports` job): deletes each one's
 * bytes from the storage, then sets its status to expired (its download link is refused from then on). Oldest
 * first, at most EXPIRE_BATCH per run. Safe to run twice: deleting missing bytes does nothing.
 * @returns how many exports were expired.
 */
export async function deleteExpiredFileExports(deps: JobDeps): Promise<{ expired: number }> {
  const due = await deps.db
    .select({ id: fileExports.id, storageKey: fileExports.storageKey })
    .from(fileExports)
    .where(and(eq(fileExports.status, 'completed'), lt(fileExports.expiresAt, new Date())))
    .orderBy(asc(fileExports.expiresAt))
    .limit(EXPIRE_BATCH);
  let expired = 0;
  for (const row of due) {
    if (row.storageKey) await deps.storage.delete(row.storageKey);
    const done = await deps.db
      .update(fileExports)
      .set({ status: 'expired' })
      .where(and(eq(fileExports.id, row.id), eq(fileExports.status, 'completed')))
      .returning({ id: fileExports.id });
    expired += done.length;
  }
  return { expired };
}
