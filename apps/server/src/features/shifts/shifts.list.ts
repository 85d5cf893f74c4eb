import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ShiftListItem } from '@hearth/shared/shifts/shifts.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from './shifts.schema';
import { fullName } from './shifts.lookup';

const listCaregivers = alias(caregivers, 'list_caregivers');

/**
 * An instant as the API writes it (Date.prototype.toISOString: "2026-11-02T14:00:00.000Z"), made by PostgreSQL: the
 * row then carries a string rather than a Date built for each timestamp and written back out.
 */
function isoUtc(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The shifts matching `where`, in the caller's branch scope (always added here), ordered by start then id, as the
 * calendar's ShiftListItem[] (times ISO 8601 UTC, names "First Last" as getShift gives them). One query reading
 * only the listed columns and one pass over its rows: a branch's week is thousands of shifts, and their
 * timesheets and other fields are read by getShift for the one a user opens. `where` may name only columns of
 * `shifts`.
 */
export async function loadShiftList(scope: Scope, where: SQL | undefined): Promise<ShiftListItem[]> {
  const rows = await scope.db
    .select({
      id: shifts.id,
      branchId: shifts.branchId,
      timezone: branches.timezone,
      clientId: shifts.clientId,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      caregiverId: shifts.caregiverId,
      caregiverFirstName: listCaregivers.firstName,
      caregiverLastName: listCaregivers.lastName,
      serviceCode: shifts.serviceCode,
      modifiers: shifts.modifiers,
      startTimestamp: isoUtc(shifts.startAt),
      endTimestamp: isoUtc(shifts.endAt),
      status: shifts.status,
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .leftJoin(listCaregivers, eq(listCaregivers.id, shifts.caregiverId))
    .where(and(inBranchScope(scope, shifts.branchId), where))
    .orderBy(asc(shifts.startAt), asc(shifts.id));
  const list: ShiftListItem[] = new Array<ShiftListItem>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    list[i] = {
      id: r.id,
      branchId: r.branchId,
      timezone: r.timezone,
      clientId: r.clientId,
      clientName: fullName({ firstName: r.clientFirstName, lastName: r.clientLastName }),
      caregiverId: r.caregiverId,
      caregiverName:
        r.caregiverFirstName === null || r.caregiverLastName === null
          ? null
          : fullName({ firstName: r.caregiverFirstName, lastName: r.caregiverLastName }),
      serviceCode: r.serviceCode,
      modifiers: r.modifiers,
      startTimestamp: r.startTimestamp,
      endTimestamp: r.endTimestamp,
      status: r.status,
    };
  }
  return list;
}
