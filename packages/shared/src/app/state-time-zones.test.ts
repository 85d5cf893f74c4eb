import { describe, expect, it } from 'vitest';
import { timeZonesOfState } from './state-time-zones';
import { DEFAULT_TIMEZONE } from './app.constants';

const STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

describe('timeZonesOfState', () => {
  it('knows every state and DC, each zone a valid IANA name', () => {
    for (const state of STATES) {
      const zones = timeZonesOfState(state);
      expect(zones.length, state).toBeGreaterThan(0);
      for (const zone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
    }
  });

  it('names the main zone first and both zones of a split state, in any case', () => {
    expect(timeZonesOfState('ne')).toEqual(['America/Chicago', 'America/Denver']);
    expect(timeZonesOfState(' TX ')[0]).toBe('America/Chicago');
    expect(timeZonesOfState('MA')).toEqual([DEFAULT_TIMEZONE]);
    expect(timeZonesOfState('FL')).toEqual([DEFAULT_TIMEZONE, 'America/Chicago']);
    expect(timeZonesOfState('CA')).toEqual(['America/Los_Angeles']);
  });

  it('knows nothing of a code that is no US state', () => {
    expect(timeZonesOfState('ON')).toEqual([]);
    expect(timeZonesOfState('')).toEqual([]);
  });
});
