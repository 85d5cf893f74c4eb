/**
 * The bytes of a file queued with a message (issue 22 item 6: a photo taken offline waits on the phone). The offline
 * store keeps JSON values (encrypted in the caregiver app's cache), so the bytes are kept as base64 under their own
 * key, `chat-outbox-file:<key>`, apart from the outbox entry: the entry is read on every change of the outbox, the
 * bytes only when they are PUT.
 */
import { CHAT_ATTACHMENT_MAX_BYTES } from '@hearth/shared/chat/chat.constants';

export const OUTBOX_FILE_PREFIX = 'chat-outbox-file:';

/** The store key of one queued file's bytes. */
export const outboxFileKey = (key: string): string => `${OUTBOX_FILE_PREFIX}${key}`;

/** A queued file's stored bytes: base64 and the content type. */
export interface StoredFileBytes {
  contentType: string;
  base64: string;
}

/** Whether a file may be queued: at most CHAT_ATTACHMENT_MAX_BYTES (the server's limit, chat.constants.ts). */
export function fitsAttachmentLimit(size: number): boolean {
  return size <= CHAT_ATTACHMENT_MAX_BYTES;
}

/** The bytes of `blob` as base64 (in chunks: a photo of several MiB would overflow String.fromCharCode's arguments). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** The Blob of stored base64 bytes, with its content type. */
export function base64ToBlob(stored: StoredFileBytes): Blob {
  const binary = atob(stored.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: stored.contentType });
}
