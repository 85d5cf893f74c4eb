import { describe, expect, it } from 'vitest';
import { addDays, credentialExpiry, daysBetween, isFlaggedExpiry, todayIn } from './caregivers.rules';

describe('credential expiry (issue 4: flagged within 30 days)', () => {
  const today = '2026-11-21';

  it.each([
    [null, 'none', null],
    ['2026-11-20', 'expired', -1],
    ['2026-11-21', 'expiring', 0],
    ['2026-12-21', 'expiring', 30],
    ['2026-12-22', 'valid', 31],
  ] as const)('judges an expiry on %s as %s', (expiresOn, status, days) => {
    expect(credentialExpiry(expiresOn, today)).toEqual({ status, daysUntilExpiry: days });
  });

  it('flags expiring and expired credentials only', () => {
    expect(['none', 'valid', 'expiring', 'expired'].filter((s) => isFlaggedExpiry(s as never))).toEqual(['expiring', 'expired']);
  });
});

describe('calendar dates', () => {
  it('counts and adds days across months, years and DST changes', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
    expect(daysBetween('2026-11-01', '2026-11-02')).toBe(1);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('takes today in the given time zone', () => {
    const lateEvening = new Date('2026-11-22T03:30:00Z'); // 22:30 on the 21st in Boston
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-21');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-22');
  });
});
