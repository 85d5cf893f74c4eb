import { describe, expect, it } from 'vitest';
import { localDateOf, workweekOf } from '../shifts/workweek';
import { addDays } from '../caregivers/caregivers.rules';
import { zoneCalendar } from './payroll-calendar';

describe('zoneCalendar', () => {
  // Zones with daylight saving on and off the hour, half-hour offsets and none at all.
  const zones = [
    'America/New_York',
    'America/Phoenix',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Pacific/Honolulu',
  ];

  it('agrees with localDateOf and workweekOf every 7 minutes across daylight-saving changes', () => {
    const spans = [Date.UTC(2031, 2, 7), Date.UTC(2031, 9, 3), Date.UTC(2031, 10, 1)];
    for (const zone of zones) {
      const calendar = zoneCalendar(zone);
      for (const start of spans) {
        for (let ms = start; ms < start + 4 * 86_400_000; ms += 7 * 60_000) {
          const at = new Date(ms);
          const week = workweekOf(at, zone);
          expect(calendar.localDate(at), `${zone} ${at.toISOString()}`).toBe(localDateOf(at, zone));
          expect(calendar.workweek(ms)).toEqual({ firstDate: week.firstDate, end: week.end });
        }
      }
    }
  });

  it('finds the next local midnight, a 23-hour day included, and adds days to dates', () => {
    const ny = zoneCalendar('America/New_York');
    // Sun Mar 9 2031 is the spring-forward day in New York: its midnight is 05:00Z, the next one 04:00Z.
    expect(ny.nextMidnight(new Date('2031-03-09T12:00:00Z')).toISOString()).toBe('2031-03-10T04:00:00.000Z');
    expect(ny.startOfDate('2031-03-09').toISOString()).toBe('2031-03-09T05:00:00.000Z');
    expect(addDays('2031-02-27', 2)).toBe('2031-03-01');
    expect(addDays('2031-01-01', -1)).toBe('2030-12-31');
  });

  it('refuses an unknown time zone', () => {
    expect(() => zoneCalendar('Mars/Olympus')).toThrow(RangeError);
  });
});
