import { ZClientAppClientsOutput } from '@hearth/shared/client-app/client-app.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { clientAppGetClients } from './client-app.clients';
import { clientAppVisitsRouter } from './client-app-visits.router';
import { clientAppRequestsRouter } from './client-app-requests.router';
import { clientAppStatementsRouter } from './client-app-statements.router';
import { clientAppAlertsRouter } from './client-app-alerts.router';
import { clientAppMessagesRouter } from './client-app-messages.router';
import { clientAppCarePlanRouter } from './client-app-care-plan.router';
import { clientAppAccountRouter } from './client-app-account.router';

/**
 * The client app's calls (issue "client and family app"; spec "Client app"). Only the Client and Trusted Contact
 * roles list them (CLIENT_APP_ACTIONS); each confines the caller to the clients they are linked to and checks the
 * contact permission its data needs (client-app.access.ts reachClient: 404 otherwise). Outputs are declared
 * whitelists. Each area keeps its calls in its own router, merged here.
 */
export const clientAppRouter = router({
  /** The caller's clients for the switcher -> ClientAppClient[]; see clientAppGetClients. */
  clientAppGetClients: permissionProcedure
    .output(ZClientAppClientsOutput)
    .query(({ ctx }) => clientAppGetClients({ scope: ctx.scope })),
  ...clientAppVisitsRouter._def.record,
  ...clientAppRequestsRouter._def.record,
  ...clientAppStatementsRouter._def.record,
  ...clientAppAlertsRouter._def.record,
  ...clientAppMessagesRouter._def.record,
  ...clientAppCarePlanRouter._def.record,
  ...clientAppAccountRouter._def.record,
});
