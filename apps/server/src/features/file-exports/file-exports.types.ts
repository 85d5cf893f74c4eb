import { asc, eq } from 'drizzle-orm';
import type { FileExportTypeOutput, UpdateFileExportTypeInput } from '@hearth/shared/file-exports/file-exports.schema';
import {
  FILE_EXPORT_PARAM_SPECS,
  fileExportSettingKeys,
  parseFileExportSettings,
} from '@hearth/shared/file-exports/file-exports.kinds';
import { definedKeys } from '../../db/partial-update';
import type { Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors/app-error';
import { exportFieldProblems, exportProblemsMessage } from './file-exports.messages';
import { fileExportTypes } from './file-exports.schema';

export type FileExportTypeRow = typeof fileExportTypes.$inferSelect;

/** An export type as the procedures return it, with the parameters its kind asks for. */
export function toFileExportTypeOutput(row: FileExportTypeRow): FileExportTypeOutput {
  return {
    name: row.name,
    label: row.label,
    description: row.description,
    kind: row.kind,
    format: row.format,
    retentionHours: row.retentionHours,
    settings: row.settings,
    params: FILE_EXPORT_PARAM_SPECS[row.kind],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The export type named `name`.
 * @throws AppError NOT_FOUND "Export type X not found".
 */
export async function findFileExportType(db: Db, name: string): Promise<FileExportTypeRow> {
  const [row] = await db.select().from(fileExportTypes).where(eq(fileExportTypes.name, name));
  if (!row) throw notFound('Export type', name);
  return row;
}

/**
 * Every export type (getFileExportTypes, the queue dialog's picker), by label: kind, format, retention (hours),
 * settings and the parameters (ZFileExportParamSpec) each asks for. Types are system-wide, not per company.
 */
export async function getFileExportTypes({ scope }: { scope: Scope }): Promise<FileExportTypeOutput[]> {
  const rows = await scope.db.select().from(fileExportTypes).orderBy(asc(fileExportTypes.label), asc(fileExportTypes.name));
  return rows.map(toFileExportTypeOutput);
}

/**
 * One export type (getFileExportType {name}; system level, /admin/file-export-types).
 * @throws AppError NOT_FOUND "Export type X not found".
 */
export async function getFileExportType({
  scope,
  input,
}: {
  scope: Scope;
  input: { name: string };
}): Promise<FileExportTypeOutput> {
  return toFileExportTypeOutput(await findFileExportType(scope.db, input.name));
}

/**
 * Edits an export type (updateFileExportType; system level): label, description, retention in hours (1 to 2160,
 * checked by the input schema) and settings. Given settings change only the keys they name; keys left out keep their
 * stored values (a type never edited has the kind's defaults, FILE_EXPORT_SETTINGS_SCHEMAS). The kind and format of a type never change. Exports already
 * finished keep their expiry; the new retention applies to exports that finish afterwards.
 * @returns the type as FileExportTypeOutput.
 * @throws AppError NOT_FOUND "Export type X not found"; BAD_REQUEST naming an unknown setting or a bad value
 * (fieldErrors under "settings.<key>").
 */
export async function updateFileExportType({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateFileExportTypeInput;
}): Promise<FileExportTypeOutput> {
  const current = await findFileExportType(scope.db, input.name);
  let settings: Record<string, unknown> | undefined;
  if (input.settings !== undefined) {
    // A partial update: the keys given over the stored ones (those the kind still knows), so a key left out keeps
    // its value rather than going back to the kind's default (issue 28).
    const known = fileExportSettingKeys(current.kind);
    const stored = Object.fromEntries(Object.entries(current.settings).filter(([key]) => known.includes(key)));
    const parsed = parseFileExportSettings(current.kind, { ...stored, ...definedKeys(input.settings) });
    if (parsed.errors) {
      const entries = Object.entries(parsed.errors);
      throw new AppError(
        'BAD_REQUEST',
        exportProblemsMessage(
          current.kind,
          entries.map(([, message]) => message),
        ),
        exportFieldProblems(
          current.kind,
          entries.map(([key, message]) => [`settings.${key}`, message]),
        ),
      );
    }
    settings = parsed.settings;
  }
  const [row] = await scope.db
    .update(fileExportTypes)
    .set({
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.retentionHours !== undefined ? { retentionHours: input.retentionHours } : {}),
      ...(settings !== undefined ? { settings } : {}),
      updatedAt: new Date(),
    })
    .where(eq(fileExportTypes.name, current.name))
    .returning();
  return toFileExportTypeOutput(row!);
}
