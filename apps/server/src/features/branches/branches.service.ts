import { and, asc, eq, sql } from 'drizzle-orm';
import type { BranchOutput, CreateBranchInput, UpdateBranchInput } from '@hearth/shared/branches/branches.schema';
import type { Db } from '../../db/client';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { branches } from './branches.schema';
import { placeFromZip, type BranchPlace } from './branches.location';
import { normalizeZip } from '@hearth/shared/records/zip';

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
 * Adds an office to the caller's company (company-level and system-level roles; the action permission keeps
 * branch-level roles out): the branch form's fields, its time zone an IANA name (default America/New_York), and its
 * place on /map at the centre of its ZIP, marked approximate (placeFromZip; none without a known ZIP).
 * @returns the new branch as getBranch gives it.
 * @throws AppError FORBIDDEN for a caller of no company or of branch level; CONFLICT when the company already has a
 * branch of that name (case-insensitive); BAD_REQUEST when the ZIP lies in another state than the one given.
 */
export async function createBranch({ scope, input }: { scope: Scope; input: CreateBranchInput }): Promise<BranchOutput> {
  if (scope.companyId === null || (scope.level !== 'company' && scope.level !== 'system')) {
    throw new AppError('FORBIDDEN', 'Only a company admin can add a branch to the company');
  }
  const { place, problem } = await placeFromZip({ zip: input.zip, state: input.state });
  if (problem) throw new AppError('BAD_REQUEST', problem, { zip: [problem] });
  return insertBranch(scope.db, scope.companyId, input, place);
}

/**
 * Writes a new branch of company `companyId` at `place` (createBranch, and the command line's create-branch, which
 * checks its own options first).
 * @returns the branch as getBranch gives it.
 * @throws AppError CONFLICT when the company already has a branch of that name (case-insensitive).
 */
export async function insertBranch(
  db: Db,
  companyId: number,
  fields: CreateBranchInput,
  place: BranchPlace,
): Promise<BranchOutput> {
  const [taken] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), sql`lower(${branches.name}) = ${fields.name.toLowerCase()}`));
  if (taken) throw new AppError('CONFLICT', `A branch named ${fields.name} already exists`, { name: ['This name is taken'] });
  const [row] = await db
    .insert(branches)
    .values({ ...fields, ...place, companyId })
    .returning(branchColumns);
  return row!;
}

/** The five-digit ZIP of a stored or entered ZIP, or null (ZIP+4 "02108-1234" and "02108" are one place). */
function zip5(zip: string | null): string | null {
  return (zip && normalizeZip(zip)?.slice(0, 5)) || null;
}

/**
 * The branch's new place when its five-digit ZIP changed, or when it has no coordinates yet: the centre of the new
 * ZIP, marked approximate (placeFromZip; none for a ZIP the table does not know). Coordinates of the same ZIP stay.
 * @returns the columns to set, or an empty object when the place stays.
 */
async function movedPlace(
  current: { zip: string | null; lat: number | null },
  zip: string | null | undefined,
): Promise<Partial<BranchPlace>> {
  const zipChanged = zip !== undefined && zip5(zip) !== zip5(current.zip);
  if (!zipChanged && current.lat !== null) return {};
  const { place } = await placeFromZip({ zip: zip === undefined ? current.zip : zip, state: null });
  return zipChanged || place.lat !== null ? place : {};
}

/**
 * Edits a branch in scope {id, ...fields to change}: name, region, address, time zone, geofence radius (metres); an
 * omitted field keeps its stored value. A new ZIP moves the branch on /map to that ZIP's centre, marked approximate
 * (movedPlace).
 * @throws AppError NOT_FOUND when it does not exist or is outside the scope.
 */
export async function updateBranch({ scope, input }: { scope: Scope; input: UpdateBranchInput }): Promise<BranchOutput> {
  const { id, ...fields } = input;
  const where = and(eq(branches.id, id), inBranchScope(scope, branches.id));
  const [current] = await scope.db.select({ zip: branches.zip, lat: branches.lat }).from(branches).where(where);
  if (!current) throw notFound('Branch', id);
  const [row] = await scope.db
    .update(branches)
    .set({ ...fields, ...(await movedPlace(current, fields.zip)), updatedAt: new Date() })
    .where(where)
    .returning(branchColumns);
  if (!row) throw notFound('Branch', id);
  return row;
}
