import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZUserHistoryQuery } from '@hearth/shared/users/users.schema';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { resolveCaller, type Caller } from '../auth/caller';
import { withRequestScope } from '../db/request-scope';
import { AppError } from '../errors/app-error';
import { toFetchHeaders } from '../trpc/context';
import { isActionAllowed } from '../features/roles/roles.permissions';
import { toCurrentUser } from '../features/users/users.output';
import { getUserHistory } from '../features/users/users.service';
import { users } from '../features/users/users.schema';

/**
 * The spec's REST-style calls (spec section 7): GET /users/current, GET /users/{userId}/history,
 * POST /notifications/register-device. Each needs a session (401 otherwise) and answers JSON; errors carry
 * a `message` (see the error handler in app.ts).
 */
export function registerRestRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  async function requireCaller(request: FastifyRequest, action?: string): Promise<Caller> {
    const caller = await resolveCaller(deps.db, deps.auth, toFetchHeaders(request.headers));
    if (!caller) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    if (action && !isActionAllowed(caller.role, action)) throw new AppError('FORBIDDEN', `Your role may not use ${action}`);
    return caller;
  }

  app.get('/users/current', async (request) => toCurrentUser(await requireCaller(request)));

  app.get<{ Params: { userId: string }; Querystring: Record<string, string> }>('/users/:userId/history', async (request) => {
    const caller = await requireCaller(request, 'getUserHistory');
    const input = ZUserHistoryQuery.parse({ ...request.query, userId: request.params.userId });
    return withRequestScope(deps.db, caller, (scope) => getUserHistory({ scope, input }));
  });

  const ZRegisterDevice = z.object({ deviceToken: z.string().min(1, 'deviceToken is required').max(4096) });
  app.post('/notifications/register-device', async (request) => {
    const caller = await requireCaller(request);
    const { deviceToken } = ZRegisterDevice.parse(request.body ?? {});
    await withRequestScope(deps.db, caller, (scope) =>
      scope.db.update(users).set({ pushNotificationDeviceToken: deviceToken }).where(eq(users.id, scope.userId)),
    );
    return { success: true };
  });
}
