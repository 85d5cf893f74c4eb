import { describe, expect, it } from 'vitest';
import { driveMinutes, paidTravel } from './payroll-travel';
import { NY, north, visit } from './payroll.test-support';

describe('driveMinutes', () => {
  it('turns the haversine distance into minutes at the speed, rounded up', () => {
    // 2 miles at 25 mph = 4.8 minutes -> 5; 10 miles at 25 mph = 24 minutes.
    expect(driveMinutes(north(0), north(2), 25)).toBe(5);
    expect(driveMinutes(north(0), north(10.01), 25)).toBe(25);
    expect(driveMinutes(north(0), north(2), 60)).toBe(2);
  });

  it('is unknown without coordinates', () => {
    expect(driveMinutes(null, north(2), 25)).toBeNull();
    expect(driveMinutes({ lat: 42.3, lon: null }, north(2), 25)).toBeNull();
  });
});

describe('paidTravel', () => {
  const at = (clientId: number, miles: number) => ({ clientId, location: north(miles) });

  it('pays the drive between two clients of one day, not home to the first nor the last to home', () => {
    const a = visit('2031-03-03 09:00', '2031-03-03 10:00', at(1, 0));
    const b = visit('2031-03-03 10:30', '2031-03-03 11:30', at(2, 2));
    const c = visit('2031-03-03 13:00', '2031-03-03 14:00', at(3, 12));
    expect(paidTravel([c, b, a], NY, 25)).toEqual([
      { fromVisitId: a.id, toVisitId: b.id, start: a.checkOut, date: '2031-03-03', minutes: 5 },
      // 10 miles at 25 mph = 24 minutes, within the 90-minute gap.
      { fromVisitId: b.id, toVisitId: c.id, start: b.checkOut, date: '2031-03-03', minutes: 24 },
    ]);
  });

  it('pays only the gap when it is shorter than the drive', () => {
    const a = visit('2031-03-03 09:00', '2031-03-03 10:00', at(1, 0));
    const b = visit('2031-03-03 10:10', '2031-03-03 11:00', at(2, 20));
    expect(paidTravel([a, b], NY, 25).map((t) => t.minutes)).toEqual([10]);
  });

  it('pays nothing across days, at the same client, for overlapping visits or without coordinates', () => {
    const monday = visit('2031-03-03 20:00', '2031-03-03 23:00', at(1, 0));
    const tuesday = visit('2031-03-04 07:00', '2031-03-04 09:00', at(2, 2));
    expect(paidTravel([monday, tuesday], NY, 25)).toEqual([]);
    const same = [
      visit('2031-03-05 09:00', '2031-03-05 10:00', at(1, 0)),
      visit('2031-03-05 11:00', '2031-03-05 12:00', at(1, 0)),
    ];
    expect(paidTravel(same, NY, 25)).toEqual([]);
    const overlap = [
      visit('2031-03-06 09:00', '2031-03-06 11:00', at(1, 0)),
      visit('2031-03-06 10:00', '2031-03-06 12:00', at(2, 2)),
    ];
    expect(paidTravel(overlap, NY, 25)).toEqual([]);
    const unknown = [
      visit('2031-03-07 09:00', '2031-03-07 10:00', at(1, 0)),
      visit('2031-03-07 11:00', '2031-03-07 12:00', { clientId: 2, location: null }),
    ];
    expect(paidTravel(unknown, NY, 25)).toEqual([]);
  });
});
