import type { FileImportTypeOutput, UpdateFileImportTypeInput } from '@hearth/shared/file-imports/file-imports.schema';
import { i18n } from '@/i18n/i18n.setup';

/** One line of the mapping editor: a field of the target and the column that fills it ('' = not read). */
export interface MappingRow {
  field: string;
  header: string;
  transform: string | null;
}

/**
 * The edit form of an import type. The mapping has one row per field of the target, in the target's order; the
 * branch default has its own picker and every other default is edited as a JSON object.
 */
export interface ImportTypeFormValues {
  label: string;
  description: string;
  mapping: MappingRow[];
  branchId: string | null;
  otherDefaults: string;
}

/** The form's values for a type as getFileImportType returns it. */
export function importTypeFormValues(type: FileImportTypeOutput): ImportTypeFormValues {
  const { branchId, ...others } = type.defaults;
  return {
    label: type.label,
    description: type.description,
    mapping: type.fields.map((f) => ({
      field: f.key,
      header: type.mapping[f.key]?.header ?? '',
      transform: type.mapping[f.key]?.transform ?? null,
    })),
    branchId: typeof branchId === 'number' || typeof branchId === 'string' ? String(branchId) : null,
    otherDefaults: Object.keys(others).length > 0 ? JSON.stringify(others, null, 2) : '',
  };
}

/** The other defaults as an object, or null when the text is not a JSON object ('' is the empty object). */
export function parseOtherDefaults(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * updateFileImportType's input: the whole mapping (fields without a header are left out, so the file's column is
 * not read), the branch default (a number; no branch = no default) merged over the other defaults. Other defaults
 * that are not a JSON object are sent as none; the form's rule refuses them before a save.
 */
export function importTypePayload(name: string, v: ImportTypeFormValues): UpdateFileImportTypeInput {
  const mapping: NonNullable<UpdateFileImportTypeInput['mapping']> = {};
  for (const row of v.mapping) {
    const header = row.header.trim();
    if (header === '') continue;
    mapping[row.field] = row.transform ? { header, transform: row.transform } : { header };
  }
  const { branchId: _ignored, ...others } = parseOtherDefaults(v.otherDefaults) ?? {};
  return {
    name,
    label: v.label.trim(),
    description: v.description.trim(),
    mapping,
    defaults: { ...others, ...(v.branchId ? { branchId: Number(v.branchId) } : {}) },
  };
}

/**
 * Where an error of the input belongs in the form: `mapping.<field>.header` (or `.transform`, or the field
 * itself) to that field's row, `defaults.branchId` to the branch picker, other defaults to their JSON box.
 */
export function importTypeFieldOf(fields: readonly string[]) {
  return (path: string): string => {
    const mapping = /^mapping\.([^.]+)(?:\.(header|transform))?$/.exec(path);
    if (mapping) {
      const index = fields.indexOf(mapping[1]!);
      return index < 0 ? 'mapping' : `mapping.${index}.${mapping[2] ?? 'header'}`;
    }
    if (path === 'defaults.branchId') return 'branchId';
    if (path === 'defaults' || path.startsWith('defaults.')) return 'otherDefaults';
    return path;
  };
}

/** The form's own rules: every required field needs a column, and other defaults must be a JSON object. */
export function importTypeRules(type: Pick<FileImportTypeOutput, 'fields'>) {
  return (v: ImportTypeFormValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    v.mapping.forEach((row, i) => {
      const field = type.fields.find((f) => f.key === row.field);
      if (field?.required && row.header.trim() === '')
        errors[`mapping.${i}.header`] = i18n.t('importTypeForm.mustBeMapped', { ns: 'files', label: field.label });
    });
    if (parseOtherDefaults(v.otherDefaults) === null)
      errors.otherDefaults = i18n.t('importTypeForm.otherDefaultsObject', { ns: 'files' });
    return errors;
  };
}
