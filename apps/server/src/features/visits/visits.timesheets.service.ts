import { and, eq } from 'drizzle-orm';
import type { SaveShiftTimesheetInput, ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import { TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { textOrNull } from '../clients/clients.lookup';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { findShift } from '../shifts/shifts.lookup';
import { checkShiftLocks, getShift } from '../shifts/shifts.service';
import { publishShiftChange } from '../shifts/shifts.live';
import { syncShift, writeTimesheet, type TimesheetRow } from './visits.timesheets';

/** Tolerance for the office computer's clock when refusing times in the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The office's edit of a visit's times (saveShiftTimesheet {scheduleId, id?, checkIn?, checkOut?, reasonCode,
 * reasonNote?}; docs/glossary.md "EVV": office edits carry a reason code and are audited). With `id` it edits that
 * timesheet of the shift, else it adds one. A time given becomes an office entry (type 3); null clears it;
 * omitted leaves it. The check-out must stay after the check-in. The shift's check-in, check-out and status
 * follow (timesFromTimesheets). The pay period lock applies (an override is recorded). Open screens are told (a
 * live 'visits' event).
 * @returns the shift as ShiftOutput.
 * @throws AppError NOT_FOUND "Shift N not found", "Timesheet N not found" (not a timesheet of that shift);
 * BAD_REQUEST for a cancelled shift, times out of order, or a time in the future (an office edit records what
 * happened; a visit to come is not checked in or out ahead); CONFLICT for a lock.
 */
export async function saveShiftTimesheet({
  scope,
  input,
}: {
  scope: Scope;
  input: SaveShiftTimesheetInput;
}): Promise<ShiftOutput> {
  const { row: shift } = await findShift(scope, input.scheduleId, { lock: true });
  if (shift.status === 'cancelled') {
    throw new AppError('BAD_REQUEST', `Shift ${shift.id} is cancelled: its times cannot be edited`);
  }
  const recordLocks = await checkShiftLocks(scope, shift.branchId, [shift.startAt], 'timesheet');
  const current = input.id ? await findTimesheetOf(scope, shift.id, input.id) : null;
  const changes: Partial<typeof shiftTimesheets.$inferInsert> = {
    reasonCode: input.reasonCode,
    reasonNote: textOrNull(input.reasonNote) ?? null,
  };
  if (input.checkIn !== undefined) {
    changes.checkIn = input.checkIn ? new Date(input.checkIn) : null;
    changes.checkInType = input.checkIn ? TIMESHEET_TYPES.office : null;
  }
  if (input.checkOut !== undefined) {
    changes.checkOut = input.checkOut ? new Date(input.checkOut) : null;
    changes.checkOutType = input.checkOut ? TIMESHEET_TYPES.office : null;
  }
  const checkIn = changes.checkIn === undefined ? (current?.checkIn ?? null) : changes.checkIn;
  const checkOut = changes.checkOut === undefined ? (current?.checkOut ?? null) : changes.checkOut;
  if (!checkIn && !checkOut) {
    throw new AppError('BAD_REQUEST', 'checkIn: Give a check-in or a check-out time', {
      checkIn: ['Give a check-in or a check-out time'],
    });
  }
  if (checkIn && checkOut && checkOut <= checkIn) {
    throw new AppError('BAD_REQUEST', 'checkOut: The check-out must be after the check-in', {
      checkOut: ['The check-out must be after the check-in'],
    });
  }
  const latest = Date.now() + CLOCK_SKEW_MS;
  for (const [field, time, label] of [
    ['checkIn', checkIn, 'check-in'],
    ['checkOut', checkOut, 'check-out'],
  ] as const) {
    if (time && time.getTime() > latest) {
      const message = `The ${label} cannot be in the future: record the times once the visit has happened`;
      throw new AppError('BAD_REQUEST', `${field}: ${message}`, { [field]: [message] });
    }
  }
  await writeTimesheet(scope, shift, current?.id ?? null, changes);
  await recordLocks(shift.id);
  await publishShiftChange(scope.db, { topic: 'visits', shiftId: shift.id });
  return getShift({ scope, input: { id: shift.id } });
}

/** @throws AppError NOT_FOUND "Timesheet N not found" unless timesheet `id` belongs to shift `shiftId`. */
async function findTimesheetOf(scope: Scope, shiftId: number, id: number): Promise<TimesheetRow> {
  const [row] = await scope.db
    .select()
    .from(shiftTimesheets)
    .where(and(eq(shiftTimesheets.id, id), eq(shiftTimesheets.shiftId, shiftId)));
  if (!row) throw notFound('Timesheet', id);
  return row;
}

/**
 * Deletes a timesheet (deleteTimesheet {id}) of a shift in scope; the shift's check-in, check-out and status
 * follow (timesFromTimesheets). The pay period lock applies (an override is recorded). Open screens are told (a
 * live 'visits' event).
 * @returns the shift as ShiftOutput.
 * @throws AppError NOT_FOUND "Timesheet N not found" when missing or its shift is another branch's; BAD_REQUEST
 * for a cancelled shift; CONFLICT for a lock.
 */
export async function deleteTimesheet({ scope, input }: { scope: Scope; input: { id: number } }): Promise<ShiftOutput> {
  const [found] = await scope.db
    .select({ shiftId: shiftTimesheets.shiftId })
    .from(shiftTimesheets)
    .innerJoin(shifts, eq(shifts.id, shiftTimesheets.shiftId))
    .where(and(eq(shiftTimesheets.id, input.id), inBranchScope(scope, shifts.branchId)));
  if (!found) throw notFound('Timesheet', input.id);
  const { row: shift } = await findShift(scope, found.shiftId, { lock: true });
  if (shift.status === 'cancelled') {
    throw new AppError('BAD_REQUEST', `Shift ${shift.id} is cancelled: its times cannot be edited`);
  }
  const recordLocks = await checkShiftLocks(scope, shift.branchId, [shift.startAt], 'timesheet');
  await scope.db.delete(shiftTimesheets).where(eq(shiftTimesheets.id, input.id));
  await syncShift(scope, shift);
  await recordLocks(shift.id);
  await publishShiftChange(scope.db, { topic: 'visits', shiftId: shift.id });
  return getShift({ scope, input: { id: shift.id } });
}
