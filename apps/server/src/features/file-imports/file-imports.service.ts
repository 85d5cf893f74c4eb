/**
 * File imports (spec "File imports" calls; issue "imports and exports", item 2).
 *
 * Flow: queueFileImport checks the file's facts and answers an upload URL (the storage driver's, as for record
 * files); the browser PUTs the bytes there; the upload completing queues the `file-import` job, which reads the file
 * and writes the rows (file-imports.job.ts). Upload completion, as for record files (files.service.ts):
 * - local driver: Hearth receives the PUT (http/storage.routes.ts) and calls markFileImportUploaded at once;
 * - S3: getFileImport and the progress stream find the bytes with the storage's `exists` and queue the job then.
 * Visibility: imports of the caller's company, of a branch in the caller's scope or of no branch (company-level
 * targets such as payer sources); system level sees all.
 */
import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { FILE_DOWNLOAD_URL_TTL_SECONDS } from '@hearth/shared/files/files.constants';
import { FILE_IMPORT_UPLOAD_URL_TTL_SECONDS } from '@hearth/shared/file-imports/file-imports.constants';
import {
  fileImportProblemMessage,
  type DownloadUrlOutput,
  type FileImportOutput,
  type FileImportProgress,
  type QueueFileImportInput,
  type QueueFileImportOutput,
} from '@hearth/shared/file-imports/file-imports.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors/app-error';
import { msg, type ServerMessageKey } from '../../i18n/server-i18n';
import type { JobQueue } from '../../jobs/jobs.queue';
import { signedDownloadLink, type Storage } from '../../storage/storage';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';
import { fileImports, fileImportTypes } from './file-imports.schema';
import { FILE_IMPORT_TARGET_DEFINITIONS } from './file-imports.targets';

/** The imports a scope may see, as a condition on file_imports. */
export function fileImportInScope(scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>): SQL {
  if (scope.level === 'system') return sql`true`;
  if (scope.level === 'none' || scope.companyId === null) return sql`false`;
  return sql`(${fileImports.companyId} = ${scope.companyId} and (${fileImports.branchId} is null or ${inBranchScope(scope, fileImports.branchId)}))`;
}

/** One import in scope with its type label, branch and creator names. */
async function findImport(db: Db, scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>, id: number) {
  const [row] = await db
    .select({ file: fileImports, typeLabel: fileImportTypes.label, branchName: branches.name, createdByName: users.name })
    .from(fileImports)
    .innerJoin(fileImportTypes, eq(fileImportTypes.name, fileImports.typeName))
    .leftJoin(branches, eq(branches.id, fileImports.branchId))
    .leftJoin(users, eq(users.id, fileImports.createdByUserId))
    .where(and(eq(fileImports.id, id), fileImportInScope(scope)));
  if (!row) throw notFound('File import', id);
  return row;
}

