/**
 * Files on client and caregiver records (spec sections 3 "File", 4 "File upload", 7 "File creation").
 *
 * Upload flow: a create call stores the record as `pending` with a server-made storage key
 * (`client/<clientId>/<uuid>`, `caregiver/<caregiverId>/<uuid>`) and answers an upload `url`; the browser PUTs the
 * bytes there with Content-Length and Content-Type equal to the declared ones; if the PUT fails the browser deletes
 * the record (deleteClientFile / deleteCaregiverFile). Lists show `uploaded` records only.
 *
 * Upload completion, one rule for both drivers: a pending record becomes `uploaded` once the storage holds its
 * complete bytes.
 * - local driver: Hearth receives the PUT itself (http/storage.routes.ts) and calls markUploaded at once;
 * - S3: S3 cannot call Hearth, so the record is promoted when the storage's `exists` (HEAD) finds the bytes: by
 *   the next list of the owner's files (which checks the owner's pending records younger than
 *   STALE_PENDING_FILE_AGE_SECONDS), by a download link asked for it, or at the latest by deleteStalePendingFiles.
 * The same checks also repair a local upload whose bytes landed but whose markUploaded did not commit.
 *
 * Cleanup: deleteStalePendingFiles removes records still pending after STALE_PENDING_FILE_AGE_SECONDS (their
 * upload URL expired long before) and promotes those whose bytes did arrive. Scheduling it is the jobs' concern.
 */
import { recordScopeAccess } from '../access-log/access-log.record';
import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  FILE_DOWNLOAD_URL_TTL_SECONDS,
  FILE_UPLOAD_URL_TTL_SECONDS,
  STALE_PENDING_FILE_AGE_SECONDS,
  type FileKind,
} from '@hearth/shared/files/files.constants';
import type {
  CaregiverFile,
  ClientFile,
  CreateCaregiverFileInput,
  CreateClientFileInput,
  CreatedFileUpload,
  FileDownloadLink,
  FileDownloadLinkInput,
  FileIdInput,
  GetCaregiverFilesInput,
  GetClientFilesInput,
  RecordFile,
  RecordFileFacts,
  UpdateFileInput,
} from '@hearth/shared/files/files.schema';
import type { OkOutput } from '@hearth/shared/app/outputs.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors/app-error';
import { signedDownloadLink, type Storage } from '../../storage/storage';
import { markStoredUpload, promoteIfStored, uploadStateOf } from '../../storage/pending-uploads';
import { clientFiles, clients } from '../clients/clients.schema';
import { caregiverFiles, caregivers } from '../caregivers/caregivers.schema';
import { users } from '../users/users.schema';

/** The tables of each kind of file: the file table, its owner column, the owner table and the owner's name. */
const KINDS = {
  client: { files: clientFiles, ownerId: clientFiles.clientId, owners: clients, label: 'Client' },
  caregiver: { files: caregiverFiles, ownerId: caregiverFiles.caregiverId, owners: caregivers, label: 'Caregiver' },
} as const;

type FileTable = (typeof KINDS)[FileKind]['files'];
/** A file as the service works with it; createdAt becomes an ISO string on the way out. */
type FileRow = { ownerId: number; createdAt: Date } & Omit<RecordFile, 'createdAt'>;

/** A file row as lists show it, with the uploader's name. */
function selectFile(files: FileTable, ownerId: (typeof KINDS)[FileKind]['ownerId']) {
  return {
    id: files.id,
    ownerId,
    filename: files.filename,
    size: files.size,
    contentType: files.contentType,
    createdAt: files.createdAt,
    uploadedByName: users.name,
  };
}

/** The owners (clients or caregivers) the scope may see, as a subquery for `ownerId in (...)`. */
function ownersInScope(scope: Scope, kind: FileKind) {
  const { owners } = KINDS[kind];
  return scope.db.select({ id: owners.id }).from(owners).where(inBranchScope(scope, owners.branchId));
}

/**
 * Checks the owner exists in scope (the scope in the WHERE clause).
 * @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found", also for another branch's.
 */
async function assertOwnerInScope(scope: Scope, kind: FileKind, ownerId: number): Promise<void> {
  const { owners, label } = KINDS[kind];
  const [owner] = await scope.db
    .select({ id: owners.id })
    .from(owners)
    .where(and(eq(owners.id, ownerId), inBranchScope(scope, owners.branchId)));
  if (!owner) throw notFound(label, ownerId);
}

