import { and, asc, eq, sql } from 'drizzle-orm';
import type { CaseAssignee } from '@hearth/shared/cases/cases.schema';
import { CASE_ASSIGNEE_ACTIONS } from '@hearth/shared/cases/cases.constants';
import type { Scope } from '../../auth/scope';
import { roles } from '../roles/roles.schema';
import { branchUsers, users } from '../users/users.schema';
import { findCase, type CaseRow } from './cases.read';

/*
 * Who may be assigned a case (issue 24 item 2): the office of the case's branch that works cases. Case admins
 * (case-admins.service.ts) are who is assigned first; any of these may take the case over.
 */

/**
 * The active users of the case's company who reach its branch (a company-level role reaches every branch, a
 * branch-level role the branches it is linked to) and whose role holds every CASE_ASSIGNEE_ACTIONS action; system
 * level users (the Developer) are not the agency's office and are left out.
 * @param userId when given, only that user (the check of cases.update).
 */
function assigneesOf(scope: Scope, c: CaseRow, userId?: number) {
  const actions = JSON.stringify(CASE_ASSIGNEE_ACTIONS);
  return scope.db
    .select({ userId: users.id, name: users.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.companyId, c.companyId),
        eq(users.isActive, true),
        sql`not ${roles.hasSystemLevelAccess}`,
        sql`${roles.actionPermissions} @> ${actions}::jsonb`,
        sql`(${roles.hasCompanyLevelAccess} or exists (select 1 from ${branchUsers} where ${branchUsers.userId} = ${users.id} and ${branchUsers.branchId} = ${c.branchId}))`,
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Who may be assigned case `id` (cases.assignees) {id} -> CaseAssignee[] {userId, name}, by name.
 * @throws AppError NOT_FOUND "Case N not found" (out of reach).
 */
export async function listAssignees({ scope, input }: { scope: Scope; input: { id: number } }): Promise<CaseAssignee[]> {
  const c = await findCase(scope, input.id);
  return assigneesOf(scope, c);
}

/** Whether `userId` may be assigned case `c` (assigneesOf). */
export async function mayBeAssigned(scope: Scope, c: CaseRow, userId: number): Promise<boolean> {
  return (await assigneesOf(scope, c, userId)).length > 0;
}
