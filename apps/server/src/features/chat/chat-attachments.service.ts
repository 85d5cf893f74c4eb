/**
 * Chat attachments (issue 22 items 2 and 4) on the storage driver, with the record files' create-then-PUT flow
 * (features/files/files.service.ts, docs/architecture.md "Files"):
 * 1. chat.createAttachment stores a `pending` attachment in a conversation the caller may write in, under the
 *    server-made key `chat/<conversationId>/<uuid>`, and answers a signed upload `url`;
 * 2. the client PUTs the bytes there; the local driver's PUT route marks it `uploaded` (chat-attachments.uploads.ts,
 *    http/storage.routes.ts); on S3 the bytes are found by `exists` when the message is sent or a link is asked;
 * 3. chat.sendMessage attaches it (message_id set); until then only its uploader sees it, and may delete it.
 * Sent attachments are read through their conversation's reach (chat.access.ts conversationForRead): a signed
 * download link (chatDownloadAttachmentEnabled) logged in the access log as a file download, or a copy into the
 * client's or caregiver's files (chatCopyAttachmentsEnabled). A deleted message's attachments are not served.
 * Out of reach is 404 (as a missing attachment); a right the caller lacks on an attachment they can see is 403.
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { FILE_DOWNLOAD_URL_TTL_SECONDS, FILE_UPLOAD_URL_TTL_SECONDS } from '@hearth/shared/files/files.constants';
import type { OkOutput } from '@hearth/shared/app/outputs.schema';
import type {
  AttachmentIdInput,
  ChatAttachment,
  CopyAttachmentInput,
  CreateAttachmentInput,
  ZChatAttachmentLink,
  ZCopyAttachmentOutput,
  ZCreatedAttachment,
} from '@hearth/shared/chat/chat.schema';
import type { z } from 'zod';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { signedDownloadLink, type Storage } from '../../storage/storage';
import { recordScopeAccess } from '../access-log/access-log.record';
import { caregiverFiles, caregivers } from '../caregivers/caregivers.schema';
import { clientFiles, clients } from '../clients/clients.schema';
import { conversationForRead, conversationForWrite } from './chat.access';
import { promoteIfStored } from '../../storage/pending-uploads';
import { chatAttachments, chatMessages } from './chat.schema';

/** What the attachment procedures get: the caller's scope, the storage and the procedure's input. */
interface AttachmentCall<I> {
  scope: Scope;
  storage: Storage;
  input: I;
}

type AttachmentRow = typeof chatAttachments.$inferSelect;

/** The fields of an attachment that may leave the server (no storage key). */
const visible = (row: AttachmentRow): ChatAttachment => ({
  id: row.id,
  filename: row.filename,
  size: row.size,
  contentType: row.contentType,
});

/**
 * Creates a pending attachment in a conversation and its upload URL (issue 22 item 2): the caller then PUTs the
 * bytes to `url` with Content-Length = size and Content-Type = contentType before `uploadUrlExpiresAt`
 * (FILE_UPLOAD_URL_TTL_SECONDS), and sends it with chat.sendMessage. The facts are checked as record files'
 * (ZRecordFileFacts: size at most CHAT_ATTACHMENT_MAX_BYTES, the record file content types).
 * @returns {id, filename, size (bytes), contentType, url, uploadUrlExpiresAt (ISO UTC)}
 * @throws AppError NOT_FOUND for a conversation out of reach; FORBIDDEN when the caller may not write in it
 *   (conversationForWrite) or lacks chatUploadAttachmentEnabled.
 */
