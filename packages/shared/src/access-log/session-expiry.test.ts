import { describe, expect, it } from 'vitest';
import { isSessionExpired } from './session-expiry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = Date.parse('2026-11-26T12:00:00Z');

describe('isSessionExpired (spec section 9: 30 minutes idle, 12 hours from sign-in)', () => {
  it('keeps a session active 29 minutes ago and ends one idle for 31', () => {
    expect(isSessionExpired({ lastActivity: now - 29 * MINUTE, signedInAt: now - HOUR, now })).toBe(false);
    expect(isSessionExpired({ lastActivity: now - 30 * MINUTE, signedInAt: now - HOUR, now })).toBe(false);
    expect(isSessionExpired({ lastActivity: now - 31 * MINUTE, signedInAt: now - HOUR, now })).toBe(true);
  });

  it('ends a session signed in more than 12 hours ago however active', () => {
    expect(isSessionExpired({ lastActivity: now - MINUTE, signedInAt: now - 12 * HOUR, now })).toBe(false);
    expect(isSessionExpired({ lastActivity: now - MINUTE, signedInAt: now - 12 * HOUR - 1000, now })).toBe(true);
  });

  it("ends a session idle past the company's shorter limit, and never keeps one past the spec's 30 minutes", () => {
    const tenMinutes = { signedInAt: now - HOUR, now, inactivityLimitMs: 10 * MINUTE };
    expect(isSessionExpired({ ...tenMinutes, lastActivity: now - 10 * MINUTE })).toBe(false);
    expect(isSessionExpired({ ...tenMinutes, lastActivity: now - 10 * MINUTE - 1 })).toBe(true);
    const longer = { signedInAt: now - HOUR, now, inactivityLimitMs: 90 * MINUTE };
    expect(isSessionExpired({ ...longer, lastActivity: now - 31 * MINUTE })).toBe(true);
  });

  it('does not end a session on a time it does not know', () => {
    expect(isSessionExpired({ lastActivity: null, signedInAt: null, now })).toBe(false);
  });
});
