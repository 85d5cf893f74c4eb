/** Constants the spec fixes (spec section 9 and "Navigation chrome"). */

/** App version shown in the staff footer and sent in the app-version header (spec section 9). */
export const APP_VERSION = '3.13.55';

/**
 * Header names the API honours (docs/architecture.md "The life of a request"; spec section 7: app-version header,
 * mobile-app flag, offline flag and offline timestamp). `deviceTime` is Hearth's own: the phone's clock (ISO 8601) when
 * the caregiver app sent the request, which the server compares with its receipt time to flag a phone clock that is
 * off (packages/shared/src/caregiver-app/evv-time-rules.ts).
 */
export const HEADERS = {
  appVersion: 'x-app-version',
  mobileApp: 'x-mobile-app',
  offline: 'x-offline',
  offlineTimestamp: 'x-offline-timestamp',
  deviceTime: 'x-device-time',
} as const;

/** Default user and branch time zone (spec section 9). */
export const DEFAULT_TIMEZONE = 'America/New_York';

/** Default geofence radius around a client's address, in metres (docs/glossary.md "EVV"). */
export const DEFAULT_GEOFENCE_RADIUS_METRES = 150;

/** Session rules (spec sections 4 and 9), in milliseconds. */
export const SESSION = {
  activityThrottleMs: 5_000,
  inactivityLimitMs: 30 * 60_000,
  maxSignInAgeMs: 12 * 60 * 60_000,
} as const;

/** Breakpoints of the staff shell (spec "Navigation chrome"), in em. */
export const BREAKPOINTS = { tablet: '62em', large: '75em' } as const;

/** Demo password shared by every seeded demo user (issue: demo agency). */
export const DEMO_PASSWORD = 'Hearth-demo-1!';
