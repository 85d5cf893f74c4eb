import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { ZDateString } from '../records/records.fields';
import { FILE_EXPORT_MAX_PERIOD_DAYS } from '../file-exports/file-exports.kinds';
import { BILLING_LINE_STATUSES } from './billing.constants';
import { daysInPeriod, type BillingStatusTotals } from './billing.rules';

/**
 * Input and output of computeBillingReport (issue "Payroll, billing, reports" items 2 and 3): a period's billing
 * lines computed and stored for the billing report. Dates YYYY-MM-DD (inclusive, each visit's local date in its
 * branch's time zone), money integer cents, timestamps ISO 8601 UTC.
 */

/**
 * {from, to, branchId?, payerSourceId?}: `to` on or after `from`, at most FILE_EXPORT_MAX_PERIOD_DAYS days (the
 * billing export's limit, so the report and the file cover the same periods); `branchId` narrows to one branch in
 * the caller's scope, `payerSourceId` to one payer of the company.
 */
export const ZComputeBillingReportInput = z
  .object({
    from: ZDateString,
    to: ZDateString,
    branchId: ZId.nullish(),
    payerSourceId: ZId.nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.from > p.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
      return;
    }
    const days = daysInPeriod(p.from, p.to);
    if (days > FILE_EXPORT_MAX_PERIOD_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A billing period covers at most ${FILE_EXPORT_MAX_PERIOD_DAYS} days (this one has ${days})`,
      });
    }
  });
export type ComputeBillingReportInput = z.infer<typeof ZComputeBillingReportInput>;

/** Lines, units and amount (cents) of the lines of one status. */
export const ZBillingStatusTotals = z.object({
  lines: z.number(),
  units: z.number(),
  amountCents: z.number(),
}) satisfies z.ZodType<BillingStatusTotals>;

/**
 * What computeBillingReport returns: the period, when it was computed, how many lines it stored, the totals per
 * status (every status present, zeros when none) and the billed amount (billable + over_authorization) in cents.
 */
export const ZComputeBillingReportOutput = z.object({
  periodFrom: zText(),
  periodTo: zText(),
  computedAt: zText(),
  lines: z.number(),
  byStatus: z.record(z.enum(BILLING_LINE_STATUSES), ZBillingStatusTotals),
  billedAmountCents: z.number(),
});
export type ComputeBillingReportOutput = z.infer<typeof ZComputeBillingReportOutput>;
