import { describe, expect, it } from 'vitest';
import { clientFlagsOf } from './context';

describe('clientFlagsOf', () => {
  it('reads the offline, timestamp, version, mobile and device time headers', () => {
    const flags = clientFlagsOf(
      new Headers({
        'x-offline': 'true',
        'x-offline-timestamp': '2026-11-15T09:30:00-05:00',
        'x-app-version': ' 3.13.55 ',
        'x-mobile-app': '1',
        'x-device-time': '2026-11-17T08:00:05-05:00',
      }),
    );
    expect(flags).toEqual({
      offline: true,
      offlineTimestamp: '2026-11-15T14:30:00.000Z',
      appVersion: '3.13.55',
      mobileApp: true,
      deviceTime: '2026-11-17T13:00:05.000Z',
    });
  });

  it('defaults to an online web request and ignores a timestamp that is not a time', () => {
    expect(clientFlagsOf(new Headers({ 'x-offline': '0', 'x-offline-timestamp': 'yesterday', 'x-device-time': 'now' }))).toEqual({
      offline: false,
      offlineTimestamp: null,
      appVersion: null,
      mobileApp: false,
      deviceTime: null,
    });
  });
});
