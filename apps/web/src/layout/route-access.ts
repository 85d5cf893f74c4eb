import type { CurrentUser } from '@hearth/shared/users/users.schema';

/** The sign-in path that brings the user back to `pathname + search` afterwards. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * Where to go after sign-in: the redirect value only when it is a path on this site. Anything else ('//evil.com',
 * 'https://...', '/\\evil.com') could send a freshly signed-in user to another origin, so it falls back to '/'.
 */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Keeps each kind of user in their own app (spec section 6): caregivers in /app, /chat and /notifications (their
 * own notifications, opened from the header), clients and trusted contacts in /client-mobile-app, staff out of
 * both. Returns the path to send the user to, or null to stay.
 */
export function confinementRedirect(user: CurrentUser, pathname: string): string | null {
  if (user.isCaregiver) return isUnder(pathname, '/app') || pathname === '/chat' || pathname === '/notifications' ? null : '/app';
  if (user.isClient || user.isTrustedContact) {
    return isUnder(pathname, '/client-mobile-app') ? null : '/client-mobile-app';
  }
  return isUnder(pathname, '/app') || isUnder(pathname, '/client-mobile-app') ? '/' : null;
}
