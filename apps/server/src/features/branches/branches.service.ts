import { and, asc, eq } from 'drizzle-orm';
import type { BranchOutput, UpdateBranchInput } from '@hearth/shared/branches/branches.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { branches } from './branches.schema';

const branchColumns = {
  id: branches.id,
  companyId: branches.companyId,
  name: branches.name,
  region: branches.region,
  addressLine1: branches.addressLine1,
  addressLine2: branches.addressLine2,
  city: branches.city,
  state: branches.state,
  zip: branches.zip,
  timezone: branches.timezone,
  geofenceRadiusMetres: branches.geofenceRadiusMetres,
};

/** The branches in scope, by name. */
export async function getBranches({ scope }: { scope: Scope }): Promise<BranchOutput[]> {
  return scope.db.select(branchColumns).from(branches).where(inBranchScope(scope, branches.id)).orderBy(asc(branches.name));
}

/**
 * One branch in scope.
 * @throws AppError NOT_FOUND when it does not exist or is outside the scope.
 */
export async function getBranch({ scope, input }: { scope: Scope; input: { id: number } }): Promise<BranchOutput> {
  const [row] = await scope.db
    .select(branchColumns)
    .from(branches)
    .where(and(eq(branches.id, input.id), inBranchScope(scope, branches.id)));
  if (!row) throw notFound('Branch', input.id);
  return row;
}

/**
 * Edits a branch in scope: name, region, address, time zone, geofence radius (metres).
 * @throws AppError NOT_FOUND when it does not exist or is outside the scope.
 */
export async function updateBranch({ scope, input }: { scope: Scope; input: UpdateBranchInput }): Promise<BranchOutput> {
  const { id, ...fields } = input;
  const [row] = await scope.db
    .update(branches)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(branches.id, id), inBranchScope(scope, branches.id)))
    .returning(branchColumns);
  if (!row) throw notFound('Branch', id);
  return row;
}
