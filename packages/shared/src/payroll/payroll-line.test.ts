import { describe, expect, it } from 'vitest';
import { hasPayroll, payrollForCaregiver, withMileageAndDeductions, type PayrollVisit } from './payroll-line';
import type { PayRate } from './payroll-pay';
import { DEFAULT_PAYROLL_SETTINGS, type PayrollSettings } from './payroll-settings';
import { NY, north, visit } from './payroll.test-support';

const standard = { label: 'Standard', hourlyRateCents: 1500 };
const t1019 = { label: 'Standard', hourlyRateCents: 2000, serviceCode: 'T1019' };
const march = { from: '2031-03-01', to: '2031-03-15' };
const tenHours = (date: string, patch: Partial<PayrollVisit> = {}) => visit(`${date} 07:00`, `${date} 17:00`, patch);

function line(
  visits: PayrollVisit[],
  opts: { settings?: Partial<PayrollSettings>; period?: typeof march; rates?: PayRate[] } = {},
) {
  return payrollForCaregiver({
    visits,
    period: opts.period ?? march,
    timeZone: NY,
    settings: { ...DEFAULT_PAYROLL_SETTINGS, ...opts.settings },
    payRates: opts.rates ?? [t1019, standard],
    mileageHundredths: 0,
    deductionCents: 0,
  });
}

