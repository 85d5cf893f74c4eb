import { and, desc, eq, gt, lt, lte, gte, ne, sql } from 'drizzle-orm';
import {
  shiftTimeErrors,
  type CreateShiftInput,
  type DeleteShiftInput,
  type GetShiftsInput,
  type ShiftListItem,
  type ShiftOutput,
  type ShiftSaveOutput,
  type UpdateShiftInput,
} from '@hearth/shared/shifts/shifts.schema';
import { MAX_SHIFT_MINUTES } from '@hearth/shared/shifts/shifts.constants';
import { localDateOf } from '@hearth/shared/shifts/workweek';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { auditLog } from '../audit/audit.schema';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import { assertCompanyPayer, assertNoFieldErrors, textOrNull } from '../clients/clients.lookup';
import { assertShiftUnlocked, recordOverride, type LockedAction } from '../pay-periods/pay-periods.lock';
import { shiftPatterns, shiftPickupInvitations, shifts } from './shifts.schema';
import { findShift, fullName } from './shifts.lookup';
import { loadShifts } from './shifts.output';
import { loadShiftList } from './shifts.list';
import { assertCaregiverFree, guardedWrite, type CaregiverSlot } from './shifts.conflict';
import { shiftWarnings, type ShiftDraft } from './shifts.warnings';
import { notifyVisitChange } from '../notifications/visit-changes.notify';
import { publishShiftChange } from './shifts.live';

/** The client of a shift as the save needs it: branch, company, time zone and name. */
interface ShiftClient {
  id: number;
  branchId: number;
  companyId: number;
  timezone: string;
  name: string;
}

