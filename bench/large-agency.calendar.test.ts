import { describe, expect, it } from 'vitest';
import { benchCalendar, calendarIsCurrent } from './large-agency.calendar';

describe('benchCalendar', () => {
  it('puts today in the current semi-monthly pay period, with 13 whole workweeks of history before it', () => {
    expect(benchCalendar(new Date('2026-11-27T17:00:00Z'))).toEqual({
      zone: 'America/New_York',
      historyFrom: '2026-08-16',
      periodFrom: '2026-11-16',
      periodTo: '2026-11-30',
      weekSunday: '2026-11-22',
      scheduledTo: '2026-12-05',
      today: '2026-11-27',
    });
  });

  it('reads today on the New York wall clock, not in UTC', () => {
    // 03:00 UTC on December 1st is still November 30th in New York.
    const calendar = benchCalendar(new Date('2026-12-01T03:00:00Z'));
    expect(calendar.today).toBe('2026-11-30');
    expect(calendar.periodFrom).toBe('2026-11-16');
    expect(calendar.weekSunday).toBe('2026-11-29');
  });

  it('starts the history on the pay period’s own first day when that is a Sunday', () => {
    const calendar = benchCalendar(new Date('2026-03-02T15:00:00Z'), 2);
    expect(calendar.periodFrom).toBe('2026-03-01');
    expect(calendar.historyFrom).toBe('2026-02-15');
    expect(calendar.scheduledTo).toBe('2026-03-21');
  });
});

describe('calendarIsCurrent', () => {
  it('holds on the day of generation only', () => {
    const calendar = benchCalendar(new Date('2026-11-27T12:00:00Z'));
    expect(calendarIsCurrent(calendar, new Date('2026-11-28T04:59:00Z'))).toBe(true);
    expect(calendarIsCurrent(calendar, new Date('2026-11-28T05:00:00Z'))).toBe(false);
  });
});
