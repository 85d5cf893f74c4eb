import { and, eq } from 'drizzle-orm';
import type { CaregiverStatus } from '@hearth/shared/caregivers/caregivers.constants';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { findRecordOwnerId, type OwnedTable, type OwnerTable } from '../records/records.owner';
import { caregivers } from './caregivers.schema';

/** What the caregiver services need to know of a caregiver found in scope. */
export interface ScopedCaregiver {
  id: number;
  branchId: number;
  companyId: number;
  branchTimezone: string;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  status: CaregiverStatus;
}

/** The caregivers table as the record lookups read it. */
const CAREGIVER_OWNER: OwnerTable = { table: caregivers, id: caregivers.id, branchId: caregivers.branchId };

/**
 * Finds a caregiver in the caller's branch scope: the scope is part of the WHERE clause (auth/scope.ts), so a
 * caregiver of another branch and a missing one look the same. `lock` holds the caregiver row until the request's
 * transaction ends, so writes to one caregiver's records run one at a time (one primary address, one login).
 * @throws AppError NOT_FOUND "Caregiver N not found".
 */
export async function findCaregiver(
  scope: Scope,
  caregiverId: number,
  options: { lock?: boolean } = {},
): Promise<ScopedCaregiver> {
  const query = scope.db
    .select({
      id: caregivers.id,
      branchId: caregivers.branchId,
      companyId: branches.companyId,
      branchTimezone: branches.timezone,
      userId: caregivers.userId,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      email: caregivers.email,
      phoneNumber: caregivers.phoneNumber,
      status: caregivers.status,
    })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .where(and(eq(caregivers.id, caregiverId), inBranchScope(scope, caregivers.branchId)));
  const [row] = options.lock ? await query.for('update', { of: caregivers }) : await query;
  if (!row) throw notFound('Caregiver', caregiverId);
  return row;
}

/**
 * Finds the caregiver of a sub-record (address, journal entry, cash advance, credential) by the record's id, in
 * scope: the record joins its caregiver and the branch scope is in the WHERE clause. `lock` locks the caregiver as
 * findCaregiver does.
 * @throws AppError NOT_FOUND "<name> N not found" when the record does not exist or its caregiver is outside scope.
 */
export async function findRecordCaregiver(
  scope: Scope,
  record: OwnedTable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ScopedCaregiver> {
  return findCaregiver(scope, await findRecordOwnerId(scope, CAREGIVER_OWNER, record, id), options);
}

/** Keeps only the keys whose value is not undefined (a patch: an omitted field stays as it is). */
export function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
