import { DateTime } from 'luxon';
import { zoneAbbreviation } from '../app/time-display';
import { TIMESHEET_TYPES } from '../shifts/shifts.constants';
import { effectiveVisitTimes, type TimesheetTimes } from '../payroll/payroll-hours';

/**
 * EVV rules of the billing and aggregator exports (docs/glossary.md "EVV": the 21st Century Cures Act's six elements;
 * check-in and check-out with time, GPS and method; office edits carry a reason code).
 */

/** Whether a check of a timesheet was made by the caregiver's device (type 1 mobile online or 2 offline). */
export function isDeviceCheck(type: number | null | undefined): boolean {
  return type === TIMESHEET_TYPES.mobile || type === TIMESHEET_TYPES.offline;
}

/** Whether a check was entered by the office with a reason code (type 3 and a reason: an audited manual edit). */
export function isReasonedOfficeCheck(type: number | null | undefined, reasonCode: string | null | undefined): boolean {
  return type === TIMESHEET_TYPES.office && Boolean(reasonCode?.trim());
}

/**
 * Whether a visit is EVV-verified, so a payer that requires EVV may be billed for it: its effective check-in and
 * check-out (effectiveVisitTimes: office-edited times win) both exist, the check-out after the check-in, and each
 * was either recorded by the caregiver's device (timesheet type 1 or 2: time and, where the phone gave one,
 * position) or entered by the office with a reason code (type 3 with reason_code: the manual edit aggregators
 * accept with a reason, Sandata "VisitChanges", HHAeXchange "Visit Edit Reason Code"). GPS is not required: a
 * device check without a position is flagged for review by the caregiver app, not refused (docs/glossary.md "EVV").
 */
export function isEvvVerified(sheets: readonly TimesheetTimes[]): boolean {
  const times = effectiveVisitTimes(sheets);
  if (!times.checkIn || !times.checkOut || times.checkOut <= times.checkIn) return false;
  const ok = (type: number | null | undefined, sheet: TimesheetTimes) =>
    isDeviceCheck(type) || isReasonedOfficeCheck(type, sheet.reasonCode);
  return ok(times.checkInSheet!.checkInType, times.checkInSheet!) && ok(times.checkOutSheet!.checkOutType, times.checkOutSheet!);
}

/**
 * Sandata's VisitTimeZone value for an IANA zone (Sandata altEVV specification: "US/Eastern", "US/Central", ...),
 * the IANA name itself for a zone without a US/ alias.
 */
export function sandataTimeZone(timeZone: string): string {
  const aliases: Record<string, string> = {
    'America/New_York': 'US/Eastern',
    'America/Detroit': 'US/Eastern',
    'America/Indiana/Indianapolis': 'US/Eastern',
    'America/Kentucky/Louisville': 'US/Eastern',
    'America/Chicago': 'US/Central',
    'America/Indiana/Knox': 'US/Central',
    'America/Menominee': 'US/Central',
    'America/Denver': 'US/Mountain',
    'America/Boise': 'US/Mountain',
    'America/Phoenix': 'US/Arizona',
    'America/Los_Angeles': 'US/Pacific',
    'America/Anchorage': 'US/Alaska',
    'Pacific/Honolulu': 'US/Hawaii',
  };
  return aliases[timeZone] ?? timeZone;
}

/** An instant as Sandata writes it: UTC to the second, "2025-03-03T14:00:00Z" (altEVV date-time format). */
export function sandataDateTime(at: Date | null): string | null {
  return at ? `${at.toISOString().slice(0, 19)}Z` : null;
}

/**
 * An instant as "YYYY-MM-DD HH:MM" on the wall clock of `timeZone`, as HHAeXchange's EDI files write times
 * (Homecare EDI guide: "as per Agency's Timezone") and the billing export shows them; '' for none.
 * @throws RangeError for an unknown time zone.
 */
export function wallClockText(at: Date | null, timeZone: string): string {
  if (!at) return '';
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  if (!local.isValid) throw new RangeError(`Unknown time zone ${timeZone}`);
  return local.toFormat('yyyy-MM-dd HH:mm');
}

/**
 * wallClockText followed by the zone's abbreviation at that instant, for files people read (the billing export:
 * "2025-03-10 09:00 EDT"; issue 18 item 6), where the same wall-clock hour can fall on either side of a daylight
 * saving change; '' for none. Aggregator files keep their own formats (wallClockText, sandataDateTime).
 * @throws RangeError for an unknown time zone.
 */
export function wallClockTextWithZone(at: Date | null, timeZone: string): string {
  const text = wallClockText(at, timeZone);
  return text && `${text} ${zoneAbbreviation(timeZone, at!)}`;
}