/** @throws AppError NOT_FOUND "Client N not found" when missing or outside the caller's branch scope. */
async function findShiftClient(scope: Scope, clientId: number): Promise<ShiftClient> {
  const [row] = await scope.db
    .select({
      id: clients.id,
      branchId: clients.branchId,
      companyId: branches.companyId,
      timezone: branches.timezone,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(clients)
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(and(eq(clients.id, clientId), inBranchScope(scope, clients.branchId)));
  if (!row) throw notFound('Client', clientId);
  return { ...row, name: fullName(row) };
}

/** A caregiver as a shift save needs it. */
interface ShiftCaregiver {
  id: number;
  branchId: number;
  status: string;
  name: string;
  maxWeeklyHours: number | null;
}

function badCaregiver(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { caregiverId: [message] });
}

/**
 * The caregiver to put on a shift of `client`, when `check` also the rules for assigning them: a caregiver of
 * the client's company, active, in the client's branch (a caregiver serves their own branch's clients).
 * @throws AppError BAD_REQUEST "Caregiver N not found" (missing or another company's), "Caregiver Maria Lopez
 * (N) is not active", "Caregiver N is not in this client's branch".
 */
async function shiftCaregiver(scope: Scope, caregiverId: number, client: ShiftClient, check: boolean): Promise<ShiftCaregiver> {
  const [row] = await scope.db
    .select({
      id: caregivers.id,
      branchId: caregivers.branchId,
      status: caregivers.status,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      maxWeeklyHours: caregivers.maxWeeklyHours,
    })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .where(and(eq(caregivers.id, caregiverId), eq(branches.companyId, client.companyId)));
  if (!row) throw badCaregiver(`Caregiver ${caregiverId} not found`);
  const caregiver = { ...row, name: fullName(row) };
  if (!check) return caregiver;
  if (row.status !== 'active') throw badCaregiver(`Caregiver ${caregiver.name} (${caregiverId}) is not active`);
  if (row.branchId !== client.branchId) throw badCaregiver(`Caregiver ${caregiverId} is not in this client's branch`);
  return caregiver;
}

/**
 * The authorization a shift bills against (issue 4 item 4, issue "Scheduling" item 1): the client's
 * authorization of the payer (and of the service code with the same modifiers, when a code is given) whose dates
 * include the shift's local date in the branch's time zone; the one starting latest when several match.
 * @returns the authorization row, or null when none covers the date.
 */
export async function matchAuthorization(
  scope: Scope,
  q: { clientId: number; payerSourceId: number; serviceCode: string | null; modifiers: string[]; localDate: string },
) {
  const [row] = await scope.db
    .select()
    .from(clientAuthorizations)
    .where(
      and(
        eq(clientAuthorizations.clientId, q.clientId),
        eq(clientAuthorizations.payerSourceId, q.payerSourceId),
        lte(clientAuthorizations.startDate, q.localDate),
        gte(clientAuthorizations.endDate, q.localDate),
        q.serviceCode ? eq(clientAuthorizations.serviceCode, q.serviceCode) : undefined,
        q.serviceCode ? sql`${clientAuthorizations.modifiers} = ${JSON.stringify(q.modifiers)}::jsonb` : undefined,
      ),
    )
    .orderBy(desc(clientAuthorizations.startDate), desc(clientAuthorizations.id))
    .limit(1);
  return row ?? null;
}

/**
 * Checks the pay period locks over each start (assertShiftUnlocked) without recording anything yet.
 * @returns the ids of the locks the caller's override passes (distinct), to record once the change is written.
 * @throws AppError CONFLICT when a start lies in a locked period and the role has no override.
 */
async function assertUnlocked(scope: Scope, branchId: number, starts: Date[], action: LockedAction): Promise<number[]> {
  const lockIds = new Set<number>();
  for (const startAt of starts) {
    const lock = await assertShiftUnlocked(scope, { id: 0, branchId, startAt }, action);
    if (lock) lockIds.add(lock.id);
  }
  return [...lockIds];
}

/** Records the overrides of a written change (pay_period_lock_overrides, docs/glossary.md "Pay period lock"). */
async function recordOverrides(scope: Scope, shiftId: number, lockIds: number[], action: LockedAction) {
  for (const lockId of lockIds) await recordOverride(scope, shiftId, lockId, action);
}

/**
 * Checks a change to a shift against the pay period locks of its branch (issue "Scheduling" item 5): the shift's
 * start as it is and, for a move, as it would be. A role with hasPayPeriodLockOverride passes; its override is
 * recorded only by the returned function, once the change is written (never for a dry run).
 * @returns a function recording the overrides of the written change of shift `shiftId`.
 * @throws AppError CONFLICT "The pay period ... is locked: you cannot ..." without hasPayPeriodLockOverride.
 */
export async function checkShiftLocks(scope: Scope, branchId: number, starts: Date[], action: LockedAction) {
  const lockIds = await assertUnlocked(scope, branchId, starts, action);
  return (shiftId: number) => recordOverrides(scope, shiftId, lockIds, action);
}

function slotOf(caregiver: ShiftCaregiver | null, span: { startAt: Date; endAt: Date }, id: number): CaregiverSlot | null {
  return caregiver ? { caregiverId: caregiver.id, caregiverName: caregiver.name, ...span, excludeId: id } : null;
}

/**
 * One shift {id} in scope -> ShiftOutput (spec "Shift": times in UTC, timesheets, offline flags, tasksMissing,
 * timeEntryMissing).
 * @throws AppError NOT_FOUND "Shift N not found" when missing or another branch's.
 */
export async function getShift({ scope, input }: { scope: Scope; input: { id: number } }): Promise<ShiftOutput> {
  const [shift] = await loadShifts(scope, eq(shifts.id, input.id));
  if (!shift) throw notFound('Shift', input.id);
  return shift;
}

/**
 * The shifts of a calendar window (getShifts {after, before, clientId?, caregiverId?, branchId?,
 * includeCancelled?}): those in the caller's branch scope overlapping [after, before) (UTC), cancelled ones only
 * when asked, ordered by start -> ShiftListItem[] (the calendar's fields; getShift gives a visit's timesheets and
 * the rest). One query. A shift lasts at most MAX_SHIFT_MINUTES, which bounds the start from below so the
 * (branch_id | client_id | caregiver_id, start_at) indexes serve the window.
 */
export async function getShifts({ scope, input }: { scope: Scope; input: GetShiftsInput }): Promise<ShiftListItem[]> {
  const after = new Date(input.after);
  const before = new Date(input.before);
  return loadShiftList(
    scope,
    and(
      lt(shifts.startAt, before),
      gt(shifts.endAt, after),
      gt(shifts.startAt, new Date(after.getTime() - MAX_SHIFT_MINUTES * 60_000)),
      input.clientId ? eq(shifts.clientId, input.clientId) : undefined,
      input.caregiverId ? eq(shifts.caregiverId, input.caregiverId) : undefined,
      input.branchId ? eq(shifts.branchId, input.branchId) : undefined,
      input.includeCancelled ? undefined : ne(shifts.status, 'cancelled'),
    ),
  );
}

/**
 * Creates a shift (createShift; issue "Scheduling" items 1, 3, 5): {clientId, caregiverId? (none: an open shift),
 * startTimestamp, endTimestamp (ISO, end after start, at most 24 h), serviceCode?, modifiers?, payerSourceId?,
 * notes?, dryRun?}. The branch is the client's; the authorization is matched (matchAuthorization) and stored.
 * Checks, in order: client in scope, caregiver assignable, payer of the company, pay period lock (an override
 * is recorded), caregiver free (409). Warnings (shifts.warnings.ts) come back with the save; with dryRun the
 * same checks run and nothing is written.
 * A written change tells open screens through a live 'shifts' event (shifts.live.ts publishShiftChange).
 * @returns ShiftSaveOutput {shift (null with dryRun), warnings}.
 * @throws AppError NOT_FOUND "Client N not found"; BAD_REQUEST for the caregiver or payer; CONFLICT for a lock or
 * an overlapping shift of the caregiver.
 */
export async function createShift({ scope, input }: { scope: Scope; input: CreateShiftInput }): Promise<ShiftSaveOutput> {
  const client = await findShiftClient(scope, input.clientId);
  const caregiver = input.caregiverId ? await shiftCaregiver(scope, input.caregiverId, client, true) : null;
  const payerSourceName = input.payerSourceId
    ? await assertCompanyPayer(scope, client.companyId, input.payerSourceId, 'payerSourceId')
    : null;
  const startAt = new Date(input.startTimestamp);
  const endAt = new Date(input.endTimestamp);
  const serviceCode = input.serviceCode ?? null;
  const modifiers = input.modifiers ?? [];
  const authorization = input.payerSourceId
    ? await matchAuthorization(scope, {
        clientId: client.id,
        payerSourceId: input.payerSourceId,
        serviceCode,
        modifiers,
        localDate: localDateOf(startAt, client.timezone),
      })
    : null;
  const recordLocks = await checkShiftLocks(scope, client.branchId, [startAt], 'create');
  const slot = slotOf(caregiver, { startAt, endAt }, 0);
  if (slot) await assertCaregiverFree(scope, slot);
  const draft: ShiftDraft = {
    id: 0,
    clientId: client.id,
    clientName: client.name,
    timezone: client.timezone,
    caregiver,
    status: 'scheduled',
    startAt,
    endAt,
    checkInAt: null,
    checkOutAt: null,
    payerSourceId: input.payerSourceId ?? null,
    payerSourceName,
    serviceCode,
    modifiers,
    authorization,
  };
  const warnings = await shiftWarnings(scope, draft);
  if (input.dryRun) return { shift: null, warnings };
  const id = await guardedWrite(scope, slot, async (db) => {
    const [row] = await db
      .insert(shifts)
      .values({
        branchId: client.branchId,
        clientId: client.id,
        caregiverId: caregiver?.id ?? null,
        serviceCode,
        modifiers,
        payerSourceId: input.payerSourceId ?? null,
        authorizationId: authorization?.id ?? null,
        startAt,
        endAt,
        notes: textOrNull(input.notes) ?? null,
      })
      .returning({ id: shifts.id });
    if (!row) throw new Error('shift insert returned nothing');
    return row.id;
  });
  await recordLocks(id);
  await notifyVisitChange(scope.db, null, {
    caregiverId: caregiver?.id ?? null,
    startAt,
    endAt,
    status: 'scheduled',
    clientId: client.id,
    branchId: client.branchId,
  });
  await publishShiftChange(scope.db, { topic: 'shifts', shiftId: id });
  return { shift: await getShift({ scope, input: { id } }), warnings };
}

/**
 * Edits a shift (updateShift {id, ...fields to change, status?, dryRun?}; caregiverId null makes it open). The
 * rules of createShift apply to the shift as it would be: a new caregiver is checked again, the authorization is
 * matched again, the lock is checked over the old and the new start, the caregiver must be free. A shift of a
 * recurring pattern becomes an exception (is_exception), which regeneration leaves alone. The office may set
 * the status (scheduled, in_progress, completed, missed); cancelling goes through deleteShift.
 * A written change tells open screens through a live 'shifts' event (shifts.live.ts publishShiftChange).
 * @returns ShiftSaveOutput {shift (null with dryRun), warnings}.
 * @throws AppError NOT_FOUND "Shift N not found"; BAD_REQUEST for a cancelled shift, the times, the caregiver or
 * the payer; CONFLICT for a lock or an overlap.
 */
export async function updateShift({ scope, input }: { scope: Scope; input: UpdateShiftInput }): Promise<ShiftSaveOutput> {
  const { row } = await findShift(scope, input.id, { lock: true });
  if (row.status === 'cancelled') throw new AppError('BAD_REQUEST', `Shift ${row.id} is cancelled: it cannot be changed`);
  const client = await findShiftClient(scope, row.clientId);
  const caregiverId = input.caregiverId === undefined ? row.caregiverId : input.caregiverId;
  const caregiver = caregiverId ? await shiftCaregiver(scope, caregiverId, client, caregiverId !== row.caregiverId) : null;
  const payerSourceId = input.payerSourceId === undefined ? row.payerSourceId : input.payerSourceId;
  const payerSourceName = payerSourceId
    ? await assertCompanyPayer(scope, client.companyId, payerSourceId, 'payerSourceId')
    : null;
  const startAt = input.startTimestamp ? new Date(input.startTimestamp) : row.startAt;
  const endAt = input.endTimestamp ? new Date(input.endTimestamp) : row.endAt;
  assertNoFieldErrors(shiftTimeErrors({ startTimestamp: startAt.toISOString(), endTimestamp: endAt.toISOString() }));
  const serviceCode = input.serviceCode === undefined ? row.serviceCode : input.serviceCode;
  const modifiers = input.modifiers ?? row.modifiers;
  const status = input.status ?? row.status;
  const authorization = payerSourceId
    ? await matchAuthorization(scope, {
        clientId: client.id,
        payerSourceId,
        serviceCode,
        modifiers,
        localDate: localDateOf(startAt, client.timezone),
      })
    : null;
  const starts = startAt.getTime() === row.startAt.getTime() ? [row.startAt] : [row.startAt, startAt];
  const recordLocks = await checkShiftLocks(scope, row.branchId, starts, 'update');
  const slot = slotOf(caregiver, { startAt, endAt }, row.id);
  if (slot) await assertCaregiverFree(scope, slot);
  const warnings = await shiftWarnings(scope, {
    id: row.id,
    clientId: client.id,
    clientName: client.name,
    timezone: client.timezone,
    caregiver,
    status,
    startAt,
    endAt,
    checkInAt: row.checkInAt,
    checkOutAt: row.checkOutAt,
    payerSourceId,
    payerSourceName,
    serviceCode,
    modifiers,
    authorization,
  });
  if (input.dryRun) return { shift: null, warnings };
  await guardedWrite(scope, slot, (db) =>
    db
      .update(shifts)
      .set({
        caregiverId: caregiver?.id ?? null,
        serviceCode,
        modifiers,
        payerSourceId,
        authorizationId: authorization?.id ?? null,
        startAt,
        endAt,
        status,
        notes: textOrNull(input.notes),
        isException: row.patternId !== null || row.isException,
        updatedAt: new Date(),
      })
      .where(eq(shifts.id, row.id)),
  );
  await recordLocks(row.id);
  await notifyVisitChange(scope.db, row, {
    caregiverId: caregiver?.id ?? null,
    startAt,
    endAt,
    status,
    clientId: row.clientId,
    branchId: row.branchId,
  });
  // The caregiver it was taken from refreshes too.
  await publishShiftChange(scope.db, { topic: 'shifts', shiftId: row.id, caregiverIds: [row.caregiverId] });
  return { shift: await getShift({ scope, input: { id: row.id } }), warnings };
}

/**
 * Whether a caregiver may have seen the shift: it has or ever had a caregiver (the audit trail keeps every
 * version of the row), or pickup invitations were sent for it.
 */
async function seenByCaregiver(scope: Scope, shift: { id: number; caregiverId: number | null }): Promise<boolean> {
  if (shift.caregiverId !== null) return true;
  const [seen] = await scope.db
    .select({ yes: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tableName, 'shifts'),
        eq(auditLog.rowId, shift.id),
        sql`(${auditLog.newRow} ->> 'caregiver_id' is not null or ${auditLog.oldRow} ->> 'caregiver_id' is not null)`,
      ),
    )
    .limit(1);
  if (seen) return true;
  const [invited] = await scope.db
    .select({ yes: sql<number>`1` })
    .from(shiftPickupInvitations)
    .where(eq(shiftPickupInvitations.shiftId, shift.id))
    .limit(1);
  return Boolean(invited);
}

