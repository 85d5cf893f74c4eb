import { sql } from 'drizzle-orm';
import { ZCreateClientAuthorizationInput } from '@hearth/shared/clients/client-authorizations.schema';
import { resolvePayer, resolvePerson, rowReferences, type RowReferences } from './file-imports.references';
import { candidatesOf, sortCandidates, writtenRow, type UpsertCandidate } from './file-imports.upsert';
import {
  bulkInsert,
  bulkUpdate,
  columnsIn,
  externalIdField,
  issuesMessage,
  jsonList,
  labelsOf,
  listOf,
  numberOrText,
  recordset,
  type BatchContext,
  type ColumnType,
  type ImportField,
  type ImportRow,
  type ImportTargetDefinition,
  type RowOutcome,
} from './file-imports.target';
import { rowsOf } from '../../db/rows';

/**
 * The authorizations target: client_authorizations keyed by external_id (within the import's company). The client
 * and the payer source are named by their external ids; the row is validated with ZCreateClientAuthorizationInput
 * and, as createClientAuthorization does, refused when it overlaps another authorization of the same client, payer,
 * service code and modifiers (so a shift matches one authorization, never two).
 */

const FIELDS: ImportField[] = [
  externalIdField('Authorization ID', "The authorization's id in the system the file comes from"),
  { key: 'clientId', label: 'Client', required: true, description: "The client's external id (Client ID of the clients import)" },
  { key: 'payerSourceId', label: 'Payer source', required: true, description: "The payer source's external id" },
  { key: 'serviceCode', label: 'Service code', required: true, description: 'HCPCS code, e.g. T1019' },
  { key: 'modifiers', label: 'Modifiers', required: false, description: 'Up to 4, separated by ; or ,' },
  { key: 'authorizationNumber', label: 'Authorization number', required: false, description: "The payer's number" },
  { key: 'unitsPerWeek', label: 'Units per week', required: false, description: 'Whole units (one of the three is needed)' },
  { key: 'unitsPerMonth', label: 'Units per month', required: false, description: 'Whole units' },
  { key: 'unitsTotal', label: 'Total units', required: false, description: 'Whole units' },
  { key: 'startDate', label: 'Start date', required: true, description: 'YYYY-MM-DD' },
  { key: 'endDate', label: 'End date', required: true, description: 'YYYY-MM-DD, on or after the start' },
  { key: 'notes', label: 'Notes', required: false, description: 'Free text' },
];
const LABELS = labelsOf(FIELDS);

/** Authorization field -> column and type; client and payer are resolved ids. */
const COLUMNS: Record<string, [string, ColumnType]> = {
  clientId: ['client_id', 'int'],
  payerSourceId: ['payer_source_id', 'int'],
  serviceCode: ['service_code', 'text'],
  modifiers: ['modifiers', 'jsonb'],
  authorizationNumber: ['authorization_number', 'text'],
  unitsPerWeek: ['units_per_week', 'int'],
  unitsPerMonth: ['units_per_month', 'int'],
  unitsTotal: ['units_total', 'int'],
  startDate: ['start_date', 'date'],
  endDate: ['end_date', 'date'],
  notes: ['notes', 'text'],
};
const TYPES = Object.fromEntries(Object.values(COLUMNS)) as Record<string, ColumnType>;

/** A valid authorization row: `result` is the record as it will be, what the overlap rule looks at. */
interface Candidate extends UpsertCandidate {
  /** The row's place among the batch's candidates (the key of its clash with a stored authorization). */
  k: number;
  /** A new authorization's columns: createClientAuthorization's defaults for what the file leaves out. */
  createColumns: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** A stored authorization as the import compares it (dates YYYY-MM-DD). */
type Stored = { id: number; external_id: string } & Record<string, unknown>;

/** "T1019 U1": a code with its modifiers, as the overlap message names it. */
function codeOf(a: Record<string, unknown>): string {
  return [a.service_code, ...((a.modifiers as string[]) ?? [])].join(' ');
}

function overlaps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return (
    a.client_id === b.client_id &&
    a.payer_source_id === b.payer_source_id &&
    codeOf(a) === codeOf(b) &&
    String(a.start_date) <= String(b.end_date) &&
    String(b.start_date) <= String(a.end_date)
  );
}

/** The company's authorizations among `keys`, by external id. */
async function storedAuthorizations(ctx: BatchContext, keys: string[]): Promise<Map<string, Stored>> {
  const existing = rowsOf<Stored>(
    await ctx.db.execute(sql`select a.id, a.external_id, a.client_id, a.payer_source_id, a.service_code, a.modifiers,
        a.authorization_number, a.units_per_week, a.units_per_month, a.units_total, a.start_date::text as start_date,
        a.end_date::text as end_date, a.notes
      from client_authorizations a join clients c on c.id = a.client_id join branches b on b.id = c.branch_id
      where b.company_id = ${ctx.companyId} and a.external_id in ${jsonList(keys)}`),
  );
  return new Map(existing.map((a) => [a.external_id, a]));
}

/**
 * A row as a candidate: its client (of the import's branch) and payer source resolved, validated with
 * ZCreateClientAuthorizationInput, the columns it gives and the record as it will be.
 * @returns the candidate, or the message refusing the row.
 */
