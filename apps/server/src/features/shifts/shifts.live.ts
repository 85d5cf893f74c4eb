import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../live/live.publish';
import { caregivers } from '../caregivers/caregivers.schema';
import { familyUserIds } from '../client-app/client-app-visits.family';
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
  /** The shift's client; read from the shift when not given (a deleted shift must give it for its family to hear). */
  clientId?: number;
}

/**
 * Tells open screens a shift changed (issue 21 item 1: shift lists and calendars refresh instead of polling): a
 * live event with the shift id for the staff of its branch, the users of its caregivers (the current one, read
 * from the shift, and `caregiverIds`), and the client's family who may see the schedule in the client app (issue
 * "client and family app" item 1: today's visit live; client-app-visits.family.ts familyUserIds), in the caller's
 * transaction, so only a committed change is told.
 * @returns the live event's row id.
 */
export async function publishShiftChange(db: Db, change: ShiftChange): Promise<{ id: number }> {
  let branchId = change.branchId;
  let clientId = change.clientId;
  const caregiverIds = (change.caregiverIds ?? []).filter((id): id is number => id !== null);
  const [shift] = await db
    .select({ branchId: shifts.branchId, caregiverId: shifts.caregiverId, clientId: shifts.clientId })
    .from(shifts)
    .where(eq(shifts.id, change.shiftId));
  if (shift) {
    branchId ??= shift.branchId;
    clientId ??= shift.clientId;
    if (shift.caregiverId !== null) caregiverIds.push(shift.caregiverId);
  }
  const family = clientId === undefined ? [] : await familyUserIds(db, clientId, 'schedule');
  return publishLiveEvent(db, {
    topic: change.topic,
    branchIds: branchId === undefined ? [] : [branchId],
    userIds: [...new Set([...(await caregiverUserIds(db, caregiverIds)), ...family])],
    refId: change.shiftId,
  });
}

/**
 * Tells open screens that a recurring pattern's shifts changed (generated, regenerated or removed): a live 'shifts'
 * event without a refId (many shifts at once) for the staff of `branchId`, the pattern's caregivers and, given
 * `clientId`, the client's family who may see the schedule (familyUserIds).
 * @returns the live event's row id.
 */
export async function publishPatternChange(
  db: Db,
  change: { branchId: number; caregiverIds: (number | null)[]; clientId?: number },
): Promise<{ id: number }> {
  const family = change.clientId === undefined ? [] : await familyUserIds(db, change.clientId, 'schedule');
  return publishLiveEvent(db, {
    topic: 'shifts',
    branchIds: [change.branchId],
    userIds: [...new Set([...(await caregiverUserIds(db, change.caregiverIds)), ...family])],
    refId: null,
  });
}
