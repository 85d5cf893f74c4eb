import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CaseDetail, CaseSummary } from '@hearth/shared/cases/cases.schema';
import { allowedTransitions } from '@hearth/shared/cases/case-transitions';
import { deadlineStates, isOverdue } from '@hearth/shared/cases/case-deadlines';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { clients } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { careForms, careFormTypes } from '../care-forms/care-forms.schema';
import { mayCall } from '../care-forms/care-forms.read';
import { caseAttachments, caseCaregivers, caseComments, cases, caseTypeModules, caseTypes } from './cases.schema';

/*
 * Reading cases in the caller's reach (issue 24; docs/architecture.md "Branch scope"). Staff reach the cases of
 * their branch scope (cases.branch_id); a caller of no branch scope (a caregiver) reaches only the cases they
 * reported, of their company. The reach is in every WHERE clause, so a case out of reach is 404 like a missing one.
 */

const reporter = alias(users, 'case_reporter');
const assignee = alias(users, 'case_assignee');

/** The reach condition over `cases`: branch scope for staff; the caller's own reports for a caller of no branch scope. */
export function caseReach(scope: Scope): SQL {
  if (scope.level !== 'none') return inBranchScope(scope, cases.branchId);
  if (scope.companyId === null) return sql`false`;
  return and(eq(cases.reportedByUserId, scope.userId), eq(cases.companyId, scope.companyId))!;
}

/** A case row in reach. */
export type CaseRow = typeof cases.$inferSelect;

/**
 * The case `id` in the caller's reach (caseReach); `lock` holds the row until the transaction ends, so two moves
 * of one case run one at a time.
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function findCase(scope: Scope, id: number, options: { lock?: boolean } = {}): Promise<CaseRow> {
  const query = scope.db
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), caseReach(scope)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Case', id);
  return row;
}

const SUMMARY_COLUMNS = {
  c: cases,
  typeName: caseTypes.name,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  reporterName: reporter.name,
  assigneeName: assignee.name,
  shiftStart: shifts.startAt,
};

/** cases with their type, client, reporter, assignee and visit, in reach and matching `where`. */
function selectCases(scope: Scope, where: SQL) {
  return scope.db
    .select(SUMMARY_COLUMNS)
    .from(cases)
    .innerJoin(caseTypes, eq(caseTypes.id, cases.caseTypeId))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .innerJoin(reporter, eq(reporter.id, cases.reportedByUserId))
    .leftJoin(assignee, eq(assignee.id, cases.assigneeUserId))
    .leftJoin(shifts, eq(shifts.id, cases.shiftId))
    .where(and(caseReach(scope), where));
}

type JoinedCase = Awaited<ReturnType<typeof selectCases>>[number];

/** A joined row as CaseSummary, overdue at `now`. */
function summaryOf(row: JoinedCase, now: Date): CaseSummary {
  const c = row.c;
  return {
    id: c.id,
    number: c.number,
    caseTypeId: c.caseTypeId,
    typeName: row.typeName,
    status: c.status,
    priority: c.priority,
    title: c.title,
    clientId: c.clientId,
    clientName: row.clientName,
    reportedAt: c.reportedAt.toISOString(),
    overdue: isOverdue(c, now),
  };
}

/**
 * The cases the caller reported (the phone's "my reports", cases.mine), newest first, at most 100, overdue at `now`.
 * @returns CaseSummary[].
 */
export async function listMine(scope: Scope, now: Date): Promise<CaseSummary[]> {
  const rows = await selectCases(scope, eq(cases.reportedByUserId, scope.userId))
    .orderBy(sql`${cases.reportedAt} desc`, sql`${cases.id} desc`)
    .limit(100);
  return rows.map((row) => summaryOf(row, now));
}

/** The case's modules (its type's, in order) with the care form filled for each, if any. */
export async function caseModules(scope: Scope, c: CaseRow) {
  const modules = await scope.db
    .select({ id: caseTypeModules.id, lineageId: caseTypeModules.careFormTypeLineageId, required: caseTypeModules.required })
    .from(caseTypeModules)
    .where(eq(caseTypeModules.caseTypeId, c.caseTypeId))
    .orderBy(asc(caseTypeModules.position), asc(caseTypeModules.id));
  const lineages = modules.map((m) => m.lineageId);
  const names = lineages.length
    ? await scope.db
        .select({ lineageId: careFormTypes.lineageId, name: careFormTypes.name, version: careFormTypes.version })
        .from(careFormTypes)
        .where(inArray(careFormTypes.lineageId, lineages))
        .orderBy(asc(careFormTypes.version))
    : [];
  const forms = await scope.db
    .select({ id: careForms.id, moduleId: careForms.caseTypeModuleId, status: careForms.status })
    .from(careForms)
    .where(eq(careForms.caseId, c.id))
    .orderBy(asc(careForms.id));
  return modules.map((m) => {
    const form = forms.find((f) => f.moduleId === m.id) ?? null;
    return {
      caseTypeModuleId: m.id,
      name: names.filter((n) => n.lineageId === m.lineageId).at(-1)?.name ?? '',
      required: m.required,
      careFormId: form?.id ?? null,
      careFormStatus: form?.status ?? null,
    };
  });
}

