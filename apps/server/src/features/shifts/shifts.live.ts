import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../live/live.publish';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from './shifts.schema';

/** The user ids of caregivers (those with a sign-in), without repeats. */
async function caregiverUserIds(db: Db, caregiverIds: (number | null)[]): Promise<number[]> {
  const ids = caregiverIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await db.select({ userId: caregivers.userId }).from(caregivers).where(inArray(caregivers.id, ids));
  return rows.map((row) => row.userId).filter((id): id is number => id !== null);
}

/** A change to one shift or its visit times, for publishShiftChange. */
export interface ShiftChange {
  /** 'shifts' for the schedule (create, edit, assign, cancel, delete), 'visits' for check-ins, check-outs, timesheets. */
  topic: 'shifts' | 'visits';
  shiftId: number;
  /** The shift's branch; read from the shift when not given (a deleted shift must give it). */
  branchId?: number;
  /** Caregivers concerned besides the shift's current one (the one it was taken from); nulls are ignored. */
  caregiverIds?: (number | null)[];
}

/**
 * Tells open screens a shift changed (issue 21 item 1: shift lists and calendars refresh instead of polling): a
 * live event with the shift id for the staff of its branch and the users of its caregivers (the current one, read
 * from the shift, and `caregiverIds`), in the caller's transaction, so only a committed change is told.
 * @returns the live event's row id.
 */
export async function publishShiftChange(db: Db, change: ShiftChange): Promise<{ id: number }> {
  let branchId = change.branchId;
  const caregiverIds = (change.caregiverIds ?? []).filter((id): id is number => id !== null);
  const [shift] = await db
    .select({ branchId: shifts.branchId, caregiverId: shifts.caregiverId })
    .from(shifts)
    .where(eq(shifts.id, change.shiftId));
  if (shift) {
    branchId ??= shift.branchId;
    if (shift.caregiverId !== null) caregiverIds.push(shift.caregiverId);
  }
  return publishLiveEvent(db, {
    topic: change.topic,
    branchIds: branchId === undefined ? [] : [branchId],
    userIds: await caregiverUserIds(db, caregiverIds),
    refId: change.shiftId,
  });
}

/**
 * Tells open screens that a recurring pattern's shifts changed (generated, regenerated or removed): a live 'shifts'
 * event without a refId (many shifts at once) for the staff of `branchId` and the pattern's caregivers.
 * @returns the live event's row id.
 */
export async function publishPatternChange(
  db: Db,
  change: { branchId: number; caregiverIds: (number | null)[] },
): Promise<{ id: number }> {
  return publishLiveEvent(db, {
    topic: 'shifts',
    branchIds: [change.branchId],
    userIds: await caregiverUserIds(db, change.caregiverIds),
    refId: null,
  });
}
