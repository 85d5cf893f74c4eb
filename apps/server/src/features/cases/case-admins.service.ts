import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CaseAdmin } from '@hearth/shared/cases/cases.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';
import { caseAdmins, caseTypes } from './cases.schema';
import { caseTypeInCompany } from './case-types.service';

/*
 * Case admins (issue 24 item 1: "case admins per type and branch: who is assigned new cases and who is told").
 * Rows are read and set for branches in the caller's scope and types of their company.
 */

/**
 * The case admins in the caller's branch scope (caseAdmins.list) {caseTypeId?, branchId?} -> CaseAdmin[], by type,
 * branch and order of precedence (the first assignNew one takes new cases).
 */
export async function listCaseAdmins({
  scope,
  input,
}: {
  scope: Scope;
  input: { caseTypeId?: number; branchId?: number };
}): Promise<CaseAdmin[]> {
  const rows = await scope.db
    .select({
      caseTypeId: caseAdmins.caseTypeId,
      branchId: caseAdmins.branchId,
      userId: caseAdmins.userId,
      name: users.name,
      assignNew: caseAdmins.assignNew,
      notify: caseAdmins.notify,
    })
    .from(caseAdmins)
    .innerJoin(caseTypes, eq(caseTypes.id, caseAdmins.caseTypeId))
    .innerJoin(users, eq(users.id, caseAdmins.userId))
    .where(
      and(
        caseTypeInCompany(scope),
        inBranchScope(scope, caseAdmins.branchId),
        input.caseTypeId ? eq(caseAdmins.caseTypeId, input.caseTypeId) : undefined,
        input.branchId ? eq(caseAdmins.branchId, input.branchId) : undefined,
      ),
    )
    .orderBy(asc(caseAdmins.caseTypeId), asc(caseAdmins.branchId), asc(caseAdmins.id));
  return rows;
}

/**
 * Replaces the case admins of a type in a branch (caseAdmins.set) {caseTypeId, branchId, admins: [{userId,
 * assignNew, notify}]} -> CaseAdmin[] of that type and branch, in the given order (which is the precedence of
 * assignNew). Each user is an active user of the type's company.
 * @throws AppError NOT_FOUND "Case type N not found", "Branch N not found" (out of scope or another company's),
 * "User N not found".
 */
export async function setCaseAdmins({
  scope,
  input,
}: {
  scope: Scope;
  input: { caseTypeId: number; branchId: number; admins: { userId: number; assignNew: boolean; notify: boolean }[] };
}): Promise<CaseAdmin[]> {
  const [type] = await scope.db
    .select()
    .from(caseTypes)
    .where(and(eq(caseTypes.id, input.caseTypeId), caseTypeInCompany(scope)));
  if (!type) throw notFound('Case type', input.caseTypeId);
  const [branch] = await scope.db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), eq(branches.companyId, type.companyId), inBranchScope(scope, branches.id)));
  if (!branch) throw notFound('Branch', input.branchId);
  const userIds = [...new Set(input.admins.map((a) => a.userId))];
  const found = userIds.length
    ? await scope.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.companyId, type.companyId), eq(users.isActive, true)))
    : [];
  const missing = userIds.find((id) => !found.some((u) => u.id === id));
  if (missing !== undefined) throw notFound('User', missing);
  await scope.db.delete(caseAdmins).where(and(eq(caseAdmins.caseTypeId, type.id), eq(caseAdmins.branchId, branch.id)));
  const unique = input.admins.filter((a, i) => input.admins.findIndex((b) => b.userId === a.userId) === i);
  if (unique.length > 0) {
    await scope.db.insert(caseAdmins).values(unique.map((a) => ({ ...a, caseTypeId: type.id, branchId: branch.id })));
  }
  return listCaseAdmins({ scope, input: { caseTypeId: type.id, branchId: branch.id } });
}
