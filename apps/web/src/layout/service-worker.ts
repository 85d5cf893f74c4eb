/**
 * Registration of the service worker that vite-plugin-pwa generates (`/sw.js`, scope `/`; it takes control at once:
 * skipWaiting and clientsClaim in vite.config.ts). Its install downloads every built file for offline use; on a
 * phone's slow network that must not compete with the first screen's code and data (issue "caregiver app",
 * Performance), so it is registered after the page's load event, and on the caregiver schedule once its first
 * window shows.
 */

/** On the schedule, the longest wait (ms) after the load event for its first window before registering anyway. */
const FIRST_SCREEN_WAIT_MS = 10_000;

let registered = false;

/** Registers the service worker now (once per page; a failed registration is tried again at the next call). */
export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    registered = false;
  });
}

/**
 * Called once at start-up: registers at the load event, or, when the page calls registerServiceWorker itself once
 * its first screen shows (`waitForFirstScreen`), at most 10 s after the load event.
 */
export function registerServiceWorkerAfterLoad(waitForFirstScreen: boolean): void {
  const onLoad = () =>
    waitForFirstScreen ? window.setTimeout(registerServiceWorker, FIRST_SCREEN_WAIT_MS) : registerServiceWorker();
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
}
