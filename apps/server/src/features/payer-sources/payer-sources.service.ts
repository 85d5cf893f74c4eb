import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type {
  CreatePayerSourceInput,
  GetPayerSourcesInput,
  PayerSourceDetail,
  PayerSourceListRow,
  UpdatePayerSourceInput,
} from '@hearth/shared/payer-sources/payer-sources.schema';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { companies } from '../companies/companies.schema';
import { payerSources, payerSourceServices } from './payer-sources.schema';

/**
 * The payer sources a scope may see, as a `where` condition. Payer sources are company-level records: every
 * company at system level, otherwise the caller's company (branch-level staff see their agency's payers).
 */
export function payerInScope(scope: Pick<Scope, 'level' | 'companyId'>): SQL {
  if (scope.level === 'system') return sql`true`;
  if (scope.level === 'none' || scope.companyId === null) return sql`false`;
  return eq(payerSources.companyId, scope.companyId);
}

/**
 * The payer sources in scope (getPayerSources), by name, each with its number of services. Input
 * {activeOnly?} (optional; pickers leave inactive payers out). Output PayerSourceListRow[].
 */
export async function getPayerSources({
  scope,
  input,
}: {
  scope: Scope;
  input: GetPayerSourcesInput;
}): Promise<PayerSourceListRow[]> {
  return scope.db
    .select({
      id: payerSources.id,
      name: payerSources.name,
      payerType: payerSources.payerType,
      payerId: payerSources.payerId,
      evvAggregator: payerSources.evvAggregator,
      requiresEvv: payerSources.requiresEvv,
      isActive: payerSources.isActive,
      // Raw names: in a single-table select Drizzle leaves columns unqualified, which a subquery would misread.
      serviceCount: sql<number>`(select count(*)::int from payer_source_services pss where pss.payer_source_id = payer_sources.id)`,
    })
    .from(payerSources)
    .where(and(payerInScope(scope), input?.activeOnly ? eq(payerSources.isActive, true) : undefined))
    .orderBy(asc(payerSources.name), asc(payerSources.id));
}

/**
 * One payer source in scope with its services (getPayerSource {id}, spec section 7; issue 4 item 3): name, payer
 * type, payer id, EVV aggregator, requiresEvv, isActive, and per service code + modifiers the bill rate (cents per
 * unit), unit length (minutes) and rounding rule, by code.
 * @throws AppError NOT_FOUND "Payer source N not found" when missing or another company's.
 */
