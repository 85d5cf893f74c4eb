import { WEEKLY_OVERTIME_THRESHOLD_MINUTES, TIMESHEET_TYPES } from '../shifts/shifts.constants';
import { localDateOf } from '../shifts/workweek';
import { allocateOvertime } from './payroll-overtime';

/**
 * Pure payroll rules (docs/glossary.md "Payroll", "Overtime"): the worked time of a visit from its timesheets,
 * and regular and overtime minutes per FLSA workweek in the branch's time zone. Instants are JS Dates (UTC),
 * durations whole minutes, calendar dates YYYY-MM-DD.
 */

/** A timesheet as these rules read it (spec "Shift" timesheets; type 1 mobile, 2 offline, 3 office edit). */
export interface TimesheetTimes {
  checkIn: Date | null;
  checkOut: Date | null;
  checkInType: number | null;
  checkOutType: number | null;
  reasonCode?: string | null;
}

/** The check-in and check-out a visit counts with, and the timesheets they come from (null when none). */
export interface EffectiveVisitTimes<T extends TimesheetTimes = TimesheetTimes> {
  checkIn: Date | null;
  checkOut: Date | null;
  checkInSheet: T | null;
  checkOutSheet: T | null;
}

/**
 * The effective check-in and check-out of a visit (docs/glossary.md "EVV": office edits carry a reason code and correct
 * what the device recorded, so office-edited times win). The check-in is the earliest office-edited check-in
 * (check_in_type 3) when there is one, else the earliest check-in; the check-out the latest office-edited
 * check-out, else the latest check-out. Without office edits this is the shift's own check_in_at / check_out_at
 * (timesFromTimesheets in the shifts feature: earliest in, latest out). A visit is one span from check-in to
 * check-out: a gap between two timesheets of one visit is not deducted.
 */
export function effectiveVisitTimes<T extends TimesheetTimes>(sheets: readonly T[]): EffectiveVisitTimes<T> {
  // One pass without closures: this runs several times for every visit of a billing period or an export. On equal
  // times the first timesheet in the given order wins.
  let earliestIn: T | null = null;
  let officeIn: T | null = null;
  let latestOut: T | null = null;
  let officeOut: T | null = null;
  for (const sheet of sheets) {
    const checkIn = sheet.checkIn?.getTime();
    if (checkIn !== undefined) {
      if (earliestIn === null || checkIn < earliestIn.checkIn!.getTime()) earliestIn = sheet;
      if (sheet.checkInType === TIMESHEET_TYPES.office && (officeIn === null || checkIn < officeIn.checkIn!.getTime())) {
        officeIn = sheet;
      }
    }
    const checkOut = sheet.checkOut?.getTime();
    if (checkOut !== undefined) {
      if (latestOut === null || checkOut > latestOut.checkOut!.getTime()) latestOut = sheet;
      if (sheet.checkOutType === TIMESHEET_TYPES.office && (officeOut === null || checkOut > officeOut.checkOut!.getTime())) {
        officeOut = sheet;
      }
    }
  }
  const checkInSheet = officeIn ?? earliestIn;
  const checkOutSheet = officeOut ?? latestOut;
  return {
    checkIn: checkInSheet?.checkIn ?? null,
    checkOut: checkOutSheet?.checkOut ?? null,
    checkInSheet,
    checkOutSheet,
  };
}

/**
 * Minutes worked between a check-in and a check-out: elapsed real time (a visit across a daylight-saving change
 * counts the hours that actually passed), rounded to the nearest minute; 0 when either is missing or the
 * check-out is not after the check-in.
 */
export function workedMinutes(times: { checkIn: Date | null; checkOut: Date | null }): number {
  if (!times.checkIn || !times.checkOut) return 0;
  const ms = times.checkOut.getTime() - times.checkIn.getTime();
  return ms > 0 ? Math.round(ms / 60_000) : 0;
}

/** The overtime rule: minutes over `thresholdMinutes` in a workweek are paid at `multiplier` times the rate. */
export interface OvertimeRule {
  thresholdMinutes: number;
  multiplier: number;
}

/**
 * The federal rule (docs/glossary.md "Overtime": FLSA home care rule of 2015, 29 CFR 552.109 and 778.107): 1.5 times
 * the regular rate for hours over 40 in a workweek. Companies will configure both later.
 */
export const DEFAULT_OVERTIME_RULE: OvertimeRule = { thresholdMinutes: WEEKLY_OVERTIME_THRESHOLD_MINUTES, multiplier: 1.5 };

/** A worked visit of one caregiver: its id and effective check-in and check-out. */
export interface WorkedVisit {
  id: number;
  checkIn: Date;
  checkOut: Date;
}

/** A pay period: its first and last local dates (inclusive) in the branch's time zone. */
export interface PayPeriod {
  from: string;
  to: string;
}

/** One visit's share of a pay period's hours. */
export interface VisitPay {
  id: number;
  /** Local date of the effective check-in, which decides the visit's pay period. */
  date: string;
  regularMinutes: number;
  overtimeMinutes: number;
  inPeriod: boolean;
}

