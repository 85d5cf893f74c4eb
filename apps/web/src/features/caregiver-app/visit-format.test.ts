import { describe, expect, it } from 'vitest';
import { milesFromMetres, visitDay, visitHours } from './visit-format';

describe('visit wording in the caregiver app', () => {
  it('shows the wall clock of the visit zone, whatever the phone zone', () => {
    // 13:00 UTC on a July day is 9:00 AM in Boston (EDT) and 6:00 AM in Los Angeles.
    expect(visitDay('2026-07-14T13:00:00Z', 'America/New_York')).toBe('Tue 07/14/26');
    expect(visitHours('2026-07-14T13:00:00Z', '2026-07-14T17:30:00Z', 'America/New_York')).toBe('9:00 AM – 1:30 PM');
    expect(visitHours('2026-07-14T13:00:00Z', '2026-07-14T17:30:00Z', 'America/Los_Angeles')).toBe('6:00 AM – 10:30 AM');
  });

  it('names the local day of a late-evening visit, not the UTC day', () => {
    expect(visitDay('2026-01-06T02:30:00Z', 'America/New_York')).toBe('Mon 01/05/26');
  });

  it('writes distances in miles', () => {
    expect(milesFromMetres(1609.344)).toBe('1.0 mi');
    expect(milesFromMetres(3862)).toBe('2.4 mi');
    expect(milesFromMetres(32_000)).toBe('20 mi');
    expect(milesFromMetres(null)).toBe('—');
  });
});
