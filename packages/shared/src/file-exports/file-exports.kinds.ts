import { z } from 'zod';
import { zText } from '../app/input-rules';
import { OFFICE_EDIT_REASON_CODES } from '../shifts/shifts.constants';
import { englishOf } from '../i18n/english-messages';
import type { FileExportKind } from './file-exports.constants';
import type { FileExportParams } from './file-exports.schema';

/**
 * What each export kind asks for: its parameters (the queue dialog shows them; queueFileExport checks them) and
 * the settings an agency gives its export type at /admin/file-export-types (updateFileExportType checks them).
 */

/** The longest period a payroll, billing or EVV export covers, in days (both ends counted). */
export const FILE_EXPORT_MAX_PERIOD_DAYS = 62;

/** Human names of the kinds, for messages and the admin screen. */
export const FILE_EXPORT_KIND_LABELS: Record<FileExportKind, string> = {
  clients: 'Clients',
  caregivers: 'Caregivers',
  shifts: 'Shifts',
  payroll_adp: 'ADP payroll',
  billing: 'Billing',
  evv_sandata: 'Sandata EVV',
  evv_hhaexchange: 'HHAeXchange EVV',
};

/** The record kinds: a view of the view engine written as CSV or XLSX. */
export const RECORD_EXPORT_KINDS = ['clients', 'caregivers', 'shifts'] as const satisfies readonly FileExportKind[];

/** Whether a kind covers a period (`from`..`to`) rather than a view. */
export function isPeriodExportKind(kind: FileExportKind): boolean {
  return !(RECORD_EXPORT_KINDS as readonly string[]).includes(kind);
}

/** One parameter a kind asks for (ZFileExportParamSpec). */
export interface FileExportParamSpec {
  key: 'branchId' | 'from' | 'to' | 'payerSourceId' | 'format' | 'view';
  label: string;
  required: boolean;
}

const BRANCH: FileExportParamSpec = { key: 'branchId', label: 'Branch', required: false };
const RECORD_PARAMS: FileExportParamSpec[] = [
  BRANCH,
  { key: 'format', label: 'Format', required: false },
  { key: 'view', label: 'Filters, sort and columns', required: false },
];
const PERIOD: FileExportParamSpec[] = [
  BRANCH,
  { key: 'from', label: 'From', required: true },
  { key: 'to', label: 'To', required: true },
];
const PAYER: FileExportParamSpec = { key: 'payerSourceId', label: 'Payer source', required: false };

/** The parameters of each kind: record kinds read a view, the others a period (billing and EVV one payer). */
export const FILE_EXPORT_PARAM_SPECS: Record<FileExportKind, FileExportParamSpec[]> = {
  clients: RECORD_PARAMS,
  caregivers: RECORD_PARAMS,
  shifts: RECORD_PARAMS,
  payroll_adp: PERIOD,
  billing: [...PERIOD, PAYER],
  evv_sandata: [...PERIOD, PAYER],
  evv_hhaexchange: [...PERIOD, PAYER],
};

/** Days from `from` to `to`, both counted: 2025-03-01..2025-03-01 is 1. */
function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What is wrong with an export's parameters for its kind, as {param: message} ({} when nothing): a parameter the
 * kind does not take ("From does not apply to Clients exports"), a required one missing, a period over
 * FILE_EXPORT_MAX_PERIOD_DAYS days. Order of from and to is checked by ZFileExportParams itself. Whether the
 * branch and payer exist in the caller's scope is the server's check.
 */
export function fileExportParamsErrors(kind: FileExportKind, params: FileExportParams): Record<string, string> {
  const specs = FILE_EXPORT_PARAM_SPECS[kind];
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (!specs.some((s) => s.key === key)) {
      errors[key] = englishOf('validation.exports.paramNotApplicable', { key, kind: FILE_EXPORT_KIND_LABELS[kind] });
    }
  }
  for (const spec of specs) {
    if (spec.required && !params[spec.key]) errors[spec.key] = `${spec.label} is required`;
  }
  if (params.from && params.to && !errors.from && !errors.to) {
    const days = daysInPeriod(params.from, params.to);
    if (days > FILE_EXPORT_MAX_PERIOD_DAYS) {
      errors.to = `An export covers at most ${FILE_EXPORT_MAX_PERIOD_DAYS} days (this period has ${days})`;
    }
  }
  return errors;
}

/**
 * How an office edit's reason code (OFFICE_EDIT_REASON_CODES) is written for an aggregator, whose reason codes are
 * state specific (e.g. Sandata's and HHAeXchange's code tables): a code missing from the map is written as is.
 */
