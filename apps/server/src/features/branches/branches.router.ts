import { z } from 'zod';
import { ZId } from '@hearth/shared/app/input-rules';
import { ZBranchOutput, ZCreateBranchInput, ZUpdateBranchInput } from '@hearth/shared/branches/branches.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './branches.service';

/** The branch procedures (spec sections 3 and 7); a branch outside the caller's scope is 404. Outputs are declared. */
export const branchesRouter = router({
  /** The branches in scope, by name -> BranchOutput[]. */
  getBranches: permissionProcedure.output(z.array(ZBranchOutput)).query(({ ctx }) => service.getBranches({ scope: ctx.scope })),
  /** One branch in scope {id} -> BranchOutput; 404 outside it. */
  getBranch: permissionProcedure
    .input(z.object({ id: ZId }))
    .output(ZBranchOutput)
    .query(({ ctx, input }) => service.getBranch({ scope: ctx.scope, input })),
  /** Adds a branch to the caller's company: name, address, time zone, geofence radius in metres -> BranchOutput. */
  createBranch: permissionProcedure
    .input(ZCreateBranchInput)
    .output(ZBranchOutput)
    .mutation(({ ctx, input }) => service.createBranch({ scope: ctx.scope, input })),
  /** Edits a branch: name, address, time zone, geofence radius in metres -> BranchOutput. */
  updateBranch: permissionProcedure
    .input(ZUpdateBranchInput)
    .output(ZBranchOutput)
    .mutation(({ ctx, input }) => service.updateBranch({ scope: ctx.scope, input })),
});