/**
 * Deletes or cancels a shift (deleteShift {id, reason?}; issue "Scheduling" item 1). A shift no caregiver can have
 * seen (never had a caregiver, no pickup invitations) is deleted; when a pattern generated it, its occurrence start
 * (ISO 8601 UTC, Date#toISOString) joins the pattern's exdates so regeneration does not bring it back. Any other
 * shift is cancelled (status cancelled, cancel_reason, cancelled_at), which needs a reason, and its pending pickup
 * invitations expire. The pay period lock applies (an override is recorded). Cancelling a cancelled shift changes
 * nothing.
 * A written change tells open screens through a live 'shifts' event (shifts.live.ts publishShiftChange).
 * @returns {id, cancelled}: cancelled false when the shift was deleted.
 * @throws AppError NOT_FOUND "Shift N not found"; BAD_REQUEST "Give a reason to cancel a shift a caregiver has
 * seen"; CONFLICT for a lock.
 */
export async function deleteShift({
  scope,
  input,
}: {
  scope: Scope;
  input: DeleteShiftInput;
}): Promise<{ id: number; cancelled: boolean }> {
  const { row } = await findShift(scope, input.id, { lock: true });
  const recordLocks = await checkShiftLocks(scope, row.branchId, [row.startAt], 'delete');
  if (!(await seenByCaregiver(scope, row))) {
    await scope.db.delete(shifts).where(eq(shifts.id, row.id));
    if (row.patternId !== null && row.occurrenceStart) {
      const exdate = JSON.stringify([row.occurrenceStart.toISOString()]);
      await scope.db
        .update(shiftPatterns)
        .set({ exdates: sql`${shiftPatterns.exdates} || ${exdate}::jsonb`, updatedAt: new Date() })
        .where(and(eq(shiftPatterns.id, row.patternId), sql`not ${shiftPatterns.exdates} @> ${exdate}::jsonb`));
    }
    await recordLocks(row.id);
    await publishShiftChange(scope.db, { topic: 'shifts', shiftId: row.id, branchId: row.branchId, clientId: row.clientId });
    return { id: row.id, cancelled: false };
  }
  if (row.status === 'cancelled') return { id: row.id, cancelled: true };
  const reason = input.reason?.trim();
  if (!reason) {
    const message = 'Give a reason to cancel a shift a caregiver has seen';
    throw new AppError('BAD_REQUEST', message, { reason: [message] });
  }
  const now = new Date();
  await scope.db
    .update(shifts)
    .set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now })
    .where(eq(shifts.id, row.id));
  await scope.db
    .update(shiftPickupInvitations)
    .set({ status: 'expired' })
    .where(and(eq(shiftPickupInvitations.shiftId, row.id), sql`${shiftPickupInvitations.status} in ('sent', 'seen')`));
  await recordLocks(row.id);
  await notifyVisitChange(scope.db, row, { ...row, status: 'cancelled' });
  await publishShiftChange(scope.db, { topic: 'shifts', shiftId: row.id });
  return { id: row.id, cancelled: true };
}
