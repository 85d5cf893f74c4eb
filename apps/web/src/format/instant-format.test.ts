import { describe, expect, it } from 'vitest';
import { formatDateOfBirth, formatInstant, formatInstantInterval, formatInstantRange } from './instant-format';

const NEW_YORK = 'America/New_York';
const UTC = { viewerZone: 'UTC' };

describe('instants in the shown language', () => {
  it('keeps the spec’s English byte for byte', () => {
    expect(formatInstant('2026-11-01T06:30:00Z', NEW_YORK, { ...UTC, language: 'en' })).toBe('11/01/26 1:30 AM EST');
    expect(formatDateOfBirth('1942-03-14', '2026-11-26', 'en')).toBe('03/14/1942 (84)');
  });

  it('writes Spanish through Intl in es-US across the fall-back night in New York', () => {
    expect(formatInstant('2026-11-01T05:30:00Z', NEW_YORK, { ...UTC, language: 'es' })).toBe('01/11/26, 1:30 a.m. EDT');
    expect(formatInstant('2026-11-01T06:30:00Z', NEW_YORK, { ...UTC, language: 'es' })).toBe('01/11/26, 1:30 a.m. EST');
    expect(formatInstantRange('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z', NEW_YORK, { ...UTC, language: 'es' })).toBe(
      '10:00 p.m. EDT – 01/11/26, 6:00 a.m. EST',
    );
    expect(formatInstantInterval('2026-03-08T06:00:00Z/2026-03-08T08:00:00Z', NEW_YORK, { ...UTC, language: 'es' })).toBe(
      '1:00 a.m. EST – 4:00 a.m. EDT',
    );
    expect(formatDateOfBirth('1942-03-14', '2026-11-26', 'es')).toBe('14/03/1942 (84)');
  });
});
