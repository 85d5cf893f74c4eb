import { desc, eq, type SQL } from 'drizzle-orm';
import { todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import {
  cashAdvanceRuleErrors,
  credentialRuleErrors,
  type CaregiverCashAdvanceOutput,
  type CaregiverCredentialOutput,
  type CreateCaregiverCashAdvanceInput,
  type CreateCaregiverCredentialInput,
  type DeletedOutput,
  type UpdateCaregiverCashAdvanceInput,
  type UpdateCaregiverCredentialInput,
} from '@hearth/shared/caregivers/caregivers.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import {
  assertNoFieldErrors,
  ownedTable,
  type ScopedInput,
  insertReturningId,
  selectWithUserName,
  withIsoTimestamps,
  firstOrNotFound,
} from '../records/records.owner';
import { caregiverCashAdvances, caregiverCredentials } from './caregivers.schema';
import { definedOnly, findCaregiver, findRecordCaregiver } from './caregivers.lookup';
import { presentCredentials } from './caregivers.service';

// ---------------------------------------------------------------------------------------------------------------
// Cash advances
// ---------------------------------------------------------------------------------------------------------------

const CASH_ADVANCE = ownedTable(caregiverCashAdvances, caregiverCashAdvances.caregiverId, 'Caregiver cash advance');

async function cashAdvances(scope: Scope, where: SQL): Promise<CaregiverCashAdvanceOutput[]> {
  const t = caregiverCashAdvances;
  const rows = await selectWithUserName(scope, t, t.createdByUserId, where, [desc(t.advancedOn), desc(t.id)]);
  return rows.map(({ row, userName }) => withIsoTimestamps({ ...row, createdByName: userName }));
}

async function cashAdvance(scope: Scope, id: number): Promise<CaregiverCashAdvanceOutput> {
  return firstOrNotFound(await cashAdvances(scope, eq(caregiverCashAdvances.id, id)), 'Caregiver cash advance', id);
}

/**
 * The advance `id` of a caregiver in scope, refused once deducted (docs/glossary.md "Cash advance": deducted from a
 * later payroll, after which the payroll is the record).
 * @throws AppError NOT_FOUND outside scope, CONFLICT "Cash advance N was deducted on D and can no longer be <verb>".
 */
async function outstandingAdvance(scope: Scope, id: number, verb: 'changed' | 'deleted') {
  await findRecordCaregiver(scope, CASH_ADVANCE, id, { lock: true });
  const [current] = await scope.db.select().from(caregiverCashAdvances).where(eq(caregiverCashAdvances.id, id));
  if (!current) throw new AppError('NOT_FOUND', `Caregiver cash advance ${id} not found`);
  if (current.deductedOn) {
    throw new AppError('CONFLICT', `Cash advance ${id} was deducted on ${current.deductedOn} and can no longer be ${verb}`);
  }
  return current;
}

/**
 * A caregiver's cash advances (getCaregiverCashAdvances {caregiverId}, spec section 7), newest first.
 * @returns CaregiverCashAdvanceOutput[] (amounts in cents; deductedOn null while outstanding).
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function getCaregiverCashAdvances({
  scope,
  input,
}: ScopedInput<{ caregiverId: number }>): Promise<CaregiverCashAdvanceOutput[]> {
  await findCaregiver(scope, input.caregiverId);
  return cashAdvances(scope, eq(caregiverCashAdvances.caregiverId, input.caregiverId));
}

/**
 * Records money advanced to a caregiver (createCaregiverCashAdvance): amountCents > 0, advancedOn, reason. It is
 * outstanding until deducted. Output CaregiverCashAdvanceOutput.
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function createCaregiverCashAdvance({
  scope,
  input,
}: ScopedInput<CreateCaregiverCashAdvanceInput>): Promise<CaregiverCashAdvanceOutput> {
  await findCaregiver(scope, input.caregiverId);
  const id = await insertReturningId(scope, caregiverCashAdvances, 'cash advance', {
    caregiverId: input.caregiverId,
    amountCents: input.amountCents,
    advancedOn: input.advancedOn,
    reason: input.reason ?? null,
    createdByUserId: scope.actorUserId,
  });
  return cashAdvance(scope, id);
}

/**
 * Edits an outstanding cash advance (updateCaregiverCashAdvance): {id} and the fields to change; deductedOn marks
 * it deducted (on or after advancedOn), after which it is locked. Output CaregiverCashAdvanceOutput.
 * @throws AppError NOT_FOUND "Caregiver cash advance N not found" outside scope, CONFLICT once deducted,
 * BAD_REQUEST when deductedOn would precede advancedOn.
 */
