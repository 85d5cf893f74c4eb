import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format';

describe('date display (spec section 9)', () => {
  it('writes dates as MM/DD/YY without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('01/05/26');
    expect(formatDate('2026-01-05T23:30:00Z')).toBe('01/05/26');
  });

  it('writes datetimes as MM/DD/YY h:mm A in local time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 13, 7).toISOString())).toBe('01/05/26 1:07 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 30).toISOString())).toBe('12/31/26 12:30 AM');
  });

  it('leaves an unreadable value as it is', () => {
    expect(formatDateTime('garbage')).toBe('garbage');
    expect(formatDate('soon')).toBe('soon');
  });
});
