import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import { todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import {
  addressRuleErrors,
  cashAdvanceRuleErrors,
  credentialRuleErrors,
  type CaregiverAddressOutput,
  type CaregiverCashAdvanceOutput,
  type CaregiverCredentialOutput,
  type CaregiverJournalEntryOutput,
  type CreateCaregiverAddressInput,
  type CreateCaregiverCashAdvanceInput,
  type CreateCaregiverCredentialInput,
  type CreateCaregiverJournalEntryInput,
  type DeletedOutput,
  type UpdateCaregiverAddressInput,
  type UpdateCaregiverCashAdvanceInput,
  type UpdateCaregiverCredentialInput,
  type UpdateCaregiverJournalEntryInput,
} from '@hearth/shared/caregivers/caregivers.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { users } from '../users/users.schema';
import { caregiverAddresses, caregiverCashAdvances, caregiverCredentials, caregiverJournalEntries } from './caregivers.schema';
import { definedOnly, findCaregiver, findRecordCaregiver, type CaregiverRecordTable } from './caregivers.lookup';
import { presentCredentials } from './caregivers.service';

/** Refuses input whose cross-field rule fails on the record as it would be saved. @throws AppError BAD_REQUEST. */
function assertRule(errors: Record<string, string>): void {
  const entries = Object.entries(errors);
  const first = entries[0];
  if (!first) return;
  throw new AppError(
    'BAD_REQUEST',
    `${first[0]}: ${first[1]}`,
    Object.fromEntries(entries.map(([field, message]) => [field, [message]])),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------------------------

const ADDRESS: CaregiverRecordTable = {
  table: caregiverAddresses,
  id: caregiverAddresses.id,
  caregiverId: caregiverAddresses.caregiverId,
  name: 'Caregiver address',
};

function toAddress(r: typeof caregiverAddresses.$inferSelect): CaregiverAddressOutput {
  return {
    id: r.id,
    caregiverId: r.caregiverId,
    line1: r.line1,
    line2: r.line2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    lat: r.lat,
    lon: r.lon,
    isPrimary: r.isPrimary,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * A caregiver's addresses (getCaregiverAddresses {caregiverId}), the primary first, then oldest first.
 * @returns CaregiverAddressOutput[] (lat/lon in WGS84 degrees).
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function getCaregiverAddresses({
  scope,
  input,
}: {
  scope: Scope;
  input: { caregiverId: number };
}): Promise<CaregiverAddressOutput[]> {
  await findCaregiver(scope, input.caregiverId);
  const rows = await scope.db
    .select()
    .from(caregiverAddresses)
    .where(eq(caregiverAddresses.caregiverId, input.caregiverId))
    .orderBy(desc(caregiverAddresses.isPrimary), asc(caregiverAddresses.createdAt), asc(caregiverAddresses.id));
  return rows.map(toAddress);
}

/** Makes the caregiver's oldest address other than `exceptId` primary (when the primary goes away). */
async function promoteOldest(scope: Scope, caregiverId: number, exceptId: number): Promise<boolean> {
  const [next] = await scope.db
    .select({ id: caregiverAddresses.id })
    .from(caregiverAddresses)
    .where(and(eq(caregiverAddresses.caregiverId, caregiverId), ne(caregiverAddresses.id, exceptId)))
    .orderBy(asc(caregiverAddresses.createdAt), asc(caregiverAddresses.id))
    .limit(1);
  if (!next) return false;
  await scope.db.update(caregiverAddresses).set({ isPrimary: true }).where(eq(caregiverAddresses.id, next.id));
  return true;
}

/** Unmarks the caregiver's primary address(es) other than `exceptId`. */
async function clearPrimary(scope: Scope, caregiverId: number, exceptId = 0): Promise<void> {
  await scope.db
    .update(caregiverAddresses)
    .set({ isPrimary: false })
    .where(and(eq(caregiverAddresses.caregiverId, caregiverId), ne(caregiverAddresses.id, exceptId)));
}

/**
 * Adds an address (createCaregiverAddress). One address is primary: the first one always is; marking a new one
 * primary unmarks the others. Input CreateCaregiverAddressInput; output CaregiverAddressOutput.
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function createCaregiverAddress({
  scope,
  input,
}: {
  scope: Scope;
  input: CreateCaregiverAddressInput;
}): Promise<CaregiverAddressOutput> {
  await findCaregiver(scope, input.caregiverId, { lock: true });
  const [existing] = await scope.db
    .select({ id: caregiverAddresses.id })
    .from(caregiverAddresses)
    .where(eq(caregiverAddresses.caregiverId, input.caregiverId))
    .limit(1);
  const isPrimary = !existing || input.isPrimary === true;
  if (isPrimary) await clearPrimary(scope, input.caregiverId);
  const [row] = await scope.db
    .insert(caregiverAddresses)
    .values({
      caregiverId: input.caregiverId,
      line1: input.line1,
      line2: input.line2 ?? null,
      city: input.city,
      state: input.state,
      zip: input.zip,
      lat: input.lat ?? null,
      lon: input.lon ?? null,
      isPrimary,
    })
    .returning();
  if (!row) throw new Error('address insert returned nothing');
  return toAddress(row);
}

/**
 * Edits an address (updateCaregiverAddress): {id} and the fields to change. isPrimary true unmarks the others;
 * false on the primary passes the mark to the oldest other address (an only address stays primary).
 * Output CaregiverAddressOutput.
 * @throws AppError NOT_FOUND "Caregiver address N not found" when missing or outside scope, BAD_REQUEST when the
 * result has only one of lat/lon.
 */
export async function updateCaregiverAddress({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateCaregiverAddressInput;
}): Promise<CaregiverAddressOutput> {
  const { id, isPrimary, ...fields } = input;
  const caregiver = await findRecordCaregiver(scope, ADDRESS, id, { lock: true });
  const [current] = await scope.db.select().from(caregiverAddresses).where(eq(caregiverAddresses.id, id));
  if (!current) throw new AppError('NOT_FOUND', `Caregiver address ${id} not found`);
  const patch = definedOnly(fields);
  assertRule(addressRuleErrors({ lat: current.lat, lon: current.lon, ...patch }));
  let primary = current.isPrimary;
  if (isPrimary === true && !current.isPrimary) {
    await clearPrimary(scope, caregiver.id, id);
    primary = true;
  } else if (isPrimary === false && current.isPrimary) {
    primary = !(await promoteOldest(scope, caregiver.id, id));
  }
  const [row] = await scope.db
    .update(caregiverAddresses)
    .set({ ...patch, isPrimary: primary })
    .where(eq(caregiverAddresses.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', `Caregiver address ${id} not found`);
  return toAddress(row);
}

/**
 * Deletes an address (deleteCaregiverAddress {id}); when it was the primary, the oldest remaining one becomes
 * primary. Output {ok: true, id}.
 * @throws AppError NOT_FOUND "Caregiver address N not found" when missing or outside scope.
 */
export async function deleteCaregiverAddress({ scope, input }: { scope: Scope; input: { id: number } }): Promise<DeletedOutput> {
  const caregiver = await findRecordCaregiver(scope, ADDRESS, input.id, { lock: true });
  const [deleted] = await scope.db
    .delete(caregiverAddresses)
    .where(eq(caregiverAddresses.id, input.id))
    .returning({ isPrimary: caregiverAddresses.isPrimary });
  if (deleted?.isPrimary) await promoteOldest(scope, caregiver.id, input.id);
  return { ok: true, id: input.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Journal entries
// ---------------------------------------------------------------------------------------------------------------

const JOURNAL: CaregiverRecordTable = {
  table: caregiverJournalEntries,
  id: caregiverJournalEntries.id,
  caregiverId: caregiverJournalEntries.caregiverId,
  name: 'Caregiver journal entry',
};

async function journalEntries(scope: Scope, where: SQL): Promise<CaregiverJournalEntryOutput[]> {
  const rows = await scope.db
    .select({ entry: caregiverJournalEntries, authorName: users.name })
    .from(caregiverJournalEntries)
    .leftJoin(users, eq(users.id, caregiverJournalEntries.authorUserId))
    .where(where)
    .orderBy(desc(caregiverJournalEntries.entryDate), desc(caregiverJournalEntries.id));
  return rows.map(({ entry: e, authorName }) => ({
    id: e.id,
    caregiverId: e.caregiverId,
    entryDate: e.entryDate,
    subject: e.subject,
    body: e.body,
    authorUserId: e.authorUserId,
    authorName,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  }));
}

async function journalEntry(scope: Scope, id: number): Promise<CaregiverJournalEntryOutput> {
  const [entry] = await journalEntries(scope, eq(caregiverJournalEntries.id, id));
  if (!entry) throw new AppError('NOT_FOUND', `Caregiver journal entry ${id} not found`);
  return entry;
}

/**
 * A caregiver's journal (getCaregiverJournalEntries {caregiverId}), newest entry date first, with author names.
 * @returns CaregiverJournalEntryOutput[].
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function getCaregiverJournalEntries({
  scope,
  input,
}: {
  scope: Scope;
  input: { caregiverId: number };
}): Promise<CaregiverJournalEntryOutput[]> {
  await findCaregiver(scope, input.caregiverId);
  return journalEntries(scope, eq(caregiverJournalEntries.caregiverId, input.caregiverId));
}

/**
 * Adds a dated note (createCaregiverJournalEntry); the author is the signed-in user (not an impersonated one).
 * Output CaregiverJournalEntryOutput.
 * @throws AppError NOT_FOUND "Caregiver N not found" outside scope.
 */
export async function createCaregiverJournalEntry({
  scope,
  input,
}: {
  scope: Scope;
  input: CreateCaregiverJournalEntryInput;
}): Promise<CaregiverJournalEntryOutput> {
  await findCaregiver(scope, input.caregiverId);
  const [row] = await scope.db
    .insert(caregiverJournalEntries)
    .values({
      caregiverId: input.caregiverId,
      entryDate: input.entryDate,
      subject: input.subject,
      body: input.body,
      authorUserId: scope.actorUserId,
    })
    .returning({ id: caregiverJournalEntries.id });
  if (!row) throw new Error('journal entry insert returned nothing');
  return journalEntry(scope, row.id);
}

/**
 * Edits a journal entry (updateCaregiverJournalEntry): {id} and the fields to change. Output
 * CaregiverJournalEntryOutput.
 * @throws AppError NOT_FOUND "Caregiver journal entry N not found" when missing or outside scope.
 */
export async function updateCaregiverJournalEntry({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateCaregiverJournalEntryInput;
}): Promise<CaregiverJournalEntryOutput> {
  const { id, ...fields } = input;
  await findRecordCaregiver(scope, JOURNAL, id);
  await scope.db
    .update(caregiverJournalEntries)
    .set({ ...definedOnly(fields), updatedAt: new Date() })
    .where(eq(caregiverJournalEntries.id, id));
  return journalEntry(scope, id);
}

/**
 * Deletes a journal entry (deleteCaregiverJournalEntry {id}). Output {ok: true, id}.
 * @throws AppError NOT_FOUND "Caregiver journal entry N not found" when missing or outside scope.
 */
export async function deleteCaregiverJournalEntry({
  scope,
  input,
}: {
  scope: Scope;
  input: { id: number };
}): Promise<DeletedOutput> {
  await findRecordCaregiver(scope, JOURNAL, input.id);
  await scope.db.delete(caregiverJournalEntries).where(eq(caregiverJournalEntries.id, input.id));
  return { ok: true, id: input.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Cash advances
// ---------------------------------------------------------------------------------------------------------------

const CASH_ADVANCE: CaregiverRecordTable = {
  table: caregiverCashAdvances,
  id: caregiverCashAdvances.id,
  caregiverId: caregiverCashAdvances.caregiverId,
  name: 'Caregiver cash advance',
};

async function cashAdvances(scope: Scope, where: SQL): Promise<CaregiverCashAdvanceOutput[]> {
  const rows = await scope.db
    .select({ advance: caregiverCashAdvances, createdByName: users.name })
    .from(caregiverCashAdvances)
    .leftJoin(users, eq(users.id, caregiverCashAdvances.createdByUserId))
    .where(where)
    .orderBy(desc(caregiverCashAdvances.advancedOn), desc(caregiverCashAdvances.id));
  return rows.map(({ advance: a, createdByName }) => ({
    id: a.id,
    caregiverId: a.caregiverId,
    amountCents: a.amountCents,
    advancedOn: a.advancedOn,
    reason: a.reason,
    deductedOn: a.deductedOn,
    createdByUserId: a.createdByUserId,
    createdByName,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }));
}

async function cashAdvance(scope: Scope, id: number): Promise<CaregiverCashAdvanceOutput> {
  const [advance] = await cashAdvances(scope, eq(caregiverCashAdvances.id, id));
  if (!advance) throw new AppError('NOT_FOUND', `Caregiver cash advance ${id} not found`);
  return advance;
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
}: {
  scope: Scope;
  input: { caregiverId: number };
}): Promise<CaregiverCashAdvanceOutput[]> {
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
}: {
  scope: Scope;
  input: CreateCaregiverCashAdvanceInput;
}): Promise<CaregiverCashAdvanceOutput> {
  await findCaregiver(scope, input.caregiverId);
  const [row] = await scope.db
    .insert(caregiverCashAdvances)
    .values({
      caregiverId: input.caregiverId,
      amountCents: input.amountCents,
      advancedOn: input.advancedOn,
      reason: input.reason ?? null,
      createdByUserId: scope.actorUserId,
    })
    .returning({ id: caregiverCashAdvances.id });
  if (!row) throw new Error('cash advance insert returned nothing');
  return cashAdvance(scope, row.id);
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
}: {
  scope: Scope;
  input: UpdateCaregiverCashAdvanceInput;
}): Promise<CaregiverCashAdvanceOutput> {
  const { id, ...fields } = input;
  const current = await outstandingAdvance(scope, id, 'changed');
  const patch = definedOnly(fields);
  assertRule(cashAdvanceRuleErrors({ advancedOn: current.advancedOn, deductedOn: current.deductedOn, ...patch }));
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
export async function deleteCaregiverCashAdvance({
  scope,
  input,
}: {
  scope: Scope;
  input: { id: number };
}): Promise<DeletedOutput> {
  await outstandingAdvance(scope, input.id, 'deleted');
  await scope.db.delete(caregiverCashAdvances).where(eq(caregiverCashAdvances.id, input.id));
  return { ok: true, id: input.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Credentials
// ---------------------------------------------------------------------------------------------------------------

const CREDENTIAL: CaregiverRecordTable = {
  table: caregiverCredentials,
  id: caregiverCredentials.id,
  caregiverId: caregiverCredentials.caregiverId,
  name: 'Caregiver credential',
};

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
}: {
  scope: Scope;
  input: { caregiverId: number };
}): Promise<CaregiverCredentialOutput[]> {
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
}: {
  scope: Scope;
  input: CreateCaregiverCredentialInput;
}): Promise<CaregiverCredentialOutput> {
  const caregiver = await findCaregiver(scope, input.caregiverId);
  const [row] = await scope.db
    .insert(caregiverCredentials)
    .values({
      caregiverId: caregiver.id,
      name: input.name,
      number: input.number ?? null,
      issuedOn: input.issuedOn ?? null,
      expiresOn: input.expiresOn ?? null,
    })
    .returning({ id: caregiverCredentials.id });
  if (!row) throw new Error('credential insert returned nothing');
  return credential(scope, caregiver.id, caregiver.branchTimezone, row.id);
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
}: {
  scope: Scope;
  input: UpdateCaregiverCredentialInput;
}): Promise<CaregiverCredentialOutput> {
  const { id, ...fields } = input;
  const caregiver = await findRecordCaregiver(scope, CREDENTIAL, id);
  const [current] = await scope.db.select().from(caregiverCredentials).where(eq(caregiverCredentials.id, id));
  if (!current) throw new AppError('NOT_FOUND', `Caregiver credential ${id} not found`);
  const patch = definedOnly(fields);
  assertRule(credentialRuleErrors({ issuedOn: current.issuedOn, expiresOn: current.expiresOn, ...patch }));
  if (Object.keys(patch).length) await scope.db.update(caregiverCredentials).set(patch).where(eq(caregiverCredentials.id, id));
  return credential(scope, caregiver.id, caregiver.branchTimezone, id);
}

/**
 * Deletes a credential (deleteCaregiverCredential {id}). Output {ok: true, id}.
 * @throws AppError NOT_FOUND "Caregiver credential N not found" when missing or outside scope.
 */
export async function deleteCaregiverCredential({
  scope,
  input,
}: {
  scope: Scope;
  input: { id: number };
}): Promise<DeletedOutput> {
  await findRecordCaregiver(scope, CREDENTIAL, input.id);
  await scope.db.delete(caregiverCredentials).where(eq(caregiverCredentials.id, input.id));
  return { ok: true, id: input.id };
}
