import crypto from 'node:crypto';
import type { BrowserContext } from '@playwright/test';

/**
 * Replaces the browser's push service with a stand-in that hands out subscriptions with real P-256 keys: a headless
 * browser has no connection to a real push service (Chromium refuses to subscribe without one). Everything after
 * the subscription (the server's key, the registration, the sending) is the app's own.
 */
export async function standInPushService(context: BrowserContext): Promise<void> {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  await context.addInitScript((subscriptionKeys) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      const endpoint = `https://push.invalid/e2e/${crypto.randomUUID()}`;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys: subscriptionKeys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      current = subscription as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, keys);
}
