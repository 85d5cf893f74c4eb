import { ZCreateCaseTypeInput, type CaseType, type CreateCaseTypeInput } from '@hearth/shared/cases/cases.schema';
import type { CasePriority } from '@hearth/shared/cases/cases.constants';

/** The case type form's values: hours as typed (a number, or '' for no deadline). */
export interface CaseTypeFormValues {
  name: string;
  description: string;
  defaultPriority: CasePriority;
  reportableByCaregivers: boolean;
  acknowledgeWithinHours: number | string;
  stateReportWithinHours: number | string;
  resolveWithinHours: number | string;
}

/** The three deadline fields of a case type, in the order the form shows them. */
export const DEADLINE_FIELDS = ['acknowledgeWithinHours', 'stateReportWithinHours', 'resolveWithinHours'] as const;

/** The form's values for a type being edited, or the blank values of a new type (routine, no deadlines). */
export function caseTypeFormValues(type?: CaseType): CaseTypeFormValues {
  return {
    name: type?.name ?? '',
    description: type?.description ?? '',
    defaultPriority: type?.defaultPriority ?? 'routine',
    reportableByCaregivers: type?.reportableByCaregivers ?? false,
    acknowledgeWithinHours: type?.acknowledgeWithinHours ?? '',
    stateReportWithinHours: type?.stateReportWithinHours ?? '',
    resolveWithinHours: type?.resolveWithinHours ?? '',
  };
}

/** An hours field as sent: null when left empty ("no deadline"), else the number typed. */
function hoursOf(value: number | string): number | null {
  if (value === '' || value === null) return null;
  return Number(value);
}

/**
 * Checks the form with the shared schema (ZCreateCaseTypeInput, the same rules caseTypes.create and update apply).
 * @returns the input to send, or the first message of each field that is wrong (keyed by field name)
 */
export function parseCaseTypeForm(
  values: CaseTypeFormValues,
): { ok: true; input: CreateCaseTypeInput } | { ok: false; errors: Record<string, string> } {
  const parsed = ZCreateCaseTypeInput.safeParse({
    ...values,
    acknowledgeWithinHours: hoursOf(values.acknowledgeWithinHours),
    stateReportWithinHours: hoursOf(values.stateReportWithinHours),
    resolveWithinHours: hoursOf(values.resolveWithinHours),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * A number of hours in whole days and hours, for the plain-words hint under a deadline (24 -> 1 day, 30 -> 1 day and
 * 6 hours, 336 -> 14 days). Hours under a day give {days: 0, hours}.
 */
export function hoursInDays(hours: number): { days: number; hours: number } {
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
