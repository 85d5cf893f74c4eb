import type { z } from 'zod';
import type {
  AttachmentIdInput,
  CopyAttachmentInput,
  CreateAttachmentInput,
  ZChatAttachmentLink,
  ZCopyAttachmentOutput,
  ZCreatedAttachment,
} from '@hearth/shared/chat/chat.schema';
import type { OkOutput } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import type { Storage } from '../../storage/storage';
import { AppError } from '../../errors/app-error';

interface Call<I> {
  scope: Scope;
  storage: Storage;
  input: I;
}
const notYet = () => new AppError('INTERNAL_SERVER_ERROR', 'Attachments are not available yet');

/** Creates a pending attachment (being written). */
export async function createAttachment(_call: Call<CreateAttachmentInput>): Promise<z.infer<typeof ZCreatedAttachment>> {
  throw notYet();
}
/** Deletes an attachment not yet sent (being written). */
export async function deleteAttachment(_call: Call<AttachmentIdInput>): Promise<OkOutput> {
  throw notYet();
}
/** A signed link to an attachment (being written). */
export async function getAttachmentLink(_call: Call<AttachmentIdInput>): Promise<z.infer<typeof ZChatAttachmentLink>> {
  throw notYet();
}
/** Copies an attachment into a record's files (being written). */
export async function copyAttachment(_call: Call<CopyAttachmentInput>): Promise<z.infer<typeof ZCopyAttachmentOutput>> {
  throw notYet();
}
