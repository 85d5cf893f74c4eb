import type https from 'node:https';
import { eq, inArray } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { PushPayload } from '@hearth/shared/notify/push.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { languageOfUser } from '../../i18n/request-language';
import { msg, translate } from '../../i18n/server-i18n';
import { users } from '../users/users.schema';
import { PermanentDeliveryError, type MessageDriver, type OutboxMessage } from './notify.drivers';
import type { VapidKeys } from './push.keys';
import { pushSubscriptions } from './push.schema';

/**
 * The web push driver (issue 21 item 4): delivers an outbox row of channel 'push' to every browser its user has
 * registered (push_subscriptions), with the `web-push` library (VAPID, RFC 8291 encryption).
 */

/** How long a push service keeps a message for an offline browser, in seconds: after 12 hours it is stale news. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

/** How long one push service request may take, in milliseconds, before it counts as a failed attempt. */
export const PUSH_TIMEOUT_MS = 10_000;

/**
 * The failure reason of a row whose user has no browser to push to. It says why, so whoever reads the outbox knows
 * email or SMS must stand in: push reaches only browsers that allowed it, and on an iPhone or iPad only the web app
 * added to the Home Screen (Safari in a tab receives none).
 */
export const NO_PUSH_SUBSCRIPTION =
  'No browser of this user accepts push notifications (push needs permission given in the browser, and on an iPhone or iPad the web app added to the Home Screen); email or SMS must carry this message';

/** Who a push speaks to (spec section 5: "Push notification wording differs for caregivers, clients and others"). */
export type PushAudience = 'caregiver' | 'client' | 'other';

/** The audience of a role: caregivers; clients and their trusted contacts; everyone else (office staff). */
export function audienceOfRole(roleId: number | null): PushAudience {
  if (roleId === ROLE_IDS.caregiver) return 'caregiver';
  if (roleId === ROLE_IDS.client || roleId === ROLE_IDS.trustedContact) return 'client';
  return 'other';
}

/**
 * What the browser shows for an outbox row: its subject as the title, else the audience's title ("Hearth: your
 * visits" for a caregiver, "Hearth: your care" for a client or trusted contact, "Hearth office" for staff) in the
 * reader's language; the row's body (already in their language); its link and kind.
 */
export function pushPayloadOf(
  message: Pick<OutboxMessage, 'kind' | 'subject' | 'body' | 'link'>,
  audience: PushAudience,
  language: Language,
): PushPayload {
  const title = message.subject || translate(msg(`push.title.${audience}`), language);
  return { title, body: message.body, link: message.link, kind: message.kind };
}

/** The user a push row is for: its userId, else the `user:<id>` of its recipient; null for anything else. */
export function pushUserOf(message: Pick<OutboxMessage, 'userId' | 'recipient'>): number | null {
  if (message.userId !== null) return message.userId;
  const match = /^user:(\d{1,10})$/.exec(message.recipient);
  return match ? Number(match[1]) : null;
}

/** Whether a push service answered that the subscription no longer exists (RFC 8030: 404 Not Found, 410 Gone). */
function isGone(error: unknown): boolean {
  return error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410);
}

/** A push service's refusal in a few words, for the outbox row's failure reason (never the endpoint or keys). */
function describeFailure(error: unknown): string {
  if (error instanceof WebPushError) return `push service answered ${error.statusCode}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The push driver: deliver(row) sends the row's payload (pushPayloadOf, JSON) to every subscription of its user at
 * once. Subscriptions answered 404 or 410 are deleted. Resolves when at least one browser's push service accepted
 * it (their lastSuccessAt is set to `now()`); throws an Error (a retried attempt) when none accepted it and some
 * failed otherwise (a timeout, a 5xx); throws PermanentDeliveryError(NO_PUSH_SUBSCRIPTION) when the user has no
 * subscription left, so email or SMS stand in.
 * @param deps.agent the HTTPS agent of the requests (tests trust their local push service's certificate with it)
 * @param deps.now the clock of lastSuccessAt
 */
export function createPushDriver(deps: { db: Db; vapid: VapidKeys; agent?: https.Agent; now?: () => Date }): MessageDriver {
  const now = deps.now ?? (() => new Date());
  return {
    async deliver(message) {
      const userId = pushUserOf(message);
      if (userId === null) throw new PermanentDeliveryError(`A push message needs a user, not "${message.recipient}"`);
      const subscriptions = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      if (subscriptions.length === 0) throw new PermanentDeliveryError(NO_PUSH_SUBSCRIPTION);

      const [user] = await deps.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
      const payload = pushPayloadOf(message, audienceOfRole(user?.roleId ?? null), await languageOfUser(deps.db, userId));
      const { subject, publicKey, privateKey } = deps.vapid;
      const results = await Promise.allSettled(
        subscriptions.map((s) =>
          webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
            vapidDetails: { subject, publicKey, privateKey },
            TTL: PUSH_TTL_SECONDS,
            timeout: PUSH_TIMEOUT_MS,
            ...(deps.agent ? { agent: deps.agent } : {}),
          }),
        ),
      );
      const delivered = subscriptions.filter((_, i) => results[i]!.status === 'fulfilled').map((s) => s.id);
      const gone = subscriptions.filter((_, i) => {
        const result = results[i]!;
        return result.status === 'rejected' && isGone(result.reason);
      });
      if (gone.length > 0)
        await deps.db.delete(pushSubscriptions).where(
          inArray(
            pushSubscriptions.id,
            gone.map((s) => s.id),
          ),
        );
      if (delivered.length > 0) {
        await deps.db.update(pushSubscriptions).set({ lastSuccessAt: now() }).where(inArray(pushSubscriptions.id, delivered));
        return;
      }
      const failures = results.flatMap((r) => (r.status === 'rejected' && !isGone(r.reason) ? [describeFailure(r.reason)] : []));
      if (failures.length > 0) throw new Error(`Push not delivered: ${failures.join('; ')}`);
      throw new PermanentDeliveryError(NO_PUSH_SUBSCRIPTION);
    },
  };
}
