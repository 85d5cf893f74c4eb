import { mileageCents, workedMinutes, type PayPeriod } from './payroll-hours';
import { allocateOvertime } from './payroll-overtime';
import {
  centsOfCentMinutes,
  divRoundHalfUp,
  overtimePremiumCents,
  travelPayRate,
  visitPayRate,
  type PayRate,
} from './payroll-pay';
import type { PayrollSettings } from './payroll-settings';
import { paidTravel, type TravelVisit } from './payroll-travel';

/**
 * One caregiver's payroll for one pay period (issue "Payroll, billing, reports" items 1 and 3), exactly the fields
 * of a payroll_lines row, from which the payroll report and the ADP export both read. Durations whole minutes,
 * money integer cents, miles hundredths of a mile, dates YYYY-MM-DD in the branch's time zone.
 */

/** A worked visit of the caregiver: its span, client (and address coordinates) and service code. */
export interface PayrollVisit extends TravelVisit {
  serviceCode: string | null;
}

/** The payroll_lines fields of one caregiver and period. */
export interface PayrollLineFields {
  visits: number;
  visitMinutes: number;
  travelMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  regularRateCents: number;
  straightTimePayCents: number;
  overtimePremiumCents: number;
  mileageHundredths: number;
  mileageCents: number;
  deductionCents: number;
  grossPayCents: number;
  missingPayRate: boolean;
}

export interface PayrollForCaregiverArgs {
  /** Worked visits of every workweek the period touches (neighbouring periods' visits included). */
  visits: readonly PayrollVisit[];
  period: PayPeriod;
  /** IANA zone of the caregiver's branch: workweeks, workdays and the period of each visit. */
  timeZone: string;
  settings: PayrollSettings;
  payRates: readonly PayRate[];
  /** Care sheet miles of the period's visits, hundredths of a mile. */
  mileageHundredths: number;
  /** Cash advances dated in the period, cents. */
  deductionCents: number;
}

interface Work {
  start: Date;
  minutes: number;
  kind: 'visit' | 'travel';
  /** Cents per hour; null when the caregiver has no rate for it. */
  rateCents: number | null;
}

/**
 * A caregiver's payroll line for a period:
 * - work = the visits plus paid travel between them (payroll-travel.ts, when settings.travelPaid), travel being
 *   hours worked in the workweek it happens;
 * - regular and overtime minutes by allocateOvertime (weekly threshold per FLSA workweek, optional daily
 *   threshold), each visit and travel paid in the period of its start's local date (29 CFR 778.106);
 * - straight-time pay = sum of minutes x rate / 60 over the period's work (visits at visitPayRate, travel at
 *   travelPayRate), rounded half up once for the period;
 * - overtime premium = per workweek, (multiplier - 1) x the week's regular rate (its straight-time pay of all its
 *   work, this period's and the neighbours', / its hours: 29 CFR 778.115 blends two or more rates) x the week's
 *   overtime hours paid in this period, rounded half up per workweek (overtimePremiumCents);
 * - regularRateCents = the period's straight-time pay / its hours, rounded half up (shown, not used to pay);
 * - gross = straight-time + premium; mileage (a reimbursement) and deductions are apart.
 * Minutes without a pay rate count as hours worked at 0 cents and set missingPayRate.
 */
export function payrollForCaregiver(args: PayrollForCaregiverArgs): PayrollLineFields {
  const { period, timeZone, settings, payRates } = args;
  const travelRate = travelPayRate(payRates)?.hourlyRateCents ?? null;
  const work: Work[] = args.visits.map((v) => ({
    start: v.checkIn,
    minutes: workedMinutes(v),
    kind: 'visit',
    rateCents: visitPayRate(payRates, v.serviceCode)?.hourlyRateCents ?? null,
  }));
  if (settings.travelPaid) {
    for (const t of paidTravel(args.visits, timeZone, settings.travelSpeedMph)) {
      work.push({ start: t.start, minutes: t.minutes, kind: 'travel', rateCents: travelRate });
    }
  }
  const allocated = allocateOvertime(work, timeZone, {
    thresholdMinutes: settings.overtimeThresholdMinutes,
    dailyThresholdMinutes: settings.dailyOvertimeThresholdMinutes,
  });

  const weeks = new Map<string, { centMinutes: number; minutes: number; paidOvertime: number }>();
  const line = { visits: 0, visitMinutes: 0, travelMinutes: 0, regularMinutes: 0, overtimeMinutes: 0 };
  let centMinutes = 0;
  let missingPayRate = false;
  for (const { item, date, segments, regularMinutes, overtimeMinutes } of allocated) {
    const inPeriod = date >= period.from && date <= period.to;
    const rate = item.rateCents ?? 0;
    for (const s of segments) {
      const week = weeks.get(s.week) ?? { centMinutes: 0, minutes: 0, paidOvertime: 0 };
      week.centMinutes += s.minutes * rate;
      week.minutes += s.minutes;
      if (inPeriod) week.paidOvertime += s.overtimeMinutes;
      weeks.set(s.week, week);
    }
    if (!inPeriod) continue;
    if (item.kind === 'visit') {
      line.visits += 1;
      line.visitMinutes += item.minutes;
    } else line.travelMinutes += item.minutes;
    line.regularMinutes += regularMinutes;
    line.overtimeMinutes += overtimeMinutes;
    centMinutes += item.minutes * rate;
    if (item.rateCents === null && item.minutes > 0) missingPayRate = true;
  }

  const straightTimePayCents = centsOfCentMinutes(centMinutes);
  let premium = 0;
  for (const week of weeks.values()) {
    premium += overtimePremiumCents(week.centMinutes, week.minutes, week.paidOvertime, settings.overtimeMultiplier);
  }
  const hours = line.regularMinutes + line.overtimeMinutes;
  const pay = {
    ...line,
    regularRateCents: hours > 0 ? Number(divRoundHalfUp(BigInt(centMinutes), BigInt(hours))) : 0,
    straightTimePayCents,
    overtimePremiumCents: premium,
    grossPayCents: straightTimePayCents + premium,
    missingPayRate,
  };
  return withMileageAndDeductions(pay, args.mileageHundredths, args.deductionCents, settings.mileageRateCents);
}

/**
 * A line with its mileage and deduction fields set, every other field kept: care sheet miles (hundredths of a
 * mile) at the company's rate (cents per mile; mileageCents, rounded half up to the cent) and cash advances
 * (cents). Mileage is a reimbursement and an advance a deduction: neither changes hours or gross pay, so a caller
 * may compute the hours first (with 0 for both) and set these when they are read.
 */
export function withMileageAndDeductions(
  line: Omit<PayrollLineFields, 'mileageHundredths' | 'mileageCents' | 'deductionCents'>,
  mileageHundredths: number,
  deductionCents: number,
  mileageRateCents: number,
): PayrollLineFields {
  return { ...line, mileageHundredths, mileageCents: mileageCents(mileageHundredths, mileageRateCents), deductionCents };
}

/** Whether a line is worth storing: some hours, mileage or a deduction. */
export function hasPayroll(line: PayrollLineFields): boolean {
  return (
    line.regularMinutes + line.overtimeMinutes > 0 ||
    line.mileageCents > 0 ||
    line.mileageHundredths > 0 ||
    line.deductionCents > 0
  );
}