function authorizationCandidate(
  row: ImportRow,
  k: number,
  refs: RowReferences & { branchId: number; stored: Map<string, Stored> },
): Candidate | string {
  const v = row.values;
  const client = resolvePerson(refs.clients, v.clientId ?? '', 'Client', refs.branchId);
  if (typeof client === 'string') return client;
  const payerSourceId = resolvePayer(refs.payers, v.payerSourceId ?? '');
  if (typeof payerSourceId === 'string') return payerSourceId;
  const input: Record<string, unknown> = { clientId: client.id, payerSourceId };
  for (const key of Object.keys(COLUMNS)) {
    if (key === 'clientId' || key === 'payerSourceId' || !(key in v)) continue;
    if (key === 'modifiers') input[key] = listOf(v[key]);
    else if (key.startsWith('units')) input[key] = numberOrText(v[key]) ?? null;
    else input[key] = v[key];
  }
  const parsed = ZCreateClientAuthorizationInput.safeParse(input);
  if (!parsed.success) return issuesMessage(parsed.error, LABELS);
  const p = parsed.data as Record<string, unknown>;
  const columns = Object.fromEntries(
    Object.entries(COLUMNS)
      .filter(([key]) => key in input)
      .map(([key, [column]]) => [column, p[key] || (key === 'modifiers' ? [] : null)]),
  );
  const createColumns = { modifiers: [], ...columns };
  const current = refs.stored.get(row.externalId) ?? null;
  return {
    k,
    line: row.line,
    externalId: row.externalId,
    columns,
    createColumns,
    current,
    result: current ? { ...current, ...columns } : createColumns,
  };
}

/**
 * The overlap rule against the other authorizations in the database, in one query (the candidates' own records
 * left out, as they change).
 * @returns by candidate k, the dates (YYYY-MM-DD) of a stored authorization it would overlap.
 */
async function storedClashes(
  ctx: BatchContext,
  candidates: Candidate[],
): Promise<Map<number, { start_date: string; end_date: string }>> {
  if (candidates.length === 0) return new Map();
  const updatedIds = candidates.flatMap((c) => (c.current === null ? [] : [c.current.id]));
  const clashes = rowsOf<{ k: number; start_date: string; end_date: string }>(
    await ctx.db.execute(sql`
      select v.k, a.start_date::text as start_date, a.end_date::text as end_date
      from ${recordset(
        candidates.map((c) => ({ k: c.k, ...c.result })),
        {
          k: 'int',
          client_id: 'int',
          payer_source_id: 'int',
          service_code: 'text',
          modifiers: 'jsonb',
          start_date: 'date',
          end_date: 'date',
        },
      )}
      join client_authorizations a on a.client_id = v.client_id and a.payer_source_id = v.payer_source_id
        and a.service_code = v.service_code and a.modifiers = v.modifiers
        and a.start_date <= v.end_date and a.end_date >= v.start_date
      where a.id not in (select (jsonb_array_elements_text(${JSON.stringify([0, ...updatedIds])}::jsonb))::int)`),
  );
  return new Map(clashes.map((c) => [c.k, c]));
}

/** Writes the accepted authorizations: the new ones in one insert, the changed columns in one update. */
async function writeAuthorizations(ctx: BatchContext, inserts: Candidate[], updates: Candidate[], outcomes: RowOutcome[]) {
  for (const c of updates) outcomes.push(writtenRow(c, 'updated', c.current!.id));
  const insertRows = inserts.map((c) => ({ ...c.createColumns, external_id: c.externalId }));
  const insertTypes = columnsIn({ ...TYPES, external_id: 'text' }, insertRows);
  const ids = await bulkInsert(ctx.db, 'client_authorizations', insertTypes, insertRows, 'external_id');
  const idOf = new Map(ids.map((r) => [r.key, r.id]));
  for (const c of inserts) outcomes.push(writtenRow(c, 'created', idOf.get(c.externalId)!));
  const updateRows = updates.map((c) => ({ id: c.current!.id, ...c.columns }));
  const updateTypes = Object.fromEntries(Object.entries(TYPES).filter(([column]) => updateRows.some((u) => column in u)));
  await bulkUpdate(ctx.db, 'client_authorizations', updateTypes, updateRows, { touch: true });
}

/** Authorizations by external id; see the file's comment. */
export const authorizationsTarget: ImportTargetDefinition = {
  target: 'authorizations',
  branchLevel: true,
  actions: ['createClientAuthorization', 'updateClientAuthorization'],
  fields: FIELDS,
  async upsertBatch(ctx, rows) {
    const refs = {
      ...(await rowReferences(ctx, rows)),
      branchId: ctx.branch!.id,
      stored: await storedAuthorizations(
        ctx,
        rows.map((r) => r.externalId),
      ),
    };
    const outcomes: RowOutcome[] = [];
    const candidates = candidatesOf(rows, outcomes, (row, k) => authorizationCandidate(row, k, refs));
    // The overlap rule, against the other authorizations in the database and within the batch.
    const clashOf = await storedClashes(ctx, candidates);
    const { inserts, updates } = sortCandidates(candidates, outcomes, (c, accepted) => {
      const other = clashOf.get(c.k) ?? accepted.find((a) => overlaps(a.result, c.result))?.result;
      if (!other) return null;
      return `Start date: Another ${codeOf(c.result)} authorization of this payer covers ${other.start_date} to ${other.end_date}`;
    });
    await writeAuthorizations(ctx, inserts, updates, outcomes);
    return outcomes;
  },
};
