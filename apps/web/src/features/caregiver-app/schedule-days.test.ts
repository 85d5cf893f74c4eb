import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { CaregiverShiftOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { dayTitle, firstShiftsOf, groupShiftsByDay, mapsLink, timeEntryMissingWith } from './schedule-days';

const shift = (id: number, startTimestamp: string, timezone = 'America/New_York') =>
  ({ id, startTimestamp, timezone }) as CaregiverShiftOutput;

describe('groupShiftsByDay (issue item 2: grouped by day in the caregiver time zone)', () => {
  it('groups by the local day of the shift zone, not UTC, drops repeats and sorts by start', () => {
    // 02:00 UTC on the 15th is 22:00 on the 14th in New York.
    const days = groupShiftsByDay([
      shift(3, '2031-01-15T14:00:00.000Z'),
      shift(1, '2031-01-15T02:00:00.000Z'),
      shift(2, '2031-01-14T15:00:00.000Z'),
      shift(3, '2031-01-15T14:00:00.000Z'),
    ]);
    expect(days.map((d) => [d.date, d.shifts.map((s) => s.id)])).toEqual([
      ['2031-01-14', [2, 1]],
      ['2031-01-15', [3]],
    ]);
  });
});

describe('firstShiftsOf (the schedule first render pass)', () => {
  const days = groupShiftsByDay([
    shift(1, '2031-01-14T14:00:00.000Z'),
    shift(2, '2031-01-14T16:00:00.000Z'),
    shift(3, '2031-01-15T14:00:00.000Z'),
    shift(4, '2031-01-16T14:00:00.000Z'),
  ]);

  it('keeps the first shifts in order with their days, cutting inside a day', () => {
    expect(firstShiftsOf(days, 3).map((d) => [d.date, d.shifts.map((s) => s.id)])).toEqual([
      ['2031-01-14', [1, 2]],
      ['2031-01-15', [3]],
    ]);
    expect(firstShiftsOf(days, 1).map((d) => [d.date, d.shifts.map((s) => s.id)])).toEqual([['2031-01-14', [1]]]);
  });

  it('returns the days themselves when nothing is cut', () => {
    expect(firstShiftsOf(days, 4)).toBe(days);
    expect(firstShiftsOf(days, 10)).toBe(days);
    expect(firstShiftsOf([], 6)).toEqual([]);
  });
});

describe('schedule helpers', () => {
  it('names today and tomorrow in the zone', () => {
    const now = DateTime.fromISO('2031-01-14T23:30:00', { zone: 'America/New_York' }).toJSDate();
    expect(dayTitle('2031-01-14', 'America/New_York', now)).toBe('Today · Tue 01/14/31');
    expect(dayTitle('2031-01-15', 'America/New_York', now)).toBe('Tomorrow · Wed 01/15/31');
    expect(dayTitle('2031-01-20', 'America/New_York', now)).toBe('Mon 01/20/31');
  });

  it('links to maps by coordinates, else by the address text', () => {
    const address = { line1: '12 Elm St', line2: null, city: 'Boston', state: 'MA', zip: '02118', lat: null, lon: null };
    expect(mapsLink({ ...address, lat: 42.35, lon: -71.06 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=42.35%2C-71.06',
    );
    expect(mapsLink(address)).toBe('https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Boston%2C%20MA%2002118');
  });
});

describe('timeEntryMissingWith (a visit recorded on the phone, not uploaded yet)', () => {
  const visit = {
    status: 'scheduled',
    startTimestamp: '2031-01-15T14:00:00.000Z',
    endTimestamp: '2031-01-15T16:00:00.000Z',
  } as const;
  const during = new Date('2031-01-15T15:00:00.000Z');
  const after = new Date('2031-01-15T17:00:00.000Z');

  it('is not missing once the phone holds the check-in, until the end passes without a check-out', () => {
    expect(timeEntryMissingWith(visit, null, null, during)).toBe(true);
    expect(timeEntryMissingWith(visit, '2031-01-15T14:05:00.000Z', null, during)).toBe(false);
    expect(timeEntryMissingWith(visit, '2031-01-15T14:05:00.000Z', null, after)).toBe(true);
    expect(timeEntryMissingWith(visit, '2031-01-15T14:05:00.000Z', '2031-01-15T16:01:00.000Z', after)).toBe(false);
  });

  it('never flags a cancelled visit nor one to come', () => {
    expect(timeEntryMissingWith({ ...visit, status: 'cancelled' }, null, null, after)).toBe(false);
    expect(timeEntryMissingWith(visit, null, null, new Date('2031-01-15T13:00:00.000Z'))).toBe(false);
  });
});
