import {
  ZDashboardSummaryOutput,
  ZEvvDashboardOutput,
  ZEvvPersonDashboardOutput,
  ZGetDashboardSummaryInput,
  ZGetEvvCaregiverDashboardInput,
  ZGetEvvClientDashboardInput,
  ZGetEvvDashboardInput,
  ZGetRollupDashboardInput,
  ZRollupDashboardOutput,
} from '@hearth/shared/dashboards/dashboards.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as summary from './dashboards.service';
import * as evv from './dashboards-evv.service';
import * as person from './dashboards-evv-person.service';

/** The dashboards (spec route table "Dashboard"; issue "Payroll, billing, reports" item 4). */
export const dashboardsRouter = router({
  /** Today and this week in the caller's branches {branchId?, date?}: counts, hours per day, EVV rate. */
  getDashboardSummary: permissionProcedure
    .input(ZGetDashboardSummaryInput)
    .output(ZDashboardSummaryOutput)
    .query(({ ctx, input }) => summary.getDashboardSummary({ scope: ctx.scope, input })),
  /** EVV compliance {from, to, branchId?}: totals, per caregiver, per client, per week. */
  getEvvDashboard: permissionProcedure
    .input(ZGetEvvDashboardInput)
    .output(ZEvvDashboardOutput)
    .query(({ ctx, input }) => evv.getEvvDashboard({ scope: ctx.scope, input })),
  /** One client's completed visits with EVV flags {clientId, from, to}; 404 outside the scope. */
  getEvvClientDashboard: permissionProcedure
    .input(ZGetEvvClientDashboardInput)
    .output(ZEvvPersonDashboardOutput)
    .query(({ ctx, input }) => person.getEvvClientDashboard({ scope: ctx.scope, input })),
  /** One caregiver's completed visits with EVV flags {caregiverId, from, to}; 404 outside the scope. */
  getEvvCaregiverDashboard: permissionProcedure
    .input(ZGetEvvCaregiverDashboardInput)
    .output(ZEvvPersonDashboardOutput)
    .query(({ ctx, input }) => person.getEvvCaregiverDashboard({ scope: ctx.scope, input })),
  /** The summary figures per branch and per region {from, to}. */
  getRollupDashboard: permissionProcedure
    .input(ZGetRollupDashboardInput)
    .output(ZRollupDashboardOutput)
    .query(({ ctx, input }) => summary.getRollupDashboard({ scope: ctx.scope, input })),
});
