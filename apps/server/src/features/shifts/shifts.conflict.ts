import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { formatLocalSpan } from '@hearth/shared/shifts/workweek';
import { MAX_SHIFT_MINUTES } from '@hearth/shared/shifts/shifts.constants';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/errors';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from './shifts.schema';
import { inTransaction } from '../../db/transaction';

/** SQLSTATE of an exclusion-constraint violation (shifts_caregiver_no_overlap, migration 0008). */
const EXCLUSION_VIOLATION = '23P01';

/** A caregiver's shift as it would be saved: who, when (UTC), and the shift's own id (0 when new). */
export interface CaregiverSlot {
  caregiverId: number;
  caregiverName: string;
  startAt: Date;
  endAt: Date;
  excludeId: number;
}

/**
 * The caregiver's first non-cancelled shift overlapping `slot`, other than the shift itself: the condition of
 * the EXCLUDE constraint (half-open tstzrange &&, so back-to-back shifts do not overlap). The start bound by
 * MAX_SHIFT_MINUTES lets the (caregiver_id, start_at) index narrow the search. Any branch: a caregiver cannot be
 * in two places whichever branch books them. The client is named only when the caller may see its branch.
 */
export async function findCaregiverOverlap(scope: Scope, slot: CaregiverSlot) {
  const [other] = await scope.db
    .select({
      id: shifts.id,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      timezone: branches.timezone,
      clientName: sql<
        string | null
      >`case when ${inBranchScope(scope, shifts.branchId)} then ${clients.firstName} || ' ' || ${clients.lastName} end`,
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .where(
      and(
        eq(shifts.caregiverId, slot.caregiverId),
        ne(shifts.status, 'cancelled'),
        ne(shifts.id, slot.excludeId),
        lt(shifts.startAt, slot.endAt),
        gt(shifts.startAt, new Date(slot.startAt.getTime() - MAX_SHIFT_MINUTES * 60_000)),
        sql`tstzrange(${shifts.startAt}, ${shifts.endAt}, '[)') && tstzrange(${slot.startAt.toISOString()}::timestamptz, ${slot.endAt.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .orderBy(shifts.startAt)
    .limit(1);
  return other ?? null;
}

/** The 409 naming the other shift: caregiver, client, local time span in its branch's time zone and its id. */
function overlapError(slot: CaregiverSlot, other: Awaited<ReturnType<typeof findCaregiverOverlap>>): AppError {
  if (!other) return new AppError('CONFLICT', `${slot.caregiverName} already has a shift at that time`);
  const span = formatLocalSpan({ start: other.startAt, end: other.endAt }, other.timezone);
  const client = other.clientName ?? 'a client of another branch';
  const message = `${slot.caregiverName} already has a shift then: ${client}, ${span} (shift ${other.id})`;
  return new AppError('CONFLICT', message, { caregiverId: [message] });
}

/**
 * Refuses a caregiver's shift overlapping another of theirs (issue "Scheduling" item 3), before writing: the
 * same condition as the EXCLUDE constraint, which stays the backstop under concurrent saves (guardedWrite).
 * @throws AppError CONFLICT (409) "Maria Lopez already has a shift then: Eva Costa, 11/02/26 9:00 AM–1:00 PM EST
 * (shift 123)".
 */
export async function assertCaregiverFree(scope: Scope, slot: CaregiverSlot): Promise<void> {
  const other = await findCaregiverOverlap(scope, slot);
  if (other) throw overlapError(slot, other);
}

/**
 * Runs a shift write in a savepoint (a nested transaction) and turns a violation of the caregiver no-overlap
 * EXCLUDE constraint (SQLSTATE 23P01, on the cause of Drizzle's DrizzleQueryError) into the same 409 as
 * assertCaregiverFree. Rolling back to the savepoint keeps the request's transaction usable for the lookup that
 * names the other shift. `slot` null: a shift without a caregiver, which the constraint does not cover.
 * @returns what `write` returns.
 * @throws AppError CONFLICT on overlap; any other error as it came.
 */
export async function guardedWrite<T>(scope: Scope, slot: CaregiverSlot | null, write: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(scope.db, write);
  } catch (error) {
    if (!slot || sqlState(error) !== EXCLUSION_VIOLATION) throw error;
    throw overlapError(slot, await findCaregiverOverlap(scope, slot));
  }
}
