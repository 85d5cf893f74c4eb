import { z } from 'zod';
import { zText } from '../app/input-rules';

/**
 * Web push (issue 21 item 4; spec section 7 "POST /notifications/register-device {deviceToken} -> success"): the
 * deviceToken a browser registers is its PushSubscription as JSON (`JSON.stringify(subscription)`), which names the
 * push service's endpoint and the keys that encrypt messages for that browser (RFC 8291).
 */

/** The longest endpoint URL accepted (real push services use a few hundred characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

/** The longest deviceToken accepted: a subscription's JSON with its endpoint at the longest. */
export const MAX_DEVICE_TOKEN_LENGTH = 4096;

/** The number of bytes a base64url text (padding optional) decodes to. */
function base64UrlBytes(text: string): number {
  return Math.floor((text.replace(/=+$/, '').length * 3) / 4);
}

/** A base64url text of exactly `bytes` bytes, as PushSubscription.toJSON() writes its keys. */
const zBase64Url = (bytes: number, name: string) =>
  zText()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    .refine((text) => base64UrlBytes(text) === bytes, `${name} must be ${bytes} bytes`);

/** An absolute https URL (zod's WHATWG URL check: packages/shared has no DOM or Node globals to parse one). */
const HTTPS_URL = z.url({ protocol: /^https$/ });

/**
 * A browser's PushSubscription as JSON. The endpoint must be https (every push service is; a server that posts to
 * any URL a user names would reach inside the network). p256dh is the browser's P-256 public key, uncompressed
 * (65 bytes starting 0x04, so base64url "B..."); auth is its 16-byte secret.
 */
export const ZPushSubscription = z.object({
  endpoint: zText()
    .max(MAX_PUSH_ENDPOINT_LENGTH, `endpoint must be at most ${MAX_PUSH_ENDPOINT_LENGTH} characters`)
    .refine((text) => HTTPS_URL.safeParse(text).success, 'endpoint must be an https URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: zBase64Url(65, 'p256dh').refine((text) => text.startsWith('B'), 'p256dh must be an uncompressed P-256 key'),
    auth: zBase64Url(16, 'auth'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof ZPushSubscription>;

/** A deviceToken: the PushSubscription's JSON text, parsed and checked (a malformed one is a 400). */
const zDeviceToken = zText()
  .min(1, 'deviceToken is required')
  .max(MAX_DEVICE_TOKEN_LENGTH, `deviceToken must be at most ${MAX_DEVICE_TOKEN_LENGTH} characters`)
  .transform((text, ctx) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'deviceToken must be a push subscription as JSON' });
      return z.NEVER;
    }
    const parsed = ZPushSubscription.safeParse(json);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'deviceToken'}: ${issue.message}` });
    return z.NEVER;
  });

/** Body of POST /notifications/register-device: {deviceToken} (the subscription's JSON). */
export const ZRegisterDeviceInput = z.object({ deviceToken: zDeviceToken });
export type RegisterDeviceInput = z.infer<typeof ZRegisterDeviceInput>;

/**
 * Body of POST /notifications/unregister-device: {deviceToken} of the subscription to forget (the browser's own, as
 * registered); only the caller's own subscriptions are ever removed.
 */
export const ZUnregisterDeviceInput = z.object({ deviceToken: zDeviceToken });
export type UnregisterDeviceInput = z.infer<typeof ZUnregisterDeviceInput>;

/** Answer of GET /notifications/push-public-key: the VAPID public key (base64url) the browser subscribes with. */
export interface PushPublicKey {
  publicKey: string;
}

/** What a push message carries to the service worker (JSON), in its recipient's language and audience's wording. */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the app (/app/pickup) opened on a click, or null for the home page. */
  link: z.string().nullable(),
  /** The notification kind (visit_assigned...). Not a tag: two visits assigned are two notifications. */
  kind: z.string(),
});
export type PushPayload = z.infer<typeof ZPushPayload>;
