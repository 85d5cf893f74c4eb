import { describe, expect, it } from 'vitest';
import { formatPeriod } from './payroll-report.period';

describe('a pay period as the page names it', () => {
  it('keeps English as it was: both months, the year once', () => {
    expect(formatPeriod('2031-03-01', '2031-03-15', 'en')).toBe('Mar 1 – Mar 15, 2031');
    expect(formatPeriod('2030-12-16', '2031-01-15', 'en')).toBe('Dec 16 – Jan 15, 2031');
  });

  it('writes Spanish as Intl ranges it in es-US, never moving a day', () => {
    expect(formatPeriod('2031-03-01', '2031-03-15', 'es')).toBe('1–15 de mar de 2031');
    expect(formatPeriod('2031-02-16', '2031-03-15', 'es')).toBe('16 de feb – 15 de mar 2031');
    expect(formatPeriod('2030-12-16', '2031-01-15', 'es')).toBe('16 de dic de 2030 – 15 de ene de 2031');
  });
});
