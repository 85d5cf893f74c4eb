import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  bulkInsert,
  bulkUpdate,
  errorRow,
  issuesMessage,
  numberOrText,
  sameValues,
  type BatchContext,
  type CheckedBatch,
  columnsIn,
  type ColumnType,
  type ImportField,
  type ImportRow,
  type RowOutcome,
} from './file-imports.target';
import { rowsOf } from '../../db/rows';

/**
 * The upsert shared by the targets that are people with a primary address: clients, caregivers and ADP employees
 * (caregivers keyed by their ADP file number). One batch: one lookup of the existing people by key within the
 * import's company (with their primary address), one multi-row insert of the new people and one of their
 * addresses, one set-based update of the changed people and one of the changed addresses.
 */

/** The address fields of a person target (the same for clients and caregivers). */
export const ADDRESS_FIELDS: ImportField[] = [
  { key: 'addressLine1', label: 'Street address', required: false, description: 'Street and number of the primary address' },
  { key: 'addressLine2', label: 'Address line 2', required: false, description: 'Apartment, unit, floor' },
  { key: 'city', label: 'City', required: false, description: 'City of the primary address' },
  { key: 'state', label: 'State', required: false, description: 'Two-letter code (state_name_to_code reads names)' },
  {
    key: 'zip',
    label: 'ZIP',
    required: false,
    description: '5 digits or ZIP+4, in any form a file writes it (12345, 12345-6789, 123456789, 2108 for 02108)',
  },
  { key: 'lat', label: 'Latitude', required: false, description: 'WGS84 degrees, with the longitude' },
  { key: 'lon', label: 'Longitude', required: false, description: 'WGS84 degrees, with the latitude' },
];

const ADDRESS_KEYS = ADDRESS_FIELDS.map((f) => f.key);

/** Labels of the address schemas' keys (line1, ...), for issuesMessage. */
const ADDRESS_LABELS: Record<string, string> = {
  line1: 'Street address',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  lat: 'Latitude',
  lon: 'Longitude',
};

const ADDRESS_COLUMNS: Record<string, ColumnType> = {
  line1: 'text',
  line2: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  lat: 'float8',
  lon: 'float8',
};

/** The tables and columns of one kind of person. */
export interface PersonKind {
  table: 'clients' | 'caregivers';
  addressTable: 'client_addresses' | 'caregiver_addresses';
  ownerColumn: 'client_id' | 'caregiver_id';
  /** The column the file's key (externalId field) is matched against. */
  keyColumn: 'external_id' | 'adp_file_number';
  /** "client", "caregiver": how messages name a record. */
  noun: string;
  /** Every person column an import may write, with its type. */
  columns: Record<string, ColumnType>;
  /** Extra address columns of a new address (e.g. the client address label). */
  newAddress: Record<string, unknown>;
  /** Keeps the sign-in accounts of updated people in step (their name, phone, active flag). */
  syncUsers(db: Db, people: { userId: number; columns: Record<string, unknown> }[]): Promise<void>;
}

/** One valid row of a person target, as columns to write. */
export interface PersonCandidate {
  row: ImportRow;
  /** Columns the file sets (written on create and update). */
  columns: Record<string, unknown>;
  /** Columns only a new record gets (the create service's defaults). */
  createColumns: Record<string, unknown>;
  /** The primary address's columns, or null when the row gives none (or an invalid one: see warning). */
  address: Record<string, unknown> | null;
  /** What the row loses, e.g. "Address not saved: ZIP is required" (the row's warning). */
  warning: string | null;
}

/**
 * The address of a row, validated with the target's address schema (`schema`, the create procedure's input, given
 * `owner` as its owner id key): null when the row maps no address field or leaves them all empty; `warning` when
 * the address is not valid, so the person imports without it ("Address not saved: ZIP is required").
 */
