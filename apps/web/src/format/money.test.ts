import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCount, formatMoney, formatPercent } from './money';

describe('money', () => {
  it('shows cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
    expect(centsToDollars(2550)).toBe(25.5);
  });

  it('turns typed dollars into integer cents, rounding to the cent', () => {
    expect(dollarsToCents(25.5)).toBe(2550);
    expect(dollarsToCents('1,200.00')).toBe(120000);
    expect(dollarsToCents('$7.255')).toBe(726);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });

  it('answers null for blank or unreadable amounts', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('  ')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents(null)).toBeNull();
  });

  it('shows dollars in Spanish as US Spanish writes them, and counts with their grouping', () => {
    expect(formatMoney(123456, 'es')).toBe('$1,234.56');
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(formatCount(2000, 'es')).toBe('2,000');
    expect(formatCount(2000, 'en')).toBe('2,000');
  });

  it('writes a whole percentage as each language does', () => {
    expect(formatPercent(45, 'en')).toBe('45%');
    expect(formatPercent(45, 'es')).toBe('45%');
    expect(formatPercent(99.6, 'en')).toBe('100%');
  });
});
