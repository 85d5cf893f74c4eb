import { and, asc, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import {
  ZCreatePayPeriodLockTimeInput,
  type CreatePayPeriodLockTimeInput,
  type GetPayPeriodLockTimesInput,
  type PayPeriodLockTimeOutput,
  type UpdatePayPeriodLockTimeInput,
} from '@hearth/shared/pay-periods/pay-periods.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { describeZodError } from '../../errors/zod-errors';
import { branches } from '../branches/branches.schema';
import { payPeriodLockOverrides, payPeriodLockTimes } from './pay-periods.schema';

/**
 * Pay period lock times (issue "Scheduling" item 5, /admin/pay-period-lock-times; docs/glossary.md "Pay period
 * lock"): per branch and pay period (calendar dates in the branch's time zone, both included) the instant after
 * which shifts starting in the period are locked (pay-periods.lock.ts enforces it).
 */

type LockTimeRow = typeof payPeriodLockTimes.$inferSelect;

function toOutput(row: LockTimeRow, branch: { name: string; timezone: string }, now = new Date()): PayPeriodLockTimeOutput {
  return {
    id: row.id,
    branchId: row.branchId,
    branchName: branch.name,
    timezone: branch.timezone,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    locksAt: row.locksAt.toISOString(),
    locked: row.locksAt <= now,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Lock times in the caller's branch scope that meet `where`, newest period first (then branch name). */
async function selectLockTimes(scope: Scope, where?: SQL): Promise<PayPeriodLockTimeOutput[]> {
  const rows = await scope.db
    .select({ lock: payPeriodLockTimes, name: branches.name, timezone: branches.timezone })
    .from(payPeriodLockTimes)
    .innerJoin(branches, eq(branches.id, payPeriodLockTimes.branchId))
    .where(and(inBranchScope(scope, payPeriodLockTimes.branchId), where))
    .orderBy(desc(payPeriodLockTimes.periodStart), asc(branches.name), asc(payPeriodLockTimes.id));
  const now = new Date();
  return rows.map((r) => toOutput(r.lock, r, now));
}

async function oneLockTime(scope: Scope, id: number): Promise<PayPeriodLockTimeOutput> {
  const [row] = await selectLockTimes(scope, eq(payPeriodLockTimes.id, id));
  if (!row) throw notFound('Pay period lock time', id);
  return row;
}

/**
 * Finds a branch in the caller's scope (scope in the WHERE clause: another company's or an unlinked branch is a
 * 404 like a missing one). `lock` takes the branch row FOR NO KEY UPDATE until the request ends, so the overlap
 * checks of one branch's lock times run one at a time, without blocking rows that merely reference the branch.
 * @throws AppError NOT_FOUND "Branch N not found".
 */
async function findBranch(scope: Scope, branchId: number, options: { lock?: boolean } = {}) {
  const query = scope.db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.id, branchId), inBranchScope(scope, branches.id)));
  const [row] = options.lock ? await query.for('no key update', { of: branches }) : await query;
  if (!row) throw notFound('Branch', branchId);
  return row;
}

/**
 * Refuses a period that overlaps another lock time of the same branch: a shift's date must fall in one period
 * only, or its lock would be ambiguous.
 * @throws AppError CONFLICT "Boston already has the pay period 2026-11-01 to 2026-11-15, which overlaps this one".
 */
async function assertNoOverlap(
  scope: Scope,
  branch: { id: number; name: string },
  period: { id: number; periodStart: string; periodEnd: string },
) {
  const [other] = await scope.db
    .select({ periodStart: payPeriodLockTimes.periodStart, periodEnd: payPeriodLockTimes.periodEnd })
    .from(payPeriodLockTimes)
    .where(
      and(
        eq(payPeriodLockTimes.branchId, branch.id),
        lte(payPeriodLockTimes.periodStart, period.periodEnd),
        gte(payPeriodLockTimes.periodEnd, period.periodStart),
        period.id ? ne(payPeriodLockTimes.id, period.id) : undefined,
      ),
    )
    .orderBy(asc(payPeriodLockTimes.periodStart))
    .limit(1);
  if (other) {
    const message = `${branch.name} already has the pay period ${other.periodStart} to ${other.periodEnd}, which overlaps this one`;
    throw new AppError('CONFLICT', message, { periodStart: [message] });
  }
}

/**
 * The lock times in the caller's scope (getPayPeriodLockTimes {branchId?}), newest period first: each with its
 * branch's name and time zone, dates YYYY-MM-DD, locksAt ISO UTC and `locked` (locksAt has passed).
 * @throws AppError NOT_FOUND "Branch N not found" for a branchId outside the scope.
 */
