import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  dollarsText,
  effectiveVisitTimes,
  hoursText,
  inPayPeriod,
  mileageCents,
  milesInHundredths,
  payrollHours,
  workedMinutes,
  type TimesheetTimes,
  type WorkedVisit,
} from './payroll-hours';

const NY = 'America/New_York';
/** An instant from a wall-clock time in New York: "2025-03-03 09:00". */
const ny = (local: string) => DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: NY }).toJSDate();
let nextId = 1;
/** A worked visit from two New York wall-clock times. */
const visit = (from: string, to: string, id = nextId++): WorkedVisit => ({ id, checkIn: ny(from), checkOut: ny(to) });
/** An 8-hour day (09:00-17:00) on each date. */
const days = (...dates: string[]) => dates.map((d) => visit(`${d} 09:00`, `${d} 17:00`));

const sheet = (patch: Partial<TimesheetTimes>): TimesheetTimes => ({
  checkIn: null,
  checkOut: null,
  checkInType: null,
  checkOutType: null,
  reasonCode: null,
  ...patch,
});

describe('effectiveVisitTimes', () => {
  it('has nothing without timesheets, and only a check-in while the visit is open', () => {
    expect(effectiveVisitTimes([])).toEqual({ checkIn: null, checkOut: null, checkInSheet: null, checkOutSheet: null });
    const open = sheet({ checkIn: ny('2025-03-03 09:02'), checkInType: 1 });
    expect(effectiveVisitTimes([open])).toMatchObject({ checkIn: ny('2025-03-03 09:02'), checkOut: null, checkInSheet: open });
  });

  it('takes the earliest check-in and the latest check-out of the device timesheets', () => {
    const first = sheet({ checkIn: ny('2025-03-03 09:02'), checkOut: ny('2025-03-03 11:00'), checkInType: 1, checkOutType: 1 });
    const second = sheet({ checkIn: ny('2025-03-03 11:30'), checkOut: ny('2025-03-03 13:05'), checkInType: 2, checkOutType: 2 });
    const times = effectiveVisitTimes([second, first]);
    expect(times.checkIn).toEqual(ny('2025-03-03 09:02'));
    expect(times.checkOut).toEqual(ny('2025-03-03 13:05'));
    expect(times.checkInSheet).toBe(first);
    expect(times.checkOutSheet).toBe(second);
  });

  it('lets office-edited times win over device times, even later check-ins and earlier check-outs', () => {
    const device = sheet({ checkIn: ny('2025-03-03 08:40'), checkOut: ny('2025-03-03 14:00'), checkInType: 1, checkOutType: 1 });
    const office = sheet({
      checkIn: ny('2025-03-03 09:00'),
      checkOut: ny('2025-03-03 13:00'),
      checkInType: 3,
      checkOutType: 3,
      reasonCode: 'caregiver_forgot',
    });
    const times = effectiveVisitTimes([device, office]);
    expect(times).toMatchObject({ checkIn: ny('2025-03-03 09:00'), checkOut: ny('2025-03-03 13:00') });
    expect(times.checkInSheet).toBe(office);
    // An office check-out alone: the device check-in stays.
    const outOnly = sheet({ checkOut: ny('2025-03-03 12:30'), checkOutType: 3, reasonCode: 'device_problem' });
    expect(effectiveVisitTimes([device, outOnly])).toMatchObject({
      checkIn: ny('2025-03-03 08:40'),
      checkOut: ny('2025-03-03 12:30'),
    });
  });

  it('keeps the first of timesheets with equal times, office-edited or not', () => {
    const a = sheet({ checkIn: ny('2025-03-03 09:00'), checkOut: ny('2025-03-03 12:00'), checkInType: 1, checkOutType: 1 });
    const b = sheet({ checkIn: ny('2025-03-03 09:00'), checkOut: ny('2025-03-03 12:00'), checkInType: 2, checkOutType: 2 });
    expect(effectiveVisitTimes([a, b])).toMatchObject({ checkInSheet: a, checkOutSheet: a });
    expect(effectiveVisitTimes([b, a])).toMatchObject({ checkInSheet: b, checkOutSheet: b });
    const officeA = { ...a, checkInType: 3, checkOutType: 3, reasonCode: 'device_problem' };
    const officeB = { ...b, checkInType: 3, checkOutType: 3, reasonCode: 'device_problem' };
    expect(effectiveVisitTimes([b, officeB, officeA])).toMatchObject({ checkInSheet: officeB, checkOutSheet: officeB });
  });
});

