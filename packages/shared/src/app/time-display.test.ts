import { describe, expect, it } from 'vitest';
import {
  ageOn,
  canonicalTimeZone,
  formatDateOfBirth,
  formatInstant,
  formatInstantRange,
  todayInZone,
  zoneAbbreviation,
  zoneDiffersFromViewer,
} from './time-display';

const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';
const UTC = { viewerZone: 'UTC' };

// The 2026 changes in the US: spring forward Sunday 8 March at 2:00 AM, fall back Sunday 1 November at 2:00 AM.
describe('an instant on the branch wall clock across the 2026 daylight saving changes', () => {
  it('keeps a 9:00 AM Chicago visit at 9:00 AM for a viewer in UTC, CST before and CDT after 8 March', () => {
    expect(formatInstant('2026-03-06T15:00:00Z', CHICAGO, UTC)).toBe('03/06/26 9:00 AM CST');
    expect(formatInstant('2026-03-09T14:00:00Z', CHICAGO, UTC)).toBe('03/09/26 9:00 AM CDT');
    // The same UTC hour on the other side of the change is another wall-clock hour.
    expect(formatInstant('2026-03-09T15:00:00Z', CHICAGO, UTC)).toBe('03/09/26 10:00 AM CDT');
  });

  it('crosses the spring-forward night hour by hour: 1:59 AM CST is followed by 3:00 AM CDT', () => {
    expect(formatInstant('2026-03-08T07:59:00Z', CHICAGO, UTC)).toBe('03/08/26 1:59 AM CST');
    expect(formatInstant('2026-03-08T08:00:00Z', CHICAGO, UTC)).toBe('03/08/26 3:00 AM CDT');
    expect(formatInstant('2026-03-08T06:59:00Z', NEW_YORK, UTC)).toBe('03/08/26 1:59 AM EST');
    expect(formatInstant('2026-03-08T07:00:00Z', NEW_YORK, UTC)).toBe('03/08/26 3:00 AM EDT');
  });

  it('tells the two 1:30 AMs of the fall-back night apart by their abbreviation', () => {
    expect(formatInstant('2026-11-01T06:30:00Z', CHICAGO, UTC)).toBe('11/01/26 1:30 AM CDT');
    expect(formatInstant('2026-11-01T07:30:00Z', CHICAGO, UTC)).toBe('11/01/26 1:30 AM CST');
    expect(formatInstant('2026-11-01T05:30:00Z', NEW_YORK, UTC)).toBe('11/01/26 1:30 AM EDT');
    expect(formatInstant('2026-11-01T06:30:00Z', NEW_YORK, UTC)).toBe('11/01/26 1:30 AM EST');
  });

  it('shows the same instant in each row’s own branch zone', () => {
    const at = '2026-07-15T14:00:00Z';
    expect(formatInstant(at, CHICAGO, UTC)).toBe('07/15/26 9:00 AM CDT');
    expect(formatInstant(at, NEW_YORK, UTC)).toBe('07/15/26 10:00 AM EDT');
  });

  it('names the zone only where it can differ from the viewer’s, unless told', () => {
    const at = '2026-12-01T15:00:00Z';
    expect(formatInstant(at, CHICAGO, { viewerZone: CHICAGO })).toBe('12/01/26 9:00 AM');
    // New York and Chicago differ every day; two zones that agree today would still differ on another.
    expect(formatInstant(at, CHICAGO, { viewerZone: NEW_YORK })).toBe('12/01/26 9:00 AM CST');
    expect(formatInstant(at, CHICAGO, { viewerZone: CHICAGO, zoneName: 'always' })).toBe('12/01/26 9:00 AM CST');
    expect(formatInstant(at, CHICAGO, { viewerZone: 'UTC', zoneName: 'never' })).toBe('12/01/26 9:00 AM');
    // Aliases of one zone are the same zone.
    expect(zoneDiffersFromViewer('US/Central', CHICAGO)).toBe(false);
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
  });

  it('writes dates without the abbreviation, times, weekdays and file times in four-digit years', () => {
    const at = '2026-03-09T04:30:00Z';
    // 11:30 PM on Sunday the 8th in Chicago, already Monday the 9th in UTC.
    expect(formatInstant(at, CHICAGO, { ...UTC, style: 'date' })).toBe('03/08/26');
    expect(formatInstant(at, CHICAGO, { ...UTC, style: 'time' })).toBe('11:30 PM CDT');
    expect(formatInstant(at, CHICAGO, { ...UTC, style: 'weekdayDate' })).toBe('Sun 03/08/26');
    expect(formatInstant(at, CHICAGO, { ...UTC, style: 'fileDateTime', zoneName: 'always' })).toBe('03/08/2026 11:30 PM CDT');
    expect(formatInstant(new Date(at), CHICAGO, UTC)).toBe('03/08/26 11:30 PM CDT');
    // PostgreSQL's own text form of a timestamptz.
    expect(formatInstant('2026-03-09 04:30:00+00', CHICAGO, UTC)).toBe('03/08/26 11:30 PM CDT');
  });

  it('writes an unknown zone in UTC, saying so, and leaves an unreadable instant as given', () => {
    expect(formatInstant('2026-03-09T14:00:00Z', 'Mars/Olympus', { viewerZone: 'UTC' })).toBe('03/09/26 2:00 PM UTC');
    expect(formatInstant('not a time', CHICAGO, UTC)).toBe('not a time');
    expect(zoneAbbreviation(CHICAGO, '2026-01-01T12:00:00Z')).toBe('CST');
    expect(zoneAbbreviation(NEW_YORK, new Date('2026-06-01T12:00:00Z'))).toBe('EDT');
  });
});

