import { and, eq, or } from 'drizzle-orm';
import type { RegisterDeviceInput, UnregisterDeviceInput } from '@hearth/shared/notify/push.schema';
import type { Db } from '../../db/client';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { pushSubscriptions } from './push.schema';

/**
 * Stores the caller's browser as a push recipient (spec section 7 POST /notifications/register-device; issue 21
 * item 4): {deviceToken: the PushSubscription, parsed by ZRegisterDeviceInput} -> {success: true}. The subscription
 * replaces the caller's earlier one from the same `device` (push.device.ts), and any row of the same endpoint: on
 * a shared browser the endpoint belongs to whoever registered it last, so the previous user's messages stop
 * reaching it. Registers for the signed-in person only.
 * @throws AppError FORBIDDEN while impersonating: the browser is the impersonator's, and the impersonated person's
 *   messages (health data) must not reach it.
 */
export async function registerPushDevice({
  scope,
  input,
  device,
}: {
  scope: Scope;
  input: RegisterDeviceInput;
  device: string;
}): Promise<{ success: true }> {
  if (scope.actorUserId !== scope.userId) throw new AppError('FORBIDDEN', msg('push.impersonating'));
  const { endpoint, keys } = input.deviceToken;
  await scope.db
    .delete(pushSubscriptions)
    .where(
      or(
        eq(pushSubscriptions.endpoint, endpoint),
        and(eq(pushSubscriptions.userId, scope.userId), eq(pushSubscriptions.device, device)),
      ),
    );
  await scope.db
    .insert(pushSubscriptions)
    .values({ userId: scope.userId, device, endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return { success: true };
}

/**
 * Forgets the signed-in person's subscription of the given deviceToken (their browser turned push off, or is being
 * signed out of): {deviceToken} -> {success: true}, also when there was none, so the answer tells nothing of what is
 * stored. Only the signed-in person's own row (the impersonator's while impersonating: the browser is theirs) is
 * ever removed.
 */
export async function unregisterPushDevice({
  scope,
  input,
}: {
  scope: Scope;
  input: UnregisterDeviceInput;
}): Promise<{ success: true }> {
  await scope.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, scope.actorUserId), eq(pushSubscriptions.endpoint, input.deviceToken.endpoint)));
  return { success: true };
}

/**
 * Whether push can reach user `userId` at all (they have at least one subscription), for a sender choosing
 * channels: without one, email or SMS must carry the message (push.driver.ts fails such a row permanently).
 */
export async function hasPushSubscription(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}