describe('workedMinutes', () => {
  it('counts minutes from check-in to check-out, 0 when one is missing or out of order', () => {
    expect(workedMinutes({ checkIn: ny('2025-03-03 09:00'), checkOut: ny('2025-03-03 13:20') })).toBe(260);
    expect(workedMinutes({ checkIn: ny('2025-03-03 09:00'), checkOut: null })).toBe(0);
    expect(workedMinutes({ checkIn: ny('2025-03-03 13:00'), checkOut: ny('2025-03-03 09:00') })).toBe(0);
    expect(workedMinutes({ checkIn: new Date('2025-03-03T14:00:00Z'), checkOut: new Date('2025-03-03T14:00:29Z') })).toBe(0);
    expect(workedMinutes({ checkIn: new Date('2025-03-03T14:00:00Z'), checkOut: new Date('2025-03-03T14:00:30Z') })).toBe(1);
  });

  it('counts the hours that actually passed across daylight-saving changes', () => {
    // Spring forward 2025-03-09 02:00 -> 03:00: midnight to 04:00 on the wall clock is 3 hours.
    expect(workedMinutes({ checkIn: ny('2025-03-09 00:00'), checkOut: ny('2025-03-09 04:00') })).toBe(180);
    // Fall back 2025-11-02 02:00 -> 01:00: midnight to 04:00 on the wall clock is 5 hours.
    expect(workedMinutes({ checkIn: ny('2025-11-02 00:00'), checkOut: ny('2025-11-02 04:00') })).toBe(300);
  });
});

