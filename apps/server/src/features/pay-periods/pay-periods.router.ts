import { z } from 'zod';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import {
  ZCreatePayPeriodLockTimeInput,
  ZGetPayPeriodLockTimesInput,
  ZPayPeriodLockTimeOutput,
  ZUpdatePayPeriodLockTimeInput,
} from '@hearth/shared/pay-periods/pay-periods.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as payPeriods from './pay-periods.service';

/**
 * Pay period lock times (issue "Scheduling" item 5, /admin/pay-period-lock-times). Every procedure works in the
 * caller's branch scope: another branch's lock time is 404, as a missing one.
 */
export const payPeriodsRouter = router({
  /** The lock times in scope {branchId?}, newest period first -> PayPeriodLockTimeOutput[]. */
  getPayPeriodLockTimes: permissionProcedure
    .input(ZGetPayPeriodLockTimesInput)
    .output(z.array(ZPayPeriodLockTimeOutput))
    .query(({ ctx, input }) => payPeriods.getPayPeriodLockTimes({ scope: ctx.scope, input })),
  /** Adds a lock time {branchId, periodStart, periodEnd, locksAt} -> PayPeriodLockTimeOutput. */
  createPayPeriodLockTime: permissionProcedure
    .input(ZCreatePayPeriodLockTimeInput)
    .output(ZPayPeriodLockTimeOutput)
    .mutation(({ ctx, input }) => payPeriods.createPayPeriodLockTime({ scope: ctx.scope, input })),
  /** Edits a lock time {id, ...fields to change} -> PayPeriodLockTimeOutput. */
  updatePayPeriodLockTime: permissionProcedure
    .input(ZUpdatePayPeriodLockTimeInput)
    .output(ZPayPeriodLockTimeOutput)
    .mutation(({ ctx, input }) => payPeriods.updatePayPeriodLockTime({ scope: ctx.scope, input })),
  /** Deletes a lock time {id} -> {id}. */
  deletePayPeriodLockTime: permissionProcedure
    .input(ZIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => payPeriods.deletePayPeriodLockTime({ scope: ctx.scope, input })),
});