export async function updateCaregiverCashAdvance({
  scope,
  input,
}: ScopedInput<UpdateCaregiverCashAdvanceInput>): Promise<CaregiverCashAdvanceOutput> {
  const { id, ...fields } = input;
  const current = await outstandingAdvance(scope, id, 'changed');
  const patch = definedOnly(fields);
  assertNoFieldErrors(cashAdvanceRuleErrors({ advancedOn: current.advancedOn, deductedOn: current.deductedOn, ...patch }));
  await scope.db
    .update(caregiverCashAdvances)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(caregiverCashAdvances.id, id));
  return cashAdvance(scope, id);
}

/**
 * Deletes an outstanding cash advance (deleteCaregiverCashAdvance {id}). Output {ok: true, id}.
 * @throws AppError NOT_FOUND outside scope, CONFLICT once deducted.
 */
export async function deleteCaregiverCashAdvance({ scope, input }: ScopedInput<{ id: number }>): Promise<DeletedOutput> {
  await outstandingAdvance(scope, input.id, 'deleted');
  await scope.db.delete(caregiverCashAdvances).where(eq(caregiverCashAdvances.id, input.id));
  return { ok: true, id: input.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Credentials
// ---------------------------------------------------------------------------------------------------------------

const CREDENTIAL = ownedTable(caregiverCredentials, caregiverCredentials.caregiverId, 'Caregiver credential');

/** The caregiver's credentials presented on the branch's today. */
async function credentialsOf(scope: Scope, caregiverId: number, timeZone: string): Promise<CaregiverCredentialOutput[]> {
  const rows = await scope.db.select().from(caregiverCredentials).where(eq(caregiverCredentials.caregiverId, caregiverId));
  return presentCredentials(rows, todayIn(timeZone)).credentials;
}

async function credential(scope: Scope, caregiverId: number, timeZone: string, id: number): Promise<CaregiverCredentialOutput> {
  const found = (await credentialsOf(scope, caregiverId, timeZone)).find((c) => c.id === id);
  if (!found) throw new AppError('NOT_FOUND', `Caregiver credential ${id} not found`);
  return found;
}

/**
 * A caregiver's credentials (getCaregiverCredentials {caregiverId}): CNA, HHA, CPR... with expiry status judged
 * on the branch's today (expiring within 30 days, expired, superseded by a renewal), soonest expiry first.
 * @returns CaregiverCredentialOutput[].
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function getCaregiverCredentials({
  scope,
  input,
}: ScopedInput<{ caregiverId: number }>): Promise<CaregiverCredentialOutput[]> {
  const caregiver = await findCaregiver(scope, input.caregiverId);
  return credentialsOf(scope, caregiver.id, caregiver.branchTimezone);
}

/**
 * Adds a credential (createCaregiverCredential): name, number, issuedOn, expiresOn (on or after issuedOn).
 * Output CaregiverCredentialOutput.
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function createCaregiverCredential({
  scope,
  input,
}: ScopedInput<CreateCaregiverCredentialInput>): Promise<CaregiverCredentialOutput> {
  const caregiver = await findCaregiver(scope, input.caregiverId);
  const id = await insertReturningId(scope, caregiverCredentials, 'credential', {
    caregiverId: caregiver.id,
    name: input.name,
    number: input.number ?? null,
    issuedOn: input.issuedOn ?? null,
    expiresOn: input.expiresOn ?? null,
  });
  return credential(scope, caregiver.id, caregiver.branchTimezone, id);
}

/**
 * Edits a credential (updateCaregiverCredential): {id} and the fields to change; the date rule applies to the
 * result. Output CaregiverCredentialOutput.
 * @throws AppError NOT_FOUND "Caregiver credential N not found" outside scope, BAD_REQUEST when it would expire
 * before it was issued.
 */
export async function updateCaregiverCredential({
  scope,
  input,
}: ScopedInput<UpdateCaregiverCredentialInput>): Promise<CaregiverCredentialOutput> {
  const { id, ...fields } = input;
  const caregiver = await findRecordCaregiver(scope, CREDENTIAL, id);
  const [current] = await scope.db.select().from(caregiverCredentials).where(eq(caregiverCredentials.id, id));
  if (!current) throw new AppError('NOT_FOUND', `Caregiver credential ${id} not found`);
  const patch = definedOnly(fields);
  assertNoFieldErrors(credentialRuleErrors({ issuedOn: current.issuedOn, expiresOn: current.expiresOn, ...patch }));
  if (Object.keys(patch).length) await scope.db.update(caregiverCredentials).set(patch).where(eq(caregiverCredentials.id, id));
  return credential(scope, caregiver.id, caregiver.branchTimezone, id);
}

/**
 * Deletes a credential (deleteCaregiverCredential {id}). Output {ok: true, id}.
 * @throws AppError NOT_FOUND "Caregiver credential N not found" when missing or outside scope.
 */
export async function deleteCaregiverCredential({ scope, input }: ScopedInput<{ id: number }>): Promise<DeletedOutput> {
  await findRecordCaregiver(scope, CREDENTIAL, input.id);
  await scope.db.delete(caregiverCredentials).where(eq(caregiverCredentials.id, input.id));
  return { ok: true, id: input.id };
}
