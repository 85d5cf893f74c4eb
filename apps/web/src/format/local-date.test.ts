import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, monthName, monthRange, todayIso } from './local-date';

describe('local calendar dates', () => {
  it('writes the local day', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-07', 10)).toBe('2026-03-17');
  });

  it('counts days between dates, daylight saving included', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('gives the current month', () => {
    expect(monthRange(new Date(2026, 1, 14))).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(monthRange(new Date(2028, 1, 3))).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(monthRange(new Date(2026, 11, 31))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('names the month in the shown language', () => {
    expect(monthName(new Date(2026, 6, 14), 'en')).toBe('July 2026');
    expect(monthName(new Date(2026, 0, 5), 'es')).toBe('enero de 2026');
  });
});
