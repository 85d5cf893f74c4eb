import { and, asc, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VisitRequestOutput } from '@hearth/shared/visit-requests/visit-requests.schema';
import { VISIT_REQUEST_LIST_MAX } from '@hearth/shared/visit-requests/visit-requests.constants';
import type { Db } from '../../db/client';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { visitRequests } from './visit-requests.schema';

/** A request as read for either side, before it is narrowed to what that side may see. */
export interface VisitRequestRow extends VisitRequestOutput {
  requestedByUserId: number;
  requestedByFirstName: string;
  clientUserId: number | null;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The requests matching `where` with what both screens show: the client and branch zone, the visit's caregiver,
 * who asked (and as whom: "client", or the contact's relationship) and who decided. At most VISIT_REQUEST_LIST_MAX
 * rows: pending ones first, oldest first (the office's queue), then the others newest first. Scope is the caller's
 * business: `where` holds it (branch scope for the office, the reached client for the family).
 */
export async function readVisitRequests(db: Db, where: SQL | undefined): Promise<VisitRequestRow[]> {
  const relation = sql<string | null>`case when ${clients.userId} = ${visitRequests.requestedByUserId} then 'client' else
    (select cc.relationship from client_contacts cc where cc.client_id = ${visitRequests.clientId}
      and cc.user_id = ${visitRequests.requestedByUserId} order by cc.id limit 1) end`;
  const rows = await db
    .select({
      r: visitRequests,
      timezone: branches.timezone,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      clientUserId: clients.userId,
      caregiverFirstName: caregivers.firstName,
      caregiverLastName: caregivers.lastName,
      requesterFirstName: requester.firstName,
      requesterLastName: requester.lastName,
      relation,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    })
    .from(visitRequests)
    .innerJoin(clients, eq(clients.id, visitRequests.clientId))
    .innerJoin(branches, eq(branches.id, visitRequests.branchId))
    .innerJoin(requester, eq(requester.id, visitRequests.requestedByUserId))
    .leftJoin(decider, eq(decider.id, visitRequests.decidedByUserId))
    .leftJoin(shifts, eq(shifts.id, visitRequests.shiftId))
    .leftJoin(caregivers, eq(caregivers.id, shifts.caregiverId))
    .where(where)
    .orderBy(
      sql`case when ${visitRequests.status} = 'pending' then 0 else 1 end`,
      sql`case when ${visitRequests.status} = 'pending' then ${visitRequests.createdAt} end asc`,
      desc(visitRequests.createdAt),
      asc(visitRequests.id),
    )
    .limit(VISIT_REQUEST_LIST_MAX);
  const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
  return rows.map(({ r, ...x }) => ({
    id: r.id,
    clientId: r.clientId,
    branchId: r.branchId,
    timezone: x.timezone,
    clientName: name(x.clientFirstName, x.clientLastName),
    kind: r.kind,
    status: r.status,
    shiftId: r.shiftId,
    visitStart: iso(r.visitStartAt),
    visitEnd: iso(r.visitEndAt),
    start: iso(r.startAt),
    end: iso(r.endAt),
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    decisionReason: r.decisionReason,
    caregiverName: x.caregiverFirstName === null ? null : name(x.caregiverFirstName, x.caregiverLastName),
    requestedByName: name(x.requesterFirstName, x.requesterLastName),
    requestedByRelation: x.relation,
    decidedByName: x.deciderFirstName === null ? null : name(x.deciderFirstName, x.deciderLastName),
    requestedByUserId: r.requestedByUserId,
    requestedByFirstName: x.requesterFirstName,
    clientUserId: x.clientUserId,
  }));
}

/**
 * The client's visits a family may ask about: scheduled, starting after `now`, within `days` days, by start; with
 * the caregiver's first name and whether a request about the visit is already waiting. At most 60.
 */
export async function upcomingVisits(db: Db, clientId: number, now: Date, days: number) {
  const until = new Date(now.getTime() + days * 86_400_000);
  const rows = await db
    .select({
      shiftId: shifts.id,
      start: shifts.startAt,
      end: shifts.endAt,
      caregiverFirstName: caregivers.firstName,
      pending: sql<boolean>`exists (select 1 from visit_requests vr where vr.shift_id = ${shifts.id} and vr.status = 'pending')`,
    })
    .from(shifts)
    .leftJoin(caregivers, eq(caregivers.id, shifts.caregiverId))
    .where(and(eq(shifts.clientId, clientId), eq(shifts.status, 'scheduled'), gt(shifts.startAt, now), lt(shifts.startAt, until)))
    .orderBy(asc(shifts.startAt), asc(shifts.id))
    .limit(60);
  return rows.map((v) => ({
    shiftId: v.shiftId,
    start: v.start.toISOString(),
    end: v.end.toISOString(),
    caregiverFirstName: v.caregiverFirstName,
    pending: Boolean(v.pending),
  }));
}

/** How many requests of the client wait for the office, leaving out `exceptId`. */
export async function pendingCount(db: Db, clientId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visitRequests)
    .where(
      and(
        eq(visitRequests.clientId, clientId),
        eq(visitRequests.status, 'pending'),
        exceptId === undefined ? undefined : ne(visitRequests.id, exceptId),
      ),
    );
  return Number(row?.n ?? 0);
}
