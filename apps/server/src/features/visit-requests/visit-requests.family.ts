import { and, eq } from 'drizzle-orm';
import type {
  ClientAppCreateRequestInput,
  ClientAppRequestInput,
  ClientAppRequestsOutput,
  ClientAppVisitRequest,
} from '@hearth/shared/visit-requests/visit-requests.schema';
import type { ClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import { VISIT_REQUEST_MAX_DAYS_AHEAD, VISIT_REQUEST_MAX_PENDING } from '@hearth/shared/visit-requests/visit-requests.constants';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { reachClient, type ReachedClient } from '../client-app/client-app.access';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { visitRequests } from './visit-requests.schema';
import { pendingCount, readVisitRequests, upcomingVisits, type VisitRequestRow } from './visit-requests.read';
import { publishRequestChange, tellOfficeOfRequest } from './visit-requests.notify';

/*
 * The family's side of visit requests (issue 25 item 3), called by the client app's router
 * (client-app-requests.router.ts). Every call starts at the one gate, reachClient(scope, clientId, 'schedule')
 * (docs/architecture.md "The client app"), and reads the client's visits and requests with the reached client's id
 * in the `where` clause, so another client's visit or request is a 404.
 */

/** How far ahead the requests page offers visits to cancel or move: the coming eight weeks. */
const OFFER_DAYS = 56;

function badField(field: string, message: ReturnType<typeof msg>): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

/** A request as the family sees it: who asked by first name, never which office user decided. */
function forFamily(scope: Scope, client: ReachedClient, r: VisitRequestRow): ClientAppVisitRequest {
  const mine = r.requestedByUserId === scope.userId;
  return {
    id: r.id,
    clientId: r.clientId,
    kind: r.kind,
    status: r.status,
    shiftId: r.shiftId,
    visitStart: r.visitStart,
    visitEnd: r.visitEnd,
    start: r.start,
    end: r.end,
    note: r.note,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    decisionReason: r.decisionReason,
    requestedByName: r.requestedByFirstName,
    mine,
    canWithdraw: r.status === 'pending' && (mine || client.relation === 'self'),
  };
}

/**
 * The requests of one of the caller's clients and the visits a new one may be about (clientAppGetRequests
 * {clientId} -> {requests, visits}): every request of the client, whoever of the family asked (pending first,
 * oldest first, then the others newest first; at most 200), and the client's scheduled visits of the coming eight
 * weeks (UTC instants) with whether a request about each already waits.
 * @throws AppError NOT_FOUND "Client N not found" without the schedule permission for that client.
 */
export async function clientAppGetRequests({
  scope,
  input,
}: {
  scope: Scope;
  input: ClientAppClientInput;
}): Promise<ClientAppRequestsOutput> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const rows = await readVisitRequests(scope.db, eq(visitRequests.clientId, client.clientId));
  return {
    requests: rows.map((r) => forFamily(scope, client, r)),
    visits: await upcomingVisits(scope.db, client.clientId, new Date(), OFFER_DAYS),
  };
}

/** The visit a cancel or move is about, locked: of the reached client, scheduled and still to come. */
async function visitToChange(scope: Scope, clientId: number, shiftId: number, now: Date) {
  const [visit] = await scope.db
    .select({ id: shifts.id, status: shifts.status, startAt: shifts.startAt, endAt: shifts.endAt })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.clientId, clientId)))
    .for('update');
  if (!visit) throw notFound('Shift', shiftId);
  if (visit.status !== 'scheduled' || visit.startAt <= now) throw badField('shiftId', msg('errors.visitRequests.visitNotAhead'));
  const [waiting] = await scope.db
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(and(eq(visitRequests.shiftId, shiftId), eq(visitRequests.status, 'pending')));
  if (waiting) throw badField('shiftId', msg('errors.visitRequests.visitHasRequest'));
  return visit;
}

/** The new times of a move or an addition: in the future and within a year. */
function checkNewTimes(start: Date, now: Date): void {
  if (start <= now) throw badField('start', msg('errors.visitRequests.startPassed'));
  if (start.getTime() - now.getTime() > VISIT_REQUEST_MAX_DAYS_AHEAD * 86_400_000)
    throw badField('start', msg('errors.visitRequests.tooFarAhead'));
}

