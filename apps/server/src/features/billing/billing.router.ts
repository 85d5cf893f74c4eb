import { ZComputeBillingReportInput, ZComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './billing.service';

/** The billing procedures (issue "Payroll, billing, reports"): the billing report's computation, by action name. */
export const billingRouter = router({
  /**
   * {from, to, branchId?, payerSourceId?} -> {periodFrom, periodTo, computedAt, lines, byStatus, billedAmountCents};
   * replaces the period's billing_lines in the caller's scope (the reportBilling view reads them).
   */
  computeBillingReport: permissionProcedure
    .input(ZComputeBillingReportInput)
    .output(ZComputeBillingReportOutput)
    .mutation(({ ctx, input }) => service.computeBillingReport({ scope: ctx.scope, input })),
});
