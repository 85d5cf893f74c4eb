import { describe, expect, it } from 'vitest';
import { visitWhen } from './visit-when';

describe('visitWhen', () => {
  it('says a visit in the spec format in English, across the spring DST change', () => {
    const start = new Date('2026-03-07T14:00:00Z');
    expect(visitWhen(start, new Date('2026-03-07T18:00:00Z'), 'America/New_York', 'en')).toBe('Sat 03/07/26 9:00 AM-1:00 PM EST');
    expect(visitWhen(new Date('2026-03-08T13:00:00Z'), new Date('2026-03-08T17:00:00Z'), 'America/New_York', 'en')).toBe(
      'Sun 03/08/26 9:00 AM-1:00 PM EDT',
    );
  });

  it('names the end day of an overnight visit', () => {
    expect(visitWhen(new Date('2026-03-08T02:00:00Z'), new Date('2026-03-08T14:00:00Z'), 'America/Chicago', 'en')).toBe(
      'Sat 03/07/26 8:00 PM-Sun 03/08/26 9:00 AM CDT',
    );
  });

  it('says it through Intl in Spanish', () => {
    const text = visitWhen(new Date('2026-03-07T14:00:00Z'), new Date('2026-03-07T18:00:00Z'), 'America/New_York', 'es');
    expect(text).toMatch(/^sáb, 7\/3\/26/);
    expect(text).toContain('9:00');
    expect(text).not.toContain('AM');
  });
});
