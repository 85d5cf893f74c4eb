import { describe, expect, it } from 'vitest';
import {
  calendarMonthOf,
  calendarWeekOf,
  formatHours,
  formatLocalDate,
  formatLocalSpan,
  formatMonth,
  localDateOf,
  minutesWithin,
  workweekOf,
} from './workweek';

const NY = 'America/New_York';
const hours = (span: { start: Date; end: Date }) => (span.end.getTime() - span.start.getTime()) / 3_600_000;

describe('workweekOf', () => {
  it('runs from Sunday 00:00 to the next Sunday 00:00 local time', () => {
    // Wednesday 2026-06-10 15:00 EDT.
    const week = workweekOf(new Date('2026-06-10T19:00:00Z'), NY);
    expect(week.start.toISOString()).toBe('2026-06-07T04:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-06-14T04:00:00.000Z');
    expect(week).toMatchObject({ firstDate: '2026-06-07', lastDate: '2026-06-13' });
    expect(hours(week)).toBe(168);
  });

  it('lasts 167 hours across the spring-forward change (2026-03-08)', () => {
    const week = workweekOf(new Date('2026-03-10T12:00:00Z'), NY);
    expect(week.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-03-15T04:00:00.000Z');
    expect(hours(week)).toBe(167);
  });

  it('lasts 169 hours across the fall-back change (2026-11-01)', () => {
    const week = workweekOf(new Date('2026-11-07T23:00:00Z'), NY);
    expect(week.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-08T05:00:00.000Z');
    expect(week.firstDate).toBe('2026-11-01');
    expect(hours(week)).toBe(169);
  });

  it('puts Saturday 23:30 local in the week that is ending, and Sunday 00:00 in the next', () => {
    // Saturday 2026-11-07 23:30 EST is 2026-11-08T04:30Z, already Sunday in UTC.
    expect(workweekOf(new Date('2026-11-08T04:30:00Z'), NY).firstDate).toBe('2026-11-01');
    expect(workweekOf(new Date('2026-11-08T05:00:00Z'), NY).firstDate).toBe('2026-11-08');
  });

  it('refuses an unknown time zone', () => {
    expect(() => workweekOf(new Date(), 'Mars/Olympus')).toThrow('Unknown time zone Mars/Olympus');
  });
});

describe('local dates, calendar weeks and months', () => {
  it('gives the local date of an instant', () => {
    expect(localDateOf(new Date('2026-11-02T03:30:00Z'), NY)).toBe('2026-11-01');
    expect(localDateOf(new Date('2026-11-02T05:30:00Z'), NY)).toBe('2026-11-02');
  });

  it('finds the Sunday-to-Saturday week and the month of a date', () => {
    expect(calendarWeekOf('2026-11-04')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-07' });
    expect(calendarWeekOf('2026-11-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-07' });
    expect(calendarWeekOf('2026-01-02')).toEqual({ startDate: '2025-12-28', endDate: '2026-01-03' });
    expect(calendarMonthOf('2028-02-10')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
  });
});

describe('minutesWithin', () => {
  const span = (a: string, b: string) => ({ start: new Date(a), end: new Date(b) });
  it('counts only the minutes inside the window', () => {
    const week = span('2026-11-01T04:00:00Z', '2026-11-08T05:00:00Z');
    expect(minutesWithin(span('2026-11-02T14:00:00Z', '2026-11-02T18:00:00Z'), week)).toBe(240);
    expect(minutesWithin(span('2026-11-08T03:00:00Z', '2026-11-08T07:00:00Z'), week)).toBe(120);
    expect(minutesWithin(span('2026-11-08T05:00:00Z', '2026-11-08T07:00:00Z'), week)).toBe(0);
  });
});

describe('formatting', () => {
  it('writes hours, dates, months and local spans', () => {
    expect(formatHours(2550)).toBe('42.5');
    expect(formatHours(2400)).toBe('40');
    expect(formatHours(2420)).toBe('40.33');
    expect(formatLocalDate('2026-11-01')).toBe('11/01/26');
    expect(formatMonth('2026-11-01')).toBe('November 2026');
    const morning = { start: new Date('2026-11-02T14:00:00Z'), end: new Date('2026-11-02T18:00:00Z') };
    expect(formatLocalSpan(morning, NY)).toBe('11/02/26 9:00 AM–1:00 PM EST');
    const night = { start: new Date('2026-07-03T02:00:00Z'), end: new Date('2026-07-03T10:00:00Z') };
    expect(formatLocalSpan(night, NY)).toBe('07/02/26 10:00 PM–07/03/26 6:00 AM EDT');
  });
});