/** Whether every required module of the case has a completed or amended care form. */
export function requiredModulesDone(modules: Awaited<ReturnType<typeof caseModules>>): boolean {
  return modules.every((m) => !m.required || m.careFormStatus === 'completed' || m.careFormStatus === 'amended');
}

/** The comments (oldest first) and uploaded attachments of a case. */
async function commentsAndFiles(scope: Scope, caseId: number) {
  const comments = await scope.db
    .select({
      id: caseComments.id,
      userId: caseComments.authorUserId,
      name: users.name,
      body: caseComments.body,
      createdAt: caseComments.createdAt,
    })
    .from(caseComments)
    .innerJoin(users, eq(users.id, caseComments.authorUserId))
    .where(eq(caseComments.caseId, caseId))
    .orderBy(asc(caseComments.id));
  const files = await scope.db
    .select({
      id: caseAttachments.id,
      filename: caseAttachments.filename,
      size: caseAttachments.size,
      contentType: caseAttachments.contentType,
      createdAt: caseAttachments.createdAt,
    })
    .from(caseAttachments)
    .where(and(eq(caseAttachments.caseId, caseId), eq(caseAttachments.status, 'uploaded')))
    .orderBy(asc(caseAttachments.id));
  return {
    comments: comments.map((c) => ({
      id: c.id,
      author: { userId: c.userId, name: c.name },
      body: c.body,
      createdAt: c.createdAt.toISOString(),
    })),
    attachments: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

/**
 * The case `id` in reach as CaseDetail at `now` (the request's clock): deadlines with overdue flags
 * (deadlineStates), modules, caregivers, comments and attachments. `canWork` is whether the caller's role may
 * update cases and reaches it as staff; the reporter on the phone (no branch scope) gets no comments and no moves.
 * @throws AppError NOT_FOUND "Case N not found".
 */
export async function caseDetail(scope: Scope, id: number, now: Date): Promise<CaseDetail> {
  const [row] = await selectCases(scope, eq(cases.id, id));
  if (!row) throw notFound('Case', id);
  const c = row.c;
  const modules = await caseModules(scope, c);
  const involved = await scope.db
    .select({ caregiverId: caregivers.id, name: sql<string>`${caregivers.firstName} || ' ' || ${caregivers.lastName}` })
    .from(caseCaregivers)
    .innerJoin(caregivers, eq(caregivers.id, caseCaregivers.caregiverId))
    .where(eq(caseCaregivers.caseId, c.id))
    .orderBy(asc(caregivers.id));
  const staff = scope.level !== 'none';
  const canWork = staff && (await mayCall(scope, 'cases.update'));
  const mayMove = staff && (await mayCall(scope, 'cases.transition'));
  const { comments, attachments } = await commentsAndFiles(scope, c.id);
  return {
    ...summaryOf(row, now),
    branchId: c.branchId,
    description: c.description,
    occurredAt: c.occurredAt.toISOString(),
    shiftId: c.shiftId,
    shiftStart: row.shiftStart?.toISOString() ?? null,
    caregivers: involved,
    reportedBy: { userId: c.reportedByUserId, name: row.reporterName },
    assignee: c.assigneeUserId === null ? null : { userId: c.assigneeUserId, name: row.assigneeName ?? '' },
    deadlines: deadlineStates(c, now),
    stateReportNote: staff ? c.stateReportNote : null,
    completedAt: c.completedAt?.toISOString() ?? null,
    cancelledAt: c.cancelledAt?.toISOString() ?? null,
    lastReason: staff ? c.lastReason : null,
    modules,
    comments: staff ? comments : [],
    attachments,
    allowedTransitions: mayMove ? allowedTransitions(c.status, { requiredModulesDone: requiredModulesDone(modules) }) : [],
    canWork,
  };
}
