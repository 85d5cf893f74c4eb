import { and, eq, max } from 'drizzle-orm';
import type {
  CareFormTypeDetail,
  CareFormTypeSummary,
  CreateCareFormTypeInput,
  Questionnaire,
  UpdateCareFormTypeInput,
} from '@hearth/shared/care-forms/care-forms.schema';
import type { CareFormCategory, CareFormTypeStatus } from '@hearth/shared/care-forms/care-forms.constants';
import { BUILT_IN_TYPES, builtInItemCount, findBuiltInType } from '@hearth/shared/care-forms/built-in-types';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import type { ScopedInput } from '../records/records.owner';
import { careFormTypes } from './care-forms.schema';
import { findType, insertFirstVersion, latestTypes, typeDetail, typeSummary } from './care-form-types.lookup';
import { assertDefinition, parseImportedQuestionnaire } from './care-form-types.definition';

/*
 * Care form types (issue 23 item 1): a company's FHIR R4 Questionnaires, in versions. A version used by a form is
 * frozen; an edit of a frozen version is saved as the lineage's next version, so a signed form always shows the
 * questions it answered. Types are the company's (care-form-types.lookup.ts typeInCompany); another company's is 404.
 */

/** An empty definition: a new type starts with no questions. */
function emptyDefinition(title: string): Questionnaire {
  return { resourceType: 'Questionnaire', status: 'draft', title, item: [] };
}

/** JSON with object keys sorted: equal for equal values whatever order jsonb kept the keys in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The caller's company, where a new type goes. @throws AppError BAD_REQUEST for a user of no company. */
function companyOf(scope: Scope): number {
  if (scope.companyId === null) throw new AppError('BAD_REQUEST', 'Form types belong to an agency: sign in as a user of one');
  return scope.companyId;
}

/** The company's types, the latest version of each lineage, by name {} -> CareFormTypeSummary[]. */
export async function listTypes({ scope }: ScopedInput<unknown>): Promise<CareFormTypeSummary[]> {
  return (await latestTypes(scope)).map(typeSummary);
}

/** The shipped types an agency can copy (built-in-types.ts) {} -> {key, name, category, itemCount}[]. */
export function listBuiltIns(): { key: string; name: string; category: CareFormCategory; itemCount: number }[] {
  return BUILT_IN_TYPES.map((t) => ({ key: t.key, name: t.name, category: t.category, itemCount: builtInItemCount(t) }));
}

/**
 * One type version {id} -> CareFormTypeDetail with its definition and its lineage's versions.
 * @throws AppError NOT_FOUND "Care form type N not found" for another company's or a missing one.
 */
export async function getType({ scope, input }: ScopedInput<{ id: number }>): Promise<CareFormTypeDetail> {
  return typeDetail(scope, input.id);
}

/**
 * Creates a type in the caller's company {name, category, caregiverMayStart, definition?} -> CareFormTypeDetail,
 * version 1 of a new lineage, status draft (it starts no form until made active).
 * @throws AppError BAD_REQUEST "The form type has N problems..." for a definition outside the supported subset.
 */
export async function createType({ scope, input }: ScopedInput<CreateCareFormTypeInput>): Promise<CareFormTypeDetail> {
  const definition = input.definition ?? emptyDefinition(input.name);
  assertDefinition(definition);
  const id = await insertFirstVersion(scope, {
    companyId: companyOf(scope),
    name: input.name,
    category: input.category,
    caregiverMayStart: input.caregiverMayStart,
    status: 'draft',
    definition,
  });
  return typeDetail(scope, id);
}

/**
 * Edits a type version {id, name?, category?, caregiverMayStart?, definition?} -> CareFormTypeDetail. A version not
 * yet used by a form is changed in place; a frozen one is copied into the lineage's next version (its status
 * kept) with the changes, and that new version is answered (issue 23 item 1: a type used by a form is frozen, edits
 * make a new version); a frozen version saved without a change stays as it is.
 * @throws AppError NOT_FOUND "Care form type N not found"; BAD_REQUEST for a definition with problems.
 */
