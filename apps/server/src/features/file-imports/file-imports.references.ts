import { sql } from 'drizzle-orm';
import { jsonList, type BatchContext, type ImportRow } from './file-imports.target';
import { rowsOf } from '../../db/rows';

/**
 * How authorization and shift rows name other records: by THEIR external ids (the client's, the caregiver's, the
 * payer source's), looked up within the import's company, one query per kind and batch.
 */

/** A client or caregiver found by external id: its id, branch (name, time zone) and status. */
export interface ReferencedPerson {
  id: number;
  branchId: number;
  branchName: string;
  timezone: string;
  status: string;
  name: string;
}

/** Looks up people of `table` by external id within the company; a key held twice maps to both (ambiguous). */
async function peopleByKey(ctx: BatchContext, table: 'clients' | 'caregivers', keys: string[]) {
  const distinct = [...new Set(keys.filter((k) => k !== ''))];
  const found = new Map<string, ReferencedPerson[]>();
  if (distinct.length === 0) return found;
  const rows = rowsOf<ReferencedPerson & { key: string }>(
    await ctx.db.execute(sql`
      select p.id, p.external_id as key, p.branch_id as "branchId", b.name as "branchName", b.timezone, p.status,
        p.first_name || ' ' || p.last_name as name
      from ${sql.raw(table)} p join branches b on b.id = p.branch_id
      where b.company_id = ${ctx.companyId} and p.external_id in ${jsonList(distinct)}`),
  );
  for (const { key, ...person } of rows) found.set(key, [...(found.get(key) ?? []), person]);
  return found;
}

/** Clients of the company by external id. */
export function clientsByExternalId(ctx: BatchContext, keys: string[]) {
  return peopleByKey(ctx, 'clients', keys);
}

/** Caregivers of the company by external id. */
export function caregiversByExternalId(ctx: BatchContext, keys: string[]) {
  return peopleByKey(ctx, 'caregivers', keys);
}

/** Payer sources of the company by external id -> id. */
export async function payersByExternalId(ctx: BatchContext, keys: string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(keys.filter((k) => k !== ''))];
  if (distinct.length === 0) return new Map();
  const rows = rowsOf<{ id: number; key: string }>(
    await ctx.db.execute(sql`select id, external_id as key from payer_sources
      where company_id = ${ctx.companyId} and external_id in ${jsonList(distinct)}`),
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/**
 * The one person a reference names, or why not: unknown, held by two records, or (when `branchId` is given) in
 * another branch than the import's.
 * @returns the person, or an error message naming the field by `label`.
 */
export function resolvePerson(
  found: Map<string, ReferencedPerson[]>,
  key: string,
  label: string,
  branchId: number | null,
): ReferencedPerson | string {
  const matches = found.get(key) ?? [];
  if (matches.length === 0) return `${label}: no ${label.toLowerCase()} has the id ${key}`;
  if (matches.length > 1) return `${label}: ${matches.length} records have the id ${key}`;
  const person = matches[0]!;
  if (branchId !== null && person.branchId !== branchId) {
    return `${label}: ${key} is in the ${person.branchName} branch; import it into that branch`;
  }
  return person;
}

/**
 * The payer source a reference names (an external id looked up by payersByExternalId).
 * @returns its id, or an error message naming the Payer source field.
 */
export function resolvePayer(found: Map<string, number>, key: string): number | string {
  return found.get(key) ?? `Payer source: no payer source has the id ${key}`;
}

/** What a batch's rows name by external id. */
export interface RowReferences {
  clients: Map<string, ReferencedPerson[]>;
  caregivers: Map<string, ReferencedPerson[]>;
  payers: Map<string, number>;
}

/**
 * Looks up what a batch's rows name in their clientId, caregiverId and payerSourceId fields: one query per kind
 * that any row names (none for a kind no row gives).
 */
export async function rowReferences(ctx: BatchContext, rows: ImportRow[]): Promise<RowReferences> {
  return {
    clients: await clientsByExternalId(
      ctx,
      rows.map((r) => r.values.clientId ?? ''),
    ),
    caregivers: await caregiversByExternalId(
      ctx,
      rows.map((r) => r.values.caregiverId ?? ''),
    ),
    payers: await payersByExternalId(
      ctx,
      rows.map((r) => r.values.payerSourceId ?? ''),
    ),
  };
}
