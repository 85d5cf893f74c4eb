import type { UpdatePayrollSettingsInput } from '@hearth/shared/payroll/payroll.schema';
import type { PayrollSettings } from '@hearth/shared/payroll/payroll-settings';

/**
 * The payroll settings form's values: hours and dollars as people think of them (the wire carries minutes and
 * cents, payroll-settings.ts), daily overtime as a switch and its hours.
 */
export interface PayrollSettingsFormValues {
  overtimeThresholdHours: number | string;
  overtimeMultiplier: number | string;
  dailyOvertime: boolean;
  dailyOvertimeHours: number | string;
  travelPaid: boolean;
  travelSpeedMph: number | string;
  mileageRateDollars: number | string;
}

/** An input's number, or NaN for a blank one (the shared schema then names the field). */
const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The form's values of stored settings: 2400 minutes -> 40 hours, 70 cents -> 0.70 dollars. */
export function settingsFormValues(settings: PayrollSettings): PayrollSettingsFormValues {
  return {
    overtimeThresholdHours: settings.overtimeThresholdMinutes / 60,
    overtimeMultiplier: settings.overtimeMultiplier,
    dailyOvertime: settings.dailyOvertimeThresholdMinutes !== null,
    dailyOvertimeHours: settings.dailyOvertimeThresholdMinutes === null ? 8 : settings.dailyOvertimeThresholdMinutes / 60,
    travelPaid: settings.travelPaid,
    travelSpeedMph: settings.travelSpeedMph,
    mileageRateDollars: settings.mileageRateCents / 100,
  };
}

/** The updatePayrollSettings input of the form's values: hours to whole minutes, dollars to whole cents. */
export function settingsPayload(values: PayrollSettingsFormValues): UpdatePayrollSettingsInput {
  return {
    overtimeThresholdMinutes: Math.round(numberOf(values.overtimeThresholdHours) * 60),
    overtimeMultiplier: numberOf(values.overtimeMultiplier),
    dailyOvertimeThresholdMinutes: values.dailyOvertime ? Math.round(numberOf(values.dailyOvertimeHours) * 60) : null,
    travelPaid: values.travelPaid,
    travelSpeedMph: numberOf(values.travelSpeedMph),
    mileageRateCents: Math.round(numberOf(values.mileageRateDollars) * 100),
  };
}

/** The form field of a payload path (the schema's error on minutes shows on the hours input). */
export function settingsFieldOf(path: string): string {
  const fields: Record<string, string> = {
    overtimeThresholdMinutes: 'overtimeThresholdHours',
    dailyOvertimeThresholdMinutes: 'dailyOvertimeHours',
    mileageRateCents: 'mileageRateDollars',
  };
  return fields[path] ?? path;
}