describe('payrollHours', () => {
  const march1to15 = { from: '2025-03-01', to: '2025-03-15' };

  it('pays 40 hours of a workweek as regular time', () => {
    const week = days('2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07');
    expect(payrollHours(week, march1to15, NY)).toMatchObject({ regularMinutes: 2400, overtimeMinutes: 0 });
  });

  it('pays the minutes past 40 hours in a workweek as overtime, on the visits that come last', () => {
    const week = days('2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08');
    const hours = payrollHours([...week].reverse(), march1to15, NY);
    expect(hours).toMatchObject({ regularMinutes: 2400, overtimeMinutes: 480, straightTimeEquivalentMinutes: 2400 + 720 });
    const saturday = hours.visits.find((v) => v.date === '2025-03-08')!;
    expect(saturday).toMatchObject({ regularMinutes: 0, overtimeMinutes: 480, inPeriod: true });
    expect(hours.visits.filter((v) => v.overtimeMinutes > 0)).toHaveLength(1);
  });

  it('counts each workweek on its own: 30 hours in each of two weeks is no overtime', () => {
    const two = [
      ...days('2025-03-03', '2025-03-04', '2025-03-05'),
      visit('2025-03-06 09:00', '2025-03-06 15:00'),
      ...days('2025-03-10', '2025-03-11', '2025-03-12'),
      visit('2025-03-13 09:00', '2025-03-13 15:00'),
    ];
    expect(payrollHours(two, march1to15, NY)).toMatchObject({ regularMinutes: 3600, overtimeMinutes: 0 });
  });

  it('decides overtime of a workweek across the period boundary from all its hours, paying each visit in its period', () => {
    // Workweek Sunday 2025-02-23 to Saturday 2025-03-01: 40 hours Monday to Thursday (last period), 8 on Saturday.
    const earlier = [
      visit('2025-02-24 07:00', '2025-02-24 17:00'),
      visit('2025-02-25 07:00', '2025-02-25 17:00'),
      visit('2025-02-26 07:00', '2025-02-26 17:00'),
      visit('2025-02-27 07:00', '2025-02-27 17:00'),
    ];
    const saturday = visit('2025-03-01 09:00', '2025-03-01 17:00');
    const later = days('2025-03-03', '2025-03-04');
    const all = [...earlier, saturday, ...later];
    // This period: Saturday is all overtime (the week's 41st to 48th hour); the next week starts over.
    const march = payrollHours(all, march1to15, NY);
    expect(march).toMatchObject({ regularMinutes: 960, overtimeMinutes: 480 });
    expect(march.visits.find((v) => v.id === saturday.id)).toMatchObject({ overtimeMinutes: 480, inPeriod: true });
    // The last period paid Monday to Thursday as 40 regular hours; together no minute is paid twice.
    const february = payrollHours(all, { from: '2025-02-16', to: '2025-02-28' }, NY);
    expect(february).toMatchObject({ regularMinutes: 2400, overtimeMinutes: 0 });
    // Without the earlier visits the same Saturday would wrongly look regular: the caller must pass them.
    expect(payrollHours([saturday], march1to15, NY)).toMatchObject({ regularMinutes: 480, overtimeMinutes: 0 });
  });

  it('splits a visit across Saturday midnight between two workweeks, in a spring-forward night', () => {
    // 38 hours by Friday 2025-03-07, then Saturday 20:00 EST to Sunday 04:00 EDT: 4 hours in the first week
    // (2 regular, 2 overtime), 3 real hours in the next week (regular), since 02:00-03:00 does not exist.
    const week = [...days('2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06'), visit('2025-03-07 09:00', '2025-03-07 15:00')];
    const night = visit('2025-03-08 20:00', '2025-03-09 04:00');
    const hours = payrollHours([...week, night], march1to15, NY);
    expect(hours.visits.find((v) => v.id === night.id)).toMatchObject({
      date: '2025-03-08',
      regularMinutes: 300,
      overtimeMinutes: 120,
    });
    expect(hours).toMatchObject({ regularMinutes: 2280 + 300, overtimeMinutes: 120 });
  });

  it('counts a fall-back week by the hours worked: 40 wall-clock hours can be 41 real ones', () => {
    // Sunday 2025-11-02 00:00 EDT to 08:00 EST is 9 real hours; four more 8-hour days make 41.
    const week = [visit('2025-11-02 00:00', '2025-11-02 08:00'), ...days('2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06')];
    expect(payrollHours(week, { from: '2025-11-01', to: '2025-11-15' }, NY)).toMatchObject({
      regularMinutes: 2400,
      overtimeMinutes: 60,
    });
  });

  it('pays a visit in the period of its check-in’s local date, not its UTC date', () => {
    // 2025-03-15 22:00 EDT is 2025-03-16 02:00 UTC: still the period ending on the 15th.
    const late = visit('2025-03-15 22:00', '2025-03-16 01:00');
    expect(payrollHours([late], march1to15, NY)).toMatchObject({ regularMinutes: 180 });
    expect(payrollHours([late], { from: '2025-03-16', to: '2025-03-31' }, NY)).toMatchObject({ regularMinutes: 0 });
    expect(inPayPeriod(late.checkIn, march1to15, NY)).toBe(true);
  });

  it('takes the threshold and multiplier as parameters', () => {
    const two = days('2025-03-03', '2025-03-04');
    expect(payrollHours(two, march1to15, NY, { thresholdMinutes: 600, multiplier: 2 })).toEqual(
      expect.objectContaining({ regularMinutes: 600, overtimeMinutes: 360, straightTimeEquivalentMinutes: 600 + 720 }),
    );
  });

  it('has nothing for no visits and refuses an unknown time zone', () => {
    expect(payrollHours([], march1to15, NY)).toEqual({
      regularMinutes: 0,
      overtimeMinutes: 0,
      straightTimeEquivalentMinutes: 0,
      visits: [],
    });
    expect(() => payrollHours(days('2025-03-03'), march1to15, 'Mars/Base')).toThrow(RangeError);
  });
});

describe('payroll file numbers', () => {
  it('writes hours and dollars with 2 decimals, exactly', () => {
    expect(hoursText(2550)).toBe('42.50');
    expect(hoursText(20)).toBe('0.33');
    expect(hoursText(50)).toBe('0.83');
    expect(hoursText(0)).toBe('0.00');
    expect(hoursText(2401)).toBe('40.02');
    expect(dollarsText(87500)).toBe('875.00');
    expect(dollarsText(5)).toBe('0.05');
    expect(dollarsText(-1234)).toBe('-12.34');
  });

  it('sums miles in hundredths and prices them to the cent', () => {
    expect(milesInHundredths(12.345)).toBe(1235);
    expect(milesInHundredths(-3)).toBe(0);
    expect(milesInHundredths(null)).toBe(0);
    expect(milesInHundredths(Number.NaN)).toBe(0);
    expect(mileageCents(1250, 70)).toBe(875);
    expect(mileageCents(1233, 67)).toBe(826); // 826.11 cents
    expect(mileageCents(1, 50)).toBe(1); // half a cent rounds up
  });
});
