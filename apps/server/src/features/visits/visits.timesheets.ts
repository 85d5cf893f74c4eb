import { eq } from 'drizzle-orm';
import type { ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';

/**
 * A visit's timesheets and the shift that mirrors them: the one write of a visit's times, whether the phone
 * records them (visits.record.ts) or the office edits them (visits.timesheets.service.ts).
 */

export type TimesheetRow = typeof shiftTimesheets.$inferSelect;
type TimesheetChanges = Partial<typeof shiftTimesheets.$inferInsert>;
type ShiftRow = typeof shifts.$inferSelect;

/**
 * The shift's check-in, check-out and status from its timesheets (the shift mirrors them, shifts.schema.ts):
 * check_in_at is the earliest check-in, check_out_at the latest check-out. Status: in_progress while a timesheet
 * has a check-in and no check-out, completed when there is a check-in and every timesheet with one is checked
 * out, and with no check-in left back to scheduled, except that a missed shift stays missed (marking visits
 * missed is the office's or a job's call, not a side effect of removing times). A cancelled shift keeps its
 * status.
 */
export function timesFromTimesheets(
  status: ShiftStatus,
  sheets: Pick<TimesheetRow, 'checkIn' | 'checkOut'>[],
): { checkInAt: Date | null; checkOutAt: Date | null; status: ShiftStatus } {
  const ins = sheets.flatMap((t) => (t.checkIn ? [t.checkIn.getTime()] : []));
  const outs = sheets.flatMap((t) => (t.checkOut ? [t.checkOut.getTime()] : []));
  const checkInAt = ins.length ? new Date(Math.min(...ins)) : null;
  const checkOutAt = outs.length ? new Date(Math.max(...outs)) : null;
  if (status === 'cancelled') return { checkInAt, checkOutAt, status };
  const open = sheets.some((t) => t.checkIn && !t.checkOut);
  const next: ShiftStatus = !checkInAt ? (status === 'missed' ? 'missed' : 'scheduled') : open ? 'in_progress' : 'completed';
  return { checkInAt, checkOutAt, status: next };
}

/**
 * Brings the shift's check-in, check-out and status in step with its timesheets (timesFromTimesheets). Used by
 * writeTimesheet and the office's deletion of a timesheet.
 */
export async function syncShift(scope: Scope, shift: Pick<ShiftRow, 'id' | 'status'>): Promise<void> {
  const sheets = await scope.db
    .select({ checkIn: shiftTimesheets.checkIn, checkOut: shiftTimesheets.checkOut })
    .from(shiftTimesheets)
    .where(eq(shiftTimesheets.shiftId, shift.id));
  await scope.db
    .update(shifts)
    .set({ ...timesFromTimesheets(shift.status, sheets), updatedAt: new Date() })
    .where(eq(shifts.id, shift.id));
}

/**
 * Writes a visit's times to the shift's timesheet `currentId` (the `changes` with updatedAt now), or adds a
 * timesheet of the shift created by the acting user when `currentId` is null, then brings the shift's check-in,
 * check-out and status in step (syncShift). Both the phone's check-in and check-out (recordVisitTimes) and the
 * office's edits (saveShiftTimesheet) go through it; each applies its own rules before (who may write which time,
 * the pay period lock, the order of the times).
 * @returns the timesheet row as written.
 * @throws AppError INTERNAL_SERVER_ERROR when no row was written (timesheet `currentId` is not there).
 */
export async function writeTimesheet(
  scope: Scope,
  shift: Pick<ShiftRow, 'id' | 'status'>,
  currentId: number | null,
  changes: TimesheetChanges,
): Promise<TimesheetRow> {
  const [sheet] =
    currentId !== null
      ? await scope.db
          .update(shiftTimesheets)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(shiftTimesheets.id, currentId))
          .returning()
      : await scope.db
          .insert(shiftTimesheets)
          .values({ ...changes, shiftId: shift.id, createdBy: scope.actorUserId })
          .returning();
  if (!sheet) throw new AppError('INTERNAL_SERVER_ERROR', `Timesheet of shift ${shift.id} was not written`);
  await syncShift(scope, shift);
  return sheet;
}