/** One file in scope with its storage key and status. @throws AppError NOT_FOUND "File N not found". */
async function fileInScope(scope: Scope, kind: FileKind, id: number) {
  const { files, ownerId } = KINDS[kind];
  const [row] = await scope.db
    .select({ ...selectFile(files, ownerId), storageKey: files.storageKey, status: files.status })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedByUserId))
    .where(and(eq(files.id, id), inArray(ownerId, ownersInScope(scope, kind))));
  if (!row) throw notFound('File', id);
  return row;
}

async function listFiles(scope: Scope, storage: Storage, kind: FileKind, owner: number): Promise<FileRow[]> {
  await assertOwnerInScope(scope, kind, owner);
  const { files, ownerId } = KINDS[kind];
  const recent = new Date(Date.now() - STALE_PENDING_FILE_AGE_SECONDS * 1000);
  const pending = await scope.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(ownerId, owner), eq(files.status, 'pending'), gte(files.createdAt, recent)));
  await Promise.all(pending.map((file) => promoteIfStored(scope.db, storage, KINDS[kind].files, file)));
  return scope.db
    .select(selectFile(files, ownerId))
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedByUserId))
    .where(and(eq(ownerId, owner), eq(files.status, 'uploaded')))
    .orderBy(desc(files.createdAt), desc(files.id));
}

