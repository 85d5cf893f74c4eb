import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { markStoredUpload, promoteIfStored, uploadStateOf } from '../../storage/pending-uploads';
import type { Storage } from '../../storage/storage';
import { caseAttachments } from './cases.schema';

/*
 * How an office upload to a case (cases.createAttachment) completes, by the rules of every upload
 * (storage/pending-uploads.ts): the pending attachment becomes `uploaded` once the storage holds its bytes, told by
 * the local driver's PUT route (http/storage.routes.ts) or, on S3 where the bytes go to the bucket, found with
 * `exists` when the case is read (promoteStoredAttachments). Until then the case does not list it.
 */

/** The first segment of every case attachment's storage key (`cases/<caseId>/<uuid>`). */
export const CASE_STORAGE_PREFIX = 'cases/';

/** Whether a storage key is a case attachment's. */
export function isCaseStorageKey(storageKey: string): boolean {
  return storageKey.startsWith(CASE_STORAGE_PREFIX);
}

/** Where the upload of a case storage key stands (uploadStateOf): `pending`, `uploaded`, or null. */
export function getCaseUploadState({ db, storageKey }: { db: Db; storageKey: string }): Promise<'pending' | 'uploaded' | null> {
  return uploadStateOf(db, caseAttachments, storageKey);
}

/**
 * Marks the attachment of `storageKey` uploaded once its bytes are stored (markStoredUpload: the local driver's PUT
 * route), audited as done by its uploader.
 * @returns `uploaded`, `already-uploaded`, or `missing` when no attachment has the key (the bytes should go).
 */
export function markCaseUploaded({
  db,
  storageKey,
}: {
  db: Db;
  storageKey: string;
}): Promise<'uploaded' | 'already-uploaded' | 'missing'> {
  return markStoredUpload(db, caseAttachments, storageKey);
}

/**
 * Marks uploaded the pending attachments of case `caseId` whose bytes the storage holds (uploads straight to an S3
 * bucket, which no route of ours sees). The caller has found the case in reach.
 */
export async function promoteStoredAttachments(db: Db, storage: Storage, caseId: number): Promise<void> {
  const pending = await db
    .select({ id: caseAttachments.id, storageKey: caseAttachments.storageKey })
    .from(caseAttachments)
    .where(and(eq(caseAttachments.caseId, caseId), eq(caseAttachments.status, 'pending')));
  for (const file of pending) await promoteIfStored(db, storage, caseAttachments, file);
}

/**
 * The cleanup of office uploads that never arrived (run by the hourly `delete-stale-pending-files` job beside the
 * record files' and chat's): every case attachment still pending and created before `olderThan` is marked uploaded
 * when the storage holds its bytes after all (an S3 upload no one read the case since), else deleted (the audit keeps
 * its addition and removal in the case's history). Callers pass `new Date(Date.now() -
 * STALE_PENDING_FILE_AGE_SECONDS * 1000)` (a day, well past the upload URL's expiry).
 * @returns how many attachments were deleted and how many promoted.
 */
export async function deleteStaleCaseUploads({
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
  const stale = await db
    .select({ id: caseAttachments.id, storageKey: caseAttachments.storageKey })
    .from(caseAttachments)
    .where(and(eq(caseAttachments.status, 'pending'), lt(caseAttachments.createdAt, olderThan)))
    .orderBy(asc(caseAttachments.id));
  for (const file of stale) {
    if (await promoteIfStored(db, storage, caseAttachments, file)) {
      promoted += 1;
      continue;
    }
    const gone = await db
      .delete(caseAttachments)
      .where(and(eq(caseAttachments.id, file.id), eq(caseAttachments.status, 'pending')))
      .returning({ id: caseAttachments.id });
    deleted += gone.length;
  }
  return { deleted, promoted };
}
