import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import {
  FILENAME_MAX_LENGTH,
  NO_FILE_PROVIDED_MESSAGE,
  RECORD_FILE_CONTENT_TYPES,
  RECORD_FILE_MAX_BYTES,
  RECORD_FILE_TYPE_LABELS,
} from './files.constants';

/** Whether `contentType` is one a client or caregiver file may have (RECORD_FILE_CONTENT_TYPES). */
export function isRecordFileContentType(contentType: string): contentType is (typeof RECORD_FILE_CONTENT_TYPES)[number] {
  return (RECORD_FILE_CONTENT_TYPES as readonly string[]).includes(contentType);
}

/**
 * A size in bytes for people: "812 B", "14.2 KB", "3.4 MB", "25 MB" (1 KB = 1024 bytes), to one decimal; `up`
 * rounds up, so a size just over a limit never reads as the limit itself.
 */
export function formatFileSize(bytes: number, rounding: 'nearest' | 'up' = 'nearest'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = rounding === 'up' ? Math.ceil(value * 10) / 10 : Math.round(value * 10) / 10;
  const shown = unit === 0 ? String(bytes) : String(rounded);
  return `${shown} ${units[unit]}`;
}

const ALLOWED_TYPES_TEXT = Object.values(RECORD_FILE_TYPE_LABELS).join(', ');

/**
 * What is wrong with a file about to be attached to a client or caregiver, as the message to show, or null when
 * nothing is: no name or no bytes is "No file provided" (spec sections 5 and 8); more than RECORD_FILE_MAX_BYTES
 * names the file, its size and the limit; a content type outside RECORD_FILE_CONTENT_TYPES names the type and the
 * allowed ones. The web form runs it before creating the record; the server runs it again (ZRecordFileFacts).
 * @param file.size in bytes.
 */
export function recordFileProblem(file: { filename: string; size: number; contentType: string }): string | null {
  if (!file.filename.trim() || file.size === 0) return NO_FILE_PROVIDED_MESSAGE;
  if (file.size > RECORD_FILE_MAX_BYTES) {
    const size = formatFileSize(file.size, 'up');
    return `${file.filename.trim()} is ${size}; files may be at most ${formatFileSize(RECORD_FILE_MAX_BYTES)}`;
  }
  const type = file.contentType.trim().toLowerCase();
  if (!isRecordFileContentType(type)) {
    const what = type ? `Files of type ${type}` : 'Files of unknown type';
    return `${what} are not allowed (allowed: ${ALLOWED_TYPES_TEXT})`;
  }
  return null;
}

