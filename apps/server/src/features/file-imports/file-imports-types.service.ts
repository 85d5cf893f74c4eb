import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { FILE_DOWNLOAD_URL_TTL_SECONDS } from '@hearth/shared/files/files.constants';
import { FILE_IMPORT_TRANSFORMS, unknownTransforms } from '@hearth/shared/file-imports/file-imports.transforms';
import type {
  DownloadUrlOutput,
  FileImportTypeOutput,
  UpdateFileImportTypeInput,
} from '@hearth/shared/file-imports/file-imports.schema';
import type { Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { signedDownloadLink, type Storage } from '../../storage/storage';
import { fileImportTypes } from './file-imports.schema';
import { FILE_IMPORT_TARGET_DEFINITIONS } from './file-imports.targets';

/**
 * Import types (system-level admin at /admin/file-import-types; spec "admin file import types"): what a type
 * creates, how the file's headers map to the target's fields, its defaults; and the CSV template of a type.
 */

type TypeRow = typeof fileImportTypes.$inferSelect;

const TRANSFORM_LIST = FILE_IMPORT_TRANSFORMS.map(({ name, description }) => ({ name, description }));

function toOutput(row: TypeRow): FileImportTypeOutput {
  return {
    name: row.name,
    label: row.label,
    description: row.description,
    target: row.target,
    mapping: row.mapping,
    defaults: row.defaults,
    builtIn: row.builtIn,
    fields: FILE_IMPORT_TARGET_DEFINITIONS[row.target].fields,
    transforms: TRANSFORM_LIST,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findType(db: Db, name: string): Promise<TypeRow> {
  const [row] = await db.select().from(fileImportTypes).where(eq(fileImportTypes.name, name));
  if (!row) throw new AppError('NOT_FOUND', `Import type ${name} not found`);
  return row;
}

/** Every import type by label (getFileImportTypes, the upload dialog's picker), with fields and transforms. */
export async function getFileImportTypes({ scope }: { scope: Scope }): Promise<FileImportTypeOutput[]> {
  return (await scope.db.select().from(fileImportTypes).orderBy(asc(fileImportTypes.label))).map(toOutput);
}

/**
 * One import type (getFileImportType {name}): target, mapping (field -> {header, transform}), defaults, the
 * target's fields and the transforms a mapping may name.
 * @throws AppError NOT_FOUND "Import type X not found".
 */
export async function getFileImportType({
  scope,
  input,
}: {
  scope: Scope;
  input: { name: string };
}): Promise<FileImportTypeOutput> {
  return toOutput(await findType(scope.db, input.name));
}

/**
 * The problems of a mapping and defaults for `target`, as field errors keyed where the form shows them:
 * `mapping.<field>` an unknown field, `mapping.<field>.transform` an unknown transform (named),
 * `mapping.<field>.header` a required field not mapped, `defaults.<key>` a default for an unknown field or a
 * branchId that is not a branch id.
 */
export function mappingErrors(
  target: TypeRow['target'],
  mapping: Record<string, { header: string; transform?: string }> | undefined,
  defaults: Record<string, unknown> | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const fields = FILE_IMPORT_TARGET_DEFINITIONS[target].fields;
  const known = new Set(fields.map((f) => f.key));
  if (mapping) {
    for (const [field, column] of Object.entries(mapping)) {
      if (!known.has(field)) add(`mapping.${field}`, `Unknown field ${field}`);
      for (const name of unknownTransforms(column.transform)) {
        add(`mapping.${field}.transform`, `Unknown transform ${name} (field ${field})`);
      }
    }
    for (const field of fields) {
      if (field.required && !mapping[field.key]) {
        add(`mapping.${field.key}.header`, `Map the required field ${field.key} (${field.label})`);
      }
    }
  }
  for (const [key, value] of Object.entries(defaults ?? {})) {
    if (key === 'branchId') {
      if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)) {
        add('defaults.branchId', 'branchId must be a branch id');
      }
    } else if (!known.has(key)) add(`defaults.${key}`, `Unknown field ${key} in defaults`);
    else if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      add(`defaults.${key}`, `The default of ${key} must be text, a number or true / false`);
    }
  }
  return errors;
}

/**
 * Edits an import type (updateFileImportType, system level): label, description, the whole mapping, defaults.
 * @returns the type as getFileImportType returns it.
 * @throws AppError NOT_FOUND for an unknown type; BAD_REQUEST naming each problem of mappingErrors.
 */
export async function updateFileImportType({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateFileImportTypeInput;
}): Promise<FileImportTypeOutput> {
  const type = await findType(scope.db, input.name);
  const errors = mappingErrors(type.target, input.mapping, input.defaults);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('BAD_REQUEST', first, errors);
  const mapping = input.mapping
    ? Object.fromEntries(
        Object.entries(input.mapping).map(([field, c]) => [
          field,
          { header: c.header, ...(c.transform?.trim() ? { transform: c.transform.trim() } : {}) },
        ]),
      )
    : undefined;
  const [row] = await scope.db
    .update(fileImportTypes)
    .set({
      label: input.label,
      description: input.description,
      mapping,
      defaults: input.defaults,
      updatedAt: new Date(),
    })
    .where(eq(fileImportTypes.name, type.name))
    .returning();
  return toOutput(row!);
}

/** The template's header row: the mapped headers in the target's field order, each once. */
export function templateHeaders(type: Pick<TypeRow, 'target' | 'mapping'>): string[] {
  const headers = FILE_IMPORT_TARGET_DEFINITIONS[type.target].fields.flatMap((f) => {
    const header = type.mapping[f.key]?.header;
    return header ? [header] : [];
  });
  return [...new Set(headers)];
}

/**
 * A CSV template of an import type (getFileImportTemplateDownloadLink {name}): its header row (templateHeaders),
 * UTF-8 with a byte order mark (so Excel reads accents) and CRLF. Stored once per content under
 * `file-import-template/<name>/<hash>` and linked, valid FILE_DOWNLOAD_URL_TTL_SECONDS.
 * @returns {downloadUrl, expiresAt}.
 * @throws AppError NOT_FOUND for an unknown type.
 */
export async function getFileImportTemplateDownloadLink({
  scope,
  storage,
  input,
}: {
  scope: Scope;
  storage: Storage;
  input: { name: string };
}): Promise<DownloadUrlOutput> {
  const type = await findType(scope.db, input.name);
  const csv = Buffer.from(`\uFEFF${Papa.unparse([templateHeaders(type)])}\r\n`, 'utf8');
  const hash = crypto.createHash('sha256').update(csv).digest('hex').slice(0, 32);
  const key = `file-import-template/${type.name}/${hash}`;
  if (!(await storage.exists(key))) await storage.write(key, csv, 'text/csv');
  const link = { filename: `${type.name}-template.csv`, contentType: 'text/csv', inline: false };
  const { url, expiresAt } = await signedDownloadLink(storage, key, link, FILE_DOWNLOAD_URL_TTL_SECONDS);
  return { downloadUrl: url, expiresAt };
}
