import { and, eq } from 'drizzle-orm';
import type { CaseDetail, CaseTransitionInput, UpdateCaseInput } from '@hearth/shared/cases/cases.schema';
import { transitionProblem } from '@hearth/shared/cases/case-transitions';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg, type ServerMessageKey } from '../../i18n/server-i18n';
import { shifts } from '../shifts/shifts.schema';
import { caseCaregivers, caseComments, cases } from './cases.schema';
import { caseDetail, caseModules, findCase, requiredModulesDone } from './cases.read';
import { checkCaregivers } from './cases.report';
import { routeNewCase } from './cases.routing';
import { mayBeAssigned } from './cases.assignees';

/** A write on a case: the caller, the request's clock and the input. */
interface WorkArgs<I> {
  scope: Scope;
  now: Date;
  input: I;
}

/**
 * Changes what the office works on a case (cases.update) {id, title?, description?, priority?, assigneeUserId?,
 * caregiverIds?, shiftId?} -> CaseDetail. The assignee is one of the case's possible assignees (cases.assignees.ts:
 * the office of its branch that works cases; null unassigns, the current assignee may stay);
 * the visit is one of the case's client in scope (null clears it); caregiverIds replaces the involved caregivers.
 * @throws AppError NOT_FOUND "Case N not found", "User N not found", "Shift N not found", "Caregiver N not found".
 */
export async function updateCase({ scope, now, input }: WorkArgs<UpdateCaseInput>): Promise<CaseDetail> {
  const c = await findCase(scope, input.id, { lock: true });
  if (
    input.assigneeUserId &&
    input.assigneeUserId !== c.assigneeUserId &&
    !(await mayBeAssigned(scope, c, input.assigneeUserId))
  ) {
    throw notFound('User', input.assigneeUserId);
  }
  if (input.shiftId) {
    const [shift] = await scope.db
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.id, input.shiftId), eq(shifts.clientId, c.clientId), inBranchScope(scope, shifts.branchId)));
    if (!shift) throw notFound('Shift', input.shiftId);
  }
  const { id: _id, caregiverIds, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) {
    await scope.db
      .update(cases)
      .set({ ...changes, updatedAt: now })
      .where(eq(cases.id, c.id));
  }
  if (caregiverIds) {
    const ids = await checkCaregivers(scope, c.companyId, caregiverIds);
    await scope.db.delete(caseCaregivers).where(eq(caseCaregivers.caseId, c.id));
    if (ids.length > 0) await scope.db.insert(caseCaregivers).values(ids.map((caregiverId) => ({ caseId: c.id, caregiverId })));
  }
  return caseDetail(scope, c.id, now);
}

/**
 * Moves a case (cases.transition) {id, to, reason?} -> CaseDetail, along the shared rules (case-transitions.ts):
 * cancelling and reopening need a reason (kept as lastReason), completing needs every required module completed.
 * The first move to accepted or in-progress sets acknowledgedAt; completing sets completedAt, cancelling
 * cancelledAt; reopening clears them. A draft sent (draft -> requested) is routed to the case admins then.
 * @throws AppError NOT_FOUND "Case N not found"; BAD_REQUEST "A case cannot go from X to Y", "Give a reason to
 * cancel the case", "Give a reason to reopen a closed case", "Complete every required module before completing
 * the case" (catalogue messages errors.caseTransitions.*).
 */
export async function transitionCase({ scope, now, input }: WorkArgs<CaseTransitionInput>): Promise<CaseDetail> {
  const c = await findCase(scope, input.id, { lock: true });
  const modules = await caseModules(scope, c);
  const problem = transitionProblem(c.status, input.to, {
    reason: input.reason,
    requiredModulesDone: requiredModulesDone(modules),
  });
  if (problem) throw new AppError('BAD_REQUEST', msg(problem.key as ServerMessageKey, problem.values));
  const set: Partial<typeof cases.$inferInsert> = { status: input.to, updatedAt: now };
  if ((input.to === 'accepted' || input.to === 'in-progress') && c.acknowledgedAt === null) set.acknowledgedAt = now;
  if (input.to === 'completed') set.completedAt = now;
  if (input.to === 'cancelled') set.cancelledAt = now;
  if (c.status === 'completed') set.completedAt = null;
  if (c.status === 'cancelled') set.cancelledAt = null;
  if (input.reason?.trim()) set.lastReason = input.reason.trim();
  const [moved] = await scope.db.update(cases).set(set).where(eq(cases.id, c.id)).returning();
  if (c.status === 'draft' && input.to === 'requested') await routeNewCase(scope, moved!);
  return caseDetail(scope, c.id, now);
}

/**
 * Marks the report to the state as made (cases.markStateReported) {id, reportedAt?, note?} -> CaseDetail:
 * stateReportedAt is the given time (default now), which meets the state report deadline.
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function markStateReported({
  scope,
  now,
  input,
}: WorkArgs<{ id: number; reportedAt?: string; note?: string }>): Promise<CaseDetail> {
  const c = await findCase(scope, input.id, { lock: true });
  await scope.db
    .update(cases)
    .set({
      stateReportedAt: input.reportedAt ? new Date(input.reportedAt) : now,
      stateReportNote: input.note?.trim() || null,
      updatedAt: now,
    })
    .where(eq(cases.id, c.id));
  return caseDetail(scope, c.id, now);
}

/**
 * Adds an office comment (cases.addComment) {id, body} -> CaseDetail.
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function addComment({ scope, now, input }: WorkArgs<{ id: number; body: string }>): Promise<CaseDetail> {
  const c = await findCase(scope, input.id);
  await scope.db.insert(caseComments).values({ caseId: c.id, authorUserId: scope.userId, body: input.body, createdAt: now });
  return caseDetail(scope, c.id, now);
}
