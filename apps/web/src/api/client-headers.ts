import { APP_VERSION, HEADERS } from '@hearth/shared/app/app.constants';

/**
 * Whether a page is the caregiver app (/app and below; spec "Caregiver app routes"): the phone app whose calls
 * carry the mobile-app flag.
 */
export function isCaregiverAppPath(pathname: string): boolean {
  return pathname === '/app' || pathname.startsWith('/app/');
}

/**
 * The headers an API call carries (spec section 7: bearer token, app-version header, mobile-app flag): from the
 * caregiver app also the mobile-app flag and the phone's clock at sending (x-device-time, ISO 8601 UTC), which the
 * server compares with its receipt time to flag a phone clock that is off (EVV review). Offline replays add their
 * own offline flag and timestamp over these.
 * @param at what is read at sending: the page's path, the clock, the session's bearer token (null when signed out).
 */
export function clientHeaders(at: { pathname: string; now: Date; token: string | null }): Record<string, string> {
  return {
    [HEADERS.appVersion]: APP_VERSION,
    ...(isCaregiverAppPath(at.pathname) ? { [HEADERS.mobileApp]: '1', [HEADERS.deviceTime]: at.now.toISOString() } : {}),
    ...(at.token ? { Authorization: `Bearer ${at.token}` } : {}),
  };
}
