/**
 * Pay rates and money of payroll (issue "Payroll, billing, reports" item 1): which of a caregiver's pay rates a
 * visit or travel is paid at, and exact cent arithmetic. Rates are integer cents per hour, durations whole minutes,
 * money integer cents.
 */

/** A caregiver's pay rate as stored (caregivers.pay_rates; ZPayRate). */
export interface PayRate {
  label: string;
  hourlyRateCents: number;
  serviceCode?: string | null;
}

/** The label of the pay rate travel between clients is paid at, compared without case. */
export const TRAVEL_PAY_RATE_LABEL = 'Travel';

/** The first rate without a service code, else the first rate, else null. */
function fallbackRate(rates: readonly PayRate[]): PayRate | null {
  return rates.find((r) => !r.serviceCode) ?? rates[0] ?? null;
}

/**
 * The rate a visit is paid at: the caregiver's rate for the visit's service code, else the first rate without a
 * service code, else the first rate; null when the caregiver has none (payroll flags missingPayRate).
 */
export function visitPayRate(rates: readonly PayRate[], serviceCode: string | null | undefined): PayRate | null {
  const code = serviceCode?.trim().toUpperCase();
  return (code ? rates.find((r) => r.serviceCode?.toUpperCase() === code) : undefined) ?? fallbackRate(rates);
}

/**
 * The rate travel between clients is paid at: the rate labelled "Travel" (any case) when there is one, else the
 * fallback of visits without a service code; null when the caregiver has no rate.
 */
export function travelPayRate(rates: readonly PayRate[]): PayRate | null {
  return rates.find((r) => r.label.trim().toLowerCase() === TRAVEL_PAY_RATE_LABEL.toLowerCase()) ?? fallbackRate(rates);
}

/**
 * `numerator / denominator` rounded half up to an integer (0.5 -> 1, 2.5 -> 3), exactly, for numerator >= 0 and
 * denominator > 0: the one rounding step of payroll money.
 */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Integer cents of `centMinutes` (sum of minutes x cents per hour) / 60, rounded half up. */
export function centsOfCentMinutes(centMinutes: number): number {
  return Number(divRoundHalfUp(BigInt(centMinutes), 60n));
}

/**
 * The FLSA overtime premium of some overtime minutes of one workweek, in cents (29 CFR 778.107, 778.111 and
 * 778.115): (multiplier - 1) x regular rate x overtime hours, where the regular rate is the workweek's straight-time
 * pay / hours worked (blended over every rate the caregiver worked at that week). The straight time of those
 * minutes is already paid, so only the premium is added. Exact: (m100 - 100) x S x OT / (100 x 60 x T), rounded
 * half up once, where S = sum of minutes x cents per hour of the week and T its minutes.
 * @param weekCentMinutes S: sum over the workweek's minutes of minutes x cents per hour.
 * @param weekMinutes T: minutes worked in the workweek (visits and travel).
 * @param overtimeMinutes the overtime minutes of that week being paid.
 * @param multiplier e.g. 1.5, read to hundredths.
 */
export function overtimePremiumCents(
  weekCentMinutes: number,
  weekMinutes: number,
  overtimeMinutes: number,
  multiplier: number,
): number {
  if (weekMinutes <= 0 || overtimeMinutes <= 0) return 0;
  const extraHundredths = BigInt(Math.max(0, Math.round(multiplier * 100) - 100));
  return Number(divRoundHalfUp(extraHundredths * BigInt(weekCentMinutes) * BigInt(overtimeMinutes), 6000n * BigInt(weekMinutes)));
}
