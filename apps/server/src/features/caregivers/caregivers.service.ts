import { recordScopeAccess } from '../access-log/access-log.record';
import { and, eq, sql } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { CaregiverStatus } from '@hearth/shared/caregivers/caregivers.constants';
import { credentialExpiry, isFlaggedExpiry, todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import type {
  CaregiverCredentialOutput,
  CaregiverOutput,
  CreateCaregiverInput,
  UpdateCaregiverInput,
} from '@hearth/shared/caregivers/caregivers.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { type ScopedInput, insertReturningId } from '../records/records.owner';
import { AppError, notFound } from '../../errors/app-error';
import { isUniqueViolation } from '../../db/errors';
import { branches } from '../branches/branches.schema';
import { branchUsers, users } from '../users/users.schema';
import { caregiverCredentials, caregivers } from './caregivers.schema';
import { definedOnly, findCaregiver } from './caregivers.lookup';

/** Statuses in which a caregiver's own sign-in works; inactive and terminated caregivers cannot sign in. */
export function loginAllowed(status: CaregiverStatus): boolean {
  return status === 'applicant' || status === 'active';
}

/**
 * Checks that a branch is in the caller's scope (a caregiver can only be placed in a branch the caller reaches).
 * @returns the branch's company id.
 * @throws AppError NOT_FOUND "Branch N not found" (field branchId) outside the scope.
 */
async function assertBranchInScope(scope: Scope, branchId: number): Promise<number> {
  const [row] = await scope.db
    .select({ companyId: branches.companyId })
    .from(branches)
    .where(and(eq(branches.id, branchId), inBranchScope(scope, branches.id)));
  if (!row) throw new AppError('NOT_FOUND', `Branch ${branchId} not found`, { branchId: ['Unknown branch'] });
  return row.companyId;
}

type CredentialRow = typeof caregiverCredentials.$inferSelect;

/**
 * Presents credentials with their expiry judged on `today` (the branch's date): status, days until expiry, and
 * whether a later credential of the same name (case-insensitive) supersedes it, e.g. a renewed CPR card.
 * Rule source: issue 4 ("credential expiries within 30 days are flagged"), CREDENTIAL_EXPIRY_WARNING_DAYS.
 * @returns all credentials (soonest expiry first, undated last) and the flagged ones (expiring or expired, not
 * superseded).
 */
export function presentCredentials(
  rows: CredentialRow[],
  today: string,
): { credentials: CaregiverCredentialOutput[]; expiringCredentials: CaregiverCredentialOutput[] } {
  const latest = new Map<string, string>();
  for (const r of rows) {
    const key = r.name.trim().toLowerCase();
    const current = latest.get(key);
    if (r.expiresOn && (!current || r.expiresOn > current)) latest.set(key, r.expiresOn);
  }
  const credentials = rows
    .map((r): CaregiverCredentialOutput => {
      const { status, daysUntilExpiry } = credentialExpiry(r.expiresOn, today);
      const newest = latest.get(r.name.trim().toLowerCase());
      return {
        id: r.id,
        caregiverId: r.caregiverId,
        name: r.name,
        number: r.number,
        issuedOn: r.issuedOn,
        expiresOn: r.expiresOn,
        expiryStatus: status,
        daysUntilExpiry,
        superseded: !!r.expiresOn && !!newest && newest > r.expiresOn,
        createdAt: r.createdAt.toISOString(),
      };
    })
    .sort(
      (a, b) =>
        (a.expiresOn ?? '9999-12-31').localeCompare(b.expiresOn ?? '9999-12-31') || a.name.localeCompare(b.name) || a.id - b.id,
    );
  const expiringCredentials = credentials.filter((c) => isFlaggedExpiry(c.expiryStatus) && !c.superseded);
  return { credentials, expiringCredentials };
}

/**
 * One caregiver in scope with credentials and the flagged ones (getCaregiver, spec section 7 "Caregiver").
 * Input {id}. Output CaregiverOutput: the record (pay rates in cents per hour, dates YYYY-MM-DD, timestamps ISO
 * UTC), the sign-in account if any, credentials with expiry status judged on the branch's today, and
 * expiringCredentials (within 30 days or expired).
 * @throws AppError NOT_FOUND "Caregiver N not found" when missing or outside the caller's branches.
 */
export async function getCaregiver({ scope, input }: ScopedInput<{ id: number }>): Promise<CaregiverOutput> {
  const [row] = await scope.db
    .select({
      caregiver: caregivers,
      branchName: branches.name,
      branchTimezone: branches.timezone,
      username: users.username,
      userIsActive: users.isActive,
      hasPassword: sql<boolean>`exists (select 1 from accounts a where a.user_id = caregivers.user_id and a.provider_id = 'credential' and a.password is not null)`,
    })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .leftJoin(users, eq(users.id, caregivers.userId))
    .where(and(eq(caregivers.id, input.id), inBranchScope(scope, caregivers.branchId)));
  if (!row) throw notFound('Caregiver', input.id);
  const c = row.caregiver;
  const credentialRows = await scope.db.select().from(caregiverCredentials).where(eq(caregiverCredentials.caregiverId, c.id));
  const today = todayIn(row.branchTimezone);
  return {
    id: c.id,
    branchId: c.branchId,
    branchName: row.branchName,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    gender: c.gender === 'F' || c.gender === 'M' || c.gender === 'X' ? c.gender : null,
    dateOfBirth: c.dateOfBirth,
    hireDate: c.hireDate,
    status: c.status,
    adpFileNumber: c.adpFileNumber,
    payRates: c.payRates.map((r) => ({ label: r.label, hourlyRateCents: r.hourlyRateCents, serviceCode: r.serviceCode ?? null })),
    skills: c.skills,
    languages: c.languages,
    availability: c.availability,
    maxWeeklyHours: c.maxWeeklyHours,
    notes: c.notes,
    login:
      c.userId !== null && row.username !== null
        ? { userId: c.userId, username: row.username, isActive: row.userIsActive ?? false, hasPassword: !!row.hasPassword }
        : null,
    ...presentCredentials(credentialRows, today),
    today,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/**
 * The caregiver profile's read (getCaregiver): getCaregiver, logged in the access log as a `record-read` of the caregiver by the
 * caller (HIPAA 45 CFR 164.312(b); issue 20 item 4). A caregiver out of scope is refused before anything is logged.
 * @throws AppError NOT_FOUND as getCaregiver.
 */
export async function readCaregiver({ scope, input }: ScopedInput<{ id: number }>): Promise<CaregiverOutput> {
  const caregiver = await getCaregiver({ scope, input });
  await recordScopeAccess(scope, {
    action: 'record-read',
    recordType: 'caregiver',
    recordId: caregiver.id,
    caregiverId: caregiver.id,
    detail: 'getCaregiver',
  });
  return caregiver;
}

/** Pay rates as stored: serviceCode null when not given. */
function storedPayRates(rates: CreateCaregiverInput['payRates']) {
  return rates.map((r) => ({ label: r.label, hourlyRateCents: r.hourlyRateCents, serviceCode: r.serviceCode ?? null }));
}

/**
 * Creates a caregiver (createCaregiver, issue 4 item 2) in a branch of the caller's scope. Input: the caregiver
 * form (CreateCaregiverInput; status defaults to applicant). Output: the caregiver as getCaregiver returns it.
 * @throws AppError NOT_FOUND "Branch N not found" when the branch is outside the caller's scope.
 */
export async function createCaregiver({ scope, input }: ScopedInput<CreateCaregiverInput>): Promise<CaregiverOutput> {
  await assertBranchInScope(scope, input.branchId);
  const id = await insertReturningId(scope, caregivers, 'caregiver', {
    branchId: input.branchId,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    phoneNumber: input.phoneNumber ?? null,
    gender: input.gender ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    hireDate: input.hireDate ?? null,
    status: input.status,
    adpFileNumber: input.adpFileNumber ?? null,
    payRates: storedPayRates(input.payRates),
    skills: input.skills,
    languages: input.languages,
    availability: input.availability,
    maxWeeklyHours: input.maxWeeklyHours ?? null,
    notes: input.notes ?? null,
  });
  return getCaregiver({ scope, input: { id } });
}

/**
 * Edits a caregiver (updateCaregiver, issue 4 item 2): {id} and only the fields to change; status applicant /
 * active / inactive / terminated (no hard delete of a person). Moving to another branch needs that branch in
 * scope. The caregiver's sign-in account follows: name, phone, email, branch, and it is deactivated while the
 * caregiver is inactive or terminated. Output: the caregiver as getCaregiver returns it.
 * @throws AppError NOT_FOUND "Caregiver N not found" / "Branch N not found" outside scope, CONFLICT when the new
 * email belongs to another user.
 */
export async function updateCaregiver({ scope, input }: ScopedInput<UpdateCaregiverInput>): Promise<CaregiverOutput> {
  const { id, payRates, ...fields } = input;
  const current = await findCaregiver(scope, id, { lock: true });
  if (fields.branchId !== undefined && fields.branchId !== current.branchId) await assertBranchInScope(scope, fields.branchId);
  await scope.db
    .update(caregivers)
    .set({
      ...definedOnly(fields),
      ...(payRates === undefined ? {} : { payRates: storedPayRates(payRates) }),
      updatedAt: new Date(),
    })
    .where(eq(caregivers.id, id));
  if (current.userId !== null) {
    const next = { ...current, ...definedOnly(fields) };
    // The email follows only when this edit changes it (the demo caregiver signs in with another address).
    await syncLogin(scope, current.userId, { ...next, email: next.email !== current.email ? next.email : null });
  }
  return getCaregiver({ scope, input: { id } });
}

/**
 * Keeps a caregiver's sign-in user (role Caregiver only) in step with the caregiver: name, phone, the new email
 * when `c.email` is given, active flag from the status, and the branch link.
 * @throws AppError CONFLICT when the email belongs to another user.
 */
async function syncLogin(
  scope: Scope,
  userId: number,
  c: {
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    email: string | null;
    status: CaregiverStatus;
    branchId: number;
  },
): Promise<void> {
  let synced: { id: number }[];
  try {
    synced = await scope.db
      .update(users)
      .set({
        firstName: c.firstName,
        lastName: c.lastName,
        name: `${c.firstName} ${c.lastName}`,
        phoneNumber: c.phoneNumber,
        ...(c.email ? { email: c.email } : {}),
        isActive: loginAllowed(c.status),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), eq(users.roleId, ROLE_IDS.caregiver)))
      .returning({ id: users.id });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'Another user already has this email', { email: ['Email already in use'] });
    }
    throw error;
  }
  if (synced.length === 0) return;
  const links = await scope.db.select({ branchId: branchUsers.branchId }).from(branchUsers).where(eq(branchUsers.userId, userId));
  if (links.length !== 1 || links[0]?.branchId !== c.branchId) {
    await scope.db.delete(branchUsers).where(eq(branchUsers.userId, userId));
    await scope.db.insert(branchUsers).values({ userId, branchId: c.branchId });
  }
}
