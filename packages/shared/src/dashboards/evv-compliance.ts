import { TIMESHEET_TYPES } from '../shifts/shifts.constants';
import { effectiveVisitTimes, type TimesheetTimes } from '../payroll/payroll-hours';
import { isDeviceCheck, isEvvVerified } from '../file-exports/file-exports.evv';

/**
 * EVV compliance of completed visits (issue "Payroll, billing, reports" item 4, docs/glossary.md "EVV"). The server's
 * SQL (apps/server/src/features/dashboards/dashboards-evv.sql.ts) computes the same flags; an integration test
 * compares both on the same rows.
 */

/**
 * Minutes after the scheduled start within which a check-in is on time; later is a late check-in. Fifteen
 * minutes is the grace period agencies and state EVV programs commonly allow before a visit is reported late.
 */
export const LATE_CHECK_IN_GRACE_MINUTES = 15;

/** A timesheet as the compliance rules read it: times, types, reason and the geofence result of each check. */
export interface EvvTimesheet extends TimesheetTimes {
  /** check_in_metadata.insideGeofence: true inside, false outside, null/undefined unknown (no position). */
  checkInInsideGeofence?: boolean | null;
  /** check_out_metadata.insideGeofence, as checkInInsideGeofence. */
  checkOutInsideGeofence?: boolean | null;
  /** check_in_metadata.clockSkew: the phone's clock was off beyond the company's tolerance (evv-time-rules.ts). */
  checkInClockSkew?: boolean | null;
  /** check_out_metadata.clockSkew, as checkInClockSkew. */
  checkOutClockSkew?: boolean | null;
  /**
   * check_in_metadata.afterPayPeriodLock is set: an offline check that arrived after the visit's pay period was
   * locked (admitPhoneEntry, apps/server/src/features/pay-periods/pay-periods.lock.ts).
   */
  checkInAfterLock?: boolean | null;
  /** check_out_metadata.afterPayPeriodLock is set, as checkInAfterLock. */
  checkOutAfterLock?: boolean | null;
}

/** A visit as the compliance rules read it: scheduled start (UTC) and its timesheets in id order. */
export interface EvvVisit {
  startAt: Date;
  timesheets: readonly EvvTimesheet[];
}

/** The EVV flags of one visit. */
export interface EvvVisitFlags {
  /**
   * EVV-verified (isEvvVerified) with no office edit, no phone clock off (clockSkew) and every check of the visit
   * made by the caregiver's device (type 1 or 2) inside the geofence (insideGeofence true): so both effective
   * checks are device checks inside, at times the server could trust.
   */
  compliant: boolean;
  /** A device check (type 1 or 2) of any timesheet of the visit recorded outside the geofence (insideGeofence false). */
  geofenceException: boolean;
  /** An effective check entered by the office (type 3): effectiveVisitTimes lets office times win. */
  manualEdit: boolean;
  /** The effective check-in more than LATE_CHECK_IN_GRACE_MINUTES after the scheduled start. */
  lateCheckIn: boolean;
  /**
   * A device check (type 1 or 2) of any timesheet sent from a phone whose clock differed from the server's by more
   * than the company's tolerance (clockSkew): its times are the phone's and need the office's review.
   */
  clockSkew: boolean;
  /**
   * A device check (type 1 or 2) of any timesheet arrived after the visit's pay period was locked (AFTER_LOCK_REVIEW):
   * recorded, but payroll computed before it arrived left it out, so the office reviews it. It says nothing about
   * the check's EVV data, so it does not change `compliant`.
   */
  afterLock: boolean;
}

/** The office's words for a visit flagged afterLock (EVV review, the shift's timesheets). */
export const AFTER_LOCK_REVIEW = 'Arrived after the pay period was locked';

/**
 * The EVV flags of a visit (see EvvVisitFlags). The rules only look at the timesheets; counting them for
 * completed visits only is the caller's business.
 * @param visit scheduled start (UTC) and timesheets (id order: ties of equal times go to the first, as
 *   effectiveVisitTimes picks them).
 */
export function evvVisitFlags(visit: EvvVisit): EvvVisitFlags {
  const sheets = visit.timesheets;
  const times = effectiveVisitTimes(sheets);
  const manualEdit = sheets.some(
    (s) =>
      (s.checkIn !== null && s.checkInType === TIMESHEET_TYPES.office) ||
      (s.checkOut !== null && s.checkOutType === TIMESHEET_TYPES.office),
  );
  const geofenceException = sheets.some(
    (s) =>
      (s.checkIn !== null && isDeviceCheck(s.checkInType) && s.checkInInsideGeofence === false) ||
      (s.checkOut !== null && isDeviceCheck(s.checkOutType) && s.checkOutInsideGeofence === false),
  );
  // Every check, not only the effective ones: a second check-in outside the geofence is not a compliant visit.
  const everyCheckInside = sheets.every(
    (s) =>
      (s.checkIn === null || (isDeviceCheck(s.checkInType) && s.checkInInsideGeofence === true)) &&
      (s.checkOut === null || (isDeviceCheck(s.checkOutType) && s.checkOutInsideGeofence === true)),
  );
  const clockSkew = sheets.some(
    (s) =>
      (s.checkIn !== null && isDeviceCheck(s.checkInType) && s.checkInClockSkew === true) ||
      (s.checkOut !== null && isDeviceCheck(s.checkOutType) && s.checkOutClockSkew === true),
  );
  const afterLock = sheets.some(
    (s) =>
      (s.checkIn !== null && isDeviceCheck(s.checkInType) && s.checkInAfterLock === true) ||
      (s.checkOut !== null && isDeviceCheck(s.checkOutType) && s.checkOutAfterLock === true),
  );
  const compliant = !manualEdit && !clockSkew && everyCheckInside && isEvvVerified(sheets);
  const lateCheckIn =
    times.checkIn !== null && times.checkIn.getTime() - visit.startAt.getTime() > LATE_CHECK_IN_GRACE_MINUTES * 60_000;
  return { compliant, geofenceException, manualEdit, lateCheckIn, clockSkew, afterLock };
}

/**
 * The EVV compliance rate: compliant visits over completed visits, a fraction from 0 to 1; null when there
 * is no completed visit (no rate rather than 0 % or 100 %).
 */
export function complianceRate(compliant: number, completed: number): number | null {
  return completed > 0 ? compliant / completed : null;
}
