import type { FastifyInstance } from 'fastify';
import { ZRegisterDeviceInput, ZUnregisterDeviceInput, type PushPublicKey } from '@hearth/shared/notify/push.schema';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { withRequestScope } from '../db/request-scope';
import { requireCaller } from './require-caller';
import { registerPushDevice, unregisterPushDevice } from '../features/notify/push.service';
import { deviceLabel } from '../features/notify/push.device';

/**
 * Web push's REST calls (issue 21 item 4):
 * - GET /notifications/push-public-key -> {publicKey}: the VAPID public key browsers subscribe with. Public (it is
 *   in every subscription request anyway), and absent (404) when the server has no keys.
 * - POST /notifications/register-device {deviceToken} -> {success: true} (spec section 7): deviceToken is the
 *   browser's PushSubscription as JSON (shared notify/push.schema.ts), stored for the signed-in user and the device
 *   of the request's User-Agent (push.service.ts registerPushDevice).
 * - POST /notifications/unregister-device {deviceToken} -> {success: true}: forgets it.
 * The writes need a session (401) and answer a malformed deviceToken with 400 naming the fault; no answer ever holds
 * an endpoint or a key.
 */
export function registerPushRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth; vapidPublicKey?: string }): void {
  const { vapidPublicKey } = deps;
  if (vapidPublicKey)
    app.get('/notifications/push-public-key', async (): Promise<PushPublicKey> => ({ publicKey: vapidPublicKey }));

  app.post('/notifications/register-device', async (request) => {
    const caller = await requireCaller(deps, request);
    const input = ZRegisterDeviceInput.parse(request.body ?? {});
    const device = deviceLabel(request.headers['user-agent']);
    return withRequestScope(deps.db, caller, (scope) => registerPushDevice({ scope, input, device }));
  });

  app.post('/notifications/unregister-device', async (request) => {
    const caller = await requireCaller(deps, request);
    const input = ZUnregisterDeviceInput.parse(request.body ?? {});
    return withRequestScope(deps.db, caller, (scope) => unregisterPushDevice({ scope, input }));
  });
}
