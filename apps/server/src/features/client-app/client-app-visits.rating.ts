import { and, eq, sql } from 'drizzle-orm';
import type { ClientAppRateVisitInput, ClientAppRating } from '@hearth/shared/client-app/client-app-visits.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { sendUserNotifications } from '../notifications/notifications.service';
import { branchOfficeUserIds } from '../notifications/office-recipients';
import { visitWhen } from '../notifications/visit-when';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { reachClient } from './client-app.access';
import { visitRatings } from './client-app-visits.schema';
import { visitTookPlace } from './client-app-visits.service';

/**
 * clientAppRateVisit {clientId, shiftId, rating 1..5, comment?} (schedule permission; issue "client and family app"
 * item 2: a visit can be rated and commented on, which reaches the office): stores the caller's rating of a visit
 * of the client that took place (checked out or completed), one per visit and user, a second call changing it
 * (visit_ratings, upsert on shift and user), and tells the office of the client's branch (branchOfficeUserIds:
 * the branch-level staff, else the company's admins) with a `visit_rated` notification opening the client's
 * schedule, where the visit's drawer shows the ratings. In the caller's transaction: a failed call stores and tells
 * nothing.
 * @returns ClientAppRating, the stored rating (comment trimmed, null when empty; updatedAt ISO UTC).
 * @throws AppError NOT_FOUND "Client N not found" (reachClient), "Shift N not found" for a shift of another
 * client; BAD_REQUEST "Only a visit that took place can be rated" (field shiftId) for a visit not yet checked out,
 * missed or cancelled.
 */
export async function clientAppRateVisit({
  scope,
  input,
  now = new Date(),
}: {
  scope: Scope;
  input: ClientAppRateVisitInput;
  now?: Date;
}): Promise<ClientAppRating> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const [shift] = await scope.db
    .select({
      id: shifts.id,
      status: shifts.status,
      checkOutAt: shifts.checkOutAt,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      branchId: shifts.branchId,
      timezone: branches.timezone,
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(and(eq(shifts.id, input.shiftId), eq(shifts.clientId, client.clientId)));
  if (!shift) throw notFound('Shift', input.shiftId);
  if (!visitTookPlace(shift)) {
    const message = msg('errors.clientAppVisits.notTakenPlace');
    throw new AppError('BAD_REQUEST', message, { shiftId: [message] });
  }
  const comment = input.comment ?? null;
  const [saved] = await scope.db
    .insert(visitRatings)
    .values({ shiftId: shift.id, clientId: client.clientId, userId: scope.userId, rating: input.rating, comment, updatedAt: now })
    .onConflictDoUpdate({
      target: [visitRatings.shiftId, visitRatings.userId],
      set: { rating: sql`excluded.rating`, comment: sql`excluded.comment`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ rating: visitRatings.rating, comment: visitRatings.comment, updatedAt: visitRatings.updatedAt });
  await tellOffice(scope, { ...shift, clientId: client.clientId, rating: input.rating });
  return { ...saved!, updatedAt: saved!.updatedAt.toISOString() };
}

/**
 * The office's `visit_rated` notification (kinds.visit_rated: rater, client, when, rating): the rater by name as
 * their sign-in says it, the client by name, the visit's times on the branch's wall clock in each reader's language.
 */
async function tellOffice(
  scope: Scope,
  visit: { branchId: number; clientId: number; startAt: Date; endAt: Date; timezone: string; rating: number },
): Promise<void> {
  const recipients = (await branchOfficeUserIds(scope.db, [visit.branchId])).get(visit.branchId) ?? [];
  if (recipients.length === 0) return;
  const [rater] = await scope.db
    .select({ firstName: users.firstName, lastName: users.lastName, name: users.name })
    .from(users)
    .where(eq(users.id, scope.userId));
  const [client] = await scope.db
    .select({ firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, visit.clientId));
  const raterName = [rater?.firstName, rater?.lastName].filter(Boolean).join(' ') || rater?.name || '';
  const params = {
    rater: raterName,
    client: `${client!.firstName} ${client!.lastName}`,
    rating: visit.rating,
    when: (language: Language) => visitWhen(visit.startAt, visit.endAt, visit.timezone, language),
  };
  await sendUserNotifications(
    scope.db,
    recipients.map((userId) => ({ userId, kind: 'visit_rated' as const, params, link: `/clients/${visit.clientId}/schedule` })),
  );
}
