import type { ShiftStatus } from './shifts.constants';

/** What isTimeEntryMissing reads of a shift: its status, scheduled times and recorded check-in and check-out. */
export interface ShiftTimes {
  status: ShiftStatus;
  startAt: Date;
  endAt: Date;
  checkIn: Date | null;
  checkOut: Date | null;
}

/**
 * The spec's timeEntryMissing flag (spec "Shift"; docs/glossary.md "Missing visit"): a shift that is not cancelled
 * lacks a time it should already have: no check-in once its start has passed, or no check-out once its end has passed.
 * A visit under way (checked in, before its end) is not flagged: its check-out is not due yet. The shifts view
 * (apps/server/src/features/shifts/shifts.view.ts) applies the same rule in SQL.
 */
export function isTimeEntryMissing(shift: ShiftTimes, now: Date): boolean {
  if (shift.status === 'cancelled') return false;
  const t = now.getTime();
  if (shift.startAt.getTime() >= t) return false;
  if (!shift.checkIn) return true;
  return !shift.checkOut && shift.endAt.getTime() < t;
}
