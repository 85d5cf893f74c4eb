import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CaseType, CreateCaseTypeInput, UpdateCaseTypeInput } from '@hearth/shared/cases/cases.schema';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { careFormTypes } from '../care-forms/care-forms.schema';
import { caseTypeModules, caseTypes } from './cases.schema';

/*
 * Case types and their modules (issue 24 item 1; /admin/cases). Types belong to a company: a caller reaches those
 * of their company, system level every company's; another company's type is 404 like a missing one.
 */

/** The company condition of case types (system level: every company; no company: none). */
export function caseTypeInCompany(scope: Pick<Scope, 'level' | 'companyId'>): SQL {
  if (scope.level === 'system') return sql`true`;
  return scope.companyId === null ? sql`false` : eq(caseTypes.companyId, scope.companyId);
}

/** The caller's company, which new types belong to. @throws AppError BAD_REQUEST for a user of no company. */
function companyOf(scope: Scope): number {
  if (scope.companyId === null) throw new AppError('BAD_REQUEST', 'Case types belong to an agency: sign in as a user of one');
  return scope.companyId;
}

/** Types `rows` as CaseType with their modules in order, each named by its care form type's latest version. */
async function withModules(scope: Scope, rows: (typeof caseTypes.$inferSelect)[]): Promise<CaseType[]> {
  const ids = rows.map((r) => r.id);
  const modules = ids.length
    ? await scope.db
        .select()
        .from(caseTypeModules)
        .where(inArray(caseTypeModules.caseTypeId, ids))
        .orderBy(asc(caseTypeModules.position), asc(caseTypeModules.id))
    : [];
  const lineages = [...new Set(modules.map((m) => m.careFormTypeLineageId))];
  const names = lineages.length
    ? await scope.db
        .select({ lineageId: careFormTypes.lineageId, name: careFormTypes.name })
        .from(careFormTypes)
        .where(inArray(careFormTypes.lineageId, lineages))
        .orderBy(asc(careFormTypes.version))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    description: r.description,
    defaultPriority: r.defaultPriority,
    status: r.status,
    reportableByCaregivers: r.reportableByCaregivers,
    acknowledgeWithinHours: r.acknowledgeWithinHours,
    stateReportWithinHours: r.stateReportWithinHours,
    resolveWithinHours: r.resolveWithinHours,
    modules: modules
      .filter((m) => m.caseTypeId === r.id)
      .map((m) => ({
        id: m.id,
        careFormTypeLineageId: m.careFormTypeLineageId,
        name: names.filter((n) => n.lineageId === m.careFormTypeLineageId).at(-1)?.name ?? '',
        required: m.required,
        position: m.position,
      })),
  }));
}

/** The case type `id` of the caller's company. @throws AppError NOT_FOUND "Case type N not found". */
async function findCaseType(scope: Scope, id: number, options: { lock?: boolean } = {}) {
  const query = scope.db
    .select()
    .from(caseTypes)
    .where(and(eq(caseTypes.id, id), caseTypeInCompany(scope)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Case type', id);
  return row;
}

/** The company's case types by name, with modules (caseTypes.list) -> CaseType[]. */
export async function listCaseTypes({ scope }: { scope: Scope }): Promise<CaseType[]> {
  const rows = await scope.db
    .select()
    .from(caseTypes)
    .where(caseTypeInCompany(scope))
    .orderBy(asc(caseTypes.name), asc(caseTypes.id));
  return withModules(scope, rows);
}

/**
 * The active types caregivers report from the phone (cases.reportableTypes) -> CaseType[], by name.
 */
export async function listReportableTypes({ scope }: { scope: Scope }): Promise<CaseType[]> {
  const rows = await scope.db
    .select()
    .from(caseTypes)
    .where(and(caseTypeInCompany(scope), eq(caseTypes.status, 'active'), eq(caseTypes.reportableByCaregivers, true)))
    .orderBy(asc(caseTypes.name));
  return withModules(scope, rows);
}

/** One type {id} -> CaseType (caseTypes.detail). @throws AppError NOT_FOUND "Case type N not found". */
export async function getCaseType({ scope, input }: { scope: Scope; input: { id: number } }): Promise<CaseType> {
  return (await withModules(scope, [await findCaseType(scope, input.id)]))[0]!;
}

/** Creates a type of the caller's company (caseTypes.create) -> CaseType, active, without modules, no code. */
export async function createCaseType({ scope, input }: { scope: Scope; input: CreateCaseTypeInput }): Promise<CaseType> {
  const [row] = await scope.db
    .insert(caseTypes)
    .values({ ...input, companyId: companyOf(scope) })
    .returning();
  return (await withModules(scope, [row!]))[0]!;
}

/**
 * Changes a type (caseTypes.update) {id, ...fields, status?} -> CaseType. New deadlines count for cases reported
 * after; cases already reported keep their due dates. A retired type takes no new cases.
 * @throws AppError NOT_FOUND "Case type N not found".
 */
export async function updateCaseType({ scope, input }: { scope: Scope; input: UpdateCaseTypeInput }): Promise<CaseType> {
  const current = await findCaseType(scope, input.id, { lock: true });
  const { id: _id, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await scope.db.update(caseTypes).set(changes).where(eq(caseTypes.id, current.id));
  return getCaseType({ scope, input: { id: current.id } });
}

/**
 * Replaces a type's modules (caseTypes.setModules) {id, modules: [{careFormTypeLineageId, required}]} -> CaseType,
 * in the given order. Each lineage is a care form type of the type's company. Modules already filled in cases keep
 * their forms when the module stays (same lineage at any position keeps its row).
 * @throws AppError NOT_FOUND "Case type N not found", "Care form type N not found".
 */
export async function setCaseModules({
  scope,
  input,
}: {
  scope: Scope;
  input: { id: number; modules: { careFormTypeLineageId: number; required: boolean }[] };
}): Promise<CaseType> {
  const type = await findCaseType(scope, input.id, { lock: true });
  const lineages = [...new Set(input.modules.map((m) => m.careFormTypeLineageId))];
  const known = lineages.length
    ? await scope.db
        .select({ lineageId: careFormTypes.lineageId })
        .from(careFormTypes)
        .where(and(inArray(careFormTypes.lineageId, lineages), eq(careFormTypes.companyId, type.companyId)))
    : [];
  const missing = lineages.find((l) => !known.some((k) => k.lineageId === l));
  if (missing !== undefined) throw notFound('Care form type', missing);
  const existing = await scope.db.select().from(caseTypeModules).where(eq(caseTypeModules.caseTypeId, type.id));
  const kept = new Set<number>();
  for (const [position, m] of input.modules.entries()) {
    const same = existing.find((e) => e.careFormTypeLineageId === m.careFormTypeLineageId && !kept.has(e.id));
    if (same) {
      kept.add(same.id);
      await scope.db.update(caseTypeModules).set({ position, required: m.required }).where(eq(caseTypeModules.id, same.id));
    } else {
      await scope.db
        .insert(caseTypeModules)
        .values({ caseTypeId: type.id, careFormTypeLineageId: m.careFormTypeLineageId, position, required: m.required });
    }
  }
  const dropped = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (dropped.length > 0) await scope.db.delete(caseTypeModules).where(inArray(caseTypeModules.id, dropped));
  return getCaseType({ scope, input: { id: type.id } });
}