export async function createAttachment({
  scope,
  storage,
  input,
}: AttachmentCall<CreateAttachmentInput>): Promise<z.infer<typeof ZCreatedAttachment>> {
  const { conversation } = await conversationForWrite(scope, input.conversationId, 'chat.createAttachment');
  if (!scope.chat.upload) throw new AppError('FORBIDDEN', msg('chatExtras.mayNotUpload'));
  const storageKey = `chat/${conversation.id}/${crypto.randomUUID()}`;
  const [row] = await scope.db
    .insert(chatAttachments)
    .values({
      conversationId: conversation.id,
      uploadedByUserId: scope.userId,
      storageKey,
      filename: input.file.filename,
      size: input.file.size,
      contentType: input.file.contentType,
      status: 'pending',
    })
    .returning();
  const url = await storage.createUploadUrl(storageKey, {
    contentType: input.file.contentType,
    size: input.file.size,
    expiresInSeconds: FILE_UPLOAD_URL_TTL_SECONDS,
  });
  const uploadUrlExpiresAt = new Date(Date.now() + FILE_UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  return { ...visible(row!), url, uploadUrlExpiresAt };
}

/**
 * Deletes the caller's own attachment that was never sent (its upload failed, or it was taken off the composer),
 * with its stored bytes.
 * @returns {ok: true}
 * @throws AppError NOT_FOUND "Attachment N not found" for another's unsent attachment or one out of reach;
 *   CONFLICT once it was sent (it stays with its message: delete the message instead).
 */
export async function deleteAttachment({ scope, storage, input }: AttachmentCall<AttachmentIdInput>): Promise<OkOutput> {
  const [own] = await scope.db
    .select()
    .from(chatAttachments)
    .where(and(eq(chatAttachments.id, input.attachmentId), eq(chatAttachments.uploadedByUserId, scope.userId)));
  if (!own) throw notFound('Attachment', input.attachmentId);
  if (own.messageId !== null) {
    throw new AppError('CONFLICT', msg('chatExtras.attachmentSent'));
  }
  await scope.db.delete(chatAttachments).where(and(eq(chatAttachments.id, own.id), isNull(chatAttachments.messageId)));
  // Inside the request's transaction: when the bytes cannot be removed, the record stays too.
  await storage.delete(own.storageKey);
  return { ok: true };
}

/**
 * An attachment the caller may read: a sent one (its message not deleted) in a conversation they reach, or their
 * own not yet sent, with its conversation.
 * @throws AppError NOT_FOUND "Attachment N not found" (missing, out of reach, deleted message, another's unsent).
 */
async function readableAttachment(scope: Scope, attachmentId: number, detail: string) {
  const [row] = await scope.db
    .select({ attachment: chatAttachments, deletedAt: chatMessages.deletedAt })
    .from(chatAttachments)
    .leftJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .where(eq(chatAttachments.id, attachmentId));
  if (!row) throw notFound('Attachment', attachmentId);
  const { attachment } = row;
  const ownUnsent = attachment.messageId === null && attachment.uploadedByUserId === scope.userId;
  if (!ownUnsent && (attachment.messageId === null || row.deletedAt !== null)) throw notFound('Attachment', attachmentId);
  // The conversation's reach (404 outside it; a supervisor's read of another's conversation is logged there).
  const reached = await conversationForRead(scope, attachment.conversationId, detail).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound('Attachment', attachmentId) : error;
  });
  return { attachment, conversation: reached.conversation };
}

/**
 * Checks the bytes of an attachment have arrived, completing a pending upload the storage holds (S3, or a local
 * PUT whose completion did not commit).
 * @throws AppError CONFLICT "Attachment N has not finished uploading".
 */
async function assertUploaded(scope: Scope, storage: Storage, attachment: AttachmentRow): Promise<void> {
  if (attachment.status === 'pending' && !(await promoteIfStored(scope.db, storage, chatAttachments, attachment))) {
    throw new AppError('CONFLICT', msg('chatExtras.attachmentUploading', { id: attachment.id }));
  }
}

/**
 * A signed link to an attachment's bytes {attachmentId, inline} (issue 22 item 2, chatDownloadAttachmentEnabled):
 * inline for a preview, else as a download; valid FILE_DOWNLOAD_URL_TTL_SECONDS. Handing out the link is the
 * attachment's opening, so it is logged in the access log as a file download (with the client when the
 * conversation is about one).
 * @returns {url, filename, contentType, expiresAt (ISO UTC)}
 * @throws AppError NOT_FOUND (see readableAttachment); FORBIDDEN without chatDownloadAttachmentEnabled; CONFLICT
 *   while the upload has not arrived.
 */
