import { ZClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import {
  ZClientAppCreateRequestInput,
  ZClientAppRequestInput,
  ZClientAppRequestsOutput,
  ZClientAppVisitRequest,
} from '@hearth/shared/visit-requests/visit-requests.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as requests from '../visit-requests/visit-requests.family';

/**
 * The client app's requests calls (issue 25 item 3; see client-app.router.ts): a client or trusted contact with the
 * schedule permission asks the office to cancel, move or add a visit, reads the client's requests and withdraws one
 * still pending. The office answers through visitRequests.decide.
 */
export const clientAppRequestsRouter = router({
  /** The client's requests and the visits a new one may be about {clientId} -> {requests, visits}. */
  clientAppGetRequests: permissionProcedure
    .input(ZClientAppClientInput)
    .output(ZClientAppRequestsOutput)
    .query(({ ctx, input }) => requests.clientAppGetRequests({ scope: ctx.scope, input })),
  /** Asks to cancel, move or add a visit {clientId, kind, shiftId?, start?, end?, note?} -> the request. */
  clientAppCreateRequest: permissionProcedure
    .input(ZClientAppCreateRequestInput)
    .output(ZClientAppVisitRequest)
    .mutation(({ ctx, input }) => requests.clientAppCreateRequest({ scope: ctx.scope, input })),
  /** Withdraws a pending request {clientId, requestId} -> the request, withdrawn. */
  clientAppWithdrawRequest: permissionProcedure
    .input(ZClientAppRequestInput)
    .output(ZClientAppVisitRequest)
    .mutation(({ ctx, input }) => requests.clientAppWithdrawRequest({ scope: ctx.scope, input })),
});