function toOutput(row: Awaited<ReturnType<typeof findImport>>): FileImportOutput {
  const f = row.file;
  return {
    id: f.id,
    type: f.typeName,
    typeLabel: row.typeLabel,
    branchId: f.branchId,
    branchName: row.branchName,
    fileName: f.fileName,
    fileSizeBytes: f.fileSizeBytes,
    contentType: f.contentType,
    status: f.status,
    error: f.error,
    rowsTotal: f.rowsTotal,
    rowsDone: f.rowsDone,
    createdCount: f.createdCount,
    updatedCount: f.updatedCount,
    unchangedCount: f.unchangedCount,
    errorCount: f.errorCount,
    warningCount: f.warningCount,
    attempts: f.attempts,
    createdByName: row.createdByName,
    createdAt: f.createdAt.toISOString(),
    startedAt: f.startedAt?.toISOString() ?? null,
    finishedAt: f.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The branch an import writes to: the one asked for, else the type's defaults.branchId, else the caller's only
 * branch; each must be in the caller's scope (the scope in the WHERE clause).
 * @throws AppError BAD_REQUEST "Choose the branch to import into" when none is given and the scope has several;
 * NOT_FOUND "Branch N not found" outside the scope.
 */
async function importBranch(scope: Scope, asked: number | null | undefined, typeDefault: unknown) {
  const chosen = asked ?? (typeof typeDefault === 'number' ? typeDefault : null);
  const reachable = await scope.db
    .select({ id: branches.id, companyId: branches.companyId })
    .from(branches)
    .where(and(chosen === null ? undefined : eq(branches.id, chosen), inBranchScope(scope, branches.id)))
    .limit(2);
  if (chosen !== null) {
    if (!reachable[0]) throw new AppError('NOT_FOUND', `Branch ${chosen} not found`, { branchId: ['Unknown branch'] });
    return reachable[0];
  }
  if (reachable.length !== 1) {
    throw new AppError('BAD_REQUEST', 'Choose the branch to import into', { branchId: ['Choose the branch to import into'] });
  }
  return reachable[0]!;
}

/**
 * Creates an import awaiting its upload (queueFileImport {type, fileName, fileSizeBytes, contentType, branchId?}):
 * the file must be CSV or XLSX, not empty, at most FILE_IMPORT_MAX_BYTES (fileImportProblemMessage); the type must exist;
 * the caller's role must allow the target's create and update procedures (an import writes what they write); the
 * branch is resolved by importBranch (none for company-level targets). The bytes go to a server-made key
 * `file-import/<companyId>/<uuid>`.
 * @returns {id, uploadUrl, uploadUrlExpiresAt}: PUT the bytes there with the declared Content-Type and
 * Content-Length within FILE_IMPORT_UPLOAD_URL_TTL_SECONDS.
 * @throws AppError BAD_REQUEST for the file or an unknown type, "Choose the branch to import into"; FORBIDDEN
 * "Your role may not use createPayerSource"; NOT_FOUND for a branch outside the scope.
 */
export async function queueFileImport({
  scope,
  storage,
  mayUse,
  input,
}: {
  scope: Scope;
  storage: Storage;
  /** Whether the caller's role may use an action (its action permissions). */
  mayUse: (action: string) => boolean;
  input: QueueFileImportInput;
}): Promise<QueueFileImportOutput> {
  const problem = fileImportProblemMessage(input);
  if (problem) {
    // The shared rule names its message by a key of the server catalogue: worded in the reader's language.
    const message = msg(problem.key as ServerMessageKey, problem.values);
    throw new AppError('BAD_REQUEST', message, { fileName: [message] });
  }
  const [type] = await scope.db.select().from(fileImportTypes).where(eq(fileImportTypes.name, input.type));
  if (!type) throw new AppError('BAD_REQUEST', `Unknown import type ${input.type}`, { type: ['Unknown import type'] });
  const denied = FILE_IMPORT_TARGET_DEFINITIONS[type.target].actions.find((action) => !mayUse(action));
  if (denied) throw new AppError('FORBIDDEN', `Your role may not use ${denied}`);
  let branchId: number | null = null;
  let companyId = scope.companyId;
  if (FILE_IMPORT_TARGET_DEFINITIONS[type.target].branchLevel) {
    const branch = await importBranch(scope, input.branchId, type.defaults.branchId);
    branchId = branch.id;
    companyId = branch.companyId;
  }
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', 'Choose the branch to import into', { branchId: ['Choose the branch to import into'] });
  }
  const storageKey = `file-import/${companyId}/${crypto.randomUUID()}`;
  const [row] = await scope.db
    .insert(fileImports)
    .values({
      companyId,
      branchId,
      typeName: type.name,
      fileName: input.fileName,
      fileSizeBytes: input.fileSizeBytes,
      contentType: input.contentType,
      storageKey,
      createdByUserId: scope.actorUserId,
    })
    .returning({ id: fileImports.id });
  const uploadUrl = await storage.createUploadUrl(storageKey, {
    contentType: input.contentType,
    size: input.fileSizeBytes,
    expiresInSeconds: FILE_IMPORT_UPLOAD_URL_TTL_SECONDS,
  });
  const uploadUrlExpiresAt = new Date(Date.now() + FILE_IMPORT_UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  return { id: row!.id, uploadUrl, uploadUrlExpiresAt };
}

/**
 * Where the upload of an import's storage key stands: `pending` (awaiting its bytes), `uploaded` (queued or past),
 * or null when no import has the key. The local driver's PUT route asks before accepting bytes.
 */
export async function getFileImportUploadState({ db, storageKey }: { db: Db; storageKey: string }) {
  const [row] = await db.select({ status: fileImports.status }).from(fileImports).where(eq(fileImports.storageKey, storageKey));
  if (!row) return null;
  return row.status === 'awaiting_upload' ? ('pending' as const) : ('uploaded' as const);
}

/**
 * Marks the import of `storageKey` uploaded once its bytes are stored: status queued, then the `file-import` job is
 * sent (after the status change committed, so the job never sees an import still awaiting its upload) and its id
 * kept. Must not run inside a transaction that is still open (the job queue writes through its own connection).
 * @returns `uploaded`, `already-uploaded`, or `missing` when no import has the key.
 */
export async function markFileImportUploaded({
  db,
  jobs,
  storageKey,
}: {
  db: Db;
  jobs: JobQueue;
  storageKey: string;
}): Promise<'uploaded' | 'already-uploaded' | 'missing'> {
  const [queued] = await db
    .update(fileImports)
    .set({ status: 'queued' })
    .where(and(eq(fileImports.storageKey, storageKey), eq(fileImports.status, 'awaiting_upload')))
    .returning({ id: fileImports.id });
  if (!queued) {
    const state = await getFileImportUploadState({ db, storageKey });
    return state === null ? 'missing' : 'already-uploaded';
  }
  const jobId = await jobs.send('file-import', { fileImportId: queued.id });
  await db.update(fileImports).set({ jobId }).where(eq(fileImports.id, queued.id));
  return 'uploaded';
}

/**
 * One import in the caller's scope (getFileImport {id}) with its progress and counts. An import still awaiting
 * its upload whose bytes are stored (S3, whose uploads Hearth does not see arrive, or a local upload whose
 * completion did not commit) is queued right after this call's transaction (markFileImportUploaded on `rootDb`:
 * the job queue cannot join the request's transaction), so the next look finds it queued.
 * @throws AppError NOT_FOUND "File import N not found" outside the scope.
 */
export async function getFileImport({
  scope,
  rootDb,
  storage,
  jobs,
  input,
}: {
  scope: Scope;
  rootDb: Db;
  storage: Storage;
  jobs: JobQueue;
  input: { id: number };
}): Promise<FileImportOutput> {
  const row = await findImport(scope.db, scope, input.id);
  if (row.file.status === 'awaiting_upload' && (await storage.exists(row.file.storageKey))) {
    const storageKey = row.file.storageKey;
    setImmediate(() => void markFileImportUploaded({ db: rootDb, jobs, storageKey }).catch(() => undefined));
  }
  return toOutput(row);
}

/**
 * The progress of an import in scope (the SSE stream's events), read outside any transaction; queues an S3
 * upload that arrived (see getFileImport).
 * @throws AppError NOT_FOUND "File import N not found" outside the scope.
 */
export async function getFileImportProgress({
  scope,
  storage,
  jobs,
  input,
}: {
  scope: Scope;
  storage: Storage;
  jobs: JobQueue;
  input: { id: number; checkUpload: boolean };
}): Promise<FileImportProgress> {
  let row = await findImport(scope.db, scope, input.id);
  if (input.checkUpload && row.file.status === 'awaiting_upload') {
    if (await storage.exists(row.file.storageKey)) {
      await markFileImportUploaded({ db: scope.db, jobs, storageKey: row.file.storageKey });
      row = await findImport(scope.db, scope, input.id);
    }
  }
  const { id, status, error, rowsTotal, rowsDone, createdCount, updatedCount, unchangedCount, errorCount, warningCount } =
    toOutput(row);
  return { id, status, error, rowsTotal, rowsDone, createdCount, updatedCount, unchangedCount, errorCount, warningCount };
}

/**
 * A signed link to the original file of an import in scope (getFileImportDownloadLink {id}), as an attachment
 * under its own name, valid FILE_DOWNLOAD_URL_TTL_SECONDS.
 * @returns {downloadUrl, expiresAt}.
 * @throws AppError NOT_FOUND outside the scope; CONFLICT "File import N has not been uploaded" before its bytes came.
 */
export async function getFileImportDownloadLink({
  scope,
  storage,
  input,
}: {
  scope: Scope;
  storage: Storage;
  input: { id: number };
}): Promise<DownloadUrlOutput> {
  const { file } = await findImport(scope.db, scope, input.id);
  if (file.status === 'awaiting_upload' && !(await storage.exists(file.storageKey))) {
    throw new AppError('CONFLICT', `File import ${file.id} has not been uploaded`);
  }
  const link = { filename: file.fileName, contentType: file.contentType, inline: false };
  const { url, expiresAt } = await signedDownloadLink(storage, file.storageKey, link, FILE_DOWNLOAD_URL_TTL_SECONDS);
  return { downloadUrl: url, expiresAt };
}
