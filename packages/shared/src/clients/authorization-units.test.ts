import { describe, expect, it } from 'vitest';
import { authorizedUnits, calendarMonthsTouched, calendarWeeksTouched, overlap, remainingUnits } from './authorization-units';

const range = (startDate: string, endDate: string) => ({ startDate, endDate });
const auth = (
  startDate: string,
  endDate: string,
  limits: Partial<Record<'unitsPerWeek' | 'unitsPerMonth' | 'unitsTotal', number>>,
) => ({
  startDate,
  endDate,
  unitsPerWeek: limits.unitsPerWeek ?? null,
  unitsPerMonth: limits.unitsPerMonth ?? null,
  unitsTotal: limits.unitsTotal ?? null,
});

describe('overlap', () => {
  it('gives the shared dates, both ends included', () => {
    expect(overlap(range('2025-01-01', '2025-01-31'), range('2025-01-15', '2025-02-15'))).toEqual(
      range('2025-01-15', '2025-01-31'),
    );
    expect(overlap(range('2025-01-01', '2025-01-31'), range('2025-01-31', '2025-02-15'))).toEqual(
      range('2025-01-31', '2025-01-31'),
    );
    expect(overlap(range('2025-01-01', '2025-01-31'), range('2025-02-01', '2025-02-15'))).toBeNull();
  });
});

describe('calendar weeks (Sunday to Saturday)', () => {
  it.each([
    ['2025-01-05', '2025-01-11', 1], // Sunday to Saturday
    ['2025-01-01', '2025-01-06', 2], // Wednesday to the next Monday
    ['2025-01-04', '2025-01-05', 2], // Saturday, Sunday
    ['2025-01-08', '2025-01-08', 1],
    ['2024-12-29', '2025-01-25', 4], // across a year end
    ['1969-12-28', '1970-01-03', 1], // the week of day 0
    ['1969-12-20', '1969-12-27', 2], // before it: Saturday 20th, then Sunday 21st to Saturday 27th
  ])('%s to %s touches %i', (start, end, weeks) => {
    expect(calendarWeeksTouched(range(start, end))).toBe(weeks);
  });
});

describe('calendar months', () => {
  it.each([
    ['2025-01-01', '2025-01-31', 1],
    ['2025-01-31', '2025-02-01', 2],
    ['2024-12-15', '2025-01-15', 2],
    ['2025-01-01', '2025-12-31', 12],
  ])('%s to %s touches %i', (start, end, months) => {
    expect(calendarMonthsTouched(range(start, end))).toBe(months);
  });
});

describe('authorizedUnits', () => {
  const period = range('2025-03-01', '2025-03-31'); // Saturday 1st to Monday 31st: 6 calendar weeks, 1 month

  it('multiplies units per week by the calendar weeks the period and the authorization share', () => {
    expect(authorizedUnits(auth('2025-01-01', '2025-12-31', { unitsPerWeek: 20 }), period)).toBe(120);
    // The authorization ends on Saturday March 8th: weeks of Mar 1 and Mar 2-8.
    expect(authorizedUnits(auth('2025-01-01', '2025-03-08', { unitsPerWeek: 20 }), period)).toBe(40);
  });

  it('multiplies units per month by the calendar months they share', () => {
    expect(authorizedUnits(auth('2025-01-01', '2025-12-31', { unitsPerMonth: 80 }), period)).toBe(80);
    expect(authorizedUnits(auth('2025-01-01', '2025-12-31', { unitsPerMonth: 80 }), range('2025-02-20', '2025-04-10'))).toBe(240);
  });

  it('gives the whole total, not prorated', () => {
    expect(authorizedUnits(auth('2025-01-01', '2025-12-31', { unitsTotal: 500 }), period)).toBe(500);
  });

  it('applies the tightest of several limits', () => {
    const a = auth('2025-01-01', '2025-12-31', { unitsPerWeek: 20, unitsPerMonth: 70, unitsTotal: 1000 });
    expect(authorizedUnits(a, period)).toBe(70);
    expect(authorizedUnits(a, range('2025-03-02', '2025-03-08'))).toBe(20);
    expect(authorizedUnits(a, range('2025-01-01', '2025-12-31'))).toBe(840);
  });

  it('is 0 outside the authorization or without a limit', () => {
    expect(authorizedUnits(auth('2025-04-01', '2025-12-31', { unitsPerWeek: 20 }), period)).toBe(0);
    expect(authorizedUnits(auth('2025-01-01', '2025-12-31', {}), period)).toBe(0);
  });
});

describe('remainingUnits', () => {
  it('subtracts scheduled and used, and goes negative when over', () => {
    expect(remainingUnits({ authorized: 100, scheduled: 30, used: 20 })).toBe(50);
    expect(remainingUnits({ authorized: 10, scheduled: 8, used: 5 })).toBe(-3);
  });
});