export async function getAttachmentLink({
  scope,
  storage,
  input,
}: AttachmentCall<AttachmentIdInput>): Promise<z.infer<typeof ZChatAttachmentLink>> {
  const { attachment, conversation } = await readableAttachment(scope, input.attachmentId, 'chat.getAttachmentLink');
  if (!scope.chat.download) throw new AppError('FORBIDDEN', msg('chatExtras.mayNotDownload'));
  await assertUploaded(scope, storage, attachment);
  const link = { filename: attachment.filename, contentType: attachment.contentType, inline: input.inline };
  const { url, expiresAt } = await signedDownloadLink(storage, attachment.storageKey, link, FILE_DOWNLOAD_URL_TTL_SECONDS);
  await recordScopeAccess(scope, {
    action: 'file-download',
    recordType: 'chat_attachment',
    recordId: attachment.id,
    clientId: conversation.clientId ?? null,
    detail: `${input.inline ? 'opened' : 'downloaded'} ${attachment.filename} (chat)`.slice(0, 300),
  });
  return { url, filename: attachment.filename, contentType: attachment.contentType, expiresAt };
}

/**
 * Copies an attachment into the files of a client or a caregiver {attachmentId, to, ownerId} (issue 22 item 4,
 * chatCopyAttachmentsEnabled): its bytes are stored again under the record's key (`client/<id>/<uuid>`, as
 * files.service makes them) and an `uploaded` file record is written, uploaded by the caller; it then lists with
 * the record's files. The attachment itself stays in the chat.
 * @returns {fileId, to, ownerId}
 * @throws AppError NOT_FOUND for an attachment out of reach or a client or caregiver outside the caller's branch
 *   scope; FORBIDDEN without chatCopyAttachmentsEnabled; CONFLICT while the upload has not arrived or when the
 *   stored bytes are gone.
 */
export async function copyAttachment({
  scope,
  storage,
  input,
}: AttachmentCall<CopyAttachmentInput>): Promise<z.infer<typeof ZCopyAttachmentOutput>> {
  const { attachment } = await readableAttachment(scope, input.attachmentId, 'chat.copyAttachment');
  if (!scope.chat.copyAttachments) throw new AppError('FORBIDDEN', msg('chatExtras.mayNotCopy'));
  await assertUploaded(scope, storage, attachment);
  const owners = input.to === 'client' ? clients : caregivers;
  const [owner] = await scope.db
    .select({ id: owners.id })
    .from(owners)
    .where(and(eq(owners.id, input.ownerId), inBranchScope(scope, owners.branchId)));
  if (!owner) throw notFound(input.to === 'client' ? 'Client' : 'Caregiver', input.ownerId);
  const bytes = await storage.read(attachment.storageKey);
  if (!bytes) throw new AppError('CONFLICT', msg('chatExtras.attachmentGone', { id: attachment.id }));
  const storageKey = `${input.to}/${owner.id}/${crypto.randomUUID()}`;
  await storage.write(storageKey, bytes, attachment.contentType);
  const values = {
    filename: attachment.filename,
    size: attachment.size,
    contentType: attachment.contentType,
    storageKey,
    status: 'uploaded' as const,
    uploadedByUserId: scope.actorUserId,
  };
  try {
    const [file] =
      input.to === 'client'
        ? await scope.db
            .insert(clientFiles)
            .values({ ...values, clientId: owner.id })
            .returning({ id: clientFiles.id })
        : await scope.db
            .insert(caregiverFiles)
            .values({ ...values, caregiverId: owner.id })
            .returning({ id: caregiverFiles.id });
    return { fileId: file!.id, to: input.to, ownerId: owner.id };
  } catch (error) {
    // No record holds the copied bytes: they go with the failed call.
    await storage.delete(storageKey);
    throw error;
  }
}
