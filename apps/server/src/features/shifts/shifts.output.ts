import { and, asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ShiftOutput, TimesheetOutput } from '@hearth/shared/shifts/shifts.schema';
import { TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import { isTimeEntryMissing } from '@hearth/shared/shifts/shift-flags';
import { inBranchScope, type Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { shifts, shiftTimesheets } from './shifts.schema';
import { fullName } from './shifts.lookup';

const shiftCaregivers = alias(caregivers, 'shift_caregivers');

type ShiftRow = typeof shifts.$inferSelect;
type TimesheetRow = typeof shiftTimesheets.$inferSelect;

/** A timesheet as the API returns it (spec "Shift": timesheets; type 1 mobile, 2 offline, 3 office edit). */
export function toTimesheetOutput(t: TimesheetRow): TimesheetOutput {
  return {
    id: t.id,
    check_in: t.checkIn?.toISOString() ?? null,
    check_out: t.checkOut?.toISOString() ?? null,
    check_in_type: t.checkInType,
    check_out_type: t.checkOutType,
    reason_code: t.reasonCode,
    reason_note: t.reasonNote,
    check_in_metadata: (t.checkInMetadata as Record<string, unknown> | null) ?? null,
    check_out_metadata: (t.checkOutMetadata as Record<string, unknown> | null) ?? null,
  };
}

/**
 * A shift row with its names and timesheets as ShiftOutput (spec "Shift"): checkIn/checkOut from the shift's
 * check_in_at/check_out_at (kept in step with the timesheets), offlineCheckIn/offlineCheckOut when a timesheet's
 * check-in/check-out type is 2 (offline), tasksMissing from its column, timeEntryMissing by isTimeEntryMissing
 * (packages/shared/src/shifts/shift-flags.ts) at `now`. Timestamps in ISO 8601 UTC.
 */
export function toShiftOutput(
  s: ShiftRow,
  names: { timezone: string; clientName: string; caregiverName: string | null; payerSourceName: string | null },
  timesheets: TimesheetRow[],
  now: Date,
): ShiftOutput {
  return {
    id: s.id,
    branchId: s.branchId,
    timezone: names.timezone,
    clientId: s.clientId,
    clientName: names.clientName,
    caregiverId: s.caregiverId,
    caregiverName: names.caregiverName,
    serviceCode: s.serviceCode,
    modifiers: s.modifiers,
    payerSourceId: s.payerSourceId,
    payerSourceName: names.payerSourceName,
    authorizationId: s.authorizationId,
    patternId: s.patternId,
    isException: s.isException,
    startTimestamp: s.startAt.toISOString(),
    endTimestamp: s.endAt.toISOString(),
    status: s.status,
    checkIn: s.checkInAt?.toISOString() ?? null,
    checkOut: s.checkOutAt?.toISOString() ?? null,
    offlineCheckIn: timesheets.some((t) => t.checkInType === TIMESHEET_TYPES.offline),
    offlineCheckOut: timesheets.some((t) => t.checkOutType === TIMESHEET_TYPES.offline),
    tasksMissing: s.tasksMissing,
    timeEntryMissing: isTimeEntryMissing(
      { status: s.status, startAt: s.startAt, endAt: s.endAt, checkIn: s.checkInAt, checkOut: s.checkOutAt },
      now,
    ),
    timesheets: timesheets.map(toTimesheetOutput),
    cancelReason: s.cancelReason,
    notes: s.notes,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/**
 * The shifts matching `where`, in the caller's branch scope (always added here), ordered by start then id, as
 * ShiftOutput[]: one query for the shifts with their client, caregiver, payer and branch time zone, and one for
 * all their timesheets (no query per shift). `where` may name only columns of `shifts`.
 */
export async function loadShifts(scope: Scope, where: SQL | undefined): Promise<ShiftOutput[]> {
  const rows = await scope.db
    .select({
      shift: shifts,
      timezone: branches.timezone,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      caregiverFirstName: shiftCaregivers.firstName,
      caregiverLastName: shiftCaregivers.lastName,
      payerSourceName: payerSources.name,
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .leftJoin(shiftCaregivers, eq(shiftCaregivers.id, shifts.caregiverId))
    .leftJoin(payerSources, eq(payerSources.id, shifts.payerSourceId))
    .where(and(inBranchScope(scope, shifts.branchId), where))
    .orderBy(asc(shifts.startAt), asc(shifts.id));
  if (rows.length === 0) return [];
  // Joined on the same condition rather than listing ids, so a long calendar window stays one bounded query.
  const timesheets = await scope.db
    .select({ timesheet: shiftTimesheets })
    .from(shiftTimesheets)
    .innerJoin(shifts, eq(shifts.id, shiftTimesheets.shiftId))
    .where(and(inBranchScope(scope, shifts.branchId), where))
    .orderBy(asc(shiftTimesheets.checkIn), asc(shiftTimesheets.id));
  const byShift = new Map<number, TimesheetRow[]>();
  for (const { timesheet: t } of timesheets) byShift.set(t.shiftId, [...(byShift.get(t.shiftId) ?? []), t]);
  const now = new Date();
  return rows.map((r) =>
    toShiftOutput(
      r.shift,
      {
        timezone: r.timezone,
        clientName: fullName({ firstName: r.clientFirstName, lastName: r.clientLastName }),
        caregiverName:
          r.caregiverFirstName === null || r.caregiverLastName === null
            ? null
            : fullName({ firstName: r.caregiverFirstName, lastName: r.caregiverLastName }),
        payerSourceName: r.payerSourceName,
      },
      byShift.get(r.shift.id) ?? [],
      now,
    ),
  );
}
