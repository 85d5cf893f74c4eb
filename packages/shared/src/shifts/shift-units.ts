import type { RoundingRule } from '../payer-sources/payer-sources.constants';

/**
 * Billing units from minutes of service (docs/glossary.md "Unit"), by the payer service's unit length and rounding
 * rule:
 * - cms_8_minute: whole units, plus one more when the remainder is more than half a unit (the CMS "8-minute
 *   rule": 8 of 15 minutes count as a unit, 7 do not);
 * - nearest: to the nearest unit, a half unit rounds up;
 * - up / down: always up / always down.
 * @param minutes minutes of service (negative counts as 0).
 * @param unitMinutes the unit length in minutes (15 for most HCPCS personal care codes).
 * @returns whole units.
 */
export function unitsFromMinutes(minutes: number, unitMinutes: number, rule: RoundingRule): number {
  if (unitMinutes <= 0) throw new RangeError(`A unit lasts at least 1 minute, not ${unitMinutes}`);
  const m = Math.max(0, minutes);
  const whole = Math.floor(m / unitMinutes);
  const remainder = m - whole * unitMinutes;
  if (remainder === 0) return whole;
  switch (rule) {
    case 'cms_8_minute':
      return remainder * 2 > unitMinutes ? whole + 1 : whole;
    case 'nearest':
      return remainder * 2 >= unitMinutes ? whole + 1 : whole;
    case 'up':
      return whole + 1;
    case 'down':
      return whole;
  }
}
