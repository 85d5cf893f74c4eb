import type { FastifyInstance } from 'fastify';
import { ZUserHistoryQuery } from '@hearth/shared/users/users.schema';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { withRequestScope } from '../db/request-scope';
import { requireCaller } from './require-caller';
import { getCurrentUser } from '../features/users/users.current';
import { getUserHistory } from '../features/users/users.service';

/**
 * The spec's REST-style calls (spec section 7): GET /users/current, GET /users/{userId}/history (POST
 * /notifications/register-device is web push's, push.routes.ts). Each needs a session (401 otherwise) and answers JSON; errors carry
 * a `message` (see the error handler in app.ts).
 */
export function registerRestRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.get('/users/current', async (request) => {
    const caller = await requireCaller(deps, request);
    return withRequestScope(deps.db, caller, (scope) => getCurrentUser({ scope, caller }));
  });

  app.get<{ Params: { userId: string }; Querystring: Record<string, string> }>('/users/:userId/history', async (request) => {
    const caller = await requireCaller(deps, request, 'getUserHistory');
    const input = ZUserHistoryQuery.parse({ ...request.query, userId: request.params.userId });
    return withRequestScope(deps.db, caller, (scope) => getUserHistory({ scope, input }));
  });
}