export function addressOf(
  values: Record<string, string>,
  schema: z.ZodType,
  owner: string,
): { address: Record<string, unknown> | null; warning: string | null } {
  if (!ADDRESS_KEYS.some((key) => values[key])) return { address: null, warning: null };
  const parsed = schema.safeParse({
    [owner]: 1,
    line1: values.addressLine1 || undefined,
    line2: values.addressLine2 || null,
    city: values.city || undefined,
    state: values.state || undefined,
    zip: values.zip || undefined,
    lat: numberOrText(values.lat) ?? null,
    lon: numberOrText(values.lon) ?? null,
  });
  if (!parsed.success) return { address: null, warning: `Address not saved: ${issuesMessage(parsed.error, ADDRESS_LABELS)}` };
  const a = parsed.data as Record<string, string | number | null | undefined>;
  return {
    address: {
      line1: a.line1,
      line2: a.line2 || null,
      city: a.city,
      state: a.state,
      zip: a.zip,
      lat: a.lat ?? null,
      lon: a.lon ?? null,
    },
    warning: null,
  };
}

interface ExistingPerson {
  id: number;
  key: string;
  branch_id: number;
  branch_name: string;
  user_id: number | null;
  address_id: number | null;
  [column: string]: unknown;
}

/**
 * The people of the company whose key is one of `keys`, with their primary address (a_ columns). Driven by the
 * keys, in an order the planner cannot turn around (lateral subqueries with `offset 0` are never flattened into
 * joins): each key is looked up in its index, then the person's branch by id. During a large import the table's
 * statistics lag far behind its rows, and the planner read all of a branch's people for each batch (17 ms a batch
 * and growing) or, with the branch joined to the key's lookup, for each key (issue "The largest agencies").
 */
async function findExisting(ctx: BatchContext, kind: PersonKind, keys: string[]): Promise<ExistingPerson[]> {
  const select = Object.entries(kind.columns)
    .map(([column, type]) => (type === 'date' ? `to_char(p.${column}, 'YYYY-MM-DD') as ${column}` : `p.${column}`))
    .concat(Object.keys(ADDRESS_COLUMNS).map((column) => `a.${column} as a_${column}`))
    .join(', ');
  return rowsOf<ExistingPerson>(
    await ctx.db.execute(sql`
      select p.id, k.key, p.branch_id, b.branch_name, p.user_id, a.id as address_id, ${sql.raw(select)}
      from jsonb_array_elements_text(${JSON.stringify([...new Set(keys)])}::jsonb) k(key)
      cross join lateral (select * from ${sql.raw(kind.table)} x where x.${sql.raw(kind.keyColumn)} = k.key offset 0) p
      cross join lateral (
        select b.name as branch_name from branches b where b.id = p.branch_id and b.company_id = ${ctx.companyId} offset 0
      ) b
      left join lateral (
        select * from ${sql.raw(kind.addressTable)} x where x.${sql.raw(kind.ownerColumn)} = p.id and x.is_primary
        order by x.id limit 1
      ) a on true`),
  );
}

/** The address columns of an existing person (the a_ columns of findExisting). */
function existingAddress(person: ExistingPerson): Record<string, unknown> {
  return Object.fromEntries(Object.keys(ADDRESS_COLUMNS).map((column) => [column, person[`a_${column}`]]));
}

/**
 * Checks a batch of person rows without the database (`candidateOf`: the create procedure's input and the address)
 * and returns the write of the valid ones (upsertPeople).
 */
export function checkPeople(
  rows: ImportRow[],
  candidateOf: (row: ImportRow) => PersonCandidate | RowOutcome,
  kind: PersonKind,
): CheckedBatch {
  const errors: RowOutcome[] = [];
  const candidates: PersonCandidate[] = [];
  for (const row of rows) {
    const result = candidateOf(row);
    if ('status' in result) errors.push(result);
    else candidates.push(result);
  }
  return { errors, write: (ctx) => upsertPeople(ctx, kind, candidates) };
}

/**
 * Writes a batch of valid person rows: creates the new people (and their primary address), updates the changed
 * ones (only the columns the file sets) and their primary address (created when they had none), leaves the
 * rest unchanged. A key held by two people of the company, or by a person of another branch than the import's,
 * makes the row an error (an import never moves people between branches).
 * @returns an outcome per candidate.
 */
