import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format';

describe('date display (spec section 9)', () => {
  it('writes dates as MM/DD/YY without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('01/05/26');
    expect(formatDate('2026-01-05T23:30:00Z')).toBe('01/05/26');
  });

  it('leaves an unreadable value as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('writes Spanish dates day first, as Intl does for US Spanish', () => {
    expect(formatDate('2026-01-05', 'es')).toBe('05/01/26');
    expect(formatDate('2026-12-31T23:30:00Z', 'es')).toBe('31/12/26');
    expect(formatDate('soon', 'es')).toBe('soon');
  });
});