export async function getPayerSource({ scope, input }: { scope: Scope; input: { id: number } }): Promise<PayerSourceDetail> {
  const [row] = await scope.db
    .select()
    .from(payerSources)
    .where(and(eq(payerSources.id, input.id), payerInScope(scope)));
  if (!row) throw notFound('Payer source', input.id);
  const services = await scope.db
    .select({
      id: payerSourceServices.id,
      serviceCode: payerSourceServices.serviceCode,
      modifiers: payerSourceServices.modifiers,
      description: payerSourceServices.description,
      billRateCents: payerSourceServices.billRateCents,
      unitMinutes: payerSourceServices.unitMinutes,
      roundingRule: payerSourceServices.roundingRule,
    })
    .from(payerSourceServices)
    .where(eq(payerSourceServices.payerSourceId, row.id))
    .orderBy(asc(payerSourceServices.serviceCode), asc(payerSourceServices.id));
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    payerType: row.payerType,
    payerId: row.payerId,
    evvAggregator: row.evvAggregator,
    requiresEvv: row.requiresEvv,
    isActive: row.isActive,
    services,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Refuses a name another payer source of the company already has (case-insensitive), so pickers stay unambiguous.
 * @throws AppError CONFLICT "A payer source named X already exists" (field name).
 */
async function assertUniqueName(scope: Scope, companyId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await scope.db
    .select({ id: payerSources.id })
    .from(payerSources)
    .where(
      and(
        eq(payerSources.companyId, companyId),
        sql`lower(${payerSources.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(payerSources.id, exceptId),
      ),
    );
  if (clash) throw new AppError('CONFLICT', `A payer source named ${name} already exists`, { name: ['Name already in use'] });
}

/** Replaces a payer's services with `services` (the whole set): the old rows go, the new ones come. */
async function replaceServices(scope: Scope, payerSourceId: number, services: CreatePayerSourceInput['services']): Promise<void> {
  await scope.db.delete(payerSourceServices).where(eq(payerSourceServices.payerSourceId, payerSourceId));
  if (services.length === 0) return;
  await scope.db.insert(payerSourceServices).values(
    services.map((s) => ({
      payerSourceId,
      serviceCode: s.serviceCode,
      modifiers: s.modifiers,
      description: s.description ?? null,
      billRateCents: s.billRateCents,
      unitMinutes: s.unitMinutes,
      roundingRule: s.roundingRule,
    })),
  );
}

/**
 * Creates a payer source with its services (createPayerSource). It belongs to the caller's company; a system-level
 * caller may name another with companyId. Services: unique code + modifiers, bill rate cents >= 0, unit 1-1440
 * minutes (checked by the input schema). Output PayerSourceDetail.
 * @throws AppError BAD_REQUEST without a company, NOT_FOUND for an unknown company, CONFLICT for a taken name.
 */
export async function createPayerSource({
  scope,
  input,
}: {
  scope: Scope;
  input: CreatePayerSourceInput;
}): Promise<PayerSourceDetail> {
  const companyId = scope.level === 'system' ? (input.companyId ?? scope.companyId) : scope.companyId;
  if (companyId === null || scope.level === 'none') {
    throw new AppError('BAD_REQUEST', 'Choose the company the payer source belongs to', { companyId: ['Company is required'] });
  }
  const [company] = await scope.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('NOT_FOUND', `Company ${companyId} not found`, { companyId: ['Unknown company'] });
  await assertUniqueName(scope, companyId, input.name);
  const [row] = await scope.db
    .insert(payerSources)
    .values({
      companyId,
      name: input.name,
      payerType: input.payerType,
      payerId: input.payerId ?? null,
      evvAggregator: input.evvAggregator,
      requiresEvv: input.requiresEvv,
      isActive: input.isActive,
    })
    .returning({ id: payerSources.id });
  if (!row) throw new Error('payer source insert returned nothing');
  await replaceServices(scope, row.id, input.services);
  return getPayerSource({ scope, input: { id: row.id } });
}

/**
 * Edits a payer source (updatePayerSource): {id} and the fields to change. `services`, when given, replaces the
 * payer's services as a whole set, in the request's one transaction (a failure leaves the old set). Service ids
 * change on every replacement; authorizations refer to services by code + modifiers, not by id. Output
 * PayerSourceDetail.
 * @throws AppError NOT_FOUND "Payer source N not found" when missing or another company's, CONFLICT for a taken
 * name.
 */
export async function updatePayerSource({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdatePayerSourceInput;
}): Promise<PayerSourceDetail> {
  const { id, services, ...fields } = input;
  const [current] = await scope.db
    .select({ id: payerSources.id, companyId: payerSources.companyId })
    .from(payerSources)
    .where(and(eq(payerSources.id, id), payerInScope(scope)))
    .for('update');
  if (!current) throw notFound('Payer source', id);
  if (fields.name !== undefined) await assertUniqueName(scope, current.companyId, fields.name, current.id);
  await scope.db
    .update(payerSources)
    .set({ ...definedOnly(fields), updatedAt: new Date() })
    .where(eq(payerSources.id, current.id));
  if (services !== undefined) await replaceServices(scope, current.id, services);
  return getPayerSource({ scope, input: { id: current.id } });
}

/** Keeps only the keys whose value is not undefined (a patch: an omitted field stays as it is). */
function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
