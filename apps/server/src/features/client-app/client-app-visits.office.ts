import { and, desc, eq, sql } from 'drizzle-orm';
import type { VisitRating } from '@hearth/shared/client-app/client-app-visits.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { visitRatings } from './client-app-visits.schema';

/**
 * getVisitRatings {shiftId} (office staff who read shifts; issue "client and family app" item 2: a rating reaches the
 * office): the ratings the client and their trusted contacts gave the visit, latest change first, with who gave
 * each (the name of their sign-in; `client` for the client themselves, else the relationship on their contact
 * record of that client). The visit is found through the caller's branch scope (inBranchScope in the `where`).
 * @returns VisitRating[] (rating 1..5, comment or null, updatedAt ISO UTC); [] when nobody rated it.
 * @throws AppError NOT_FOUND "Shift N not found" for a visit missing or out of the caller's scope.
 */
export async function getVisitRatings({ scope, input }: { scope: Scope; input: { shiftId: number } }): Promise<VisitRating[]> {
  const [shift] = await scope.db
    .select({ id: shifts.id, clientId: shifts.clientId })
    .from(shifts)
    .where(and(eq(shifts.id, input.shiftId), inBranchScope(scope, shifts.branchId)));
  if (!shift) throw notFound('Shift', input.shiftId);
  const rows = await scope.db
    .select({
      rating: visitRatings.rating,
      comment: visitRatings.comment,
      updatedAt: visitRatings.updatedAt,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      // The rater is the client when the client record is linked to them; else their contact record's relationship.
      relation: sql<string>`case
        when exists (select 1 from clients c where c.id = ${visitRatings.clientId} and c.user_id = ${visitRatings.userId})
          then 'client'
        else coalesce((select cc.relationship from client_contacts cc
          where cc.client_id = ${visitRatings.clientId} and cc.user_id = ${visitRatings.userId}
          order by cc.id limit 1), 'contact')
      end`,
    })
    .from(visitRatings)
    .innerJoin(users, eq(users.id, visitRatings.userId))
    .where(and(eq(visitRatings.shiftId, shift.id), eq(visitRatings.clientId, shift.clientId)))
    .orderBy(desc(visitRatings.updatedAt), desc(visitRatings.id));
  return rows.map((r) => ({
    rating: r.rating,
    comment: r.comment,
    raterName: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.name,
    relation: r.relation,
    updatedAt: r.updatedAt.toISOString(),
  }));
}
