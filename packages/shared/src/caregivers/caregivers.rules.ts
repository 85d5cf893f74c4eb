import { CREDENTIAL_EXPIRY_WARNING_DAYS, type CredentialExpiryStatus } from './caregivers.constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The calendar date (YYYY-MM-DD) it is at `now` in an IANA time zone, e.g. the branch's. Credential expiry is
 * judged against the branch's today, not the server's.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Days from one calendar date (YYYY-MM-DD) to another: positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A calendar date (YYYY-MM-DD) plus `days` (negative for earlier). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Where a credential stands on `today` (issue: caregivers, "credential expiries within 30 days are flagged"):
 * `expired` after its expiry date, `expiring` from CREDENTIAL_EXPIRY_WARNING_DAYS days before it up to and
 * including the expiry date itself, `valid` before that, `none` without an expiry date.
 * @returns the status and the days until expiry (negative once expired; null without an expiry date).
 */
export function credentialExpiry(
  expiresOn: string | null,
  today: string,
): { status: CredentialExpiryStatus; daysUntilExpiry: number | null } {
  if (!expiresOn) return { status: 'none', daysUntilExpiry: null };
  const days = daysBetween(today, expiresOn);
  const status = days < 0 ? 'expired' : days <= CREDENTIAL_EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
  return { status, daysUntilExpiry: days };
}

/** Whether a credential's expiry status is one the profile and the caregivers view flag. */
export function isFlaggedExpiry(status: CredentialExpiryStatus): boolean {
  return status === 'expiring' || status === 'expired';
}
