import { sql } from 'drizzle-orm';
import { sqlState } from '../../db/errors';
import type { Db } from '../../db/client';
import type { ShiftDraft } from './file-imports.shift-checks';
import { bulkInsert, bulkUpdate, columnsIn, jsonList, type BatchContext, type ColumnType } from './file-imports.target';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';

/**
 * Reading and writing the shifts of an import batch: the company's shifts by external id, and the accepted rows
 * written in a savepoint (set-based), falling back to one savepoint per row when a concurrent save broke the
 * caregiver no-overlap EXCLUDE constraint, so only the clashing rows fail.
 */

const TYPES: Record<string, ColumnType> = {
  branch_id: 'int',
  client_id: 'int',
  caregiver_id: 'int',
  payer_source_id: 'int',
  service_code: 'text',
  modifiers: 'jsonb',
  authorization_id: 'int',
  start_at: 'timestamptz',
  end_at: 'timestamptz',
  notes: 'text',
};

/** An existing shift as the import compares it (times ISO UTC). */
export interface Current extends Record<string, unknown> {
  id: number;
  external_id: string;
  branch_id: number;
  status: string;
  start_at: string;
}

/** A valid row of a shifts batch: the shift it updates (if any), the columns to write and its checks' draft. */
export interface Candidate {
  line: number;
  externalId: string;
  current: Current | null;
  /** The columns to write (those the file gives, the times, the branch and the authorization). */
  columns: Record<string, unknown>;
  draft: ShiftDraft;
  locks: number[];
}

/** Existing shifts of the company by external id, with their times as ISO UTC. */
export async function currentShifts(ctx: BatchContext, keys: string[]): Promise<Map<string, Current>> {
  const rows = rowsOf<Current>(
    await ctx.db.execute(sql`select s.id, s.external_id, s.branch_id, s.status, s.client_id, s.caregiver_id, s.payer_source_id,
        s.service_code, s.modifiers, s.authorization_id, s.notes,
        to_char(s.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start_at,
        to_char(s.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end_at
      from shifts s join branches b on b.id = s.branch_id
      where b.company_id = ${ctx.companyId} and s.external_id in ${jsonList(keys)}`),
  );
  return new Map(rows.map((r) => [r.external_id, r]));
}

/**
 * Writes the accepted shifts in a savepoint; a concurrent overlap (EXCLUDE, 23P01) falls back to one by one.
 * @returns the new shifts' ids by external id, and the rows that clashed.
 */
export async function writeShifts(
  db: Db,
  inserts: Candidate[],
  updates: Candidate[],
): Promise<{ ids: Map<string, number>; clashed: Set<Candidate> }> {
  // A new shift gets createShift's defaults for what the file leaves out: no modifiers, no notes.
  const insertRows = (list: Candidate[]) => list.map((c) => ({ modifiers: [], ...c.columns, external_id: c.externalId }));
  const updateRows = (list: Candidate[]) => list.map((c) => ({ id: c.current!.id, ...c.columns }));
  const write = async (tx: Db, ins: Candidate[], ups: Candidate[]) => {
    const ids = await bulkInsert(tx, 'shifts', { ...TYPES, external_id: 'text' }, insertRows(ins), 'external_id');
    const rows = updateRows(ups);
    // Only the columns the file gives change (every row of an import gives the same ones).
    await bulkUpdate(tx, 'shifts', columnsIn(TYPES, rows), rows, { touch: true });
    return new Map(ids.map((r) => [r.key, r.id]));
  };
  try {
    return { ids: await inTransaction(db, (tx) => write(tx, inserts, updates)), clashed: new Set() };
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
  }
  const ids = new Map<string, number>();
  const clashed = new Set<Candidate>();
  for (const c of [...inserts, ...updates]) {
    try {
      const one = await inTransaction(db, (tx) => write(tx, c.current ? [] : [c], c.current ? [c] : []));
      for (const [key, id] of one) ids.set(key, id);
    } catch (error) {
      if (sqlState(error) !== '23P01') throw error;
      clashed.add(c);
    }
  }
  return { ids, clashed };
}
