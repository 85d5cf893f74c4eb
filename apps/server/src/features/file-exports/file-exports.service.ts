import { and, eq, sql } from 'drizzle-orm';
import type { FileExportOutput, FileExportParams, QueueFileExportInput } from '@hearth/shared/file-exports/file-exports.schema';
import { FILE_DOWNLOAD_URL_TTL_SECONDS } from '@hearth/shared/files/files.constants';
import { fileExportParamsErrors, isPeriodExportKind } from '@hearth/shared/file-exports/file-exports.kinds';
import type { DownloadUrlOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { exportFieldProblems, exportProblems } from './file-exports.messages';
import { signedDownloadLink, type Storage } from '../../storage/storage';
import { branches } from '../branches/branches.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { users } from '../users/users.schema';
import { fileExports, fileExportTypes } from './file-exports.schema';
import { checkRecordExportParams } from './file-exports.records';
import { recordScopeAccess } from '../access-log/access-log.record';
import { fileExportInScope } from './file-exports.scope';

/**
 * Namespace of the advisory locks that hold a queued export's job back until the request that queued it
 * has committed (see queueFileExport).
 */
export const FILE_EXPORT_LOCK_NAMESPACE = 7_301;

/** Takes the transaction-scoped advisory lock of export `id` (released at commit or rollback). */
export async function lockFileExport(db: Db, id: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${FILE_EXPORT_LOCK_NAMESPACE}, ${id})`);
}

/** The parameters as stored: only those given (no undefined or null values). */
function storedParams(params: FileExportParams): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * Checks and records an export (queueFileExport {type, params}). The type must exist; the parameters must be
 * those its kind asks for (fileExportParamsErrors: period kinds need from and to, at most 62 days; record kinds a
 * valid view state), `branchId` a branch in the caller's scope (it also gives the company of a system-level
 * caller), `payerSourceId` a payer of the export's company. Inserts the file_exports row (status queued, created
 * by the signed-in user, covering the reach of the user they act as: scopeUserId, the impersonated user while
 * impersonating) and holds its advisory lock until the request's transaction ends, so the job (sent by the
 * router once this returns: dispatchFileExportJob) starts on a committed row on every engine.
 * @returns the export as FileExportOutput.
 * @throws AppError BAD_REQUEST for an unknown type or parameters that do not fit (fieldErrors under "params.<key>"),
 * or a caller without a company and no branch; NOT_FOUND "Branch N not found" / "Payer source N not found".
 */
export async function queueFileExport({
  scope,
  input,
}: {
  scope: Scope;
  input: QueueFileExportInput;
}): Promise<FileExportOutput> {
  const [type] = await scope.db.select().from(fileExportTypes).where(eq(fileExportTypes.name, input.type));
  if (!type) throw new AppError('BAD_REQUEST', `Unknown export type: ${input.type}`, { type: ['Unknown export type'] });
  const params = input.params;
  const errors = fileExportParamsErrors(type.kind, params);
  const [firstError] = Object.entries(errors);
  if (firstError) {
    // Led by the field's path, as an input error ("params.from: ..."), the problem in the reader's language.
    const first = exportProblems(type.kind, [firstError[1]]);
    throw new AppError(
      'BAD_REQUEST',
      msg('problems', { problems: (language) => `params.${firstError[0]}: ${first(language)}` }),
      exportFieldProblems(
        type.kind,
        Object.entries(errors).map(([k, m]) => [`params.${k}`, m]),
      ),
    );
  }
  let companyId = scope.companyId;
  if (params.branchId) {
    const [branch] = await scope.db
      .select({ id: branches.id, companyId: branches.companyId })
      .from(branches)
      .where(and(eq(branches.id, params.branchId), inBranchScope(scope, branches.id)));
    if (!branch)
      throw new AppError('NOT_FOUND', `Branch ${params.branchId} not found`, { 'params.branchId': ['Unknown branch'] });
    companyId = branch.companyId;
  }
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', 'Choose a branch: an export belongs to a company', {
      'params.branchId': ['Branch is required'],
    });
  }
  if (params.payerSourceId) {
    const [payer] = await scope.db
      .select({ id: payerSources.id })
      .from(payerSources)
      .where(and(eq(payerSources.id, params.payerSourceId), eq(payerSources.companyId, companyId)));
    if (!payer) {
      throw new AppError('NOT_FOUND', `Payer source ${params.payerSourceId} not found`, {
        'params.payerSourceId': ['Unknown payer source'],
      });
    }
  }
  if (!isPeriodExportKind(type.kind)) checkRecordExportParams(scope, type.kind, params);
  const [row] = await scope.db
    .insert(fileExports)
    .values({
      companyId,
      branchId: params.branchId ?? null,
      typeName: type.name,
      params: storedParams(params),
      status: 'queued',
      createdByUserId: scope.actorUserId,
      // The job runs with the reach of the user the caller acts as now (exportScope), not whoever the requester
      // happens to act as when the job runs.
      scopeUserId: scope.userId,
    })
    .returning({ id: fileExports.id });
  await lockFileExport(scope.db, row!.id);
  await recordScopeAccess(scope, { action: 'export-run', recordType: 'export', recordId: row!.id, detail: type.name });
  return getFileExport({ scope, input: { id: row!.id } });
}

/** The export `id` in scope with its type, branch and creator, or undefined. */
async function findFileExport(scope: Scope, id: number) {
  const [row] = await scope.db
    .select({
      export: fileExports,
      typeLabel: fileExportTypes.label,
      kind: fileExportTypes.kind,
      branchName: branches.name,
      createdByName: users.name,
    })
    .from(fileExports)
    .innerJoin(fileExportTypes, eq(fileExportTypes.name, fileExports.typeName))
    .leftJoin(branches, eq(branches.id, fileExports.branchId))
    .leftJoin(users, eq(users.id, fileExports.createdByUserId))
    .where(and(eq(fileExports.id, id), fileExportInScope(scope)));
  return row;
}

/**
 * One export in scope (getFileExport {id}; fileExportInScope): its type, parameters, status (queued, running,
 * completed, failed with `error`, expired), attempts, file name, content type, size in bytes, row count, expiry and
 * who queued it. Timestamps ISO 8601 UTC.
 * @throws AppError NOT_FOUND "Export N not found" when missing or out of scope.
 */
export async function getFileExport({ scope, input }: { scope: Scope; input: { id: number } }): Promise<FileExportOutput> {
  const found = await findFileExport(scope, input.id);
  if (!found) throw notFound('Export', input.id);
  const e = found.export;
  return {
    id: e.id,
    type: e.typeName,
    typeLabel: found.typeLabel,
    kind: found.kind,
    branchId: e.branchId,
    branchName: found.branchName,
    params: e.params,
    status: e.status,
    error: e.error,
    attempts: e.attempts,
    fileName: e.fileName,
    contentType: e.contentType,
    fileSizeBytes: e.fileSizeBytes,
    rowCount: e.rowCount,
    expiresAt: e.expiresAt?.toISOString() ?? null,
    createdByName: found.createdByName,
    createdAt: e.createdAt.toISOString(),
    finishedAt: e.finishedAt?.toISOString() ?? null,
  };
}

/**
 * A signed link to download a finished export (getFileExportDownloadLink {id}; opened in a new tab), valid
 * FILE_DOWNLOAD_URL_TTL_SECONDS, served as an attachment under the export's file name.
 * @returns {downloadUrl, expiresAt} (expiresAt of the link, ISO UTC).
 * @throws AppError NOT_FOUND "Export N not found" (missing, out of scope) and "This export has expired" (its file
 * is gone or past its expiry: there is no 410 code, and the file no longer exists); CONFLICT "This export is not
 * ready" while queued or running, "This export failed: <reason>" when it failed.
 */
export async function getFileExportDownloadLink({
  scope,
  storage,
  input,
}: {
  scope: Scope;
  storage: Storage;
  input: { id: number };
}): Promise<DownloadUrlOutput> {
  const found = await findFileExport(scope, input.id);
  if (!found) throw notFound('Export', input.id);
  const e = found.export;
  const expired = e.status === 'expired' || (e.status === 'completed' && e.expiresAt !== null && e.expiresAt <= new Date());
  if (expired) throw new AppError('NOT_FOUND', 'This export has expired');
  if (e.status === 'failed') throw new AppError('CONFLICT', `This export failed: ${e.error ?? 'unknown reason'}`);
  if (e.status !== 'completed' || !e.storageKey || !e.fileName || !e.contentType) {
    throw new AppError('CONFLICT', 'This export is not ready');
  }
  const link = { filename: e.fileName, contentType: e.contentType, inline: false };
  const { url, expiresAt } = await signedDownloadLink(storage, e.storageKey, link, FILE_DOWNLOAD_URL_TTL_SECONDS);
  await recordScopeAccess(scope, { action: 'export-download', recordType: 'export', recordId: e.id, detail: e.fileName });
  return { downloadUrl: url, expiresAt };
}
