import { describe, expect, it } from 'vitest';
import { localParts, zonedSpan } from './request-text';

describe('zonedSpan', () => {
  it('reads the times on the client’s wall clock across the autumn DST change (New York, 1 November 2026)', () => {
    // The Saturday before is EDT (UTC-4), the Monday after EST (UTC-5): the same wall-clock times, an hour apart in UTC.
    expect(zonedSpan('2026-10-31', '09:00', '11:00', 'America/New_York')).toEqual({
      start: '2026-10-31T13:00:00Z',
      end: '2026-10-31T15:00:00Z',
    });
    expect(zonedSpan('2026-11-02', '09:00', '11:00', 'America/New_York')).toEqual({
      start: '2026-11-02T14:00:00Z',
      end: '2026-11-02T16:00:00Z',
    });
    // A night visit across the change lasts 9 hours of wall clock but 10 real hours.
    expect(zonedSpan('2026-10-31', '22:00', '07:00', 'America/New_York')).toEqual({
      start: '2026-11-01T02:00:00Z',
      end: '2026-11-01T12:00:00Z',
    });
  });

  it('moves an end at or before the start to the next day, and gives null for a missing part', () => {
    expect(zonedSpan('2026-03-07', '23:00', '01:00', 'America/Chicago')?.end).toBe('2026-03-08T07:00:00Z');
    expect(zonedSpan('', '09:00', '10:00', 'America/New_York')).toBeNull();
    expect(zonedSpan('2026-03-07', '9am', '10:00', 'America/New_York')).toBeNull();
    expect(zonedSpan('2026-03-07', '09:00', '', 'America/New_York')).toBeNull();
  });
});

describe('localParts', () => {
  it('gives the local date and time of an instant in the zone, either side of the spring DST change', () => {
    expect(localParts('2026-03-08T06:30:00Z', 'America/New_York')).toEqual({ date: '2026-03-08', time: '01:30' });
    expect(localParts('2026-03-08T07:30:00Z', 'America/New_York')).toEqual({ date: '2026-03-08', time: '03:30' });
  });
});
