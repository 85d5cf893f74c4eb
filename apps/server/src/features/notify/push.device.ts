/**
 * The device a push subscription is stored under (push_subscriptions.device): the browser and system read from the
 * User-Agent header, e.g. "Chrome on Android". A new subscription from the same device replaces its old one
 * (issue 21 item 4), so a browser that subscribed again does not leave a dead endpoint behind.
 */

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * The device label of a User-Agent header: "<browser> on <system>", either part "Unknown" when not recognised; at
 * most 100 characters. Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari".
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'unknown system';
  return `${browser} on ${system}`.slice(0, 100);
}
