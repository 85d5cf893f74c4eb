import { describe, expect, it } from 'vitest';
import { centsOfCentMinutes, divRoundHalfUp, overtimePremiumCents, travelPayRate, visitPayRate } from './payroll-pay';

const standard = { label: 'Standard', hourlyRateCents: 1750 };
const t1019 = { label: 'Standard', hourlyRateCents: 1850, serviceCode: 'T1019' };
const travel = { label: 'TRAVEL', hourlyRateCents: 1200 };

describe('pay rates', () => {
  it('pays a visit at the rate of its service code, else the first rate without one, else the first rate', () => {
    expect(visitPayRate([t1019, standard], 't1019')).toBe(t1019);
    expect(visitPayRate([t1019, standard], 'S5125')).toBe(standard);
    expect(visitPayRate([t1019, standard], null)).toBe(standard);
    expect(visitPayRate([t1019], 'S5125')).toBe(t1019);
    expect(visitPayRate([], 'T1019')).toBeNull();
  });

  it('pays travel at the rate labelled Travel (any case), else as a visit without service code', () => {
    expect(travelPayRate([t1019, standard, travel])).toBe(travel);
    expect(travelPayRate([t1019, standard])).toBe(standard);
    expect(travelPayRate([t1019])).toBe(t1019);
    expect(travelPayRate([])).toBeNull();
  });
});

describe('rounding', () => {
  it('rounds half up, exactly', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(3n, 2n)).toBe(2n);
    expect(divRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divRoundHalfUp(8n, 3n)).toBe(3n);
    expect(divRoundHalfUp(0n, 9n)).toBe(0n);
  });

  it('prices minutes at an hourly rate to the cent, half a cent up', () => {
    // 10 minutes at $17.73 = 295.5 cents -> 296; at $17.72 = 295.33 -> 295; 20 minutes at $17.75 = 591.67 -> 592.
    expect(centsOfCentMinutes(10 * 1773)).toBe(296);
    expect(centsOfCentMinutes(10 * 1772)).toBe(295);
    expect(centsOfCentMinutes(20 * 1775)).toBe(592);
    expect(centsOfCentMinutes(30)).toBe(1);
    expect(centsOfCentMinutes(29)).toBe(0);
  });

  it('prices the overtime premium at half the blended regular rate, rounded once', () => {
    // 45 h: 30 h at $20 and 15 h at $15 = $825; regular rate $18.333...; 5 h x $9.1666... = $45.8333 -> 4583.
    const week = 30 * 60 * 2000 + 15 * 60 * 1500;
    expect(overtimePremiumCents(week, 45 * 60, 5 * 60, 1.5)).toBe(4583);
    // Double time: 1 x the rate; no premium at multiplier 1 or without overtime.
    expect(overtimePremiumCents(week, 45 * 60, 5 * 60, 2)).toBe(9167);
    expect(overtimePremiumCents(week, 45 * 60, 5 * 60, 1)).toBe(0);
    expect(overtimePremiumCents(week, 45 * 60, 0, 1.5)).toBe(0);
    // Exactly half a cent rounds up: 1 overtime minute at a regular rate of 60 cents an hour is 0.5 cents -> 1.
    expect(overtimePremiumCents(60 * 60, 60, 1, 1.5)).toBe(1);
    expect(overtimePremiumCents(60 * 59, 60, 1, 1.5)).toBe(0);
  });
});
