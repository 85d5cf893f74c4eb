import { sql } from 'drizzle-orm';
import { ZCreateClientAuthorizationInput } from '@hearth/shared/clients/client-authorizations.schema';
import { clientsByExternalId, payersByExternalId, resolvePerson } from './file-imports.references';
import {
  bulkInsert,
  bulkUpdate,
  errorRow,
  externalIdField,
  issuesMessage,
  jsonList,
  labelsOf,
  listOf,
  numberOrText,
  recordset,
  sameValues,
  type ColumnType,
  type ImportField,
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

interface Candidate {
  line: number;
  externalId: string;
  columns: Record<string, unknown>;
  createColumns: Record<string, unknown>;
  /** The record as it will be: what the overlap rule looks at. */
  result: Record<string, unknown>;
  currentId: number | null;
  current: Record<string, unknown> | null;
}

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

/** Authorizations by external id; see the file's comment. */
export const authorizationsTarget: ImportTargetDefinition = {
  target: 'authorizations',
  branchLevel: true,
  actions: ['createClientAuthorization', 'updateClientAuthorization'],
  fields: FIELDS,
  async upsertBatch(ctx, rows) {
    const branchId = ctx.branch!.id;
    const clients = await clientsByExternalId(
      ctx,
      rows.map((r) => r.values.clientId ?? ''),
    );
    const payers = await payersByExternalId(
      ctx,
      rows.map((r) => r.values.payerSourceId ?? ''),
    );
    const existing = rowsOf<{ id: number; external_id: string } & Record<string, unknown>>(
      await ctx.db.execute(sql`select a.id, a.external_id, a.client_id, a.payer_source_id, a.service_code, a.modifiers,
          a.authorization_number, a.units_per_week, a.units_per_month, a.units_total, a.start_date::text as start_date,
          a.end_date::text as end_date, a.notes
        from client_authorizations a join clients c on c.id = a.client_id join branches b on b.id = c.branch_id
        where b.company_id = ${ctx.companyId} and a.external_id in ${jsonList(rows.map((r) => r.externalId))}`),
    );
    const byKey = new Map(existing.map((a) => [a.external_id, a]));

    const outcomes: RowOutcome[] = [];
    const candidates: Candidate[] = [];
    for (const row of rows) {
      const v = row.values;
      const client = resolvePerson(clients, v.clientId ?? '', 'Client', branchId);
      if (typeof client === 'string') {
        outcomes.push(errorRow(row, client));
        continue;
      }
      const payerSourceId = payers.get(v.payerSourceId ?? '');
      if (payerSourceId === undefined) {
        outcomes.push(errorRow(row, `Payer source: no payer source has the id ${v.payerSourceId}`));
        continue;
      }
      const input: Record<string, unknown> = { clientId: client.id, payerSourceId };
      for (const key of Object.keys(COLUMNS)) {
        if (key === 'clientId' || key === 'payerSourceId' || !(key in v)) continue;
        if (key === 'modifiers') input[key] = listOf(v[key]);
        else if (key.startsWith('units')) input[key] = numberOrText(v[key]) ?? null;
        else input[key] = v[key];
      }
      const parsed = ZCreateClientAuthorizationInput.safeParse(input);
      if (!parsed.success) {
        outcomes.push(errorRow(row, issuesMessage(parsed.error, LABELS)));
        continue;
      }
      const p = parsed.data as Record<string, unknown>;
      const columns = Object.fromEntries(
        Object.entries(COLUMNS)
          .filter(([key]) => key in input)
          .map(([key, [column]]) => [column, p[key] || (key === 'modifiers' ? [] : null)]),
      );
      const createColumns = { modifiers: [], ...columns };
      const current = byKey.get(row.externalId) ?? null;
      candidates.push({
        line: row.line,
        externalId: row.externalId,
        columns,
        createColumns,
        current,
        currentId: current?.id ?? null,
        result: current ? { ...current, ...columns } : createColumns,
      });
    }

    // The overlap rule, against the other authorizations in the database (one query) and within the batch.
    const updatedIds = candidates.flatMap((c) => (c.currentId === null ? [] : [c.currentId]));
    const clashes = rowsOf<{ k: number; start_date: string; end_date: string }>(
      candidates.length === 0
        ? { rows: [] }
        : await ctx.db.execute(sql`
          select v.k, a.start_date::text as start_date, a.end_date::text as end_date
          from ${recordset(
            candidates.map((c, k) => ({ k, ...c.result })),
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
    const clashOf = new Map(clashes.map((c) => [c.k, c]));
    const inserts: Record<string, unknown>[] = [];
    const created: Candidate[] = [];
    const updates: ({ id: number } & Record<string, unknown>)[] = [];
    const accepted: Candidate[] = [];
    candidates.forEach((c, k) => {
      const other = clashOf.get(k) ?? accepted.find((a) => overlaps(a.result, c.result))?.result;
      if (other) {
        const message = `Start date: Another ${codeOf(c.result)} authorization of this payer covers ${other.start_date} to ${other.end_date}`;
        outcomes.push(errorRow(c, message));
        return;
      }
      accepted.push(c);
      if (!c.current) {
        inserts.push({ ...c.createColumns, external_id: c.externalId });
        created.push(c);
      } else if (sameValues(c.current, c.columns)) {
        outcomes.push({ line: c.line, status: 'unchanged', externalId: c.externalId, recordId: c.currentId, message: null });
      } else {
        updates.push({ id: c.currentId!, ...c.columns });
        outcomes.push({ line: c.line, status: 'updated', externalId: c.externalId, recordId: c.currentId, message: null });
      }
    });
    const insertTypes = Object.fromEntries(
      Object.entries({ ...TYPES, external_id: 'text' }).filter(([column]) => inserts.some((r) => column in r)),
    ) as Record<string, ColumnType>;
    const ids = await bulkInsert(ctx.db, 'client_authorizations', insertTypes, inserts, 'external_id');
    const idOf = new Map(ids.map((r) => [r.key, r.id]));
    for (const c of created) {
      outcomes.push({
        line: c.line,
        status: 'created',
        externalId: c.externalId,
        recordId: idOf.get(c.externalId)!,
        message: null,
      });
    }
    const updateTypes = Object.fromEntries(Object.entries(TYPES).filter(([column]) => updates.some((u) => column in u)));
    await bulkUpdate(ctx.db, 'client_authorizations', updateTypes, updates, { touch: true });
    return outcomes;
  },
};
