import { describe, expect, it } from 'vitest';
import { previousSemiMonthlyPeriod, semiMonthlyPeriodOf } from './payroll-period';

describe('semi-monthly pay periods', () => {
  it('runs from the 1st to the 15th and from the 16th to the month’s end', () => {
    expect(semiMonthlyPeriodOf('2031-03-01')).toEqual({ from: '2031-03-01', to: '2031-03-15' });
    expect(semiMonthlyPeriodOf('2031-03-15')).toEqual({ from: '2031-03-01', to: '2031-03-15' });
    expect(semiMonthlyPeriodOf('2031-03-16')).toEqual({ from: '2031-03-16', to: '2031-03-31' });
    expect(semiMonthlyPeriodOf('2031-02-20')).toEqual({ from: '2031-02-16', to: '2031-02-28' });
    expect(semiMonthlyPeriodOf('2032-02-29')).toEqual({ from: '2032-02-16', to: '2032-02-29' });
    expect(semiMonthlyPeriodOf('2031-04-30')).toEqual({ from: '2031-04-16', to: '2031-04-30' });
  });

  it('finds the period before, across months and years', () => {
    expect(previousSemiMonthlyPeriod('2031-03-20')).toEqual({ from: '2031-03-01', to: '2031-03-15' });
    expect(previousSemiMonthlyPeriod('2031-03-09')).toEqual({ from: '2031-02-16', to: '2031-02-28' });
    expect(previousSemiMonthlyPeriod('2031-01-10')).toEqual({ from: '2030-12-16', to: '2030-12-31' });
  });
});
