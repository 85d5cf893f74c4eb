import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYROLL_SETTINGS } from '@hearth/shared/payroll/payroll-settings';
import { settingsFieldOf, settingsFormValues, settingsPayload } from './payroll-settings.values';

describe('payroll settings form values', () => {
  it('shows minutes as hours and cents as dollars, and sends them back exactly', () => {
    const values = settingsFormValues(DEFAULT_PAYROLL_SETTINGS);
    expect(values).toMatchObject({
      overtimeThresholdHours: 40,
      dailyOvertime: false,
      dailyOvertimeHours: 8,
      mileageRateDollars: 0.7,
    });
    expect(settingsPayload(values)).toEqual(DEFAULT_PAYROLL_SETTINGS);
    expect(
      settingsPayload({ ...values, dailyOvertime: true, overtimeThresholdHours: '37.5', mileageRateDollars: '0.655' }),
    ).toMatchObject({
      overtimeThresholdMinutes: 2250,
      dailyOvertimeThresholdMinutes: 480,
      mileageRateCents: 66,
    });
  });

  it('sends a blank number as NaN for the schema to refuse, and maps its error to the input', () => {
    expect(settingsPayload({ ...settingsFormValues(DEFAULT_PAYROLL_SETTINGS), travelSpeedMph: '' }).travelSpeedMph).toBeNaN();
    expect(settingsFieldOf('overtimeThresholdMinutes')).toBe('overtimeThresholdHours');
    expect(settingsFieldOf('travelPaid')).toBe('travelPaid');
  });
});