describe('payrollForCaregiver', () => {
  it('blends two pay rates into the regular rate of the workweek (29 CFR 778.115)', () => {
    // Week of Sun Mar 2: Mon-Wed 10 h of T1019 at $20, Thu 10 h and Fri 5 h at $15 = 45 h.
    // Straight time 30 x $20 + 15 x $15 = $825.00; regular rate $825 / 45 = $18.3333 (shown $18.33);
    // premium 0.5 x $18.3333 x 5 h = $45.8333 -> $45.83; gross $870.83.
    const t = { serviceCode: 'T1019' };
    const week = [tenHours('2031-03-03', t), tenHours('2031-03-04', t), tenHours('2031-03-05', t), tenHours('2031-03-06')];
    const result = line([...week, visit('2031-03-07 09:00', '2031-03-07 14:00')]);
    expect(result).toEqual({
      visits: 5,
      visitMinutes: 2700,
      travelMinutes: 0,
      regularMinutes: 2400,
      overtimeMinutes: 300,
      regularRateCents: 1833,
      straightTimePayCents: 82500,
      overtimePremiumCents: 4583,
      mileageHundredths: 0,
      mileageCents: 0,
      deductionCents: 0,
      grossPayCents: 87083,
      missingPayRate: false,
    });
  });

  it('pays overtime of a workweek across the period boundary in the period it is worked, at the week’s rate', () => {
    // Week of Sun Feb 23: Mon-Thu Feb 24-27 10 h of T1019 at $20 (February's period), Sat Mar 1 4 h at $15
    // (March's). The week's regular rate: (40 x $20 + 4 x $15) / 44 h = $19.5454; March pays the 4 h straight
    // ($60.00) and their premium 0.5 x $19.5454 x 4 = $39.0909 -> $39.09.
    const feb = ['2031-02-24', '2031-02-25', '2031-02-26', '2031-02-27'].map((d) => tenHours(d, { serviceCode: 'T1019' }));
    const visits = [...feb, visit('2031-03-01 09:00', '2031-03-01 13:00')];
    expect(line(visits)).toMatchObject({
      visits: 1,
      regularMinutes: 0,
      overtimeMinutes: 240,
      regularRateCents: 1500,
      straightTimePayCents: 6000,
      overtimePremiumCents: 3909,
      grossPayCents: 9909,
    });
    expect(line(visits, { period: { from: '2031-02-16', to: '2031-02-28' } })).toMatchObject({
      visits: 4,
      regularMinutes: 2400,
      overtimeMinutes: 0,
      straightTimePayCents: 80000,
      overtimePremiumCents: 0,
    });
  });

  it('counts the hours that passed in a daylight-saving week', () => {
    // Sun Mar 9 2031 00:00-04:00 in New York is 3 hours (spring forward), then Mon-Thu 10 h: 43 h, 3 h overtime.
    const visits = [
      visit('2031-03-09 00:00', '2031-03-09 04:00'),
      ...['10', '11', '12', '13'].map((d) => tenHours(`2031-03-${d}`)),
    ];
    expect(line(visits)).toMatchObject({
      visitMinutes: 43 * 60,
      regularMinutes: 2400,
      overtimeMinutes: 180,
      straightTimePayCents: 43 * 1500,
      overtimePremiumCents: 3 * 750,
    });
  });

  it('pays travel between clients as hours worked at the Travel rate, toward overtime', () => {
    // Mon-Thu 40 h at client 1; Fri 09:00-10:00 at client 1 and 10:30-11:30 at client 2, 2 miles away (5 min at
    // 25 mph). Overtime = 2 h 5 min. Straight time 42 h x $15 + 5 min x $12 = $631.00. Week: 2,525 min and
    // 42 x 60 x 1500 + 5 x 1200 = 3,786,000 cent-minutes; premium 3,786,000 x 125 / (2 x 60 x 2,525) = 1561.88 -> 1562.
    const rates = [standard, { label: 'Travel', hourlyRateCents: 1200 }];
    const week = ['03', '04', '05', '06'].map((d) => tenHours(`2031-03-${d}`));
    const friday = [
      visit('2031-03-07 09:00', '2031-03-07 10:00'),
      visit('2031-03-07 10:30', '2031-03-07 11:30', { clientId: 2, location: north(2) }),
    ];
    expect(line([...week, ...friday], { rates })).toMatchObject({
      visits: 6,
      visitMinutes: 42 * 60,
      travelMinutes: 5,
      regularMinutes: 2400,
      overtimeMinutes: 125,
      straightTimePayCents: 63100,
      overtimePremiumCents: 1562,
    });
    expect(line([...week, ...friday], { rates, settings: { travelPaid: false } })).toMatchObject({
      travelMinutes: 0,
      overtimeMinutes: 120,
      straightTimePayCents: 63000,
    });
  });

  it('applies daily overtime first, and weekly overtime only to the remaining regular minutes', () => {
    const daily = { dailyOvertimeThresholdMinutes: 480 };
    // Mon-Thu 10 h, Fri 4 h: 2 h daily overtime a day = 8 h; 36 regular hours stay under 40.
    const tens = [
      ...['03', '04', '05', '06'].map((d) => tenHours(`2031-03-${d}`)),
      visit('2031-03-07 09:00', '2031-03-07 13:00'),
    ];
    expect(line(tens, { settings: daily })).toMatchObject({ regularMinutes: 36 * 60, overtimeMinutes: 8 * 60 });
    expect(line(tens)).toMatchObject({ regularMinutes: 40 * 60, overtimeMinutes: 4 * 60 });
    // Six days of 9 h: 1 h daily overtime each (6 h), then 48 regular hours -> 8 h weekly overtime: 14 h in all.
    const nines = ['03', '04', '05', '06', '07', '08'].map((d) => visit(`2031-03-${d} 08:00`, `2031-03-${d} 17:00`));
    expect(line(nines, { settings: daily })).toMatchObject({ regularMinutes: 40 * 60, overtimeMinutes: 14 * 60 });
    // A night across midnight counts each workday apart: 20:00-06:00 is 4 h + 6 h, no daily overtime.
    const night = [visit('2031-03-04 20:00', '2031-03-05 06:00')];
    expect(line(night, { settings: daily })).toMatchObject({ regularMinutes: 600, overtimeMinutes: 0 });
  });

  it('flags minutes without a pay rate, adds mileage and deductions apart from gross pay', () => {
    const result = payrollForCaregiver({
      visits: [visit('2031-03-03 09:00', '2031-03-03 11:00')],
      period: march,
      timeZone: NY,
      settings: DEFAULT_PAYROLL_SETTINGS,
      payRates: [],
      mileageHundredths: 1575,
      deductionCents: 7550,
    });
    // 15.75 miles x 70 cents = 1102.5 -> 1103.
    expect(result).toMatchObject({
      regularMinutes: 120,
      grossPayCents: 0,
      missingPayRate: true,
      mileageCents: 1103,
      deductionCents: 7550,
    });
    expect(hasPayroll(result)).toBe(true);
    expect(hasPayroll(line([visit('2031-02-03 09:00', '2031-02-03 11:00')]))).toBe(false);
  });

  it('gives the same line when mileage and deductions are set after the hours (withMileageAndDeductions)', () => {
    const visits = [
      tenHours('2031-03-03'),
      tenHours('2031-03-04'),
      tenHours('2031-03-05'),
      tenHours('2031-03-06'),
      tenHours('2031-03-07'),
    ];
    const at = (mileageHundredths: number, deductionCents: number) =>
      payrollForCaregiver({
        visits,
        period: march,
        timeZone: NY,
        settings: DEFAULT_PAYROLL_SETTINGS,
        payRates: [standard],
        mileageHundredths,
        deductionCents,
      });
    const later = withMileageAndDeductions(at(0, 0), 1575, 7550, DEFAULT_PAYROLL_SETTINGS.mileageRateCents);
    expect(later).toEqual(at(1575, 7550));
    expect(later).toMatchObject({ overtimeMinutes: 600, mileageCents: 1103, deductionCents: 7550, grossPayCents: 82500 });
    // A line with neither hours nor miles gains a payroll line from an advance alone.
    const none = line([visit('2031-02-03 09:00', '2031-02-03 11:00')]);
    expect(hasPayroll(withMileageAndDeductions(none, 0, 2000, 70))).toBe(true);
  });
});
