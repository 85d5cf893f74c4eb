import { sql } from 'drizzle-orm';
import { ZCreatePayerSourceInput } from '@hearth/shared/payer-sources/payer-sources.schema';
import {
  bulkInsert,
  bulkUpdate,
  errorRow,
  externalIdField,
  issuesMessage,
  jsonList,
  labelsOf,
  sameValues,
  type ColumnType,
  type ImportField,
  type ImportTargetDefinition,
  type RowOutcome,
} from './file-imports.target';
import { rowsOf } from '../../db/rows';

/**
 * The payer sources target: company-level records (no branch) keyed by payer_sources.external_id, unique per
 * company. Validated with ZCreatePayerSourceInput as createPayerSource does, including its rule that no two payer
 * sources of a company share a name (case-insensitive). Services are not imported: a new payer has none, an
 * updated one keeps its own.
 */

const FIELDS: ImportField[] = [
  externalIdField('Payer ID (external)', "The payer's id in the system the file comes from; importing it again updates it"),
  { key: 'name', label: 'Name', required: true, description: 'Unique within the agency' },
  {
    key: 'payerType',
    label: 'Payer type',
    required: true,
    description:
      'medicaid, medicaid_mco, medicare, va, ltc_insurance, commercial or private_pay (synthea_payer_type reads Synthea names)',
  },
  { key: 'payerId', label: 'Payer ID on claims', required: false, description: "The payer's identifier on claims" },
  { key: 'evvAggregator', label: 'EVV aggregator', required: false, description: 'none, sandata or hhaexchange' },
  { key: 'requiresEvv', label: 'Requires EVV', required: false, description: 'true / false (yes_no reads Yes / No)' },
  { key: 'isActive', label: 'Active', required: false, description: 'true / false (yes_no reads Yes / No)' },
];

const LABELS = labelsOf(FIELDS);

/** Payer field -> payer_sources column. */
const COLUMNS: Record<string, [string, ColumnType]> = {
  name: ['name', 'text'],
  payerType: ['payer_type', 'text'],
  payerId: ['payer_id', 'text'],
  evvAggregator: ['evv_aggregator', 'text'],
  requiresEvv: ['requires_evv', 'bool'],
  isActive: ['is_active', 'bool'],
};
const TYPES = Object.fromEntries(Object.values(COLUMNS)) as Record<string, ColumnType>;

function booleanOrText(text: string): boolean | string | undefined {
  if (text === '') return undefined;
  return text === 'true' ? true : text === 'false' ? false : text;
}

interface Candidate {
  line: number;
  externalId: string;
  columns: Record<string, unknown>;
  createColumns: Record<string, unknown>;
}

/** Payer sources of the import's company by external id; see the file's comment. */
export const payerSourcesTarget: ImportTargetDefinition = {
  target: 'payer_sources',
  branchLevel: false,
  actions: ['createPayerSource', 'updatePayerSource'],
  fields: FIELDS,
  async upsertBatch(ctx, rows) {
    const outcomes: RowOutcome[] = [];
    const candidates: Candidate[] = [];
    for (const row of rows) {
      const input: Record<string, unknown> = {};
      for (const key of Object.keys(COLUMNS)) {
        if (!(key in row.values)) continue;
        const text = row.values[key]!;
        input[key] =
          key === 'requiresEvv' || key === 'isActive' ? booleanOrText(text) : key === 'evvAggregator' ? text || undefined : text;
      }
      const parsed = ZCreatePayerSourceInput.safeParse(input);
      if (!parsed.success) {
        outcomes.push(errorRow(row, issuesMessage(parsed.error, LABELS)));
        continue;
      }
      const p = parsed.data as Record<string, unknown>;
      const columns = Object.fromEntries(
        Object.entries(COLUMNS)
          .filter(([key]) => key in input)
          .map(([key, [column]]) => [column, p[key] ?? null]),
      );
      const createColumns = Object.fromEntries(Object.entries(COLUMNS).map(([key, [column]]) => [column, p[key] ?? null]));
      candidates.push({ line: row.line, externalId: row.externalId, columns, createColumns });
    }
    if (candidates.length === 0) return outcomes;

    const existing = rowsOf<{ id: number; external_id: string } & Record<string, unknown>>(
      await ctx.db.execute(sql`select id, external_id, name, payer_type, payer_id, evv_aggregator, requires_evv, is_active
        from payer_sources where company_id = ${ctx.companyId} and external_id in ${jsonList(candidates.map((c) => c.externalId))}`),
    );
    const byKey = new Map(existing.map((p) => [p.external_id, p]));
    // createPayerSource's rule: one name per company (case-insensitive), checked against the other payers and
    // within the batch.
    const names = rowsOf<{ id: number; external_id: string | null; lower: string }>(
      await ctx.db.execute(sql`select id, external_id, lower(name) as lower from payer_sources
        where company_id = ${ctx.companyId} and lower(name) in ${jsonList(candidates.map((c) => String(c.createColumns.name).toLowerCase()))}`),
    );
    const nameHolders = new Map(names.map((n) => [n.lower, n.external_id ?? `#${n.id}`]));

    const inserts: Record<string, unknown>[] = [];
    const updates: ({ id: number } & Record<string, unknown>)[] = [];
    const created: Candidate[] = [];
    for (const c of candidates) {
      const current = byKey.get(c.externalId);
      const name = String(current && !('name' in c.columns) ? current.name : c.createColumns.name);
      const holder = nameHolders.get(name.toLowerCase());
      if (holder !== undefined && holder !== c.externalId) {
        outcomes.push(errorRow(c, `Name: A payer source named ${name} already exists`));
        continue;
      }
      nameHolders.set(name.toLowerCase(), c.externalId);
      if (!current) {
        inserts.push({ ...c.createColumns, company_id: ctx.companyId, external_id: c.externalId });
        created.push(c);
      } else if (sameValues(current, c.columns)) {
        outcomes.push({ line: c.line, status: 'unchanged', externalId: c.externalId, recordId: current.id, message: null });
      } else {
        updates.push({ id: current.id, ...c.columns });
        outcomes.push({ line: c.line, status: 'updated', externalId: c.externalId, recordId: current.id, message: null });
      }
    }
    const ids = await bulkInsert(
      ctx.db,
      'payer_sources',
      { ...TYPES, company_id: 'int', external_id: 'text' },
      inserts,
      'external_id',
    );
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
    const updated = Object.fromEntries(Object.entries(TYPES).filter(([column]) => updates.some((u) => column in u)));
    await bulkUpdate(ctx.db, 'payer_sources', updated, updates, { touch: true });
    return outcomes;
  },
};
