import { describe, expect, it } from 'vitest';
import { missedCountPeriodStart } from './pay-period';

describe('missedCountPeriodStart (spec section 9)', () => {
  it('starts on the 1st from the 16th of the month on', () => {
    expect(missedCountPeriodStart('2026-11-16')).toBe('2026-11-01');
    expect(missedCountPeriodStart('2026-11-30')).toBe('2026-11-01');
    expect(missedCountPeriodStart('2026-01-31')).toBe('2026-01-01');
  });

  it('starts two weeks before the 1st up to the 15th, across month and year ends', () => {
    expect(missedCountPeriodStart('2026-11-15')).toBe('2026-10-18');
    expect(missedCountPeriodStart('2026-11-01')).toBe('2026-10-18');
    expect(missedCountPeriodStart('2026-03-01')).toBe('2026-02-15');
    expect(missedCountPeriodStart('2028-03-10')).toBe('2028-02-16');
    expect(missedCountPeriodStart('2027-01-15')).toBe('2026-12-18');
  });

  it('refuses text that is not a date', () => {
    expect(() => missedCountPeriodStart('11/15/2026')).toThrow('Not a date written YYYY-MM-DD: 11/15/2026');
  });
});
