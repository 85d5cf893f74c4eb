import { describe, expect, it } from 'vitest';
import { defaultLock, formatInZone, lockInstant, lockParts, nextPeriod } from './pay-period-lock-time.values';

const NY = 'America/New_York';

describe('pay period lock time values', () => {
  it('locks 3 days after the period ends, at noon, across a month end', () => {
    expect(defaultLock('2026-11-15')).toEqual({ lockDate: '2026-11-18', lockTime: '12:00' });
    expect(defaultLock('2026-12-31')).toEqual({ lockDate: '2027-01-03', lockTime: '12:00' });
  });

  it("turns the branch's wall clock into UTC on both sides of a DST change", () => {
    expect(lockInstant('2026-11-18', '12:00', NY)).toBe('2026-11-18T17:00:00Z');
    expect(lockInstant('2026-07-18', '12:00', NY)).toBe('2026-07-18T16:00:00Z');
    expect(lockInstant('2026-11-18', '12:00', 'America/Los_Angeles')).toBe('2026-11-18T20:00:00Z');
    // 02:30 does not exist on 2026-03-08 in New York: it resolves an hour later (03:30 EDT).
    expect(lockInstant('2026-03-08', '02:30', NY)).toBe('2026-03-08T07:30:00Z');
  });

  it('has no instant without a date or a time', () => {
    expect(lockInstant(null, '12:00', NY)).toBeNull();
    expect(lockInstant('2026-11-18', '', NY)).toBeNull();
    expect(lockInstant('2026-02-30', '12:00', NY)).toBeNull();
  });

  it('reads an instant back as the local date and time it was entered as', () => {
    expect(lockParts('2026-11-18T17:00:00.000Z', NY)).toEqual({ lockDate: '2026-11-18', lockTime: '12:00' });
    expect(lockParts('2026-11-19T03:30:00Z', NY)).toEqual({ lockDate: '2026-11-18', lockTime: '22:30' });
  });

  it('formats an instant as MM/DD/YY h:mm A in the zone', () => {
    expect(formatInZone('2026-11-18T17:00:00.000Z', NY)).toEqual({ text: '11/18/26 12:00 PM', zoneName: 'EST' });
    expect(formatInZone('2026-07-01T04:05:00Z', NY)).toEqual({ text: '07/01/26 12:05 AM', zoneName: 'EDT' });
  });

  it('proposes the period after the newest one, as long as it', () => {
    expect(nextPeriod({ periodStart: '2026-11-01', periodEnd: '2026-11-14' })).toEqual({
      periodStart: '2026-11-15',
      periodEnd: '2026-11-28',
    });
    expect(nextPeriod(undefined)).toEqual({ periodStart: null, periodEnd: null });
  });
});
