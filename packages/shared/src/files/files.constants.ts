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

/** How each allowed content type is named in messages and lists. */
export const RECORD_FILE_TYPE_LABELS: Record<(typeof RECORD_FILE_CONTENT_TYPES)[number], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'text/plain': 'plain text',
  'application/msword': 'Word (.doc)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
};

/** How long an upload URL from a create call stays valid, in seconds (15 minutes). */
export const FILE_UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** How long a download link stays valid, in seconds (10 minutes): enough to open a preview, not to share. */
export const FILE_DOWNLOAD_URL_TTL_SECONDS = 10 * 60;

/**
 * Age after which a file record still pending (its upload never arrived) is removed by the cleanup, in seconds
 * (one day: well past the upload URL's expiry).
 */
export const STALE_PENDING_FILE_AGE_SECONDS = 24 * 60 * 60;

/** The longest filename kept, in characters. */
export const FILENAME_MAX_LENGTH = 255;
