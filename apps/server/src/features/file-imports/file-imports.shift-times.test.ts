import { describe, expect, it } from 'vitest';
import { instantOf, shiftTimesOf } from './file-imports.shift-times';

const ZONE = 'America/New_York';

describe('imported shift times', () => {
  it('reads ISO times with an offset as they are, local ones on the branch clock across a DST change', () => {
    expect(instantOf('2031-03-04T09:00:00-05:00', ZONE)).toBe('2031-03-04T14:00:00.000Z');
    expect(instantOf('2031-03-08 09:00', ZONE)).toBe('2031-03-08T14:00:00.000Z');
    // 2031-03-09 is the spring-forward Sunday: from then on the branch is UTC-4.
    expect(instantOf('2031-03-10 09:00', ZONE)).toBe('2031-03-10T13:00:00.000Z');
    expect(instantOf('3/10/2031 9:00 AM', ZONE)).toBe('2031-03-10T13:00:00.000Z');
    expect(instantOf('2031-03-10 25:00', ZONE)).toBeNull();
  });

  it('reads a date with start and end times, an end not after the start being the next day', () => {
    expect(shiftTimesOf({ date: '2031-11-01', startTime: '22:00', endTime: '06:00' }, ZONE)).toEqual({
      startTimestamp: '2031-11-02T02:00:00.000Z',
      endTimestamp: '2031-11-02T11:00:00.000Z',
    });
    expect(shiftTimesOf({ date: '2031-11-01', startTime: '9:00 AM', endTime: '1:00 PM' }, ZONE)).toEqual({
      startTimestamp: '2031-11-01T13:00:00.000Z',
      endTimestamp: '2031-11-01T17:00:00.000Z',
    });
  });

  it('names the field it cannot read', () => {
    expect(shiftTimesOf({ start: '2031-03-04 09:00', end: 'soon' }, ZONE)).toEqual({
      error: 'End: "soon" is not a date and time (use YYYY-MM-DD HH:MM on the branch clock, or ISO 8601 with an offset)',
    });
    expect(shiftTimesOf({ date: '03/04/2031', startTime: '9:00', endTime: '10:00' }, ZONE)).toEqual({
      error: 'Date: "03/04/2031" is not a date written YYYY-MM-DD',
    });
    expect(shiftTimesOf({}, ZONE)).toEqual({ error: 'Give the start and end, or the date with the start and end times' });
  });
});
