/**
 * When the notification jobs speak (issue "Reaching people" item 3). The same for every agency for now; each is a
 * named constant so a per-company setting can replace it without hunting through the jobs.
 */

/** Minutes before a visit's start that its caregiver is reminded of it (two hours: time to get there). */
export const VISIT_REMINDER_LEAD_MINUTES = 120;

/**
 * Minutes after a visit's start with no check-in before its branch's office is alerted: the EVV grace period
 * (LATE_CHECK_IN_GRACE_MINUTES, dashboards/evv-compliance.ts), after which the check-in counts as late.
 */
import { LATE_CHECK_IN_GRACE_MINUTES } from '../dashboards/evv-compliance';
export const LATE_VISIT_ALERT_MINUTES = LATE_CHECK_IN_GRACE_MINUTES;

/** Hours after a visit's start past which a visit never checked in is no longer alerted (it is a missed visit). */
export const LATE_VISIT_ALERT_WINDOW_HOURS = 12;

/** Days before a caregiver's credential or a client's authorization ends that the office is told. */
export const EXPIRY_NOTICE_DAYS = 30;

/**
 * The starts of the visits that count as late at `now` (UTC), the one rule the late-visit alert job and Home's
 * late-visit card share: a visit with a caregiver, still scheduled and not checked in, is late when it started at or
 * before `lateSince` (LATE_VISIT_ALERT_MINUTES ago) and after `windowStart` (LATE_VISIT_ALERT_WINDOW_HOURS ago).
 */
export function lateVisitWindow(now: Date): { lateSince: Date; windowStart: Date } {
  return {
    lateSince: new Date(now.getTime() - LATE_VISIT_ALERT_MINUTES * 60_000),
    windowStart: new Date(now.getTime() - LATE_VISIT_ALERT_WINDOW_HOURS * 3_600_000),
  };
}
