import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYROLL_SETTINGS, parsePayrollSettings, ZPayrollSettings } from './payroll-settings';
import { ZComputePayrollReportInput } from './payroll.schema';

describe('payroll settings', () => {
  it('fills the defaults: 40 hours, 1.5x, no daily overtime, paid travel at 25 mph, 70 cents a mile', () => {
    const defaults = {
      overtimeThresholdMinutes: 2400,
      overtimeMultiplier: 1.5,
      dailyOvertimeThresholdMinutes: null,
      travelPaid: true,
      travelSpeedMph: 25,
      mileageRateCents: 70,
    };
    expect(DEFAULT_PAYROLL_SETTINGS).toEqual(defaults);
    expect(parsePayrollSettings({})).toEqual(defaults);
    expect(parsePayrollSettings(null)).toEqual(defaults);
    expect(parsePayrollSettings({ dailyOvertimeThresholdMinutes: 480, travelPaid: false })).toEqual({
      ...defaults,
      dailyOvertimeThresholdMinutes: 480,
      travelPaid: false,
    });
  });

  it('falls back to the default of a stored value that no longer fits, and ignores unknown keys', () => {
    expect(parsePayrollSettings({ overtimeMultiplier: 5, travelSpeedMph: 0, old: 1, mileageRateCents: 65 })).toEqual({
      ...DEFAULT_PAYROLL_SETTINGS,
      mileageRateCents: 65,
    });
  });

  it('checks values with messages a form can show', () => {
    const issues = (value: Record<string, unknown>) =>
      ZPayrollSettings.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ overtimeMultiplier: 3.5 })).toEqual(['overtimeMultiplier: Overtime multiplier must be at most 3']);
    expect(issues({ overtimeMultiplier: 0.5 })).toEqual(['overtimeMultiplier: Overtime multiplier must be at least 1']);
    expect(issues({ travelSpeedMph: 0 })).toEqual(['travelSpeedMph: Travel speed must be more than 0 mph']);
    expect(issues({ overtimeThresholdMinutes: 2400.5 })).toEqual([
      'overtimeThresholdMinutes: Weekly overtime threshold must be whole minutes',
    ]);
    expect(ZPayrollSettings.safeParse({ overtimeMultiplier: 1.75, dailyOvertimeThresholdMinutes: 480 }).success).toBe(true);
  });
});

describe('ZComputePayrollReportInput', () => {
  it('takes a period of at most 62 days that does not end before it starts', () => {
    expect(ZComputePayrollReportInput.parse({ from: '2031-03-01', to: '2031-03-15' })).toEqual({
      from: '2031-03-01',
      to: '2031-03-15',
    });
    expect(ZComputePayrollReportInput.safeParse({ from: '2031-03-01', to: '2031-05-01', branchId: 2 }).success).toBe(true);
    const tooLong = ZComputePayrollReportInput.safeParse({ from: '2031-03-01', to: '2031-05-02' });
    expect(tooLong.error?.issues[0]?.message).toBe('A payroll period has at most 62 days (this one has 63)');
    const backwards = ZComputePayrollReportInput.safeParse({ from: '2031-03-15', to: '2031-03-01' });
    expect(backwards.error?.issues[0]).toMatchObject({ path: ['to'], message: 'The period ends before it starts' });
    expect(ZComputePayrollReportInput.safeParse({ from: '2031-02-30', to: '2031-03-01' }).success).toBe(false);
  });
});
