import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type {
  DecideVisitRequestInput,
  ListVisitRequestsInput,
  VisitRequestOutput,
} from '@hearth/shared/visit-requests/visit-requests.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { createShift, deleteShift, updateShift } from '../shifts/shifts.service';
import { shifts } from '../shifts/shifts.schema';
import { visitRequests } from './visit-requests.schema';
import { readVisitRequests, type VisitRequestRow } from './visit-requests.read';
import { tellFamilyOfDecision, type RequestFacts } from './visit-requests.notify';

/*
 * The office's side of visit requests (issue 25 item 3): the queue of a branch's requests and the decision. A
 * request is found with the caller's branch scope in the `where` clause (inBranchScope): another branch's is a 404.
 */

/** A request as the office reads it: the shared row without the ids only the service uses. */
function forOffice(r: VisitRequestRow): VisitRequestOutput {
  const { requestedByUserId: _u, requestedByFirstName: _f, clientUserId: _c, ...office } = r;
  return office;
}

/**
 * The requests of the caller's branches (visitRequests.list {status: pending|decided, branchId?, clientId?} ->
 * VisitRequestOutput[]): pending ones oldest first (a queue), or decided ones (approved, declined, withdrawn)
 * newest first; at most 200. Another branch's requests are never listed.
 */
export async function listVisitRequests({
  scope,
  input,
}: {
  scope: Scope;
  input: ListVisitRequestsInput;
}): Promise<VisitRequestOutput[]> {
  const rows = await readVisitRequests(
    scope.db,
    and(
      inBranchScope(scope, visitRequests.branchId),
      input.status === 'pending' ? eq(visitRequests.status, 'pending') : ne(visitRequests.status, 'pending'),
      input.branchId ? eq(visitRequests.branchId, input.branchId) : undefined,
      input.clientId ? eq(visitRequests.clientId, input.clientId) : undefined,
    ),
  );
  return rows.map(forOffice);
}

/** Turns a refusal of the shift rules (an overlap, a locked pay period: 409) into the 400 a decision answers. */
async function asBadRequest<T>(apply: () => Promise<T>): Promise<T> {
  try {
    return await apply();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      throw new AppError('BAD_REQUEST', error.message, error.fieldErrors);
    throw error;
  }
}

/**
 * The service, modifiers and payer of the client's latest visit before `before` that was not cancelled: a visit
 * added at the family's request bills like the visits the client has (an open shift with nothing would not bill).
 */
async function visitTemplate(scope: Scope, clientId: number, before: Date) {
  const [last] = await scope.db
    .select({ serviceCode: shifts.serviceCode, modifiers: shifts.modifiers, payerSourceId: shifts.payerSourceId })
    .from(shifts)
    .where(and(eq(shifts.clientId, clientId), ne(shifts.status, 'cancelled'), lt(shifts.startAt, before)))
    .orderBy(desc(shifts.startAt))
    .limit(1);
  return last ?? { serviceCode: null, modifiers: [], payerSourceId: null };
}

/**
 * Applies an approved request to the schedule through the shifts service, in the caller's transaction (so its rules
 * apply: pay period locks, the caregiver free at the new time): cancel deletes or cancels the visit (deleteShift,
 * with the office's reason or a default), move changes its times (updateShift, same caregiver), add creates an open
 * shift (createShift) like the client's latest visit (visitTemplate).
 * @returns the request's visit id afterwards (the new shift for an addition; null when a cancelled visit no
 * caregiver had seen was deleted).
 * @throws AppError BAD_REQUEST when the visit is gone, started or cancelled, the time asked for has passed, or the
 * shift rules refuse the change (their message).
 */
async function applyRequest(scope: Scope, r: typeof visitRequests.$inferSelect, reason: string | null): Promise<number | null> {
  const now = new Date();
  if (r.kind !== 'add') {
    if (r.shiftId === null) throw new AppError('BAD_REQUEST', msg('errors.visitRequests.visitGone'));
    const [visit] = await scope.db
      .select({ status: shifts.status, startAt: shifts.startAt })
      .from(shifts)
      .where(eq(shifts.id, r.shiftId));
    if (!visit || visit.status !== 'scheduled' || visit.startAt <= now)
      throw new AppError('BAD_REQUEST', msg('errors.visitRequests.visitStarted'));
  }
  if (r.startAt && r.startAt <= now) throw new AppError('BAD_REQUEST', msg('errors.visitRequests.timePassed'));
  const times = { startTimestamp: r.startAt?.toISOString() ?? '', endTimestamp: r.endAt?.toISOString() ?? '' };
  if (r.kind === 'cancel') {
    const why = reason ?? `Cancelled at the family's request (request ${r.id})`;
    const result = await asBadRequest(() => deleteShift({ scope, input: { id: r.shiftId!, reason: why } }));
    return result.cancelled ? r.shiftId : null;
  }
  if (r.kind === 'move') {
    await asBadRequest(() => updateShift({ scope, input: { id: r.shiftId!, ...times } }));
    return r.shiftId;
  }
  const template = await visitTemplate(scope, r.clientId, r.startAt!);
  const saved = await asBadRequest(() => createShift({ scope, input: { clientId: r.clientId, ...times, ...template } }));
  return saved.shift!.id;
}

/**
 * The office answers a pending request (visitRequests.decide {id, decision: approve|decline, reason?} ->
 * VisitRequestOutput; issue 25 item 3). Approving applies the change to the schedule (applyRequest) in the same
 * transaction as the decision, with the request row locked, so two office users cannot apply it twice and a change
 * the shift rules refuse decides nothing. Declining needs a reason, which the family reads. The family is told
 * (visit_request_decided: who asked and the client's users with alerts) and open screens refresh.
 * @throws AppError NOT_FOUND "Visit request N not found" (missing or another branch's); BAD_REQUEST when it was
 * already answered or withdrawn, or the change cannot be applied (applyRequest).
 */
export async function decideVisitRequest({
  scope,
  input,
}: {
  scope: Scope;
  input: DecideVisitRequestInput;
}): Promise<VisitRequestOutput> {
  const [found] = await scope.db
    .select({ r: visitRequests, timezone: branches.timezone, firstName: clients.firstName, lastName: clients.lastName })
    .from(visitRequests)
    .innerJoin(clients, eq(clients.id, visitRequests.clientId))
    .innerJoin(branches, eq(branches.id, visitRequests.branchId))
    .where(and(eq(visitRequests.id, input.id), inBranchScope(scope, visitRequests.branchId)))
    .for('update', { of: visitRequests });
  if (!found) throw notFound('Visit request', input.id);
  const { r } = found;
  if (r.status !== 'pending') throw new AppError('BAD_REQUEST', msg('errors.visitRequests.notPending'));
  const approved = input.decision === 'approve';
  const reason = input.reason?.trim() || null;
  const shiftId = approved ? await applyRequest(scope, r, reason) : r.shiftId;
  await scope.db
    .update(visitRequests)
    .set({
      status: approved ? 'approved' : 'declined',
      shiftId,
      decidedByUserId: scope.userId,
      decidedAt: sql`now()`,
      decisionReason: reason,
      updatedAt: new Date(),
    })
    .where(eq(visitRequests.id, r.id));
  const facts: RequestFacts = {
    ...r,
    clientName: `${found.firstName} ${found.lastName}`,
    timezone: found.timezone,
  };
  await tellFamilyOfDecision(scope.db, facts, { approved, reason });
  const [decided] = await readVisitRequests(scope.db, eq(visitRequests.id, r.id));
  return forOffice(decided!);
}
