import type { PushPayload } from '@hearth/shared/notify/push.schema';

/**
 * What the service worker does with a push (push.worker.ts), as plain functions: which notification to show, which
 * page a click opens, and which open tab it lands in. Kept apart from the worker so they are tested in Node.
 */

/** The notification a push shows: its title, and options with its body and the page to open (in `data.url`). */
export function notificationOf(
  payload: Partial<PushPayload> | null,
  origin: string,
  fallbackTitle: string,
): { title: string; options: NotificationOptions & { data: { url: string } } } {
  return {
    title: payload?.title || fallbackTitle,
    options: {
      body: payload?.body ?? '',
      icon: '/icons/icon-192.png',
      data: { url: pageUrlOf(payload?.link ?? null, origin) },
    },
  };
}

/**
 * The page a notification opens: its link (a path such as /app/pickup) on the app's own origin, else the home page.
 * A link to another site is never followed: a push message cannot send a reader off the app.
 */
export function pageUrlOf(link: string | null, origin: string): string {
  const home = new URL('/', origin).href;
  if (!link) return home;
  try {
    const url = new URL(link, origin);
    return url.origin === new URL(origin).origin ? url.href : home;
  } catch {
    return home;
  }
}

/** An open tab of the app, as the service worker's Clients API lists it. */
export interface OpenTab {
  url: string;
  focused?: boolean;
}

/**
 * The tab a click lands in: one already showing `url`, else a focused tab of the app, else any tab of the app, else
 * none (a new window opens). `tabs` are the app's own (same origin) windows.
 */
export function tabFor<T extends OpenTab>(tabs: readonly T[], url: string): T | null {
  return tabs.find((tab) => tab.url === url) ?? tabs.find((tab) => tab.focused) ?? tabs[0] ?? null;
}
