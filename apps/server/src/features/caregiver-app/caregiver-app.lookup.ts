import { asc, eq } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';

/** The calling caregiver as the caregiver app needs them: their record, branch and its time zone. */
export interface CallerCaregiver {
  id: number;
  branchId: number;
  /** The branch's IANA time zone (the caregiver's "local" time: today, pay periods). */
  timezone: string;
}

/**
 * The caller's own caregiver record, by caregivers.user_id (the effective user while impersonating). The
 * caregiver app confines a caregiver to their own shifts by this id, never by ids taken from the input (issue
 * "caregiver app"; docs/architecture.md "Own records").
 * @throws AppError FORBIDDEN "Only caregivers use the caregiver app" when the user has no caregiver record.
 */
export async function findCallerCaregiver(scope: Scope): Promise<CallerCaregiver> {
  const [row] = await scope.db
    .select({ id: caregivers.id, branchId: caregivers.branchId, timezone: branches.timezone })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .where(eq(caregivers.userId, scope.userId))
    .orderBy(asc(caregivers.id))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', 'Only caregivers use the caregiver app');
  return row;
}
