import { z } from 'zod';
import { ZId } from '@hearth/shared/app/input-rules';
import { ZCreateBranchInput, ZUpdateBranchInput } from '@hearth/shared/branches/branches.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as service from './branches.service';

export const branchesRouter = router({
  /** The branches in scope, by name. */
  getBranches: permissionProcedure.query(({ ctx }) => service.getBranches({ scope: ctx.scope })),
  /** One branch in scope {id}; 404 outside it. */
  getBranch: permissionProcedure
    .input(z.object({ id: ZId }))
    .query(({ ctx, input }) => service.getBranch({ scope: ctx.scope, input })),
  /** Adds a branch to the caller's company: name, address, time zone, geofence radius in metres -> the branch. */
  createBranch: permissionProcedure
    .input(ZCreateBranchInput)
    .mutation(({ ctx, input }) => service.createBranch({ scope: ctx.scope, input })),
  /** Edits a branch: name, address, time zone, geofence radius in metres. */
  updateBranch: permissionProcedure
    .input(ZUpdateBranchInput)
    .mutation(({ ctx, input }) => service.updateBranch({ scope: ctx.scope, input })),
});
