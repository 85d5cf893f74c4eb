import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { GetLateVisitsInput, LateVisitOutput } from '@hearth/shared/shifts/shifts.schema';
import { lateVisitWindow } from '@hearth/shared/notifications/notification-timing';
import { inBranchScope, type Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from './shifts.schema';

/** How many late visits Home lists at most: more than this is a branch-wide problem the schedule shows better. */
const LATE_VISITS_SHOWN = 50;

/**
 * The visits running late in the caller's branches, or in `branchId` (getLateVisits; issue "Reaching people"
 * item 3, the late-visit alert live on Home): scheduled, with a caregiver, not checked in LATE_VISIT_ALERT_MINUTES
 * (15) after their start, started less than LATE_VISIT_ALERT_WINDOW_HOURS (12) before `now`, as the late-visit alert
 * job finds them. Latest start last, at most 50.
 * @returns LateVisitOutput[]: names, the caregiver's phone to call them, times in UTC with the branch's zone,
 * minutes late.
 * @throws nothing: a branch out of scope yields no rows (the scope is in the `where`).
 */
export async function getLateVisits({
  scope,
  input,
  now = new Date(),
}: {
  scope: Scope;
  input: GetLateVisitsInput;
  now?: Date;
}): Promise<LateVisitOutput[]> {
  const { lateSince, windowStart } = lateVisitWindow(now);
  const rows = await scope.db
    .select({
      shiftId: shifts.id,
      branchId: shifts.branchId,
      clientId: shifts.clientId,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      caregiverId: caregivers.id,
      caregiverFirst: caregivers.firstName,
      caregiverLast: caregivers.lastName,
      caregiverPhone: caregivers.phoneNumber,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      timezone: branches.timezone,
    })
    .from(shifts)
    .innerJoin(caregivers, eq(caregivers.id, shifts.caregiverId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(
      and(
        inBranchScope(scope, shifts.branchId),
        input.branchId === undefined ? undefined : eq(shifts.branchId, input.branchId),
        eq(shifts.status, 'scheduled'),
        isNotNull(shifts.caregiverId),
        isNull(shifts.checkInAt),
        lte(shifts.startAt, lateSince),
        gt(shifts.startAt, windowStart),
      ),
    )
    .orderBy(asc(shifts.startAt), asc(shifts.id))
    .limit(LATE_VISITS_SHOWN);
  return rows.map((r) => ({
    shiftId: r.shiftId,
    branchId: r.branchId,
    clientId: r.clientId,
    clientName: `${r.clientFirst} ${r.clientLast}`,
    caregiverId: r.caregiverId,
    caregiverName: `${r.caregiverFirst} ${r.caregiverLast}`,
    caregiverPhone: r.caregiverPhone,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    timezone: r.timezone,
    minutesLate: Math.floor((now.getTime() - r.startAt.getTime()) / 60_000),
  }));
}
