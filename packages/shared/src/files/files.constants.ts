/** What a stored file is attached to; each kind has its size limit and allowed content types. */
export const FILE_KINDS = ['client', 'caregiver'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Content types a client or caregiver file may have: documents and images (issue: files). */
export const RECORD_FILE_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** The size limit of one client or caregiver file, in bytes (25 MiB). */
export const RECORD_FILE_MAX_BYTES = 25 * 1024 * 1024;

/** Spec messages (sections 5 and 8). */
export const FILE_REQUIRED_MESSAGE = 'File is required';
export const NO_FILE_PROVIDED_MESSAGE = 'No file provided';
