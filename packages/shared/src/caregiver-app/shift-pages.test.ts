import { describe, expect, it } from 'vitest';
import type { CaregiverShiftOutput, CaregiverShiftsPage } from './caregiver-app.schema';
import { nextShiftsPageInput, previousShiftsPageInput } from './shift-pages';

const shift = (startTimestamp: string) => ({ startTimestamp }) as CaregiverShiftOutput;
const page = (hasBefore: boolean, hasAfter: boolean): CaregiverShiftsPage => ({
  shifts: [shift('2031-03-01T14:00:00.000Z'), shift('2031-03-02T14:00:00.000Z')],
  hasBefore,
  hasAfter,
});

describe('shift page cursors', () => {
  it('continues just after the last start and just before the first', () => {
    expect(nextShiftsPageInput(page(true, true), 'missing')).toEqual({ after: '2031-03-02T14:00:00.001Z', status: 'missing' });
    expect(previousShiftsPageInput(page(true, true))).toEqual({ before: '2031-03-01T14:00:00.000Z' });
  });

  it('stops at the ends', () => {
    expect(nextShiftsPageInput(page(true, false))).toBeNull();
    expect(previousShiftsPageInput(page(false, true))).toBeNull();
    expect(nextShiftsPageInput({ shifts: [], hasBefore: false, hasAfter: true })).toBeNull();
  });
});
