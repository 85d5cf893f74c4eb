import { describe, expect, it } from 'vitest';
import { calendarDay, milesFromMetres, visitClock, visitDay, visitHours } from './visit-format';

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

  it('writes Spanish through Intl in es-US, the English unchanged', () => {
    expect(visitDay('2026-07-14T13:00:00Z', 'America/New_York', 'es')).toBe('mar, 14/07/26');
    expect(visitDay('2026-01-06T02:30:00Z', 'America/New_York', 'es')).toBe('lun, 05/01/26');
    expect(visitHours('2026-07-14T13:00:00Z', '2026-07-14T17:30:00Z', 'America/New_York', 'es')).toBe('9:00 a.m. – 1:30 p.m.');
    expect(visitDay('2026-07-14T13:00:00Z', 'America/New_York', 'en')).toBe('Tue 07/14/26');
    expect(calendarDay('2031-01-15', 'es')).toBe('mié, 15/01/31');
    expect(calendarDay('2031-01-15', 'en')).toBe('Wed 01/15/31');
    expect(visitDay('not a date', 'America/New_York', 'es')).toBe('not a date');
    expect(visitClock('2026-07-14T13:00:00Z', 'Mars/Olympus_Mons', 'es')).toBe('2026-07-14T13:00:00Z');
  });

  it('keeps the wall clock across the 2026 changes in New York, in Spanish too', () => {
    // Spring forward on 8 March: 1:59 a.m. EST is followed by 3:00 a.m. EDT.
    expect(visitClock('2026-03-08T06:59:00Z', 'America/New_York', 'es')).toBe('1:59 a.m.');
    expect(visitClock('2026-03-08T07:00:00Z', 'America/New_York', 'es')).toBe('3:00 a.m.');
    expect(visitClock('2026-03-08T07:00:00Z', 'America/New_York', 'en')).toBe('3:00 AM');
    // Fall back on 1 November: a night visit from 10:00 PM to 6:00 AM lasts 9 hours.
    expect(visitHours('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z', 'America/New_York', 'es')).toBe('10:00 p.m. – 6:00 a.m.');
    expect(visitDay('2026-11-01T05:30:00Z', 'America/New_York', 'es')).toBe('dom, 01/11/26');
    expect(visitDay('2026-11-01T03:30:00Z', 'America/New_York', 'es')).toBe('sáb, 31/10/26');
  });

  it('writes distances in miles', () => {
    expect(milesFromMetres(1609.344)).toBe('1.0 mi');
    expect(milesFromMetres(3862)).toBe('2.4 mi');
    expect(milesFromMetres(32_000)).toBe('20 mi');
    expect(milesFromMetres(null)).toBe('—');
  });

  it('writes distances through Intl in the shown language, the English unchanged', () => {
    expect(milesFromMetres(3862, 'en')).toBe('2.4 mi');
    expect(milesFromMetres(3862, 'es')).toBe('2.4 mi');
    expect(milesFromMetres(32_000, 'es')).toBe('20 mi');
    expect(milesFromMetres(Number.POSITIVE_INFINITY, 'es')).toBe('—');
  });
});
