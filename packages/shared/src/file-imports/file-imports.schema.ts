import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import {
  FILE_IMPORT_CSV_CONTENT_TYPES,
  FILE_IMPORT_MAX_BYTES,
  FILE_IMPORT_ROW_STATUSES,
  FILE_IMPORT_STATUSES,
  FILE_IMPORT_TARGETS,
  FILE_IMPORT_XLSX_CONTENT_TYPE,
} from './file-imports.constants';
import { formatFileSize } from '../files/files.schema';
import { englishOf, type EnglishMessage } from '../i18n/english-messages';

/**
 * Inputs and outputs of the file import procedures (spec "File imports": queueFileImport, getFileImport,
 * getFileImportType, updateFileImportType, getFileImportDownloadLink, getFileImportTemplateDownloadLink; plus
 * getFileImportTypes for the upload dialog's type picker). Lists of imports and their rows are views
 * (fileImports, fileImportRows) on the view engine. Sizes are bytes; timestamps ISO 8601 UTC.
 */

/** An import type's name: lower-case words joined by "-" (e.g. `clients`, `synthea-patients`). */
export const ZFileImportTypeName = zText({ message: 'Import type is required' }).regex(
  /^[a-z0-9]+(-[a-z0-9]+)*$/,
  'Unknown import type',
);

/** Whether `contentType` is one an import reads (CSV in its browser spellings, or XLSX). */
export function isFileImportContentType(contentType: string): boolean {
  return (
    (FILE_IMPORT_CSV_CONTENT_TYPES as readonly string[]).includes(contentType) || contentType === FILE_IMPORT_XLSX_CONTENT_TYPE
  );
}

/**
 * What is wrong with a file about to be imported, as a message of the `server` catalogue (key and values), or null:
 * no bytes (validation.imports.fileEmpty, "The file is empty"), over FILE_IMPORT_MAX_BYTES (fileTooLarge, naming
 * both sizes), or neither CSV nor XLSX by name and content type (notCsvOrXlsx). queueFileImport throws it by key, so
 * it reaches the reader in their language.
 */
export function fileImportProblemMessage(file: {
  fileName: string;
  fileSizeBytes: number;
  contentType: string;
}): EnglishMessage | null {
  if (file.fileSizeBytes <= 0) return { key: 'validation.imports.fileEmpty' };
  if (file.fileSizeBytes > FILE_IMPORT_MAX_BYTES) {
    const size = formatFileSize(file.fileSizeBytes, 'up');
    const maxSize = formatFileSize(FILE_IMPORT_MAX_BYTES);
    return { key: 'validation.imports.fileTooLarge', values: { fileName: file.fileName, size, maxSize } };
  }
  const lower = file.fileName.toLowerCase();
  const csv = lower.endsWith('.csv');
  const xlsx = lower.endsWith('.xlsx');
  if (
    (!csv && !xlsx) ||
    !isFileImportContentType(file.contentType) ||
    (xlsx && file.contentType !== FILE_IMPORT_XLSX_CONTENT_TYPE)
  ) {
    return { key: 'validation.imports.notCsvOrXlsx', values: { fileName: file.fileName } };
  }
  return null;
}

/**
 * fileImportProblemMessage as English text, or null: "The file is empty", "a.pdf is not a CSV or XLSX file",
 * "big.csv is 12.5 MB; an import file may be at most 10 MB". The upload dialog runs it before queueing (its
 * wording in the shown language goes through the catalogue's English index); the input schema runs it again.
 */
export function fileImportProblem(file: { fileName: string; fileSizeBytes: number; contentType: string }): string | null {
  const problem = fileImportProblemMessage(file);
  return problem && englishOf(problem.key, problem.values);
}

/** Input of queueFileImport: the import type, the file's facts, and optionally the branch (else the type's default). */
export const ZQueueFileImportInput = z
  .object({
    type: ZFileImportTypeName,
    fileName: zText({ message: 'No file provided' }).trim().min(1, 'No file provided').max(255, 'The file name is too long'),
    fileSizeBytes: z.number({ message: 'The file size is required' }).int().min(0),
    contentType: zText().trim().toLowerCase(),
    branchId: ZId.nullish(),
  })
  .superRefine((file, ctx) => {
    const problem = fileImportProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', path: ['fileName'], message: problem });
  });
export type QueueFileImportInput = z.infer<typeof ZQueueFileImportInput>;