const ZReasonCodeMap = z
  .partialRecord(z.enum(OFFICE_EDIT_REASON_CODES, { message: 'Unknown Hearth reason code' }), zText().trim().min(1).max(20))
  .default({});

const code = (label: string, max: number) =>
  zText({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} has at most ${max} characters`);

/**
 * The settings of each kind, with their defaults (every key optional; a missing key takes its default):
 * - payroll_adp: ADP "Co Code" (companyCode) and "Batch ID" (batchId); the earnings code of mileage
 *   reimbursement (mileageEarningsCode) and the deduction code of cash advances (cashAdvanceDeductionCode). The
 *   overtime rules and the mileage rate are the company's payroll settings (payroll/payroll-settings.ts), so the
 *   export and the payroll report compute the same numbers;
 * - evv_sandata: ProviderIdentification (providerQualifier, providerId), PayerProgram, the reason code map;
 * - evv_hhaexchange: the agency's tax id and office NPI, the reason code map;
 * - clients, caregivers, shifts, billing: none.
 */
export const FILE_EXPORT_SETTINGS_SCHEMAS = {
  clients: z.object({}),
  caregivers: z.object({}),
  shifts: z.object({}),
  billing: z.object({}),
  payroll_adp: z.object({
    companyCode: code('Co Code', 3).default(''),
    batchId: code('Batch ID', 25).default('HEARTH'),
    mileageEarningsCode: code('Mileage earnings code', 3).default('M'),
    cashAdvanceDeductionCode: code('Cash advance deduction code', 3).default('CA'),
  }),
  evv_sandata: z.object({
    providerQualifier: z
      .enum(['SandataID', 'NPI', 'API', 'MedicaidID', 'TaxID', 'Taxonomy', 'Legacy', 'Other'], {
        message: 'Unknown Sandata provider qualifier',
      })
      .default('MedicaidID'),
    providerId: code('Provider ID', 50).default(''),
    payerProgram: code('Payer program', 50).default(''),
    reasonCodes: ZReasonCodeMap,
  }),
  evv_hhaexchange: z.object({
    agencyTaxId: zText()
      .trim()
      .regex(/^\d{0,10}$/, 'Agency Tax ID is up to 10 digits')
      .default(''),
    officeNpi: zText()
      .trim()
      .regex(/^\d{0,20}$/, 'Office NPI is digits')
      .default(''),
    reasonCodes: ZReasonCodeMap,
  }),
} satisfies Record<FileExportKind, z.ZodObject>;

export type FileExportSettings<K extends FileExportKind> = z.infer<(typeof FILE_EXPORT_SETTINGS_SCHEMAS)[K]>;

/** The settings keys a kind knows. */
export function fileExportSettingKeys(kind: FileExportKind): string[] {
  return Object.keys(FILE_EXPORT_SETTINGS_SCHEMAS[kind].shape);
}

/**
 * Settings a kind once had and no longer reads: a stored type that still holds them keeps working (they are
 * dropped when read). payroll_adp's overtime threshold and mileage rate moved to the company's payroll settings.
 */
const RETIRED_SETTING_KEYS: Partial<Record<FileExportKind, string[]>> = {
  payroll_adp: ['overtimeThresholdMinutes', 'mileageRateCents'],
};

/**
 * Reads stored or given settings of a kind: unknown keys are errors naming the key, known ones are checked and
 * missing ones take their defaults.
 * @returns {settings} when valid, else {errors: {key: message}}.
 */
export function parseFileExportSettings<K extends FileExportKind>(
  kind: K,
  settings: Record<string, unknown>,
): { settings: FileExportSettings<K>; errors?: undefined } | { settings?: undefined; errors: Record<string, string> } {
  const known = fileExportSettingKeys(kind);
  const retired: readonly string[] = RETIRED_SETTING_KEYS[kind] ?? [];
  settings = Object.fromEntries(Object.entries(settings).filter(([key]) => !retired.includes(key)));
  const errors: Record<string, string> = {};
  for (const key of Object.keys(settings)) {
    if (!known.includes(key)) {
      const label = FILE_EXPORT_KIND_LABELS[kind];
      errors[key] = known.length
        ? englishOf('validation.exports.unknownSetting', { key, kind: label, known: known.join(', ') })
        : englishOf('validation.exports.noSettings', { key, kind: label });
    }
  }
  const parsed = FILE_EXPORT_SETTINGS_SCHEMAS[kind].safeParse(settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'settings');
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length) return { errors };
  return { settings: parsed.data as FileExportSettings<K> };
}
