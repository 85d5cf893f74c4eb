import { z } from 'zod';
import { WEEKLY_OVERTIME_THRESHOLD_MINUTES } from '../shifts/shifts.constants';

/**
 * A company's payroll rules (docs/glossary.md "Overtime": threshold and multiplier configurable per company, some
 * states add daily overtime), stored in companies.payroll_settings; every key optional, a missing key takes its
 * default:
 * - overtimeThresholdMinutes: minutes of a workweek paid at the regular rate, 2400 (40 hours, FLSA 29 CFR 778.101);
 * - overtimeMultiplier: of the regular rate for overtime hours, 1.5 (29 CFR 778.107), between 1 and 3;
 * - dailyOvertimeThresholdMinutes: minutes of a local workday paid at the regular rate, null for none (480 for the
 *   8 hours of California Labor Code 510);
 * - travelPaid: travel between clients within a day is hours worked (29 CFR 785.38), true;
 * - travelSpeedMph: the speed that turns the distance between two clients into drive minutes, 25 miles per hour;
 * - mileageRateCents: the reimbursement per mile of care sheet mileage, 70 cents (IRS 2025 business standard rate).
 */
/** Each setting's rule, without its default (ZPayrollSettings adds them; an update leaves an omitted key alone). */
const PAYROLL_SETTING_FIELDS = {
  overtimeThresholdMinutes: z
    .number({ message: 'Weekly overtime threshold must be minutes' })
    .int('Weekly overtime threshold must be whole minutes')
    .min(60, 'Weekly overtime threshold must be at least 1 hour')
    .max(7 * 24 * 60, 'Weekly overtime threshold must be at most 168 hours'),
  overtimeMultiplier: z
    .number({ message: 'Overtime multiplier must be a number' })
    .min(1, 'Overtime multiplier must be at least 1')
    .max(3, 'Overtime multiplier must be at most 3')
    .multipleOf(0.01, 'Overtime multiplier has at most 2 decimals'),
  dailyOvertimeThresholdMinutes: z
    .number({ message: 'Daily overtime threshold must be minutes' })
    .int('Daily overtime threshold must be whole minutes')
    .min(60, 'Daily overtime threshold must be at least 1 hour')
    .max(24 * 60, 'Daily overtime threshold must be at most 24 hours')
    .nullable(),
  travelPaid: z.boolean({ message: 'Paid travel must be yes or no' }),
  travelSpeedMph: z
    .number({ message: 'Travel speed must be miles per hour' })
    .positive('Travel speed must be more than 0 mph')
    .max(100, 'Travel speed must be at most 100 mph'),
  mileageRateCents: z
    .number({ message: 'Mileage rate must be cents per mile' })
    .int('Mileage rate must be whole cents')
    .min(0, 'Mileage rate cannot be negative')
    .max(1000, 'Mileage rate must be at most $10.00 a mile'),
};

export const ZPayrollSettings = z.object({
  overtimeThresholdMinutes: PAYROLL_SETTING_FIELDS.overtimeThresholdMinutes.default(WEEKLY_OVERTIME_THRESHOLD_MINUTES),
  overtimeMultiplier: PAYROLL_SETTING_FIELDS.overtimeMultiplier.default(1.5),
  dailyOvertimeThresholdMinutes: PAYROLL_SETTING_FIELDS.dailyOvertimeThresholdMinutes.default(null),
  travelPaid: PAYROLL_SETTING_FIELDS.travelPaid.default(true),
  travelSpeedMph: PAYROLL_SETTING_FIELDS.travelSpeedMph.default(25),
  mileageRateCents: PAYROLL_SETTING_FIELDS.mileageRateCents.default(70),
});
export type PayrollSettings = z.infer<typeof ZPayrollSettings>;

/**
 * Changes to the settings: any of the keys, each checked by its rule; an omitted key keeps its stored value (issue
 * 28 "Partial updates do not reset what they leave out"), null clears the daily threshold.
 */
export const ZPayrollSettingsChanges = z.object(PAYROLL_SETTING_FIELDS).partial();
export type PayrollSettingsChanges = z.infer<typeof ZPayrollSettingsChanges>;

/** The settings with every default: what a company without settings works with. */
export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = ZPayrollSettings.parse({});

/**
 * Reads stored settings (companies.payroll_settings) with their defaults. A stored value that no longer fits (an
 * older rule, a hand-edited row) falls back to its default rather than stopping payroll; unknown keys are ignored.
 * @param json the stored jsonb (anything).
 * @returns complete settings.
 */
export function parsePayrollSettings(json: unknown): PayrollSettings {
  const stored = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(ZPayrollSettings.shape) as (keyof PayrollSettings)[]) {
    if (stored[key] === undefined) continue;
    if (ZPayrollSettings.shape[key].safeParse(stored[key]).success) known[key] = stored[key];
  }
  return ZPayrollSettings.parse(known);
}
