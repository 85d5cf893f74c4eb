import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.setup';
import {
  addMinutesToTime,
  formatDuration,
  formatLocalTime,
  formatTimeRange,
  formatZoned,
  formatZonedDay,
  formatZonedTime,
  localParts,
  minutesBetweenTimes,
  shiftInstants,
  todayIn,
  zonedToUtc,
} from './shift-time';

const NY = 'America/New_York';

describe('branch wall-clock times', () => {
  it('turns a local date and time into the UTC instant on both sides of daylight saving', () => {
    expect(zonedToUtc('2026-03-06', '09:00', NY)).toBe('2026-03-06T14:00:00Z');
    expect(zonedToUtc('2026-03-09', '09:00', NY)).toBe('2026-03-09T13:00:00Z');
    expect(zonedToUtc('2026-11-02', '09:00', NY)).toBe('2026-11-02T14:00:00Z');
    expect(zonedToUtc('2026-03-09', '', NY)).toBeNull();
    expect(zonedToUtc('', '09:00', NY)).toBeNull();
  });

  it('moves a time skipped by spring forward one hour later', () => {
    expect(zonedToUtc('2026-03-08', '02:30', NY)).toBe('2026-03-08T07:30:00Z');
  });

  it('puts an end at or before the start on the next day', () => {
    expect(shiftInstants('2026-11-01', '09:00', '13:00', NY)).toEqual({
      startTimestamp: '2026-11-01T14:00:00Z',
      endTimestamp: '2026-11-01T18:00:00Z',
    });
    // Overnight across the fall-back change: 22:00 EDT to 06:00 EST is 9 hours of work.
    expect(shiftInstants('2026-10-31', '22:00', '06:00', NY)).toEqual({
      startTimestamp: '2026-11-01T02:00:00Z',
      endTimestamp: '2026-11-01T11:00:00Z',
    });
    expect(shiftInstants('2026-10-31', '22:00', '', NY)).toBeNull();
  });

  it('reads an instant back as the local date and time, and formats it as the spec writes dates', () => {
    expect(localParts('2026-03-09T13:00:00Z', NY)).toEqual({ date: '2026-03-09', time: '09:00' });
    expect(localParts('2026-03-09T03:30:00Z', NY)).toEqual({ date: '2026-03-08', time: '23:30' });
    expect(formatZoned('2026-03-09T17:05:00Z', NY, 'never')).toBe('03/09/26 1:05 PM');
    expect(formatZoned('2026-03-09T17:05:00Z', NY, 'always')).toBe('03/09/26 1:05 PM EDT');
    expect(formatTimeRange('2026-03-09T13:00:00Z', '2026-03-09T17:00:00Z', NY, 'never')).toBe('9:00 AM – 1:00 PM');
    expect(formatTimeRange('2026-03-10T02:00:00Z', '2026-03-10T11:00:00Z', NY, 'never')).toBe('10:00 PM – 03/10/26 7:00 AM');
    expect(formatTimeRange('2026-03-06T14:00:00Z', '2026-03-06T18:00:00Z', NY, 'always')).toBe('9:00 AM – 1:00 PM EST');
    expect(todayIn(NY, new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-09');
  });

  it('counts minutes between local times and adds them, wrapping past midnight', () => {
    expect(minutesBetweenTimes('09:00', '13:00')).toBe(240);
    expect(minutesBetweenTimes('22:00', '06:00')).toBe(480);
    expect(minutesBetweenTimes('09:00', '09:00')).toBe(1440);
    expect(minutesBetweenTimes('9', '13:00')).toBeNull();
    expect(addMinutesToTime('09:00', 240)).toBe('13:00');
    expect(addMinutesToTime('22:00', 180)).toBe('01:00');
    expect(formatLocalTime('00:05')).toBe('12:05 AM');
    expect(formatLocalTime('13:00')).toBe('1:00 PM');
    expect(formatDuration(240)).toBe('4 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(45)).toBe('45 min');
  });
});

describe('branch wall-clock times in Spanish', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('writes local times and lengths through Intl in es-US, the English unchanged', () => {
    expect(formatLocalTime('09:05', 'es')).toBe('9:05 a.m.');
    expect(formatLocalTime('00:05', 'es')).toBe('12:05 a.m.');
    expect(formatLocalTime('13:00', 'es')).toBe('1:00 p.m.');
    expect(formatLocalTime('9', 'es')).toBe('9');
    expect(formatLocalTime('09:05', 'en')).toBe('9:05 AM');
    expect(formatDuration(240, 'es')).toBe('4 h');
    expect(formatDuration(90, 'es')).toBe('1 h 30 min');
    expect(formatDuration(45, 'es')).toBe('45 min');
    expect(formatDuration(90, 'en')).toBe('1 h 30 min');
  });

  it('follows the shown language when none is given', async () => {
    await i18n.changeLanguage('es');
    expect(formatLocalTime('22:00')).toBe('10:00 p.m.');
    await i18n.changeLanguage('en');
    expect(formatLocalTime('22:00')).toBe('10:00 PM');
  });

  it('keeps the wall clock across the fall-back night in New York (2026-11-01), in Spanish', async () => {
    await i18n.changeLanguage('es');
    // Two 1:30s: first in daylight time, then an hour later in standard time.
    expect(formatZonedTime('2026-11-01T05:30:00Z', NY, 'always')).toBe('1:30 a.m. EDT');
    expect(formatZonedTime('2026-11-01T06:30:00Z', NY, 'always')).toBe('1:30 a.m. EST');
    expect(formatZoned('2026-11-01T06:30:00Z', NY, 'never')).toBe('01/11/26, 1:30 a.m.');
    // The overnight visit from 10:00 p.m. EDT to 6:00 a.m. EST: 9 hours of work.
    expect(formatTimeRange('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z', NY, 'always')).toBe(
      '10:00 p.m. EDT – 01/11/26, 6:00 a.m. EST',
    );
    // 03:30 UTC is still Saturday evening in New York.
    expect(formatZonedDay('2026-11-01T03:30:00Z', NY)).toBe('sáb, 31/10/26');
    expect(localParts('2026-11-01T06:30:00Z', NY)).toEqual({ date: '2026-11-01', time: '01:30' });
  });
});