export async function upsertPeople(ctx: BatchContext, kind: PersonKind, candidates: PersonCandidate[]): Promise<RowOutcome[]> {
  if (candidates.length === 0) return [];
  const branch = ctx.branch!;
  const existing = await findExisting(
    ctx,
    kind,
    candidates.map((c) => c.row.externalId),
  );
  const byKey = new Map<string, ExistingPerson[]>();
  for (const person of existing) byKey.set(person.key, [...(byKey.get(person.key) ?? []), person]);

  const outcomes: RowOutcome[] = [];
  const creates: PersonCandidate[] = [];
  const personUpdates: ({ id: number } & Record<string, unknown>)[] = [];
  const addressUpdates: ({ id: number } & Record<string, unknown>)[] = [];
  const addressInserts: Record<string, unknown>[] = [];
  const userSyncs: { userId: number; columns: Record<string, unknown> }[] = [];

  for (const candidate of candidates) {
    const { row } = candidate;
    const matches = byKey.get(row.externalId) ?? [];
    const person = matches[0];
    if (matches.length > 1) {
      outcomes.push(errorRow(row, `${matches.length} ${kind.noun}s have the id ${row.externalId}; keep one and import again`));
      continue;
    }
    if (!person) {
      creates.push(candidate);
      continue;
    }
    if (person.branch_id !== branch.id) {
      outcomes.push(
        errorRow(row, `${row.externalId} is a ${kind.noun} of the ${person.branch_name} branch; import it into that branch`),
      );
      continue;
    }
    const personChanged = !sameValues(person, candidate.columns);
    if (personChanged) {
      personUpdates.push({ id: person.id, ...candidate.columns });
      if (person.user_id !== null) userSyncs.push({ userId: person.user_id, columns: { ...person, ...candidate.columns } });
    }
    let addressChanged = false;
    if (candidate.address && person.address_id === null) {
      addressInserts.push({ ...kind.newAddress, ...candidate.address, [kind.ownerColumn]: person.id, is_primary: true });
      addressChanged = true;
    } else if (candidate.address && !sameValues(existingAddress(person), candidate.address)) {
      addressUpdates.push({ id: person.address_id!, ...candidate.address });
      addressChanged = true;
    }
    const status = personChanged || addressChanged ? 'updated' : 'unchanged';
    outcomes.push({
      line: row.line,
      status,
      externalId: row.externalId,
      recordId: person.id,
      message: null,
      warning: candidate.warning,
    });
  }

  const addressTypes: Record<string, ColumnType> = {
    ...ADDRESS_COLUMNS,
    [kind.ownerColumn]: 'int',
    is_primary: 'bool',
    ...Object.fromEntries(Object.keys(kind.newAddress).map((column) => [column, 'text' as const])),
  };
  const types = { ...kind.columns, branch_id: 'int', [kind.keyColumn]: 'text' } as Record<string, ColumnType>;
  const newRows = creates.map((c) => ({
    ...c.createColumns,
    ...c.columns,
    branch_id: branch.id,
    [kind.keyColumn]: c.row.externalId,
  }));
  // The writes that need no new id are queued with the insert of the new people before any answer is awaited, so
  // the driver sends each as the one before answers instead of waiting for this code between them.
  const [inserted] = await Promise.all([
    bulkInsert(ctx.db, kind.table, columnsIn(types, newRows), newRows, kind.keyColumn),
    bulkUpdate(ctx.db, kind.table, columnsIn(kind.columns, personUpdates), personUpdates, { touch: true }),
    bulkUpdate(ctx.db, kind.addressTable, ADDRESS_COLUMNS, addressUpdates, { touch: false }),
    userSyncs.length ? kind.syncUsers(ctx.db, userSyncs) : null,
  ]);
  const idOf = new Map(inserted.map((r) => [r.key, r.id]));
  for (const candidate of creates) {
    const id = idOf.get(candidate.row.externalId)!;
    if (candidate.address) {
      addressInserts.push({ ...kind.newAddress, ...candidate.address, [kind.ownerColumn]: id, is_primary: true });
    }
    outcomes.push({
      line: candidate.row.line,
      status: 'created',
      externalId: candidate.row.externalId,
      recordId: id,
      message: null,
      warning: candidate.warning,
    });
  }
  await bulkInsert(ctx.db, kind.addressTable, addressTypes, addressInserts, kind.ownerColumn);
  return outcomes;
}
