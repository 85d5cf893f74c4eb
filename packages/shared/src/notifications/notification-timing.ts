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
export { LATE_CHECK_IN_GRACE_MINUTES as LATE_VISIT_ALERT_MINUTES } from '../dashboards/evv-compliance';

/** Hours after a visit's start past which a visit never checked in is no longer alerted (it is a missed visit). */
export const LATE_VISIT_ALERT_WINDOW_HOURS = 12;

/** Days before a caregiver's credential or a client's authorization ends that the office is told. */
export const EXPIRY_NOTICE_DAYS = 30;
