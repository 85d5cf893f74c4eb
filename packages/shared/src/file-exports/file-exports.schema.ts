import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { ZDateString } from '../records/records.fields';
import { FILE_EXPORT_FORMATS, FILE_EXPORT_KINDS, FILE_EXPORT_STATUSES } from './file-exports.constants';

/**
 * Inputs and outputs of the file export procedures (spec "File exports": getFileExport, getFileExportType {name},
 * updateFileExportType, queueFileExport, getFileExportDownloadLink returning downloadUrl; plus getFileExportTypes
 * for the picker). The list of exports is the fileExports view. Timestamps ISO 8601 UTC, sizes in bytes.
 */

/** An export type's name: lower-case words joined by "-" (e.g. `payroll-adp`, `evv-sandata`). */
export const ZFileExportTypeName = zText({ message: 'Export type is required' }).regex(
  /^[a-z0-9]+(-[a-z0-9]+)*$/,
  'Unknown export type',
);

/**
 * The parameters of an export (which ones a kind reads is in its type's `params`):
 * - record kinds (clients, caregivers, shifts): `view` settings of the view engine (filters, sort, search,
 *   columns) and `format` csv or xlsx;
 * - payroll_adp, billing, evv_*: the period `from`..`to` (dates YYYY-MM-DD, inclusive, in the branch's time zone),
 *   billing and EVV optionally one `payerSourceId`.
 * `branchId` narrows any kind to one branch in the caller's scope.
 */
export const ZFileExportParams = z
  .object({
    branchId: ZId.nullish(),
    from: ZDateString.optional(),
    to: ZDateString.optional(),
    payerSourceId: ZId.nullish(),
    format: z.enum(['csv', 'xlsx']).optional(),
    view: z
      .object({
        filters: z.array(z.unknown()).optional(),
        sort: z.array(z.unknown()).optional(),
        search: zText().optional(),
        columns: z.array(zText()).optional(),
      })
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.from && p.to && p.from > p.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  });
export type FileExportParams = z.infer<typeof ZFileExportParams>;

/** Input of queueFileExport. */
export const ZQueueFileExportInput = z.object({ type: ZFileExportTypeName, params: ZFileExportParams.default({}) });
export type QueueFileExportInput = z.infer<typeof ZQueueFileExportInput>;

/** Input of getFileExport and getFileExportDownloadLink. */
export const ZFileExportIdInput = z.object({ id: ZId });

/** An export as getFileExport and queueFileExport return it. */
export const ZFileExportOutput = z.object({
  id: z.number(),
  type: zText(),
  typeLabel: zText(),
  kind: z.enum(FILE_EXPORT_KINDS),
  branchId: z.number().nullable(),
  branchName: zText().nullable(),
  params: z.record(zText(), z.unknown()),
  status: z.enum(FILE_EXPORT_STATUSES),
  error: zText().nullable(),
  attempts: z.number(),
  fileName: zText().nullable(),
  contentType: zText().nullable(),
  fileSizeBytes: z.number().nullable(),
  rowCount: z.number().nullable(),
  expiresAt: zText().nullable(),
  createdByName: zText().nullable(),
  createdAt: zText(),
  finishedAt: zText().nullable(),
});
export type FileExportOutput = z.infer<typeof ZFileExportOutput>;

/** A parameter an export kind asks for, so the queue dialog can show the right inputs. */
export const ZFileExportParamSpec = z.object({
  key: z.enum(['branchId', 'from', 'to', 'payerSourceId', 'format', 'view']),
  label: zText(),
  required: z.boolean(),
});

/** An export type as getFileExportType(s) return it. */
export const ZFileExportTypeOutput = z.object({
  name: zText(),
  label: zText(),
  description: zText(),
  kind: z.enum(FILE_EXPORT_KINDS),
  format: z.enum(FILE_EXPORT_FORMATS),
  retentionHours: z.number(),
  settings: z.record(zText(), z.unknown()),
  params: z.array(ZFileExportParamSpec),
  updatedAt: zText(),
});
export type FileExportTypeOutput = z.infer<typeof ZFileExportTypeOutput>;

/** Input of getFileExportType. */
export const ZFileExportTypeNameInput = z.object({ name: ZFileExportTypeName });

/** Input of updateFileExportType (system level): label, description, retention (1 hour to 90 days), settings. */
export const ZUpdateFileExportTypeInput = z.object({
  name: ZFileExportTypeName,
  label: zText().trim().min(1, 'Label is required').max(120).optional(),
  description: zText().trim().max(500).optional(),
  retentionHours: z
    .number()
    .int('Retention must be whole hours')
    .min(1, 'Retention must be between 1 hour and 90 days')
    .max(90 * 24, 'Retention must be between 1 hour and 90 days')
    .optional(),
  settings: z.record(zText(), z.unknown()).optional(),
});
export type UpdateFileExportTypeInput = z.infer<typeof ZUpdateFileExportTypeInput>;
