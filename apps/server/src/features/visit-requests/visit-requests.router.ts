import {
  ZDecideVisitRequestInput,
  ZListVisitRequestsInput,
  ZVisitRequestOutput,
  ZVisitRequestsOutput,
} from '@hearth/shared/visit-requests/visit-requests.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as visitRequests from './visit-requests.service';

/**
 * The office's visit request calls (issue 25 item 3), nested as `visitRequests.*`: the office roles that write
 * shifts list them (roles.permissions.ts), since approving changes the schedule. A request of another branch is a
 * 404, as a missing one.
 */
export const visitRequestsRouter = router({
  /** The requests of the caller's branches {status: pending|decided, branchId?, clientId?} -> VisitRequestOutput[]. */
  list: permissionProcedure
    .input(ZListVisitRequestsInput)
    .output(ZVisitRequestsOutput)
    .query(({ ctx, input }) => visitRequests.listVisitRequests({ scope: ctx.scope, input })),
  /**
   * Approves (applies the change to the schedule) or declines with a reason {id, decision, reason?} ->
   * VisitRequestOutput; 400 when it is no longer pending or the shift rules refuse the change.
   */
  decide: permissionProcedure
    .input(ZDecideVisitRequestInput)
    .output(ZVisitRequestOutput)
    .mutation(({ ctx, input }) => visitRequests.decideVisitRequest({ scope: ctx.scope, input })),
});
