import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { ZDateString } from '../records/records.fields';
import { ZPayrollSettings, ZPayrollSettingsChanges } from './payroll-settings';

/**
 * Inputs and outputs of the payroll procedures (issue "Payroll, billing, reports": the payroll report):
 * computePayrollReport, getPayrollSettings, updatePayrollSettings. Dates YYYY-MM-DD (local dates of the branch's
 * time zone, both ends included), timestamps ISO 8601 UTC, durations whole minutes, money integer cents.
 */

/** The longest period the payroll report computes, in days (both ends counted), as the period exports. */
export const PAYROLL_MAX_PERIOD_DAYS = 62;

/** Days from `from` to `to`, both counted: 2025-03-01..2025-03-01 is 1. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** {from, to, branchId?}: the pay period to compute, optionally for one branch of the caller's scope. */
export const ZComputePayrollReportInput = z
  .object({
    from: ZDateString,
    to: ZDateString,
    branchId: ZId.nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.to < input.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' });
      return;
    }
    const days = periodDays(input.from, input.to);
    if (days > PAYROLL_MAX_PERIOD_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A payroll period has at most ${PAYROLL_MAX_PERIOD_DAYS} days (this one has ${days})`,
      });
    }
  });
export type ComputePayrollReportInput = z.infer<typeof ZComputePayrollReportInput>;

/**
 * Input of updatePayrollSettings: the settings to change, any of the keys; an omitted key keeps its stored value
 * (`{}` changes nothing), null clears the daily threshold.
 */
export const ZUpdatePayrollSettingsInput = ZPayrollSettingsChanges;
export type UpdatePayrollSettingsInput = z.input<typeof ZUpdatePayrollSettingsInput>;

/** The settings as getPayrollSettings and updatePayrollSettings return them: every key filled. */
export const ZPayrollSettingsOutput = ZPayrollSettings;

/** What computing a period stored: its lines' count and sums. */
export const ZPayrollReportOutput = z.object({
  periodFrom: zText(),
  periodTo: zText(),
  /** Lines stored: caregivers with hours, mileage or advances in the period. */
  caregivers: z.number().int(),
  computedAt: zText(),
  totals: z.object({
    regularMinutes: z.number().int(),
    overtimeMinutes: z.number().int(),
    travelMinutes: z.number().int(),
    grossPayCents: z.number().int(),
    mileageCents: z.number().int(),
    deductionCents: z.number().int(),
  }),
});
export type PayrollReportOutput = z.infer<typeof ZPayrollReportOutput>;
