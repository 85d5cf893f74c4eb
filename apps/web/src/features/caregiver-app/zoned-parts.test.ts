import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { Temporal } from 'temporal-polyfill';
import { calendarDateParts, calendarDaysBetween, zonedParts, zonedPartsWith } from './zoned-parts';
import { visitClock, visitDay } from './visit-format';
import { dayTitle } from './schedule-days';

// Node 20 has no Temporal, so zonedParts itself reads Intl here; the Temporal path runs on the polyfill.
describe.each([
  ['Intl', undefined],
  ['Temporal', Temporal],
])('zonedPartsWith(%s): the same wall clock either way', (_name, temporal) => {
  it('agrees with Luxon every 307 minutes over two years in several zones, DST changes included', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London', 'Asia/Kolkata'];
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (const zone of zones) {
      for (let ms = start; ms < start + 2 * 365 * 86_400_000; ms += 307 * 60_000) {
        const iso = new Date(ms).toISOString();
        const expected = DateTime.fromMillis(ms, { zone }).setLocale('en-US');
        expect(zonedPartsWith(temporal, iso, zone), `${iso} in ${zone}`).toEqual({
          date: expected.toISODate(),
          weekday: expected.toFormat('ccc'),
          shortDate: expected.toFormat('MM/dd/yy'),
          clock: expected.toFormat('h:mm a'),
        });
      }
    }
  });

  it('writes midnight and noon on the 12-hour clock, and the hours around both DST changes', () => {
    const clock = (iso: string) => zonedPartsWith(temporal, iso, 'America/New_York')?.clock;
    expect(clock('2026-07-14T04:00:00Z')).toBe('12:00 AM');
    expect(clock('2026-07-14T16:00:00Z')).toBe('12:00 PM');
    expect(clock('2026-07-14T16:59:00Z')).toBe('12:59 PM');
    // 2026-03-08 in New York: 1:59 AM EST is followed by 3:00 AM EDT.
    expect(clock('2026-03-08T06:59:00Z')).toBe('1:59 AM');
    expect(clock('2026-03-08T07:00:00Z')).toBe('3:00 AM');
    // 2026-11-01: 1:30 AM comes twice, first in EDT, then in EST.
    expect(clock('2026-11-01T05:30:00Z')).toBe('1:30 AM');
    expect(clock('2026-11-01T06:30:00Z')).toBe('1:30 AM');
    expect(clock('2026-11-01T07:00:00Z')).toBe('2:00 AM');
  });

  it('answers null for an invalid instant or zone', () => {
    expect(zonedPartsWith(temporal, 'not a date', 'America/New_York')).toBeNull();
    expect(zonedPartsWith(temporal, '2026-07-14T13:00:00Z', 'Mars/Olympus_Mons')).toBeNull();
  });
});

describe('zonedParts (the caregiver app wall clock, without Luxon)', () => {
  it('shows an invalid instant or zone as given', () => {
    expect(zonedParts('not a date', 'America/New_York')).toBeNull();
    expect(zonedParts('2026-07-14T13:00:00Z', 'Mars/Olympus_Mons')).toBeNull();
    expect(visitDay('not a date', 'America/New_York')).toBe('not a date');
    expect(visitClock('2026-07-14T13:00:00Z', 'Mars/Olympus_Mons')).toBe('2026-07-14T13:00:00Z');
  });

  it('counts calendar days across month, year and DST boundaries', () => {
    expect(calendarDaysBetween('2030-12-31', '2031-01-01')).toBe(1);
    expect(calendarDaysBetween('2031-03-01', '2031-02-28')).toBe(-1);
    expect(calendarDaysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(calendarDaysBetween('2026-11-01', '2026-11-01')).toBe(0);
  });

  it('names yesterday in the zone, not in UTC', () => {
    // 03:30 UTC on the 15th is still the 14th in New York.
    const now = new Date('2031-01-15T03:30:00Z');
    expect(dayTitle('2031-01-13', 'America/New_York', now)).toBe('Yesterday · Mon 01/13/31');
    expect(dayTitle('2031-01-14', 'America/New_York', now)).toBe('Today · Tue 01/14/31');
    expect(dayTitle('2031-01-14', 'UTC', now)).toBe('Yesterday · Tue 01/14/31');
  });

  it('names the weekday and MM/DD/YY of a calendar date with no zone, as Intl does', () => {
    for (const date of ['2026-03-08', '2026-11-01', '2028-02-29', '1999-12-31', '2031-01-05']) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
      expect(calendarDateParts(date)).toEqual({
        date,
        weekday,
        shortDate: `${date.slice(5, 7)}/${date.slice(8)}/${date.slice(2, 4)}`,
        clock: '',
      });
    }
    expect(calendarDateParts('2026-07-14').weekday).toBe('Tue');
    expect(calendarDateParts('not a date')).toEqual({ date: 'not a date', weekday: '', shortDate: 'not a date', clock: '' });
  });
});
