import { and, eq } from 'drizzle-orm';
import type { RecordFileFacts } from '@hearth/shared/files/files.schema';
import { FILE_DOWNLOAD_URL_TTL_SECONDS, FILE_UPLOAD_URL_TTL_SECONDS } from '@hearth/shared/files/files.constants';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { signedDownloadLink, type Storage } from '../../storage/storage';
import { caseAttachments } from './cases.schema';
import { caseDetail, findCase } from './cases.read';
import { promoteStoredAttachments } from './cases.uploads';

/** A call on a case's files: the caller, the storage driver and the input. */
interface FileCall<I> {
  scope: Scope;
  storage: Storage;
  input: I;
}

/**
 * Starts an office upload to a case (cases.createAttachment) {id, file: {filename, size, contentType}} ->
 * {id, url, uploadUrlExpiresAt}: a pending attachment stored under cases/<caseId>/<uuid> and a signed URL to PUT
 * the bytes to (files' create-then-PUT). The attachment counts once its bytes are stored (cases.attachmentLink
 * checks).
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function createAttachment({ scope, storage, input }: FileCall<{ id: number; file: RecordFileFacts }>) {
  const c = await findCase(scope, input.id);
  const storageKey = `cases/${c.id}/${crypto.randomUUID()}`;
  const [row] = await scope.db
    .insert(caseAttachments)
    .values({
      caseId: c.id,
      uploadedByUserId: scope.userId,
      storageKey,
      filename: input.file.filename,
      size: input.file.size,
      contentType: input.file.contentType,
      status: 'pending',
    })
    .returning({ id: caseAttachments.id });
  const url = await storage.createUploadUrl(storageKey, {
    contentType: input.file.contentType,
    size: input.file.size,
    expiresInSeconds: FILE_UPLOAD_URL_TTL_SECONDS,
  });
  return { id: row!.id, url, uploadUrlExpiresAt: new Date(Date.now() + FILE_UPLOAD_URL_TTL_SECONDS * 1000).toISOString() };
}

/**
 * A signed download link of a case's attachment (cases.attachmentLink) {id, attachmentId} -> {url, filename,
 * contentType, expiresAt}, valid FILE_DOWNLOAD_URL_TTL_SECONDS. A pending upload whose bytes arrived is marked
 * uploaded first. The reporter on the phone reaches the files of their own reports (caseReach).
 * @throws AppError NOT_FOUND "Case N not found", "Attachment N not found"; CONFLICT "This file is not uploaded yet".
 */
export async function attachmentLink({ scope, storage, input }: FileCall<{ id: number; attachmentId: number }>) {
  const c = await findCase(scope, input.id);
  const [file] = await scope.db
    .select()
    .from(caseAttachments)
    .where(and(eq(caseAttachments.id, input.attachmentId), eq(caseAttachments.caseId, c.id)));
  if (!file) throw notFound('Attachment', input.attachmentId);
  if (file.status === 'pending') {
    if (!(await storage.exists(file.storageKey))) throw new AppError('CONFLICT', 'This file is not uploaded yet');
    await scope.db.update(caseAttachments).set({ status: 'uploaded' }).where(eq(caseAttachments.id, file.id));
  }
  const link = { filename: file.filename, contentType: file.contentType, inline: file.contentType.startsWith('image/') };
  const { url, expiresAt } = await signedDownloadLink(storage, file.storageKey, link, FILE_DOWNLOAD_URL_TTL_SECONDS);
  return { url, filename: file.filename, contentType: file.contentType, expiresAt };
}

/**
 * One case (cases.detail) {id} -> CaseDetail at `now`, after marking uploaded the office uploads whose bytes the
 * storage now holds (cases.uploads.ts: an S3 upload is seen only here), so a file appears once it is stored.
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function readCase({ scope, storage, input, now }: FileCall<{ id: number }> & { now: Date }) {
  const c = await findCase(scope, input.id);
  await promoteStoredAttachments(scope.db, storage, c.id);
  return caseDetail(scope, c.id, now);
}
