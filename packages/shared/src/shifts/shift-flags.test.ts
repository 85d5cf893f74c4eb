import { describe, expect, it } from 'vitest';
import { isTimeEntryMissing, type ShiftTimes } from './shift-flags';

const now = new Date('2026-11-02T16:00:00Z');
const shift = (patch: Partial<ShiftTimes>): ShiftTimes => ({
  status: 'scheduled',
  startAt: new Date('2026-11-02T14:00:00Z'),
  endAt: new Date('2026-11-02T18:00:00Z'),
  checkIn: null,
  checkOut: null,
  ...patch,
});

describe('isTimeEntryMissing', () => {
  it('flags a started shift without a check-in', () => {
    expect(isTimeEntryMissing(shift({}), now)).toBe(true);
    expect(isTimeEntryMissing(shift({ status: 'missed' }), now)).toBe(true);
  });

  it('does not flag a future shift, a cancelled one, or a visit under way', () => {
    expect(isTimeEntryMissing(shift({ startAt: new Date('2026-11-02T17:00:00Z') }), now)).toBe(false);
    expect(isTimeEntryMissing(shift({ status: 'cancelled' }), now)).toBe(false);
    expect(isTimeEntryMissing(shift({ status: 'in_progress', checkIn: new Date('2026-11-02T14:05:00Z') }), now)).toBe(false);
  });

  it('flags a check-out still missing once the end has passed', () => {
    const later = new Date('2026-11-02T19:00:00Z');
    const checkIn = new Date('2026-11-02T14:05:00Z');
    expect(isTimeEntryMissing(shift({ status: 'in_progress', checkIn }), later)).toBe(true);
    expect(isTimeEntryMissing(shift({ status: 'completed', checkIn, checkOut: new Date('2026-11-02T18:00:00Z') }), later)).toBe(
      false,
    );
  });
});
