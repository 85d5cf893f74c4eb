import { describe, expect, it } from 'vitest';
import { DEFAULT_EVV_SETTINGS, parseEvvSettings, ZEvvSettings } from './evv-settings';
import {
  checkInOpensAt,
  deviceClockOffsetMs,
  durationText,
  entryRuleTime,
  entryTimeProblem,
  isClockSkewed,
  phoneEntriesCloseAt,
  tooEarlyMessage,
  tooLateMessage,
} from './evv-time-rules';

const visit = { startAt: new Date('2026-07-01T13:00:00Z'), endAt: new Date('2026-07-01T17:00:00Z') };
const iso = (d: Date | null | undefined) => d?.toISOString();

describe('EVV settings', () => {
  it('defaults to 2 hours early, 24 hours late and a 5-minute clock tolerance', () => {
    expect(DEFAULT_EVV_SETTINGS).toEqual({ earlyCheckInMinutes: 120, lateEntryLimitMinutes: 1440, clockSkewToleranceMinutes: 5 });
    expect(parseEvvSettings(null)).toEqual(DEFAULT_EVV_SETTINGS);
  });

  it('keeps stored values that fit, drops those that do not, ignores unknown keys', () => {
    expect(parseEvvSettings({ earlyCheckInMinutes: 30, lateEntryLimitMinutes: 5, old: true })).toEqual({
      ...DEFAULT_EVV_SETTINGS,
      earlyCheckInMinutes: 30,
    });
  });

  it('names the field and the limit of a value out of range', () => {
    const issues = (value: Record<string, unknown>) =>
      ZEvvSettings.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ earlyCheckInMinutes: -1 })).toEqual(['earlyCheckInMinutes: Early check-in cannot be negative']);
    expect(issues({ lateEntryLimitMinutes: 30 })).toEqual([
      'lateEntryLimitMinutes: The late entry limit must be at least 1 hour after the end',
    ]);
    expect(issues({ clockSkewToleranceMinutes: 2.5 })).toEqual([
      'clockSkewToleranceMinutes: The clock tolerance must be whole minutes',
    ]);
  });
});

describe('entryTimeProblem', () => {
  it('opens check-in 120 minutes before the start, to the millisecond', () => {
    expect(iso(checkInOpensAt(visit.startAt, DEFAULT_EVV_SETTINGS))).toBe('2026-07-01T11:00:00.000Z');
    const before = new Date('2026-07-01T10:59:59.999Z');
    expect(entryTimeProblem('check_in', before, visit, DEFAULT_EVV_SETTINGS)).toEqual({
      code: 'too_early',
      opensAt: new Date('2026-07-01T11:00:00Z'),
    });
    expect(entryTimeProblem('check_in', new Date('2026-07-01T11:00:00Z'), visit, DEFAULT_EVV_SETTINGS)).toBeNull();
    // A check-out is never "early": it only has to follow the check-in.
    expect(entryTimeProblem('check_out', before, visit, DEFAULT_EVV_SETTINGS)).toBeNull();
  });

  it('closes phone entries 24 hours after the end, check-ins and check-outs alike', () => {
    const closes = phoneEntriesCloseAt(visit.endAt, DEFAULT_EVV_SETTINGS);
    expect(iso(closes)).toBe('2026-07-02T17:00:00.000Z');
    const after = new Date(closes.getTime() + 1);
    for (const kind of ['check_in', 'check_out'] as const) {
      expect(entryTimeProblem(kind, closes, visit, DEFAULT_EVV_SETTINGS)).toBeNull();
      expect(entryTimeProblem(kind, after, visit, DEFAULT_EVV_SETTINGS)).toEqual({ code: 'too_late', closesAt: closes });
    }
  });

  it('judges an offline entry by the phone time and an online one by the receipt time', () => {
    const at = new Date('2026-07-01T13:01:00Z');
    const receivedAt = new Date('2026-07-16T09:00:00Z');
    expect(entryRuleTime({ at, offline: true, receivedAt })).toBe(at);
    expect(entryRuleTime({ at, offline: false, receivedAt })).toBe(receivedAt);
  });

  it('words durations and both refusals', () => {
    expect([30, 60, 90, 120, 150, 1440, 2880, 10080].map(durationText)).toEqual([
      '30 minutes',
      '1 hour',
      '90 minutes',
      '2 hours',
      '2 hours 30 minutes',
      '24 hours',
      '2 days',
      '7 days',
    ]);
    expect(tooEarlyMessage('07/01/26 7:00 AM EDT', DEFAULT_EVV_SETTINGS)).toBe(
      'Too early to check in: check-in opens at 07/01/26 7:00 AM EDT, 2 hours before the visit starts.',
    );
    expect(tooEarlyMessage('07/01/26 9:00 AM EDT', { earlyCheckInMinutes: 0 })).toBe(
      'Too early to check in: check-in opens when the visit starts, at 07/01/26 9:00 AM EDT.',
    );
    expect(tooLateMessage('check_out', '07/01/26 1:00 PM EDT', DEFAULT_EVV_SETTINGS)).toBe(
      'Too late to record this check-out from the phone: the visit ended at 07/01/26 1:00 PM EDT, and the phone ' +
        'records times until 24 hours after the end. Ask the office to record your check-out as a manual edit with a ' +
        'reason code.',
    );
  });
});

describe('the phone clock', () => {
  const receivedAt = new Date('2026-07-16T09:00:00Z');
  const minutes = (n: number) => n * 60_000;

  it('compares the phone clock at sending with the receipt time', () => {
    const deviceTime = new Date(receivedAt.getTime() - minutes(7));
    const entryAt = new Date('2026-07-01T13:01:00Z');
    expect(deviceClockOffsetMs({ receivedAt, deviceTime, entryAt, offline: true })).toBe(-minutes(7));
    expect(deviceClockOffsetMs({ receivedAt, deviceTime, entryAt, offline: false })).toBe(-minutes(7));
  });

  it('without the phone clock: an online entry stands for it, an offline one only shows a clock ahead', () => {
    const ahead = new Date(receivedAt.getTime() + minutes(6));
    const behind = new Date(receivedAt.getTime() - minutes(600));
    expect(deviceClockOffsetMs({ receivedAt, deviceTime: null, entryAt: behind, offline: false })).toBe(-minutes(600));
    expect(deviceClockOffsetMs({ receivedAt, deviceTime: null, entryAt: behind, offline: true })).toBeNull();
    expect(deviceClockOffsetMs({ receivedAt, deviceTime: null, entryAt: ahead, offline: true })).toBe(minutes(6));
  });

  it('flags an offset beyond the tolerance, either way, and never an unknown one', () => {
    expect(isClockSkewed(minutes(5), DEFAULT_EVV_SETTINGS)).toBe(false);
    expect(isClockSkewed(minutes(5) + 1, DEFAULT_EVV_SETTINGS)).toBe(true);
    expect(isClockSkewed(-minutes(5) - 1, DEFAULT_EVV_SETTINGS)).toBe(true);
    expect(isClockSkewed(null, DEFAULT_EVV_SETTINGS)).toBe(false);
    expect(isClockSkewed(minutes(7), { clockSkewToleranceMinutes: 10 })).toBe(false);
  });
});