/** A caregiver's hours for a pay period. */
export interface PayrollHours {
  /** Worked minutes of the period's visits up to the threshold of their workweek. */
  regularMinutes: number;
  /** Worked minutes of the period's visits past the threshold of their workweek. */
  overtimeMinutes: number;
  /** regular + overtime x multiplier: the straight-time minutes the period's pay is worth at the regular rate. */
  straightTimeEquivalentMinutes: number;
  /** Every visit given, each with its regular and overtime minutes and whether it is paid in this period. */
  visits: VisitPay[];
}

/**
 * Whether the local date of `at` (in `timeZone`) lies within the period, ends included.
 * @throws RangeError for an unknown time zone.
 */
export function inPayPeriod(at: Date, period: PayPeriod, timeZone: string): boolean {
  const date = localDateOf(at, timeZone);
  return date >= period.from && date <= period.to;
}

/**
 * A caregiver's regular and overtime minutes for a pay period (docs/glossary.md "Overtime": over 40 hours per FLSA
 * workweek, Sunday 00:00 to Sunday 00:00 in the branch's time zone, workweek.ts workweekOf).
 *
 * The rule for a workweek that spans the pay period's boundary (29 CFR 778.103-778.104: each workweek stands
 * alone and all its hours decide its overtime, whatever the pay period; 778.106: overtime is paid with the pay
 * period in which it is earned or as soon after as practicable): the workweek's visits are taken in order of
 * check-in, the first `thresholdMinutes` worked in the workweek are regular and every minute after is overtime,
 * and a visit is paid in the period holding the local date of its check-in. So `visits` must hold the
 * caregiver's worked visits of every workweek the period touches, including those of the neighbouring
 * periods: hours worked earlier in the week (last period) use up the regular hours first, and a later period's
 * export of the same week continues where this one stops, so no minute is paid twice or at the wrong rate.
 * A visit across Saturday midnight is split at the workweek boundary; minutes are elapsed real time, so a
 * daylight-saving week (167 or 169 hours) needs no special case. The minute-by-minute rule is allocateOvertime
 * (payroll-overtime.ts), which the payroll report also uses with daily overtime and travel.
 * @param visits worked visits of one caregiver (any order; check-out after check-in).
 * @param period the pay period (local dates, inclusive).
 * @param timeZone IANA zone of the caregiver's branch.
 * @param rule threshold in minutes and overtime multiplier (DEFAULT_OVERTIME_RULE: 2400 and 1.5).
 * @returns the period's regular, overtime and straight-time equivalent minutes, and each visit's share.
 * @throws RangeError for an unknown time zone.
 */
export function payrollHours(
  visits: readonly WorkedVisit[],
  period: PayPeriod,
  timeZone: string,
  rule: OvertimeRule = DEFAULT_OVERTIME_RULE,
): PayrollHours {
  const ordered = [...visits].sort((a, b) => a.checkIn.getTime() - b.checkIn.getTime() || a.id - b.id);
  const allocated = allocateOvertime(
    ordered.map((visit) => ({ visit, start: visit.checkIn, minutes: workedMinutes(visit) })),
    timeZone,
    { thresholdMinutes: rule.thresholdMinutes, dailyThresholdMinutes: null },
  );
  const pays: VisitPay[] = allocated.map(({ item, date, regularMinutes, overtimeMinutes }) => ({
    id: item.visit.id,
    date,
    regularMinutes,
    overtimeMinutes,
    inPeriod: date >= period.from && date <= period.to,
  }));
  const paid = pays.filter((p) => p.inPeriod);
  const regularMinutes = paid.reduce((sum, p) => sum + p.regularMinutes, 0);
  const overtimeMinutes = paid.reduce((sum, p) => sum + p.overtimeMinutes, 0);
  return {
    regularMinutes,
    overtimeMinutes,
    straightTimeEquivalentMinutes: regularMinutes + overtimeMinutes * rule.multiplier,
    visits: pays,
  };
}

/**
 * Minutes as hours with 2 decimals, as payroll files write them: 2550 -> "42.50", 20 -> "0.33", 0 -> "0.00".
 * Exact: minutes x 100 / 60 is never halfway between two hundredths, so rounding has no ties.
 */
export function hoursText(minutes: number): string {
  return hundredthsText(Math.round((minutes * 100) / 60));
}

/** Integer cents as dollars with 2 decimals: 87500 -> "875.00", 5 -> "0.05", -1234 -> "-12.34". */
export function dollarsText(cents: number): string {
  return hundredthsText(Math.round(cents));
}

/** A whole number of hundredths written with 2 decimals, the sign in front. */
function hundredthsText(hundredths: number): string {
  const abs = Math.abs(hundredths);
  return `${hundredths < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Miles as whole hundredths of a mile (12.345 -> 1235), so sums of care sheet mileage stay exact; negative or
 * non-finite values count as 0.
 */
export function milesInHundredths(miles: number | null | undefined): number {
  return typeof miles === 'number' && Number.isFinite(miles) && miles > 0 ? Math.round(miles * 100) : 0;
}

/**
 * The mileage reimbursement of some miles at a rate, in cents: hundredths of a mile x cents per mile / 100,
 * rounded half up to the cent (1250 hundredths at 70 cents -> 875).
 */
export function mileageCents(hundredthsOfMiles: number, centsPerMile: number): number {
  return Math.floor((hundredthsOfMiles * centsPerMile + 50) / 100);
}
