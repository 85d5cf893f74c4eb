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

describe('loadConfig: message delivery', () => {
  it('keeps every channel in the outbox when nothing is configured', () => {
    expect(loadConfig({}).delivery).toEqual({ email: null, sms: null });
  });

  it('reads SMTP and the SMS provider, Twilio by default', () => {
    const { delivery } = loadConfig({
      SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
      MAIL_FROM: 'Hearth <care@example.com>',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15550001111',
    });
    expect(delivery.email).toEqual({ smtpUrl: 'smtp://mailer:secret@mail.example.com:587', from: 'Hearth <care@example.com>' });
    expect(delivery.sms).toEqual({
      apiUrl: 'https://api.twilio.com/2010-04-01',
      accountSid: 'AC123',
      authToken: 'token',
      from: '+15550001111',
    });
    const other = loadConfig({ SMS_API_URL: 'http://127.0.0.1:9/v1/', SMS_ACCOUNT_SID: 'a', SMS_AUTH_TOKEN: 'b', SMS_FROM: 'c' });
    expect(other.delivery.sms?.apiUrl).toBe('http://127.0.0.1:9/v1');
  });

  it('refuses a partial channel, naming what is missing', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow('set MAIL_FROM');
    expect(() => loadConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_FROM: '+1555' })).toThrow('set SMS_AUTH_TOKEN');
    expect(() => loadConfig({ SMTP_URL: 'http://mail', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL must start with smtp/);
  });
});
