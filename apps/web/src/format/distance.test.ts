import { describe, expect, it } from 'vitest';
import { formatKilometres, formatMiles } from './distance';

describe('distances through Intl', () => {
  it('keeps the English it always showed: one decimal below 10, whole from 10 on', () => {
    expect(formatMiles(1609.344, 'en')).toBe('1.0 mi');
    expect(formatMiles(3862, 'en')).toBe('2.4 mi');
    expect(formatMiles(32_000, 'en')).toBe('20 mi');
    expect(formatKilometres(5150, 'en')).toBe('5.2 km');
    expect(formatKilometres(25_000, 'en')).toBe('25 km');
  });

  it('writes US Spanish, with its grouping past a thousand', () => {
    expect(formatMiles(3862, 'es')).toBe('2.4 mi');
    expect(formatMiles(1609.344 * 1234, 'es')).toBe('1,234 mi');
    expect(formatKilometres(5150, 'es')).toBe('5.2 km');
  });

  it('answers null for an unknown distance', () => {
    expect(formatMiles(null)).toBeNull();
    expect(formatMiles(Number.NaN)).toBeNull();
    expect(formatKilometres(null)).toBeNull();
  });
});
