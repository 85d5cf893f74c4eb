import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { addFieldIssues } from '../records/records.schema';
import { ZDateString } from '../records/records.fields';
import { ZTimestamp } from '../shifts/shifts.schema';

/**
 * Pay period lock times (issue "Scheduling" item 5, /admin/pay-period-lock-times): per branch and pay period
 * (calendar dates in the branch's time zone, both included) the time after which its shifts are locked.
 */

/** The fields of a lock time. */
export const ZPayPeriodLockTimeFields = z.object({
  branchId: ZId,
  periodStart: ZDateString,
  periodEnd: ZDateString,
  locksAt: ZTimestamp,
});

function periodErrors(p: { periodStart?: string; periodEnd?: string }): Record<string, string> {
  if (!p.periodStart || !p.periodEnd) return {};
  if (p.periodEnd < p.periodStart) return { periodEnd: 'The period must end on or after its start' };
  const days = (Date.parse(p.periodEnd) - Date.parse(p.periodStart)) / 86_400_000;
  return days > 31 ? { periodEnd: 'A pay period is at most 31 days' } : {};
}

/** Input of createPayPeriodLockTime (periods of one branch do not overlap). */
export const ZCreatePayPeriodLockTimeInput = ZPayPeriodLockTimeFields.superRefine((p, ctx) =>
  addFieldIssues(ctx, periodErrors(p)),
);
export type CreatePayPeriodLockTimeInput = z.infer<typeof ZCreatePayPeriodLockTimeInput>;

/** Input of updatePayPeriodLockTime: the id and the fields to change. */
export const ZUpdatePayPeriodLockTimeInput = ZPayPeriodLockTimeFields.omit({ branchId: true })
  .partial()
  .extend({ id: ZId })
  .superRefine((p, ctx) => addFieldIssues(ctx, periodErrors(p)));
export type UpdatePayPeriodLockTimeInput = z.infer<typeof ZUpdatePayPeriodLockTimeInput>;

/** Input of getPayPeriodLockTimes: optionally one branch; newest period first. */
export const ZGetPayPeriodLockTimesInput = z.object({ branchId: ZId.optional() }).optional();
export type GetPayPeriodLockTimesInput = z.infer<typeof ZGetPayPeriodLockTimesInput>;

/** A lock time as returned; `locked` is whether locksAt has passed. */
export const ZPayPeriodLockTimeOutput = z.object({
  id: z.number(),
  branchId: z.number(),
  branchName: zText(),
  timezone: zText(),
  periodStart: zText(),
  periodEnd: zText(),
  locksAt: zText(),
  locked: z.boolean(),
  updatedAt: zText(),
});
export type PayPeriodLockTimeOutput = z.infer<typeof ZPayPeriodLockTimeOutput>;
