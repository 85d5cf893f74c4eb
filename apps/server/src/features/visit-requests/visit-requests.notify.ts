import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@hearth/shared/i18n/languages';
import type { VisitRequestKind } from '@hearth/shared/visit-requests/visit-requests.constants';
import type { Db } from '../../db/client';
import { serverT } from '../../i18n/server-i18n';
import { roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';
import { publishLiveEvent } from '../live/live.publish';
import { sendUserNotifications } from '../notifications/notifications.service';
import { branchOfficeUserIds } from '../notifications/office-recipients';
import { visitWhen } from '../notifications/visit-when';
import { familyUserIds } from '../client-app/client-app-visits.family';

/** What a notification about a request says of it. */
export interface RequestFacts {
  id: number;
  branchId: number;
  clientId: number;
  clientName: string;
  timezone: string;
  kind: VisitRequestKind;
  visitStartAt: Date | null;
  visitEndAt: Date | null;
  startAt: Date | null;
  endAt: Date | null;
  requestedByUserId: number;
}

/** The action that answers a request: whom the office notification goes to. */
const DECIDE_ACTION = 'visitRequests.decide';

/**
 * What the request asks, in `language`: "move the visit of Tue 12/01/26 9:00 AM-1:00 PM EST to Wed 12/02/26
 * 10:00 AM-2:00 PM EST" (notifications catalogue visitRequests.summary.<kind>), times on the branch's wall clock.
 */
export function requestSummary(r: RequestFacts, language: Language): string {
  const when = (start: Date | null, end: Date | null) => (start && end ? visitWhen(start, end, r.timezone, language) : '');
  return serverT(language)(`notifications:visitRequests.summary.${r.kind}` as never, {
    visit: when(r.visitStartAt, r.visitEndAt),
    when: when(r.startAt, r.endAt),
  }) as string;
}

/**
 * The office users told of a new request of a branch: the branch's office (office-recipients.ts
 * branchOfficeUserIds) whose role may answer it (lists visitRequests.decide), so nobody is sent to a page they
 * cannot open.
 */
async function deciders(db: Db, branchId: number): Promise<number[]> {
  const office = (await branchOfficeUserIds(db, [branchId])).get(branchId) ?? [];
  if (office.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, office), sql`${roles.actionPermissions} @> ${JSON.stringify([DECIDE_ACTION])}::jsonb`));
  return rows.map((r) => r.id);
}

/**
 * Tells the office of a new request (issue 25 item 3): a visit_request_received notification to each decider of the
 * client's branch (requester, client, summary; link /visit-requests), and a live 'visitRequests' event to the
 * branch's staff and the client's family, in the caller's transaction.
 * @param requesterName the full name of who asked.
 */
export async function tellOfficeOfRequest(db: Db, r: RequestFacts, requesterName: string): Promise<void> {
  const recipients = await deciders(db, r.branchId);
  await sendUserNotifications(
    db,
    recipients.map((userId) => ({
      userId,
      kind: 'visit_request_received' as const,
      params: { requester: requesterName, client: r.clientName, summary: (language: Language) => requestSummary(r, language) },
      link: `/visit-requests?request=${r.id}`,
    })),
  );
  await publishRequestChange(db, r);
}

/**
 * Tells the family the office's answer (issue 25 item 3): a visit_request_decided notification to who asked (while
 * they still may see the client's schedule) and to every user of the client's family with the alerts permission
 * (client-app-visits.family.ts familyUserIds), with the decision and, for a decline, the reason; link to the client
 * app's requests page. Then the live event (publishRequestChange).
 */
export async function tellFamilyOfDecision(
  db: Db,
  r: RequestFacts,
  decision: { approved: boolean; reason: string | null },
): Promise<void> {
  const mayStillSee = (await familyUserIds(db, r.clientId, 'schedule')).includes(r.requestedByUserId);
  const recipients = new Set(await familyUserIds(db, r.clientId, 'alerts'));
  if (mayStillSee) recipients.add(r.requestedByUserId);
  const words = (language: Language) =>
    serverT(language)(`notifications:visitRequests.${decision.approved ? 'approved' : 'declined'}` as never, {
      summary: requestSummary(r, language),
      reason: decision.reason ?? '',
    }) as string;
  await sendUserNotifications(
    db,
    [...recipients].map((userId) => ({
      userId,
      kind: 'visit_request_decided' as const,
      params: { client: r.clientName, decision: words },
      link: '/client-mobile-app/requests',
    })),
  );
  await publishRequestChange(db, r);
}

/**
 * A live 'visitRequests' event about request `r` (refId its id) for the staff of its branch and the client's family
 * who may see the schedule, so the office queue and the family's requests page refetch.
 */
export async function publishRequestChange(db: Db, r: Pick<RequestFacts, 'id' | 'branchId' | 'clientId'>): Promise<void> {
  await publishLiveEvent(db, {
    topic: 'visitRequests',
    branchIds: [r.branchId],
    userIds: await familyUserIds(db, r.clientId, 'schedule'),
    refId: r.id,
  });
}
