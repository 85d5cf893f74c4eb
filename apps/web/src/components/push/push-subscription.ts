import type { PushPublicKey } from '@hearth/shared/notify/push.schema';
import { restJson } from '@/api/rest';
import { registerServiceWorker } from '@/layout/service-worker';

/**
 * The browser's side of web push (issue 21 item 4; spec "Push-permission prompt: shown once unless declined;
 * declining stores a flag"): whether the footer's button may ask, asking, subscribing with the server's VAPID key,
 * and registering the subscription (POST /notifications/register-device).
 *
 * The decline flag lives in this browser's localStorage, per user: notification permission itself is per browser,
 * so a "no" on the office computer must not hide the button on the same person's phone, and a flag kept with the
 * permission it stands for needs no server column or call that every role would have to be checked against.
 */

/**
 * How long to wait for the service worker before giving up on subscribing, in milliseconds. Push needs an active
 * worker, and the first install downloads every built file one at a time (Workbox's precache, about 350 files):
 * on a phone's network, or a busy computer, that takes tens of seconds, during which the button says it is asking.
 */
const SERVICE_WORKER_WAIT_MS = 60_000;

/** The localStorage key of user `userId`'s "declined" flag. */
export const declinedKey = (userId: number) => `hearth.push.declined.${userId}`;

/**
 * The localStorage key of user `userId`'s "enabled here" flag: permission is the browser's, consent is the person's,
 * so on a shared browser only those who turned push on themselves are registered again at their next sign-in.
 */
export const enabledKey = (userId: number) => `hearth.push.enabled.${userId}`;

/**
 * Whether this browser can receive web push at all: the Notification and Push APIs and service workers. False in
 * Safari on an iPhone or iPad unless Hearth was added to the Home Screen (only installed web apps get push there).
 */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;
}

/** Whether user `userId` declined the prompt in this browser. */
export function hasDeclined(userId: number): boolean {
  try {
    return window.localStorage.getItem(declinedKey(userId)) !== null;
  } catch {
    return false;
  }
}

/** Whether user `userId` turned push on in this browser. */
export function hasEnabled(userId: number): boolean {
  try {
    return window.localStorage.getItem(enabledKey(userId)) !== null;
  } catch {
    return false;
  }
}

/** Stores a flag (the time, ISO 8601 UTC) under `key`; blocked storage only means the question may come again. */
function storeFlag(key: string): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Storage blocked: the button may show again next time, which is the lesser harm.
  }
}

/** Stores user `userId`'s "declined" flag so the button is not shown to them again in this browser. */
export function rememberDeclined(userId: number): void {
  storeFlag(declinedKey(userId));
}

/**
 * Whether the footer's button may ask user `userId` (spec: "only when permission can be asked"): push supported,
 * no decline stored, and the browser's permission not yet asked; or already granted (by another person on a shared
 * browser) while this user has not turned push on here, so asking them costs no prompt.
 */
export function canAskForPush(userId: number): boolean {
  if (!pushSupported() || hasDeclined(userId)) return false;
  return Notification.permission === 'default' || (Notification.permission === 'granted' && !hasEnabled(userId));
}

/** The bytes of a base64url text (the VAPID public key), as PushManager.subscribe takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether two keys hold the same bytes. */
function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * The service worker's registration; with `start`, registering it now if the page has not yet, and rejecting after
 * 60 s. Without, it waits for the page's own deferred registration (layout/service-worker.ts) however long it takes.
 */
async function serviceWorkerReady(start: boolean): Promise<ServiceWorkerRegistration> {
  if (!start) return navigator.serviceWorker.ready;
  registerServiceWorker();
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('The service worker did not start')), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * Subscribes this browser with the server's VAPID key (reusing its subscription when it was made with that key,
 * else replacing it) and registers it for the signed-in user. Needs permission already granted.
 * @param startWorker register the service worker now (a click waits for it) rather than wait for the page to
 * @throws Error or HttpError when the service worker, the push service or the server fails
 */
export async function subscribeAndRegister(startWorker = true): Promise<void> {
  const { publicKey } = await restJson<PushPublicKey>('GET', '/notifications/push-public-key');
  const key = base64UrlBytes(publicKey);
  const registration = await serviceWorkerReady(startWorker);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Made with another key (the server's keys changed): the push service would refuse our messages to it.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await restJson('POST', '/notifications/register-device', { deviceToken: JSON.stringify(subscription) });
}

/**
 * Asks for permission (the browser's prompt; once per click) and, when granted, subscribes and registers.
 * @returns 'enabled', or 'declined' when the prompt was refused or dismissed (the flag is then stored)
 * @throws as subscribeAndRegister
 */
export async function askForPush(userId: number): Promise<'enabled' | 'declined'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    rememberDeclined(userId);
    return 'declined';
  }
  await subscribeAndRegister();
  storeFlag(enabledKey(userId));
  return 'enabled';
}

/**
 * Keeps the server's copy of this browser's subscription current for user `userId` when they turned push on here:
 * the push service may have replaced it, the server dropped it after a 404/410, or a sign-out removed it. Runs once
 * the page's service worker is up, never asks anything, and fails silently.
 */
export function syncPushSubscription(userId: number): void {
  if (!pushSupported() || Notification.permission !== 'granted' || !hasEnabled(userId)) return;
  subscribeAndRegister(false).catch(() => {
    // Offline, or the push service unreachable: tried again at the next start.
  });
}

/**
 * Forgets this browser's push subscription on the server, for a sign-out: the next person to sign in on a shared
 * browser must not receive the previous one's notifications. Resolves whatever happens (the sign-out goes on).
 */
export async function unregisterThisBrowser(): Promise<void> {
  try {
    if (!pushSupported() || Notification.permission !== 'granted') return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await restJson('POST', '/notifications/unregister-device', { deviceToken: JSON.stringify(subscription) });
  } catch {
    // Offline or signed out already: the server drops the subscription when the next user registers this browser.
  }
}
