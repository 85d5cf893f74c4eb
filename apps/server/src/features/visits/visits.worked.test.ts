import { describe, expect, it } from 'vitest';
import { workweeksWindow } from './visits.worked';

/** Payroll's window: the FLSA workweeks (Sunday to Saturday) a pay period touches, a day of margin each side. */
describe('workweeksWindow', () => {
  it('widens a period to the Sunday before its first date and the Saturday after its last', () => {
    const window = workweeksWindow({ from: '2026-11-16', to: '2026-11-30' });
    expect(window.start.toISOString()).toBe('2026-11-14T00:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('keeps a period that already starts on a Sunday and ends on a Saturday', () => {
    const window = workweeksWindow({ from: '2026-11-01', to: '2026-11-14' });
    expect(window.start.toISOString()).toBe('2026-10-31T00:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});
