import { and, eq, lte, sql } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { msg, type ServerMessageKey } from '../../i18n/server-i18n';
import { calendarDateValue } from '../../i18n/server-dates';
import { branches } from '../branches/branches.schema';
import { payPeriodLockOverrides, payPeriodLockTimes } from './pay-periods.schema';

/**
 * What a change to a shift is, for the lock message and the override audit (pay_period_lock_overrides.action).
 * `offline_timesheet` is a check-in or check-out the caregiver's phone recorded offline and uploaded after the
 * period locked (admitPhoneEntry): the override of the phone, not of a role.
 */
export type LockedAction = 'create' | 'update' | 'delete' | 'timesheet' | 'offline_timesheet';

/** The message of a refused change by what it is (errors.payPeriods.locked*, "you cannot change a shift in it"). */
const LOCKED_MESSAGES = {
  create: 'errors.payPeriods.lockedCreate',
  update: 'errors.payPeriods.lockedUpdate',
  delete: 'errors.payPeriods.lockedDelete',
  timesheet: 'errors.payPeriods.lockedTimesheet',
  offline_timesheet: 'errors.payPeriods.lockedOfflineTimesheet',
} as const satisfies Record<LockedAction, ServerMessageKey>;

/** The lock in force over a shift, as lockOver answers it. */
export type LockOver = NonNullable<Awaited<ReturnType<typeof lockOver>>>;

/**
 * The lock in force over a shift start: the branch's pay period lock time whose period (calendar dates in the
 * branch's time zone, both included) holds the local date of `startAt` and whose locksAt has passed.
 * @returns the lock row, or null when the period is open.
 */
export async function lockOver(scope: Scope, shift: { branchId: number; startAt: Date }) {
  const localDate = sql`(${shift.startAt.toISOString()}::timestamptz at time zone ${branches.timezone})::date`;
  const [lock] = await scope.db
    .select({
      id: payPeriodLockTimes.id,
      periodStart: payPeriodLockTimes.periodStart,
      periodEnd: payPeriodLockTimes.periodEnd,
      locksAt: payPeriodLockTimes.locksAt,
      branchName: branches.name,
    })
    .from(payPeriodLockTimes)
    .innerJoin(branches, eq(branches.id, payPeriodLockTimes.branchId))
    .where(
      and(
        eq(payPeriodLockTimes.branchId, shift.branchId),
        lte(payPeriodLockTimes.locksAt, sql`now()`),
        sql`${localDate} between ${payPeriodLockTimes.periodStart} and ${payPeriodLockTimes.periodEnd}`,
      ),
    )
    .limit(1);
  return lock ?? null;
}

/**
 * Refuses a change to a shift in a locked pay period (docs/glossary.md "Pay period lock"), unless the caller's
 * role has hasPayPeriodLockOverride: then the change goes ahead and is recorded in pay_period_lock_overrides.
 * Call it with the shift as it is and, for a move, again with where it goes. `shiftId` may be 0 for a shift
 * not yet created (the override is then recorded by the caller with the new id through recordOverride).
 * @returns the lock that was overridden, or null when the period is open.
 * @throws AppError CONFLICT "The pay period 2026-11-01 to 2026-11-15 of Boston is locked: you cannot change a
 * shift in it" (409, so clients do not retry it); in Spanish "El período de pago del 1/11/2026 al 15/11/2026 de
 * Boston está bloqueado: no puede cambiar un turno en él", the dates in the reader's locale (calendarDate).
 */
export async function assertShiftUnlocked(
  scope: Scope,
  shift: { id: number; branchId: number; startAt: Date },
  action: LockedAction,
): Promise<{ id: number } | null> {
  const lock = await lockOver(scope, shift);
  if (!lock) return null;
  if (!scope.hasPayPeriodLockOverride) {
    throw new AppError(
      'CONFLICT',
      // The period's dates as written in English (the spec's YYYY-MM-DD), in the reader's locale otherwise.
      msg(LOCKED_MESSAGES[action], {
        start: calendarDateValue(lock.periodStart),
        end: calendarDateValue(lock.periodEnd),
        branch: lock.branchName,
      }),
    );
  }
  if (shift.id) await recordOverride(scope, shift.id, lock.id, action);
  return lock;
}

/** Records that the caller changed shift `shiftId` in the locked period of lock `lockTimeId` (an override). */
export async function recordOverride(scope: Scope, shiftId: number, lockTimeId: number, action: LockedAction) {
  await scope.db.insert(payPeriodLockOverrides).values({ shiftId, lockTimeId, userId: scope.actorUserId, action });
}

/**
 * Lets a check-in or check-out from the caregiver's phone into a locked pay period (docs/glossary.md "Pay period
 * lock"; the spec's offline check-in/out, section 4, whose records the phone drops when the server refuses them):
 * - recorded offline (`offline`): admitted, because the caregiver recorded it at the visit and cannot see a refusal
 *   made days later, and the phone would then drop the visit. The override is recorded in
 *   pay_period_lock_overrides under the caregiver's user with action `offline_timesheet`, so the lock's audit says
 *   it came from the phone; the caller flags the check for the office's review. Nothing else reads the lock: the
 *   payroll lines already computed for the period stay as they were (a recompute counts the visit, and EVV review
 *   shows it arrived after the lock).
 * - sent online: refused unless the role has hasPayPeriodLockOverride (then recorded as action `timesheet`, as
 *   assertShiftUnlocked does), with a message that sends the caregiver, who is at the visit and sees it, to the
 *   office, which records the time as a manual edit.
 * @param what the check's words for the message: "check-in" or "check-out" (evvEntries.* in another language;
 *   the period's dates in the reader's locale too, calendarDate).
 * @returns the lock that was passed, or null when the period is open.
 * @throws AppError CONFLICT "The pay period 2026-06-01 to 2026-06-15 of Boston is locked: the phone cannot record
 * this check-out. Ask the office to record your check-out as a manual edit with a reason code." (409, never retried).
 */
export async function admitPhoneEntry(
  scope: Scope,
  shift: { id: number; branchId: number; startAt: Date },
  entry: { offline: boolean; what: 'check-in' | 'check-out' },
): Promise<LockOver | null> {
  const lock = await lockOver(scope, shift);
  if (!lock) return null;
  if (!entry.offline && !scope.hasPayPeriodLockOverride) {
    throw new AppError(
      'CONFLICT',
      msg('evv.payPeriodLocked', {
        start: calendarDateValue(lock.periodStart),
        end: calendarDateValue(lock.periodEnd),
        branch: lock.branchName,
        // The check's own word in the reader's language ("entrada" / "salida").
        entry: msg(`evvEntries.${entry.what}`),
      }),
    );
  }
  await recordOverride(scope, shift.id, lock.id, entry.offline ? 'offline_timesheet' : 'timesheet');
  return lock;
}