async function createFile(
  scope: Scope,
  storage: Storage,
  kind: FileKind,
  owner: number,
  facts: RecordFileFacts,
): Promise<FileRow & CreatedFileUpload> {
  await assertOwnerInScope(scope, kind, owner);
  const storageKey = `${kind}/${owner}/${crypto.randomUUID()}`;
  const values = {
    filename: facts.filename,
    size: facts.size,
    contentType: facts.contentType,
    storageKey,
    status: 'pending' as const,
    uploadedByUserId: scope.actorUserId,
  };
  const [created] =
    kind === 'client'
      ? await scope.db
          .insert(clientFiles)
          .values({ ...values, clientId: owner })
          .returning({ id: clientFiles.id })
      : await scope.db
          .insert(caregiverFiles)
          .values({ ...values, caregiverId: owner })
          .returning({ id: caregiverFiles.id });
  const file = await fileInScope(scope, kind, created!.id);
  const url = await storage.createUploadUrl(storageKey, {
    contentType: facts.contentType,
    size: facts.size,
    expiresInSeconds: FILE_UPLOAD_URL_TTL_SECONDS,
  });
  const uploadUrlExpiresAt = new Date(Date.now() + FILE_UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  return { ...withoutInternals(file), url, uploadUrlExpiresAt };
}

function withoutInternals({
  storageKey: _key,
  status: _status,
  ...file
}: FileRow & { storageKey: string; status: string }): FileRow {
  return file;
}

async function renameFile(scope: Scope, kind: FileKind, input: UpdateFileInput): Promise<FileRow> {
  const { files, ownerId } = KINDS[kind];
  const renamed = await scope.db
    .update(files)
    .set({ filename: input.filename })
    .where(and(eq(files.id, input.id), inArray(ownerId, ownersInScope(scope, kind))))
    .returning({ id: files.id });
  if (renamed.length === 0) throw notFound('File', input.id);
  return withoutInternals(await fileInScope(scope, kind, input.id));
}

async function deleteFile(scope: Scope, storage: Storage, kind: FileKind, id: number): Promise<OkOutput> {
  const { files, ownerId } = KINDS[kind];
  const [deleted] = await scope.db
    .delete(files)
    .where(and(eq(files.id, id), inArray(ownerId, ownersInScope(scope, kind))))
    .returning({ storageKey: files.storageKey });
  if (!deleted) throw notFound('File', id);
  // Inside the request's transaction: when the bytes cannot be removed, the record stays too.
  await storage.delete(deleted.storageKey);
  return { ok: true };
}

async function downloadLink(
  scope: Scope,
  storage: Storage,
  kind: FileKind,
  input: FileDownloadLinkInput,
): Promise<FileDownloadLink> {
  const file = await fileInScope(scope, kind, input.id);
  if (file.status === 'pending' && !(await promoteIfStored(scope.db, storage, KINDS[kind].files, file))) {
    throw new AppError('CONFLICT', `File ${input.id} has not finished uploading`);
  }
  const link = { filename: file.filename, contentType: file.contentType, inline: input.inline };
  const { url, expiresAt } = await signedDownloadLink(storage, file.storageKey, link, FILE_DOWNLOAD_URL_TTL_SECONDS);
  // The link is the only way to the bytes, so handing it out is the file's opening (inline) or download.
  await recordScopeAccess(scope, {
    action: 'file-download',
    recordType: 'file',
    recordId: file.id,
    [kind === 'client' ? 'clientId' : 'caregiverId']: file.ownerId,
    detail: `${input.inline ? 'opened' : 'downloaded'} ${file.filename}`.slice(0, 300),
  });
  return { url, filename: file.filename, contentType: file.contentType, expiresAt };
}

const asClientFile = ({ ownerId, createdAt, ...file }: FileRow): ClientFile => ({
  ...file,
  createdAt: createdAt.toISOString(),
  clientId: ownerId,
});
const asCaregiverFile = ({ ownerId, createdAt, ...file }: FileRow): CaregiverFile => ({
  ...file,
  createdAt: createdAt.toISOString(),
  caregiverId: ownerId,
});

/** What the file procedures get: the caller's scope, the storage and the procedure's input. */
interface FileCall<I> {
  scope: Scope;
  storage: Storage;
  input: I;
}

/**
 * A client's uploaded files, newest first (spec section 7 "Client": getClientFiles {clientId}). Pending records
 * (upload not arrived) are left out; those whose bytes did arrive are promoted first (see "Upload completion").
 * @returns [{id, clientId, filename, size (bytes), contentType, createdAt (ISO), uploadedByName}]
 * @throws AppError NOT_FOUND "Client N not found" when the client is not in the caller's scope.
 */
export async function getClientFiles({ scope, storage, input }: FileCall<GetClientFilesInput>): Promise<ClientFile[]> {
  return (await listFiles(scope, storage, 'client', input.clientId)).map(asClientFile);
}

/**
 * Creates a pending client file and its upload URL (spec section 7 "File creation"): the caller then PUTs the
 * bytes to `url` with Content-Length = size and Content-Type = contentType before `uploadUrlExpiresAt`
 * (FILE_UPLOAD_URL_TTL_SECONDS). The facts are checked by ZCreateClientFileInput ("No file provided", size limit,
 * content types).
 * @returns the record plus {url, uploadUrlExpiresAt}.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function createClientFile({
  scope,
  storage,
  input,
}: FileCall<CreateClientFileInput>): Promise<ClientFile & CreatedFileUpload> {
  const { clientId, ...facts } = input;
  const { url, uploadUrlExpiresAt, ...file } = await createFile(scope, storage, 'client', clientId, facts);
  return { ...asClientFile(file), url, uploadUrlExpiresAt };
}

/**
 * Renames a client file {id, filename}.
 * @throws AppError NOT_FOUND "File N not found" when it does not exist or its client is outside the scope.
 */
export async function updateClientFile({ scope, input }: Omit<FileCall<UpdateFileInput>, 'storage'>): Promise<ClientFile> {
  return asClientFile(await renameFile(scope, 'client', input));
}

/**
 * Deletes a client file {id}, pending or uploaded: the record and its stored bytes (what the browser calls when
 * the PUT failed, spec section 4).
 * @throws AppError NOT_FOUND "File N not found".
 */
export async function deleteClientFile({ scope, storage, input }: FileCall<FileIdInput>): Promise<OkOutput> {
  return deleteFile(scope, storage, 'client', input.id);
}

/**
 * A signed link to a client file {id, inline} (spec section 7): inline for the preview (PDF in a frame, image),
 * else as an attachment; valid FILE_DOWNLOAD_URL_TTL_SECONDS.
 * @returns {url, filename, contentType, expiresAt}
 * @throws AppError NOT_FOUND "File N not found"; CONFLICT "File N has not finished uploading" for a pending one.
 */
export async function getClientFileDownloadLink({
  scope,
  storage,
  input,
}: FileCall<FileDownloadLinkInput>): Promise<FileDownloadLink> {
  return downloadLink(scope, storage, 'client', input);
}

/**
 * A caregiver's uploaded files, newest first (getCaregiverFiles {caregiverId}); as getClientFiles.
 * @returns [{id, caregiverId, filename, size (bytes), contentType, createdAt (ISO), uploadedByName}]
 * @throws AppError NOT_FOUND "Caregiver N not found" outside the scope.
 */
export async function getCaregiverFiles({ scope, storage, input }: FileCall<GetCaregiverFilesInput>): Promise<CaregiverFile[]> {
  return (await listFiles(scope, storage, 'caregiver', input.caregiverId)).map(asCaregiverFile);
}

/**
 * Creates a pending caregiver file and its upload URL; as createClientFile.
 * @returns the record plus {url, uploadUrlExpiresAt}.
 * @throws AppError NOT_FOUND "Caregiver N not found" outside the scope.
 */
export async function createCaregiverFile({
  scope,
  storage,
  input,
}: FileCall<CreateCaregiverFileInput>): Promise<CaregiverFile & CreatedFileUpload> {
  const { caregiverId, ...facts } = input;
  const { url, uploadUrlExpiresAt, ...file } = await createFile(scope, storage, 'caregiver', caregiverId, facts);
  return { ...asCaregiverFile(file), url, uploadUrlExpiresAt };
}

/**
 * Renames a caregiver file {id, filename}.
 * @throws AppError NOT_FOUND "File N not found".
 */
export async function updateCaregiverFile({ scope, input }: Omit<FileCall<UpdateFileInput>, 'storage'>): Promise<CaregiverFile> {
  return asCaregiverFile(await renameFile(scope, 'caregiver', input));
}

/**
 * Deletes a caregiver file {id}: the record and its stored bytes.
 * @throws AppError NOT_FOUND "File N not found".
 */
export async function deleteCaregiverFile({ scope, storage, input }: FileCall<FileIdInput>): Promise<OkOutput> {
  return deleteFile(scope, storage, 'caregiver', input.id);
}

/**
 * A signed link to a caregiver file {id, inline}; as getClientFileDownloadLink.
 * @returns {url, filename, contentType, expiresAt}
 * @throws AppError NOT_FOUND "File N not found"; CONFLICT for a pending one.
 */
export async function getCaregiverFileDownloadLink({
  scope,
  storage,
  input,
}: FileCall<FileDownloadLinkInput>): Promise<FileDownloadLink> {
  return downloadLink(scope, storage, 'caregiver', input);
}

/** The kind of file a storage key belongs to, from its first segment; null for keys that are not record files. */
function kindOfKey(storageKey: string): FileKind | null {
  const kind = storageKey.split('/')[0];
  return kind === 'client' || kind === 'caregiver' ? kind : null;
}

/**
 * Where the upload of a storage key stands: `pending` (a PUT may come), `uploaded`, or null when no record has
 * the key (deleted, or never made). Used by the local driver's PUT route before it accepts bytes.
 */
export async function getUploadState({ db, storageKey }: { db: Db; storageKey: string }): Promise<'pending' | 'uploaded' | null> {
  const kind = kindOfKey(storageKey);
  return kind ? uploadStateOf(db, KINDS[kind].files, storageKey) : null;
}

/**
 * Marks the record of `storageKey` uploaded, once its bytes are stored (the local driver's PUT route calls it;
 * see "Upload completion"). Audited as done by the uploader.
 * @returns `uploaded`, `already-uploaded`, or `missing` when no record has the key (the bytes should go).
 */
export async function markUploaded({
  db,
  storageKey,
}: {
  db: Db;
  storageKey: string;
}): Promise<'uploaded' | 'already-uploaded' | 'missing'> {
  const kind = kindOfKey(storageKey);
  return kind ? markStoredUpload(db, KINDS[kind].files, storageKey) : 'missing';
}

/**
 * The cleanup of uploads that never arrived: every client and caregiver file still pending and created before
 * `olderThan` is deleted, unless the storage holds its bytes after all (S3 uploads nobody listed yet), in which
 * case it is marked uploaded. Callers pass `new Date(Date.now() - STALE_PENDING_FILE_AGE_SECONDS * 1000)`; a
 * scheduled job runs it (the jobs issue).
 * @returns how many records were deleted and how many promoted.
 */
export async function deleteStalePendingFiles({
  db,
  storage,
  olderThan,
}: {
  db: Db;
  storage: Storage;
  olderThan: Date;
}): Promise<{ deleted: number; promoted: number }> {
  let deleted = 0;
  let promoted = 0;
  for (const kind of ['client', 'caregiver'] as const) {
    const { files } = KINDS[kind];
    const stale = await db
      .select({ id: files.id, storageKey: files.storageKey })
      .from(files)
      .where(and(eq(files.status, 'pending'), lt(files.createdAt, olderThan)))
      .orderBy(asc(files.id));
    for (const file of stale) {
      if (await promoteIfStored(db, storage, files, file)) {
        promoted += 1;
        continue;
      }
      const gone = await db
        .delete(files)
        .where(and(eq(files.id, file.id), eq(files.status, 'pending')))
        .returning({ id: files.id });
      deleted += gone.length;
    }
  }
  return { deleted, promoted };
}