/** A filename as stored and shown: trimmed, 1 to FILENAME_MAX_LENGTH characters, no control characters. */
export const ZFilename = zText()
  .trim()
  .min(1, 'Filename is required')
  .max(FILENAME_MAX_LENGTH, `Filename may be at most ${FILENAME_MAX_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this check refuses
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'Filename may not contain control characters');

/** The fields of a file's facts as a create call sends them; checked together by checkFileFacts. */
const FILE_FACT_FIELDS = {
  filename: zText().trim(),
  size: z.number().int('Size must be a whole number of bytes').nonnegative('Size must be a whole number of bytes'),
  contentType: zText().trim().toLowerCase(),
};

/**
 * The problems of recordFileProblem are reported at the root, so the message is exactly "No file provided" or
 * the limit; filename problems under `filename`.
 */
function checkFileFacts(file: { filename: string; size: number; contentType: string }, ctx: z.RefinementCtx): void {
  const problem = recordFileProblem(file);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem, path: [] });
    return;
  }
  const name = ZFilename.safeParse(file.filename);
  if (!name.success) {
    for (const issue of name.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['filename'] });
  }
}

/**
 * The facts of a file sent by a create call (spec section 7 "File creation"): filename, size in bytes and
 * contentType (normalized to lower case), checked by recordFileProblem and ZFilename.
 */
export const ZRecordFileFacts = z.object(FILE_FACT_FIELDS).superRefine(checkFileFacts);
export type RecordFileFacts = z.infer<typeof ZRecordFileFacts>;

/** Input of getClientFiles. */
export const ZGetClientFilesInput = z.object({ clientId: ZId });
export type GetClientFilesInput = z.infer<typeof ZGetClientFilesInput>;

/** Input of getCaregiverFiles. */
export const ZGetCaregiverFilesInput = z.object({ caregiverId: ZId });
export type GetCaregiverFilesInput = z.infer<typeof ZGetCaregiverFilesInput>;

/** Input of createClientFile: the client and the file's facts. */
export const ZCreateClientFileInput = z.object({ clientId: ZId, ...FILE_FACT_FIELDS }).superRefine(checkFileFacts);
export type CreateClientFileInput = z.infer<typeof ZCreateClientFileInput>;

/** Input of createCaregiverFile: the caregiver and the file's facts. */
export const ZCreateCaregiverFileInput = z.object({ caregiverId: ZId, ...FILE_FACT_FIELDS }).superRefine(checkFileFacts);
export type CreateCaregiverFileInput = z.infer<typeof ZCreateCaregiverFileInput>;

/** Input of updateClientFile / updateCaregiverFile: a rename. */
export const ZUpdateFileInput = z.object({ id: ZId, filename: ZFilename });
export type UpdateFileInput = z.infer<typeof ZUpdateFileInput>;

/** Input of deleteClientFile / deleteCaregiverFile. */
export const ZFileIdInput = z.object({ id: ZId });
export type FileIdInput = z.infer<typeof ZFileIdInput>;

/**
 * Input of getClientFileDownloadLink / getCaregiverFileDownloadLink (spec section 7): `inline` true for a
 * preview (PDF in a frame, image), false for a download.
 */
export const ZFileDownloadLinkInput = z.object({ id: ZId, inline: z.boolean().default(false) });
export type FileDownloadLinkInput = z.infer<typeof ZFileDownloadLinkInput>;

/** A file on a client's or caregiver's record as lists show it; no storage key leaves. */
export const ZRecordFile = z.object({
  id: z.number(),
  filename: z.string(),
  /** Bytes. */
  size: z.number(),
  contentType: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  /** Who uploaded it, null when that user is gone. */
  uploadedByName: z.string().nullable(),
});
export type RecordFile = z.infer<typeof ZRecordFile>;

/** A client file (getClientFiles, updateClientFile). */
export const ZClientFile = ZRecordFile.extend({ clientId: z.number() });
export type ClientFile = z.infer<typeof ZClientFile>;

/** A caregiver file (getCaregiverFiles, updateCaregiverFile). */
export const ZCaregiverFile = ZRecordFile.extend({ caregiverId: z.number() });
export type CaregiverFile = z.infer<typeof ZCaregiverFile>;

/**
 * What a create call answers (spec section 7 "File creation"): the record, still pending, and the `url` to PUT
 * the bytes to with Content-Length and Content-Type equal to the declared size and contentType, before
 * `uploadUrlExpiresAt`. The URL is signed: no session header goes with the PUT.
 */
export const ZCreatedFileUpload = z.object({
  url: z.string(),
  /** ISO 8601, UTC. */
  uploadUrlExpiresAt: z.string(),
});
export type CreatedFileUpload = z.infer<typeof ZCreatedFileUpload>;

/** Output of createClientFile: the pending client file and where to PUT its bytes. */
export const ZCreatedClientFile = ZClientFile.extend(ZCreatedFileUpload.shape);
/** Output of createCaregiverFile: the pending caregiver file and where to PUT its bytes. */
export const ZCreatedCaregiverFile = ZCaregiverFile.extend(ZCreatedFileUpload.shape);

/** A download link (getClientFileDownloadLink, getCaregiverFileDownloadLink): a signed URL valid until expiresAt. */
export const ZFileDownloadLink = z.object({
  url: z.string(),
  filename: z.string(),
  contentType: z.string(),
  /** ISO 8601, UTC. */
  expiresAt: z.string(),
});
export type FileDownloadLink = z.infer<typeof ZFileDownloadLink>;
