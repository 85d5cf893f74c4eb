import { and, asc, eq, sql } from 'drizzle-orm';
import { caseNumberLabel } from '@hearth/shared/cases/cases.constants';
import type { Scope } from '../../auth/scope';
import { clients } from '../clients/clients.schema';
import { users } from '../users/users.schema';
import { sendUserNotifications } from '../notifications/notifications.service';
import { caseAdmins, cases, caseTypes } from './cases.schema';

/**
 * Routes a case that has just become `requested` (reported, or a draft sent) to its case admins (issue 24 item 1:
 * "who is assigned new cases and who is told"): when it has no assignee, the first active assignNew admin of its
 * type and branch (lowest case_admins id) becomes it; every active notify admin gets a case_reported notification
 * (in-app, plus push, SMS or email per their preferences: sendUserNotifications) in the same transaction, so a
 * report rolled back tells no one. The reporter is not told of their own report.
 * @returns the assignee's user id (null when none) and the user ids told.
 */
export async function routeNewCase(
  scope: Scope,
  c: typeof cases.$inferSelect,
): Promise<{ assigneeUserId: number | null; notified: number[] }> {
  const admins = await scope.db
    .select({ userId: caseAdmins.userId, assignNew: caseAdmins.assignNew, notify: caseAdmins.notify })
    .from(caseAdmins)
    .innerJoin(users, eq(users.id, caseAdmins.userId))
    .where(and(eq(caseAdmins.caseTypeId, c.caseTypeId), eq(caseAdmins.branchId, c.branchId), eq(users.isActive, true)))
    .orderBy(asc(caseAdmins.id));
  let assigneeUserId = c.assigneeUserId;
  if (assigneeUserId === null) {
    assigneeUserId = admins.find((a) => a.assignNew)?.userId ?? null;
    if (assigneeUserId !== null) {
      await scope.db
        .update(cases)
        .set({ assigneeUserId, updatedAt: sql`now()` })
        .where(eq(cases.id, c.id));
    }
  }
  const notified = [...new Set(admins.filter((a) => a.notify && a.userId !== c.reportedByUserId).map((a) => a.userId))];
  if (notified.length > 0) {
    const [facts] = await scope.db
      .select({ typeName: caseTypes.name, client: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}` })
      .from(caseTypes)
      .innerJoin(clients, eq(clients.id, c.clientId))
      .where(eq(caseTypes.id, c.caseTypeId));
    const params = {
      number: caseNumberLabel(c.number),
      type: facts?.typeName ?? '',
      client: facts?.client ?? '',
      title: c.title,
    };
    await sendUserNotifications(
      scope.db,
      notified.map((userId) => ({ userId, kind: 'case_reported' as const, params, link: `/cases/${c.id}` })),
    );
  }
  return { assigneeUserId, notified };
}