/** Output of queueFileImport: the import id and where to PUT the bytes (Content-Type and Content-Length as declared). */
export const ZQueueFileImportOutput = z.object({
  id: z.number(),
  uploadUrl: zText(),
  uploadUrlExpiresAt: zText(),
});
export type QueueFileImportOutput = z.infer<typeof ZQueueFileImportOutput>;

/** Input of getFileImport and getFileImportDownloadLink. */
export const ZFileImportIdInput = z.object({ id: ZId });

/** An import as getFileImport returns it; rowsTotal is null until the file was read. */
export const ZFileImportOutput = z.object({
  id: z.number(),
  type: zText(),
  typeLabel: zText(),
  branchId: z.number().nullable(),
  branchName: zText().nullable(),
  fileName: zText(),
  fileSizeBytes: z.number(),
  contentType: zText(),
  status: z.enum(FILE_IMPORT_STATUSES),
  error: zText().nullable(),
  rowsTotal: z.number().nullable(),
  rowsDone: z.number(),
  createdCount: z.number(),
  updatedCount: z.number(),
  unchangedCount: z.number(),
  errorCount: z.number(),
  /** Rows written that lost something of the file (each also counted as created, updated or unchanged). */
  warningCount: z.number(),
  attempts: z.number(),
  createdByName: zText().nullable(),
  createdAt: zText(),
  startedAt: zText().nullable(),
  finishedAt: zText().nullable(),
});
export type FileImportOutput = z.infer<typeof ZFileImportOutput>;

/** The progress events of an import (SSE at /api/file-imports/{id}/progress), one per change until it ends. */
export const ZFileImportProgress = ZFileImportOutput.pick({
  id: true,
  status: true,
  error: true,
  rowsTotal: true,
  rowsDone: true,
  createdCount: true,
  updatedCount: true,
  unchangedCount: true,
  errorCount: true,
  warningCount: true,
});
export type FileImportProgress = z.infer<typeof ZFileImportProgress>;

/** One status of a row (for the rows view's filter). */
export const ZFileImportRowStatus = z.enum(FILE_IMPORT_ROW_STATUSES);

/** A mapped column: the header in the file (matched trimmed and case-insensitively) and an optional transform. */
export const ZFileImportColumnMapping = z.object({
  header: zText().trim().min(1, 'Header is required').max(120),
  transform: zText().max(60).optional(),
});

/** A field of an import target: key, label, whether a file must have it, and what it holds. */
export const ZFileImportField = z.object({
  key: zText(),
  label: zText(),
  required: z.boolean(),
  description: zText(),
});

/** An import type as getFileImportType(s) return it, with the target's fields and the transforms it may use. */
export const ZFileImportTypeOutput = z.object({
  name: zText(),
  label: zText(),
  description: zText(),
  target: z.enum(FILE_IMPORT_TARGETS),
  mapping: z.record(zText(), ZFileImportColumnMapping),
  defaults: z.record(zText(), z.unknown()),
  builtIn: z.boolean(),
  fields: z.array(ZFileImportField),
  transforms: z.array(z.object({ name: zText(), description: zText() })),
  updatedAt: zText(),
});
export type FileImportTypeOutput = z.infer<typeof ZFileImportTypeOutput>;

/** Input of getFileImportType and getFileImportTemplateDownloadLink. */
export const ZFileImportTypeNameInput = z.object({ name: ZFileImportTypeName });

/**
 * Input of updateFileImportType (system level): the name and what to change. A mapping replaces the whole
 * mapping; its keys must be fields of the target, every required field must be mapped, transforms must exist.
 */
export const ZUpdateFileImportTypeInput = z.object({
  name: ZFileImportTypeName,
  label: zText().trim().min(1, 'Label is required').max(120).optional(),
  description: zText().trim().max(500).optional(),
  mapping: z.record(zText(), ZFileImportColumnMapping).optional(),
  defaults: z.record(zText(), z.unknown()).optional(),
});
export type UpdateFileImportTypeInput = z.infer<typeof ZUpdateFileImportTypeInput>;

/** Output of the download-link procedures: a signed, expiring URL opened in a new tab. */
export const ZDownloadUrlOutput = z.object({ downloadUrl: zText(), expiresAt: zText() });
export type DownloadUrlOutput = z.infer<typeof ZDownloadUrlOutput>;
