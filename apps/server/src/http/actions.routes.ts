import { loggableError } from '../db/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZActionBatchRequest, type ActionList, type ActionResultEntry } from '@hearth/shared/actions/actions.schema';
import { AppError } from '../errors/app-error';
import { createContext, toFetchHeaders, type ContextDeps } from '../trpc/context';
import { listActions, runActionCalls, type SignedInContext } from '../trpc/actions.runner';

/**
 * The server actions (spec section 7 "REST-style"):
 * - `GET /api/actions` -> `{actions: [{name, type: 'query' | 'mutation'}]}`, the actions the caller's role may call;
 * - `POST /api/actions` `{calls: [{name, input, parseOnly}]}` (at most 50) -> one `{result: {data}}` or
 *   `{result: {error}}` per call, in order (see runActionCalls).
 * Both need a session: 401 `{message}` otherwise. A body that is not a valid batch answers 400 `{message, fieldErrors}`.
 */
export function registerActionRoutes(app: FastifyInstance, deps: ContextDeps): void {
  async function signedInContext(request: FastifyRequest): Promise<SignedInContext> {
    const ctx = await createContext(deps, toFetchHeaders(request.headers));
    if (!ctx.caller) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    return { ...ctx, caller: ctx.caller };
  }

  app.get('/api/actions', async (request): Promise<ActionList> => {
    const { caller } = await signedInContext(request);
    return { actions: listActions(caller) };
  });

  app.post('/api/actions', async (request): Promise<ActionResultEntry[]> => {
    const ctx = await signedInContext(request);
    const { calls } = ZActionBatchRequest.parse(request.body ?? {});
    return runActionCalls({
      ctx,
      calls,
      // The cause with the request id and action, never the call's input or query parameters (health data).
      onUnexpectedError: (error, call) =>
        request.log.error({ reqId: request.id, action: call.name, err: loggableError(error) }, 'Action failed'),
    });
  });
}
