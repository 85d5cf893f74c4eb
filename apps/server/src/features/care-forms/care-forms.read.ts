import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CareFormDetail, CareFormSummary } from '@hearth/shared/care-forms/care-forms.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { roles } from '../roles/roles.schema';
import { isActionAllowed } from '../roles/roles.permissions';
import { careForms, careFormTypes, careFormVersions } from './care-forms.schema';

/*
 * Reading care forms in the caller's reach (issue 23 item 2; docs/architecture.md "Branch scope" and "Own records").
 * Staff reach the forms of clients in their branch scope; a user of no branch scope (a caregiver) reaches only the
 * forms assigned to them or created by them, of their own company. The reach is in every WHERE clause, so a form
 * out of reach and a missing one are the same 404.
 */

const assignee = alias(users, 'care_form_assignee');
const signer = alias(users, 'care_form_signer');
const creator = alias(users, 'care_form_creator');

/**
 * The reach condition of care forms (over care_forms joined with its client and the client's branch): every form at
 * system level; the client's branch in scope for staff; for a caller of no branch scope, forms assigned to or
 * created by them whose client is of their company.
 */
export function formReach(scope: Scope): SQL {
  if (scope.level !== 'none') return inBranchScope(scope, clients.branchId);
  if (scope.companyId === null) return sql`false`;
  return and(
    or(eq(careForms.assigneeUserId, scope.userId), eq(careForms.createdByUserId, scope.userId)),
    eq(branches.companyId, scope.companyId),
  )!;
}

/** A care form row with its client's branch and company, as the writes need it. */
export type ReachedForm = typeof careForms.$inferSelect & { branchId: number; companyId: number };

/**
 * The form `id` in the caller's reach (formReach). `lock` holds the form row until the request's transaction ends,
 * so two saves, a completion and an amendment of one form run one at a time.
 * @throws AppError NOT_FOUND "Care form N not found".
 */
export async function findForm(scope: Scope, id: number, options: { lock?: boolean } = {}): Promise<ReachedForm> {
  const query = scope.db
    .select({ form: careForms, branchId: clients.branchId, companyId: branches.companyId })
    .from(careForms)
    .innerJoin(clients, eq(clients.id, careForms.clientId))
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(and(eq(careForms.id, id), formReach(scope)));
  const [row] = options.lock ? await query.for('update', { of: careForms }) : await query;
  if (!row) throw notFound('Care form', id);
  return { ...row.form, branchId: row.branchId, companyId: row.companyId };
}

/** A user as {userId, name}, or null when the id is null. */
function person(userId: number | null, name: string | null) {
  return userId === null ? null : { userId, name: name ?? '' };
}

/** The columns of a summary and a detail, over care_forms and its joins. */
const FORM_COLUMNS = {
  form: careForms,
  typeName: careFormTypes.name,
  typeVersion: careFormTypes.version,
  category: careFormTypes.category,
  definition: careFormTypes.definition,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  shiftStart: shifts.startAt,
  assigneeName: assignee.name,
  signerName: signer.name,
  creatorName: creator.name,
};

/** care_forms with every join of FORM_COLUMNS, in the caller's reach and matching `where`. */
function selectForms(scope: Scope, where: SQL) {
  return scope.db
    .select(FORM_COLUMNS)
    .from(careForms)
    .innerJoin(careFormTypes, eq(careFormTypes.id, careForms.typeId))
    .innerJoin(clients, eq(clients.id, careForms.clientId))
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .leftJoin(shifts, eq(shifts.id, careForms.shiftId))
    .leftJoin(assignee, eq(assignee.id, careForms.assigneeUserId))
    .leftJoin(signer, eq(signer.id, careForms.signedByUserId))
    .leftJoin(creator, eq(creator.id, careForms.createdByUserId))
    .where(and(formReach(scope), where));
}

type FormRow = Awaited<ReturnType<typeof selectForms>>[number];

/** A joined row as CareFormSummary; times as ISO 8601 UTC. */
function summaryOf(row: FormRow): CareFormSummary {
  const f = row.form;
  return {
    id: f.id,
    status: f.status,
    version: f.version,
    typeId: f.typeId,
    typeName: row.typeName,
    category: row.category,
    clientId: f.clientId,
    clientName: row.clientName,
    shiftId: f.shiftId,
    shiftStart: row.shiftStart?.toISOString() ?? null,
    assignee: person(f.assigneeUserId, row.assigneeName),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    completedAt: f.signedAt?.toISOString() ?? null,
  };
}

/**
 * The forms in reach matching `where`, newest change first, at most `limit`.
 * @returns CareFormSummary[].
 */
export async function formSummaries(scope: Scope, where: SQL, limit = 500): Promise<CareFormSummary[]> {
  const rows = await selectForms(scope, where).orderBy(desc(careForms.updatedAt), desc(careForms.id)).limit(limit);
  return rows.map(summaryOf);
}

/** Whether the caller's role may call `action` (the role as stored now; system level may call everything). */
export async function mayCall(scope: Scope, action: string): Promise<boolean> {
  const [role] = await scope.db
    .select({ hasSystemLevelAccess: roles.hasSystemLevelAccess, actionPermissions: roles.actionPermissions })
    .from(roles)
    .where(eq(roles.id, scope.roleId));
  return !!role && isActionAllowed(role, action);
}

/**
 * The form `id` in reach as CareFormDetail: its answers, type definition, signature and signer, creator, earlier
 * signed versions (oldest first) and whether the caller may change it now (in progress, and their role saves forms).
 * @throws AppError NOT_FOUND "Care form N not found".
 */
export async function formDetail(scope: Scope, id: number): Promise<CareFormDetail> {
  const [row] = await selectForms(scope, eq(careForms.id, id));
  if (!row) throw notFound('Care form', id);
  const f = row.form;
  const versions = await scope.db
    .select({ version: careFormVersions.version, status: careFormVersions.status, signedAt: careFormVersions.signedAt })
    .from(careFormVersions)
    .where(eq(careFormVersions.formId, f.id))
    .orderBy(asc(careFormVersions.version));
  return {
    ...summaryOf(row),
    type: { id: f.typeId, name: row.typeName, version: row.typeVersion, definition: row.definition },
    items: f.items,
    signature: f.signature,
    signedBy: person(f.signedByUserId, row.signerName),
    signedAt: f.signedAt?.toISOString() ?? null,
    createdBy: person(f.createdByUserId, row.creatorName)!,
    amendmentReason: f.amendmentReason,
    versions: versions.map((v) => ({ ...v, signedAt: v.signedAt?.toISOString() ?? null })),
    editable: f.status === 'in-progress' && (await mayCall(scope, 'careForms.saveInProgress')),
  };
}
