import { FILE_EXPORT_SETTINGS_SCHEMAS } from '@hearth/shared/file-exports/file-exports.kinds';
import type { FileExportTypeOutput, UpdateFileExportTypeInput } from '@hearth/shared/file-exports/file-exports.schema';
import { i18n } from '@/i18n/i18n.setup';

/** How a setting is edited, from the type of its stored value. */
export type SettingKind = 'text' | 'number' | 'boolean' | 'json';

/** One setting of the form: its key, how it is edited and its value as the input holds it. */
export interface SettingRow {
  key: string;
  kind: SettingKind;
  /** text: the string; number: a number or '' (empty input); boolean: true/false; json: the JSON text. */
  value: string | number | boolean;
}

/** The edit form of an export type: retention in whole hours and the kind's settings, one input each. */
export interface ExportTypeFormValues {
  label: string;
  description: string;
  retentionHours: number | string;
  settings: SettingRow[];
}

function settingRow(key: string, value: unknown): SettingRow {
  if (typeof value === 'string') return { key, kind: 'text', value };
  if (typeof value === 'number') return { key, kind: 'number', value };
  if (typeof value === 'boolean') return { key, kind: 'boolean', value };
  return { key, kind: 'json', value: JSON.stringify(value ?? null) };
}

/**
 * The form's values for a type as getFileExportType returns it: every setting its kind knows
 * (FILE_EXPORT_SETTINGS_SCHEMAS), a stored value over the kind's default, in the kind's order.
 */
export function exportTypeFormValues(
  type: Pick<FileExportTypeOutput, 'label' | 'description' | 'retentionHours' | 'kind' | 'settings'>,
): ExportTypeFormValues {
  const defaults = FILE_EXPORT_SETTINGS_SCHEMAS[type.kind].safeParse({}).data ?? {};
  return {
    label: type.label,
    description: type.description,
    retentionHours: type.retentionHours,
    settings: Object.entries({ ...defaults, ...type.settings }).map(([key, value]) => settingRow(key, value)),
  };
}

/** A setting's value for the wire: text as typed, '' number as null, JSON parsed (undefined when it is not JSON). */
export function settingValue(row: SettingRow): unknown {
  switch (row.kind) {
    case 'text':
    case 'boolean':
      return row.value;
    case 'number':
      return row.value === '' ? null : Number(row.value);
    case 'json':
      try {
        return JSON.parse(String(row.value)) as unknown;
      } catch {
        return undefined;
      }
  }
}

/** updateFileExportType's input: label, description, retention (hours; NaN when empty, for the schema to refuse) and every setting. */
export function exportTypePayload(name: string, v: ExportTypeFormValues): UpdateFileExportTypeInput {
  return {
    name,
    label: v.label.trim(),
    description: v.description.trim(),
    retentionHours: v.retentionHours === '' ? Number.NaN : Number(v.retentionHours),
    settings: Object.fromEntries(v.settings.map((row) => [row.key, settingValue(row)])),
  };
}

/** Errors of `settings.<key>` belong to that setting's input. */
export function exportTypeFieldOf(keys: readonly string[]) {
  return (path: string): string => {
    const match = /^settings\.(.+)$/.exec(path);
    if (!match) return path;
    const index = keys.indexOf(match[1]!);
    return index < 0 ? 'settings' : `settings.${index}.value`;
  };
}

/** The form's own rules: a retention is given and JSON settings parse. */
export function exportTypeRules(v: ExportTypeFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.retentionHours === '') errors.retentionHours = i18n.t('exportTypeForm.retentionRequired', { ns: 'files' });
  v.settings.forEach((row, i) => {
    if (row.kind === 'json' && settingValue(row) === undefined)
      errors[`settings.${i}.value`] = i18n.t('exportTypeForm.notJson', { ns: 'files' });
  });
  return errors;
}

/** "providerQualifier" as "Provider qualifier", "coCode" as "Co code": a setting key as a label. */
export function settingLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