export async function updateType({ scope, input }: ScopedInput<UpdateCareFormTypeInput>): Promise<CareFormTypeDetail> {
  const current = await findType(scope, input.id, { lock: true });
  if (input.definition) assertDefinition(input.definition);
  const changes = {
    name: input.name ?? current.name,
    category: input.category ?? current.category,
    caregiverMayStart: input.caregiverMayStart ?? current.caregiverMayStart,
    definition: input.definition ?? current.definition,
    updatedAt: new Date(),
  };
  if (!current.frozen) {
    await scope.db.update(careFormTypes).set(changes).where(eq(careFormTypes.id, current.id));
    return typeDetail(scope, current.id);
  }
  const { updatedAt: _now, ...next } = changes;
  const { name, category, caregiverMayStart, definition } = current;
  // Saving a frozen version unchanged makes no new version.
  if (canonical(next) === canonical({ name, category, caregiverMayStart, definition })) return typeDetail(scope, current.id);
  // The lineage's rows are locked, so two edits of its frozen versions at once number theirs one after the other.
  await scope.db
    .select({ id: careFormTypes.id })
    .from(careFormTypes)
    .where(eq(careFormTypes.lineageId, current.lineageId))
    .for('update');
  const [latest] = await scope.db
    .select({ version: max(careFormTypes.version) })
    .from(careFormTypes)
    .where(eq(careFormTypes.lineageId, current.lineageId));
  const [row] = await scope.db
    .insert(careFormTypes)
    .values({
      ...changes,
      companyId: current.companyId,
      lineageId: current.lineageId,
      version: (latest?.version ?? current.version) + 1,
      status: current.status,
      builtInKey: current.builtInKey,
      createdByUserId: scope.userId,
    })
    .returning({ id: careFormTypes.id });
  return typeDetail(scope, row!.id);
}

/**
 * Sets the status of a type's whole lineage {id, status: draft | active | retired} -> CareFormTypeDetail: only an
 * active type starts forms; retiring one leaves its forms as they are.
 * @throws AppError NOT_FOUND "Care form type N not found".
 */
export async function setTypeStatus({
  scope,
  input,
}: ScopedInput<{ id: number; status: CareFormTypeStatus }>): Promise<CareFormTypeDetail> {
  const current = await findType(scope, input.id, { lock: true });
  await scope.db
    .update(careFormTypes)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(careFormTypes.lineageId, current.lineageId), eq(careFormTypes.companyId, current.companyId)));
  return typeDetail(scope, current.id);
}

/**
 * Copies a shipped type into the caller's company {key} -> CareFormTypeDetail, a new draft lineage that remembers
 * the key it came from.
 * @throws AppError NOT_FOUND "Built-in form type <key> not found" for a key Hearth does not ship.
 */
export async function copyBuiltIn({ scope, input }: ScopedInput<{ key: string }>): Promise<CareFormTypeDetail> {
  const builtIn = findBuiltInType(input.key);
  if (!builtIn) throw notFound('Built-in form type', input.key);
  const id = await insertFirstVersion(scope, {
    companyId: companyOf(scope),
    name: builtIn.name,
    category: builtIn.category,
    caregiverMayStart: builtIn.caregiverMayStart,
    status: 'draft',
    definition: structuredClone(builtIn.definition),
    builtInKey: builtIn.key,
  });
  return typeDetail(scope, id);
}

/**
 * Imports a FHIR R4 Questionnaire's JSON text as a new draft type {json, category} -> CareFormTypeDetail, named by
 * its title (else its name, else "Imported form").
 * @throws AppError BAD_REQUEST "The file is not JSON", or "The form type has N problems. <first>" with every
 * unsupported item type, property or broken rule by linkId (care-form-types.definition.ts).
 */
export async function importType({
  scope,
  input,
}: ScopedInput<{ json: string; category: CareFormCategory }>): Promise<CareFormTypeDetail> {
  const definition = parseImportedQuestionnaire(input.json);
  const name = (definition.title ?? definition.name ?? '').trim().slice(0, 120) || 'Imported form';
  const id = await insertFirstVersion(scope, {
    companyId: companyOf(scope),
    name,
    category: input.category,
    caregiverMayStart: false,
    status: 'draft',
    definition,
  });
  return typeDetail(scope, id);
}