export async function getPayPeriodLockTimes({
  scope,
  input,
}: {
  scope: Scope;
  input: GetPayPeriodLockTimesInput;
}): Promise<PayPeriodLockTimeOutput[]> {
  const branchId = input?.branchId;
  if (branchId !== undefined) await findBranch(scope, branchId);
  return selectLockTimes(scope, branchId !== undefined ? eq(payPeriodLockTimes.branchId, branchId) : undefined);
}

/**
 * Adds a lock time (createPayPeriodLockTime {branchId, periodStart, periodEnd, locksAt}) to a branch in scope.
 * The input schema checks the period (end on or after start, at most 31 days); periods of one branch do not
 * overlap. locksAt is any instant (ISO with offset), stored in UTC.
 * @returns the lock time as getPayPeriodLockTimes lists it.
 * @throws AppError NOT_FOUND "Branch N not found" outside the scope; CONFLICT naming the overlapping period.
 */
export async function createPayPeriodLockTime({
  scope,
  input,
}: {
  scope: Scope;
  input: CreatePayPeriodLockTimeInput;
}): Promise<PayPeriodLockTimeOutput> {
  const branch = await findBranch(scope, input.branchId, { lock: true });
  await assertNoOverlap(scope, branch, { id: 0, ...input });
  const [row] = await scope.db
    .insert(payPeriodLockTimes)
    .values({
      branchId: branch.id,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      locksAt: new Date(input.locksAt),
    })
    .returning({ id: payPeriodLockTimes.id });
  if (!row) throw new Error('pay period lock time insert returned nothing');
  return oneLockTime(scope, row.id);
}

/**
 * Edits a lock time (updatePayPeriodLockTime {id, periodStart?, periodEnd?, locksAt?}); its branch stays. The
 * rules of createPayPeriodLockTime apply to the result. Moving locksAt into the future reopens the period.
 * @returns the lock time as getPayPeriodLockTimes lists it.
 * @throws AppError NOT_FOUND "Pay period lock time N not found" when missing or outside the scope; BAD_REQUEST
 * "periodEnd: ..." when the merged period breaks a rule; CONFLICT naming the overlapping period.
 */
export async function updatePayPeriodLockTime({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdatePayPeriodLockTimeInput;
}): Promise<PayPeriodLockTimeOutput> {
  const { branchId } = await oneLockTime(scope, input.id);
  const branch = await findBranch(scope, branchId, { lock: true });
  // Read again under the branch lock: a concurrent edit of this lock time has finished by now.
  const current = await oneLockTime(scope, input.id);
  const merged = {
    branchId: current.branchId,
    periodStart: input.periodStart ?? current.periodStart,
    periodEnd: input.periodEnd ?? current.periodEnd,
    locksAt: input.locksAt ?? current.locksAt,
  };
  const checked = ZCreatePayPeriodLockTimeInput.safeParse(merged);
  if (!checked.success) {
    const { message, fieldErrors } = describeZodError(checked.error);
    throw new AppError('BAD_REQUEST', message, fieldErrors);
  }
  await assertNoOverlap(scope, branch, { id: current.id, ...merged });
  await scope.db
    .update(payPeriodLockTimes)
    .set({
      periodStart: merged.periodStart,
      periodEnd: merged.periodEnd,
      locksAt: new Date(merged.locksAt),
      updatedAt: new Date(),
    })
    .where(eq(payPeriodLockTimes.id, current.id));
  return oneLockTime(scope, current.id);
}

/**
 * Deletes a lock time (deletePayPeriodLockTime {id}), which reopens its period. One under which changes were
 * made by override stays, as those overrides are the audit of the lock (move its locksAt to reopen the period).
 * @returns {id}.
 * @throws AppError NOT_FOUND "Pay period lock time N not found" when missing or outside the scope; CONFLICT
 * when overrides were recorded under it.
 */
export async function deletePayPeriodLockTime({ scope, input }: { scope: Scope; input: { id: number } }) {
  const current = await oneLockTime(scope, input.id);
  const [override] = await scope.db
    .select({ id: payPeriodLockOverrides.id })
    .from(payPeriodLockOverrides)
    .where(eq(payPeriodLockOverrides.lockTimeId, current.id))
    .limit(1);
  if (override) {
    throw new AppError(
      'CONFLICT',
      `Changes were made to shifts of the pay period ${current.periodStart} to ${current.periodEnd} while it was locked; its lock time is kept as their record. Move its lock time instead`,
    );
  }
  await scope.db.delete(payPeriodLockTimes).where(eq(payPeriodLockTimes.id, current.id));
  return { id: current.id };
}
