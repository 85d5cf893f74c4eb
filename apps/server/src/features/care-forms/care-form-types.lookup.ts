import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CareFormTypeDetail, CareFormTypeSummary, Questionnaire } from '@hearth/shared/care-forms/care-forms.schema';
import { countItems } from '@hearth/shared/care-forms/questionnaire-builders';
import type { Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { rowsOf } from '../../db/rows';
import { careFormTypes } from './care-forms.schema';

/** A care form type row as the services read it. */
export type CareFormTypeRow = typeof careFormTypes.$inferSelect;

/**
 * The company condition of care form types: types belong to a company (`company_id`), so a caller reaches those of
 * their own company; system level (Developer) reaches every company's; a user of no company reaches none.
 */
export function typeInCompany(scope: Pick<Scope, 'level' | 'companyId'>): SQL {
  if (scope.level === 'system') return sql`true`;
  return scope.companyId === null ? sql`false` : eq(careFormTypes.companyId, scope.companyId);
}

/**
 * The care form type version `id` of the caller's company. `lock` holds the row until the request's transaction
 * ends (a new version is numbered from it).
 * @throws AppError NOT_FOUND "Care form type N not found" when it does not exist or is another company's.
 */
export async function findType(scope: Scope, id: number, options: { lock?: boolean } = {}): Promise<CareFormTypeRow> {
  const query = scope.db
    .select()
    .from(careFormTypes)
    .where(and(eq(careFormTypes.id, id), typeInCompany(scope)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Care form type', id);
  return row;
}

/** A type row as CareFormTypeSummary: its item count read from its definition, its time as ISO 8601 UTC. */
export function typeSummary(row: CareFormTypeRow): CareFormTypeSummary {
  return {
    id: row.id,
    lineageId: row.lineageId,
    version: row.version,
    name: row.name,
    category: row.category,
    status: row.status,
    caregiverMayStart: row.caregiverMayStart,
    frozen: row.frozen,
    itemCount: countItems(row.definition.item),
    builtInKey: row.builtInKey,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The type version `id` with its definition and every version of its lineage (oldest first).
 * @throws AppError NOT_FOUND "Care form type N not found" when it is out of the caller's company.
 */
export async function typeDetail(scope: Scope, id: number): Promise<CareFormTypeDetail> {
  const row = await findType(scope, id);
  const versions = await scope.db
    .select({ id: careFormTypes.id, version: careFormTypes.version, status: careFormTypes.status, frozen: careFormTypes.frozen })
    .from(careFormTypes)
    .where(eq(careFormTypes.lineageId, row.lineageId))
    .orderBy(asc(careFormTypes.version));
  return { ...typeSummary(row), definition: row.definition, versions };
}

/**
 * The latest version of each lineage of the caller's company, by name (a filter on status or caregiverMayStart
 * applies to these, never to older versions).
 * @returns type rows, one per lineage.
 */
export async function latestTypes(scope: Scope): Promise<CareFormTypeRow[]> {
  const rows = await scope.db
    .selectDistinctOn([careFormTypes.lineageId])
    .from(careFormTypes)
    .where(typeInCompany(scope))
    .orderBy(careFormTypes.lineageId, desc(careFormTypes.version));
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * Inserts a new lineage's first version (lineage_id = its own id, taken from the id sequence first).
 * @returns the new type's id.
 */
export async function insertFirstVersion(
  scope: Scope,
  values: Omit<typeof careFormTypes.$inferInsert, 'id' | 'lineageId' | 'version'> & { definition: Questionnaire },
): Promise<number> {
  const result = await scope.db.execute(sql`select nextval(pg_get_serial_sequence('care_form_types', 'id'))::integer as id`);
  const id = Number(rowsOf<{ id: number }>(result)[0]!.id);
  await scope.db.insert(careFormTypes).values({ ...values, id, lineageId: id, version: 1, createdByUserId: scope.userId });
  return id;
}
