import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: attempt limits', () => {
  it('reads the sign-in and login-link limits, per account below per address by default', () => {
    const config = loadConfig({});
    expect(config.signInRateLimit).toEqual({ max: 30, perAccount: 5, windowSeconds: 900 });
    expect(config.loginLinkRateLimit).toEqual({ perAddress: 10, perUser: 5, windowSeconds: 900 });
    const set = loadConfig({ SIGN_IN_RATE_LIMIT_MAX: '50', SIGN_IN_ACCOUNT_RATE_LIMIT_MAX: '8', LOGIN_LINK_RATE_LIMIT_MAX: '3' });
    expect(set.signInRateLimit).toMatchObject({ max: 50, perAccount: 8 });
    expect(set.loginLinkRateLimit.perAddress).toBe(3);
    // An install that lowered the per-address limit below 5 keeps starting: the account's follows it down.
    expect(loadConfig({ SIGN_IN_RATE_LIMIT_MAX: '3' }).signInRateLimit).toMatchObject({ max: 3, perAccount: 3 });
  });

  it('refuses a per-account limit above the per-address one, naming both variables', () => {
    expect(() => loadConfig({ SIGN_IN_RATE_LIMIT_MAX: '4', SIGN_IN_ACCOUNT_RATE_LIMIT_MAX: '5' })).toThrow(
      'SIGN_IN_ACCOUNT_RATE_LIMIT_MAX must not be above SIGN_IN_RATE_LIMIT_MAX',
    );
    expect(() => loadConfig({ SIGN_IN_ACCOUNT_RATE_LIMIT_MAX: '0' })).toThrow(/SIGN_IN_ACCOUNT_RATE_LIMIT_MAX/);
  });
});
