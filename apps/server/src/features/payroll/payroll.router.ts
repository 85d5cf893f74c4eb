import {
  ZComputePayrollReportInput,
  ZPayrollReportOutput,
  ZPayrollSettingsOutput,
  ZUpdatePayrollSettingsInput,
} from '@hearth/shared/payroll/payroll.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as payroll from './payroll.service';

/**
 * The payroll report and the company's payroll rules (issue "Payroll, billing, reports" items 1 and 3). The lines
 * themselves are read through the view engine (view reportPayroll).
 */
export const payrollRouter = router({
  /** Computes and stores a period's lines {from, to, branchId?} -> {periodFrom, periodTo, caregivers, computedAt, totals}. */
  computePayrollReport: permissionProcedure
    .input(ZComputePayrollReportInput)
    .output(ZPayrollReportOutput)
    .mutation(({ ctx, input }) => payroll.computePayrollReport({ scope: ctx.scope, input })),
  /** -> the company's PayrollSettings, defaults filled. */
  getPayrollSettings: permissionProcedure
    .output(ZPayrollSettingsOutput)
    .query(({ ctx }) => payroll.getPayrollSettings({ scope: ctx.scope })),
  /** The whole settings -> the stored PayrollSettings (company admin). */
  updatePayrollSettings: permissionProcedure
    .input(ZUpdatePayrollSettingsInput)
    .output(ZPayrollSettingsOutput)
    .mutation(({ ctx, input }) => payroll.updatePayrollSettings({ scope: ctx.scope, input })),
});
