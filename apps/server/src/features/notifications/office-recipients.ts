import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../branches/branches.schema';
import { roles } from '../roles/roles.schema';
import { branchUsers, users } from '../users/users.schema';

/**
 * Who "the branch's office" is for an alert about a visit, a caregiver or a client of a branch (issue "Reaching
 * people" item 3): the active staff users linked to the branch whose role works at branch level (Branch Manager,
 * RVP, Nurse, PRN in the seeded roles). A branch with none of them falls back to its company's active
 * company-level users (Company Admin), so an alert is never addressed to nobody; company-level users are not
 * told of every branch otherwise, which at a large agency would bury them.
 * @param branchIds branches.id values (duplicates allowed).
 * @returns a map from each given branch id to its recipients' user ids (possibly empty: no staff at all).
 */
export async function branchOfficeUserIds(db: Db, branchIds: number[]): Promise<Map<number, number[]>> {
  const wanted = [...new Set(branchIds)];
  const byBranch = new Map<number, number[]>(wanted.map((id) => [id, []]));
  if (wanted.length === 0) return byBranch;
  const linked = await db
    .select({ branchId: branchUsers.branchId, userId: users.id })
    .from(branchUsers)
    .innerJoin(users, eq(users.id, branchUsers.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(branchUsers.branchId, wanted), eq(users.isActive, true), eq(roles.hasBranchLevelAccess, true)))
    .orderBy(users.id);
  for (const row of linked) byBranch.get(row.branchId)!.push(row.userId);
  const unstaffed = wanted.filter((id) => byBranch.get(id)!.length === 0);
  if (unstaffed.length > 0) {
    const admins = await db
      .select({ branchId: branches.id, userId: users.id })
      .from(branches)
      .innerJoin(users, eq(users.companyId, branches.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          inArray(branches.id, unstaffed),
          eq(users.isActive, true),
          eq(roles.hasCompanyLevelAccess, true),
          sql`not ${roles.hasSystemLevelAccess}`,
        ),
      )
      .orderBy(users.id);
    for (const row of admins) byBranch.get(row.branchId)!.push(row.userId);
  }
  return byBranch;
}
