import { ZClientAppCarePlan } from '@hearth/shared/client-app/client-app-care-plan.schema';
import { ZClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { clientAppGetCarePlan } from './client-app-care-plan.service';

/** The client app's care plan calls; see client-app.router.ts. */
export const clientAppCarePlanRouter = router({
  /**
   * The client's care plan, read-only {clientId} -> {clientId, tasks}; careNotes permission, else 404 (see
   * clientAppGetCarePlan).
   */
  clientAppGetCarePlan: permissionProcedure
    .input(ZClientAppClientInput)
    .output(ZClientAppCarePlan)
    .query(({ ctx, input }) => clientAppGetCarePlan({ scope: ctx.scope, input })),
});
