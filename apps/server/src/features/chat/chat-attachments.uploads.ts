import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { markStoredUpload, promoteIfStored, uploadStateOf } from '../../storage/pending-uploads';
import type { Storage } from '../../storage/storage';
import { chatAttachments } from './chat.schema';

/*
 * How chat uploads complete and are cleaned up, by the rules of every upload (storage/pending-uploads.ts) and the
 * record files' cleanup (features/files/files.service.ts "Cleanup"): a pending attachment becomes `uploaded` once
 * the storage holds its complete bytes, told by the local driver's PUT route (http/storage.routes.ts) or found by
 * `exists` on S3; uploads that never arrived, and uploads never sent with a message, are removed by the hourly
 * cleanup job.
 */

/** The first segment of every chat attachment's storage key (`chat/<conversationId>/<uuid>`). */
export const CHAT_STORAGE_PREFIX = 'chat/';

/** Whether a storage key is a chat attachment's. */
export function isChatStorageKey(storageKey: string): boolean {
  return storageKey.startsWith(CHAT_STORAGE_PREFIX);
}

/** Where the upload of a chat storage key stands (uploadStateOf): `pending`, `uploaded`, or null. */
export function getChatUploadState({ db, storageKey }: { db: Db; storageKey: string }): Promise<'pending' | 'uploaded' | null> {
  return uploadStateOf(db, chatAttachments, storageKey);
}

/**
 * Marks the attachment of `storageKey` uploaded once its bytes are stored (markStoredUpload: the local driver's PUT
 * route), audited as done by its uploader.
 * @returns `uploaded`, `already-uploaded`, or `missing` when no attachment has the key (the bytes should go).
 */
export function markChatUploaded({
  db,
  storageKey,
}: {
  db: Db;
  storageKey: string;
}): Promise<'uploaded' | 'already-uploaded' | 'missing'> {
  return markStoredUpload(db, chatAttachments, storageKey);
}

/**
 * The cleanup of chat uploads (run by the hourly `delete-stale-pending-files` job beside the record files'): every
 * attachment created before `olderThan` and never sent with a message is removed with its bytes (an upload that
 * never arrived, or one left on a composer); a sent one still pending is marked uploaded when the storage holds its
 * bytes (an S3 upload nobody opened). Callers pass `new Date(Date.now() - STALE_PENDING_FILE_AGE_SECONDS * 1000)`
 * (a day, well past the upload URL's expiry).
 * @returns how many attachments were deleted and how many promoted.
 */
export async function deleteStaleChatUploads({
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
    .select({ id: chatAttachments.id, storageKey: chatAttachments.storageKey, messageId: chatAttachments.messageId })
    .from(chatAttachments)
    .where(
      and(lt(chatAttachments.createdAt, olderThan), or(eq(chatAttachments.status, 'pending'), isNull(chatAttachments.messageId))),
    )
    .orderBy(asc(chatAttachments.id));
  for (const attachment of stale) {
    if (attachment.messageId !== null) {
      if (await promoteIfStored(db, storage, chatAttachments, attachment)) promoted += 1;
      continue;
    }
    const gone = await db
      .delete(chatAttachments)
      .where(and(eq(chatAttachments.id, attachment.id), isNull(chatAttachments.messageId)))
      .returning({ storageKey: chatAttachments.storageKey });
    for (const row of gone) await storage.delete(row.storageKey);
    deleted += gone.length;
  }
  return { deleted, promoted };
}
