import { ZOkOutput } from '@hearth/shared/app/outputs.schema';
import {
  ZAttachmentIdInput,
  ZChatAttachmentLink,
  ZCopyAttachmentInput,
  ZCopyAttachmentOutput,
  ZCreateAttachmentInput,
  ZCreatedAttachment,
} from '@hearth/shared/chat/chat.schema';
import { chatProcedure } from './chat.procedure';
import * as attachments from './chat-attachments.service';

/**
 * The attachment procedures of chat (issue 22 items 2 and 4), spread into chatRouter as `chat.createAttachment`,
 * `chat.deleteAttachment`, `chat.getAttachmentLink` and `chat.copyAttachment`. Files' create-then-PUT flow on the
 * storage driver (chat-attachments.service.ts). Built on chatProcedure; the flags chatUploadAttachmentEnabled,
 * chatDownloadAttachmentEnabled and chatCopyAttachmentsEnabled are checked by the service. No storage key leaves.
 */
export const attachmentProcedures = {
  /**
   * {conversationId, file: {filename, size (bytes), contentType}} -> the pending attachment plus {url,
   * uploadUrlExpiresAt}: PUT the bytes to url, then send them with chat.sendMessage's attachmentIds. 403 without the
   * upload flag or the right to write in the conversation, 404 for a conversation out of reach.
   */
  createAttachment: chatProcedure
    .input(ZCreateAttachmentInput)
    .output(ZCreatedAttachment)
    .mutation(({ ctx, input }) => attachments.createAttachment({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {attachmentId} -> {ok: true}: removes the caller's own attachment not yet sent, and its bytes; 409 once sent. */
  deleteAttachment: chatProcedure
    .input(ZAttachmentIdInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => attachments.deleteAttachment({ scope: ctx.scope, storage: ctx.storage, input })),
  /** {attachmentId, inline} -> {url, filename, contentType, expiresAt}: a signed link; 403 without the download flag. */
  getAttachmentLink: chatProcedure
    .input(ZAttachmentIdInput)
    .output(ZChatAttachmentLink)
    .query(({ ctx, input }) => attachments.getAttachmentLink({ scope: ctx.scope, storage: ctx.storage, input })),
  /**
   * {attachmentId, to: 'client' | 'caregiver', ownerId} -> {fileId, to, ownerId}: the attachment becomes a file on the
   * record; 403 without the copy flag, 404 for a record out of scope.
   */
  copyAttachment: chatProcedure
    .input(ZCopyAttachmentInput)
    .output(ZCopyAttachmentOutput)
    .mutation(({ ctx, input }) => attachments.copyAttachment({ scope: ctx.scope, storage: ctx.storage, input })),
};