/**
 * A family member asks the office to change the schedule (clientAppCreateRequest {clientId, kind, shiftId?, start?,
 * end?, note?} -> ClientAppVisitRequest; issue 25 item 3): cancel or move a visit of that client that is scheduled
 * and still to come, or add a visit (start and end ISO UTC; at most 24 hours, the new start in the future and
 * within a year). Nothing changes on the schedule until the office approves. At most one pending request per
 * visit and VISIT_REQUEST_MAX_PENDING per client. The office of the client's branch is told
 * (visit_request_received) and its open queue refreshes (live 'visitRequests').
 * @throws AppError NOT_FOUND "Client N not found" (no schedule permission), "Shift N not found" (not a visit of
 * that client); BAD_REQUEST naming the field for a visit started or cancelled, a time passed or too far, a move to
 * the same times, a visit already asked about, too many pending requests.
 */
export async function clientAppCreateRequest({
  scope,
  input,
}: {
  scope: Scope;
  input: ClientAppCreateRequestInput;
}): Promise<ClientAppVisitRequest> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const now = new Date();
  const visit = input.kind === 'add' ? null : await visitToChange(scope, client.clientId, input.shiftId!, now);
  const startAt = input.kind === 'cancel' ? null : new Date(input.start!);
  const endAt = input.kind === 'cancel' ? null : new Date(input.end!);
  if (startAt) checkNewTimes(startAt, now);
  if (visit && startAt && endAt && visit.startAt.getTime() === startAt.getTime() && visit.endAt.getTime() === endAt.getTime())
    throw badField('start', msg('errors.visitRequests.sameTimes'));
  if ((await pendingCount(scope.db, client.clientId)) >= VISIT_REQUEST_MAX_PENDING)
    throw new AppError('BAD_REQUEST', msg('errors.visitRequests.tooManyPending', { max: VISIT_REQUEST_MAX_PENDING }));
  const [row] = await scope.db
    .insert(visitRequests)
    .values({
      branchId: client.branchId,
      clientId: client.clientId,
      kind: input.kind,
      shiftId: visit?.id ?? null,
      visitStartAt: visit?.startAt ?? null,
      visitEndAt: visit?.endAt ?? null,
      startAt,
      endAt,
      note: input.note?.trim() || null,
      requestedByUserId: scope.userId,
    })
    .returning({ id: visitRequests.id });
  const id = row!.id;
  const [me] = await scope.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, scope.userId));
  await tellOfficeOfRequest(
    scope.db,
    {
      id,
      branchId: client.branchId,
      clientId: client.clientId,
      clientName: `${client.firstName} ${client.lastName}`,
      timezone: client.timezone,
      kind: input.kind,
      visitStartAt: visit?.startAt ?? null,
      visitEndAt: visit?.endAt ?? null,
      startAt,
      endAt,
      requestedByUserId: scope.userId,
    },
    `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim(),
  );
  const [created] = await readVisitRequests(scope.db, eq(visitRequests.id, id));
  return forFamily(scope, client, created!);
}

/**
 * Withdraws a request still waiting for the office (clientAppWithdrawRequest {clientId, requestId} ->
 * ClientAppVisitRequest with status withdrawn): by who asked, or by the client themselves. The office's queue
 * refreshes (live 'visitRequests'); nobody is notified.
 * @throws AppError NOT_FOUND "Client N not found" (no schedule permission), "Visit request N not found" (not a
 * request of that client); FORBIDDEN for another family member's request; BAD_REQUEST once answered or withdrawn.
 */
export async function clientAppWithdrawRequest({
  scope,
  input,
}: {
  scope: Scope;
  input: ClientAppRequestInput;
}): Promise<ClientAppVisitRequest> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const [row] = await scope.db
    .select()
    .from(visitRequests)
    .where(and(eq(visitRequests.id, input.requestId), eq(visitRequests.clientId, client.clientId)))
    .for('update');
  if (!row) throw notFound('Visit request', input.requestId);
  if (row.requestedByUserId !== scope.userId && client.relation !== 'self')
    throw new AppError('FORBIDDEN', msg('errors.visitRequests.withdrawOwn'));
  if (row.status !== 'pending') throw new AppError('BAD_REQUEST', msg('errors.visitRequests.notPending'));
  await scope.db.update(visitRequests).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(visitRequests.id, row.id));
  await publishRequestChange(scope.db, row);
  const [withdrawn] = await readVisitRequests(scope.db, eq(visitRequests.id, row.id));
  return forFamily(scope, client, withdrawn!);
}