describe('a span of a visit', () => {
  it('writes start and end with one abbreviation, the end’s date when it ends another day', () => {
    expect(formatInstantRange('2026-03-09T14:00:00Z', '2026-03-09T18:00:00Z', CHICAGO, UTC)).toBe('9:00 AM – 1:00 PM CDT');
    expect(formatInstantRange('2026-03-10T03:00:00Z', '2026-03-10T12:00:00Z', CHICAGO, { viewerZone: CHICAGO })).toBe(
      '10:00 PM – 03/10/26 7:00 AM',
    );
  });

  it('names both abbreviations of a night across a change', () => {
    // 10:00 PM Saturday to 6:00 AM Sunday over the 2026 spring-forward night: 7 hours of work.
    expect(formatInstantRange('2026-03-08T04:00:00Z', '2026-03-08T11:00:00Z', CHICAGO, UTC)).toBe(
      '10:00 PM CST – 03/08/26 6:00 AM CDT',
    );
    // Over the fall-back night in New York: 9 hours.
    expect(formatInstantRange('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z', NEW_YORK, UTC)).toBe(
      '10:00 PM EDT – 11/01/26 6:00 AM EST',
    );
  });
});

describe('calendar dates', () => {
  it('takes today in the branch zone, not the viewer’s', () => {
    // 4:30 AM UTC on 9 March is still the 8th in Chicago (CDT since 2:00 AM that night).
    expect(todayInZone(CHICAGO, new Date('2026-03-09T04:30:00Z'))).toBe('2026-03-08');
    expect(todayInZone(NEW_YORK, new Date('2026-11-01T04:30:00Z'))).toBe('2026-11-01');
  });

  it('writes a date of birth with its four-digit year and the age, never shifting the day', () => {
    expect(formatDateOfBirth('1942-03-14', '2026-11-26')).toBe('03/14/1942 (84)');
    expect(formatDateOfBirth('1942-11-27', '2026-11-26')).toBe('11/27/1942 (83)');
    expect(formatDateOfBirth('1942-11-26', '2026-11-26')).toBe('11/26/1942 (84)');
    // A date-only value is not moved to a previous day by a zone west of UTC.
    expect(formatDateOfBirth('1942-01-01', '2026-01-01')).toBe('01/01/1942 (84)');
    expect(formatDateOfBirth('2030-01-01', '2026-11-26')).toBe('01/01/2030');
    expect(formatDateOfBirth('unknown', '2026-11-26')).toBe('unknown');
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(26);
    expect(ageOn('2000-02-29', '2027-03-01')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
    expect(ageOn('bad', '2027-03-01')).toBeNull();
  });
});

describe('another locale (issue 27): Intl in US Spanish, the zone abbreviation kept', () => {
  const ES = { viewerZone: 'UTC', locale: 'es-US' };

  it('writes the day first and a.m./p.m. across the spring-forward night in New York', () => {
    expect(formatInstant('2026-03-08T06:59:00Z', NEW_YORK, ES)).toBe('08/03/26, 1:59 a.m. EST');
    expect(formatInstant('2026-03-08T07:00:00Z', NEW_YORK, ES)).toBe('08/03/26, 3:00 a.m. EDT');
  });

  it('tells the two 1:30 a.m. of the fall-back night apart', () => {
    expect(formatInstant('2026-11-01T05:30:00Z', NEW_YORK, ES)).toBe('01/11/26, 1:30 a.m. EDT');
    expect(formatInstant('2026-11-01T06:30:00Z', NEW_YORK, ES)).toBe('01/11/26, 1:30 a.m. EST');
  });

  it('writes each style with Spanish weekdays, and leaves English as the spec has it', () => {
    const at = '2026-03-09T04:30:00Z';
    expect(formatInstant(at, CHICAGO, { ...ES, style: 'date' })).toBe('08/03/26');
    expect(formatInstant(at, CHICAGO, { ...ES, style: 'time' })).toBe('11:30 p.m. CDT');
    expect(formatInstant(at, CHICAGO, { ...ES, style: 'weekdayDate' })).toBe('dom, 08/03/26');
    expect(formatInstant(at, CHICAGO, { ...ES, style: 'weekdayDateTime' })).toBe('dom, 08/03/26, 11:30 p.m. CDT');
    expect(formatInstant(at, CHICAGO, { ...ES, style: 'fileDateTime', zoneName: 'always' })).toBe('08/03/2026, 11:30 p.m. CDT');
    expect(formatInstant('2026-12-01T15:00:00Z', CHICAGO, { viewerZone: CHICAGO, locale: 'es-US' })).toBe('01/12/26, 9:00 a.m.');
    expect(formatInstant(at, CHICAGO, { ...UTC, locale: 'en-US' })).toBe('03/08/26 11:30 PM CDT');
    expect(formatInstant('not a time', CHICAGO, ES)).toBe('not a time');
  });

  it('writes a span over the fall-back night with both abbreviations', () => {
    expect(formatInstantRange('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z', NEW_YORK, ES)).toBe(
      '10:00 p.m. EDT – 01/11/26, 6:00 a.m. EST',
    );
    expect(formatInstantRange('2026-03-09T14:00:00Z', '2026-03-09T18:00:00Z', CHICAGO, ES)).toBe('9:00 a.m. – 1:00 p.m. CDT');
  });

  it('writes a date of birth day first with its age, never shifting the day', () => {
    expect(formatDateOfBirth('1942-03-14', '2026-11-26', 'es-US')).toBe('14/03/1942 (84)');
    expect(formatDateOfBirth('1942-01-01', '2026-01-01', 'es-US')).toBe('01/01/1942 (84)');
    expect(formatDateOfBirth('2030-01-01', '2026-11-26', 'es-US')).toBe('01/01/2030');
    expect(formatDateOfBirth('1942-03-14', '2026-11-26', 'en-US')).toBe('03/14/1942 (84)');
  });
});
