import type { FileExportTypeOutput, QueueFileExportInput } from '@hearth/shared/file-exports/file-exports.schema';
import { i18n } from '@/i18n/i18n.setup';

/** The queue form: the type and every parameter any kind may ask for (only the type's own are sent). */
export interface ExportFormValues {
  type: string | null;
  /** Calendar dates YYYY-MM-DD (Mantine 8 date inputs give strings). */
  from: string | null;
  to: string | null;
  branchId: string | null;
  payerSourceId: string | null;
  format: 'csv' | 'xlsx';
}

/** A parameter of the form that a type may ask for (the view settings are not entered here). */
export type FormParam = 'from' | 'to' | 'branchId' | 'payerSourceId' | 'format';

/** The parameters a type asks for that the form shows, with whether each is required. */
export function paramsOf(
  type: Pick<FileExportTypeOutput, 'params'> | undefined,
): Map<FormParam, { label: string; required: boolean }> {
  const shown = new Map<FormParam, { label: string; required: boolean }>();
  for (const p of type?.params ?? []) {
    if (p.key !== 'view') shown.set(p.key, { label: p.label, required: p.required });
  }
  return shown;
}

/** The form's starting values: nothing picked but the caller's only branch; CSV until a type proposes its format. */
export function exportFormValues(onlyBranch: string | null): ExportFormValues {
  return { type: null, from: null, to: null, branchId: onlyBranch, payerSourceId: null, format: 'csv' };
}

/** queueFileExport's input: the type and the parameters it asks for (ids as numbers, no branch = all in scope). */
export function exportPayload(
  values: ExportFormValues,
  type: Pick<FileExportTypeOutput, 'params'> | undefined,
): QueueFileExportInput {
  const asked = paramsOf(type);
  const params: QueueFileExportInput['params'] = {};
  if (asked.has('from') && values.from) params.from = values.from;
  if (asked.has('to') && values.to) params.to = values.to;
  if (asked.has('branchId')) params.branchId = values.branchId ? Number(values.branchId) : null;
  if (asked.has('payerSourceId')) params.payerSourceId = values.payerSourceId ? Number(values.payerSourceId) : null;
  if (asked.has('format')) params.format = values.format;
  return { type: values.type ?? '', params };
}

/** The format a picked type proposes: its own when CSV or XLSX, else CSV. */
export const proposedFormat = (type: Pick<FileExportTypeOutput, 'format'>): 'csv' | 'xlsx' =>
  type.format === 'xlsx' ? 'xlsx' : 'csv';

/** Errors of `params.from` belong to the "from" input, and so on. */
export const exportFieldOf = (path: string) => path.replace(/^params\./, '');

/** The form's own rules: a type is picked and every parameter it requires is given. */
export function exportRules(type: Pick<FileExportTypeOutput, 'params'> | undefined) {
  return (values: ExportFormValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (!values.type) errors.type = i18n.t('exportForm.chooseType', { ns: 'files' });
    for (const [key, spec] of paramsOf(type)) {
      if (spec.required && !values[key]) errors[key] = i18n.t(`exportForm.missing.${key}`, { ns: 'files' });
    }
    return errors;
  };
}
