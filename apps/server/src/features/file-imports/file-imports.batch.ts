import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileImports } from './file-imports.schema';
import {
  checkedBatch,
  recordset,
  type BatchContext,
  type CheckContext,
  type CheckedBatch,
  type ImportRow,
  type ImportTargetDefinition,
  type RowOutcome,
} from './file-imports.target';
import { inTransaction } from '../../db/transaction';

/**
 * One batch of an import, written in ONE transaction: the target's records, the batch's file_import_rows (upserted
 * by (file_import_id, line_number), so a retried job rewrites them; the cells of rows in error only) and the
 * import's progress and counts. A job that dies between batches resumes after the last committed one.
 */

/** The import is no longer run by the attempt writing the batch (recovery took it for stopped; another holds it). */
export class AttemptSuperseded extends Error {
  constructor(fileImportId: number) {
    super(`File import ${fileImportId}: another attempt took over (this one had been taken for stopped); this one ends`);
    this.name = 'AttemptSuperseded';
  }
}

/** A row of the batch: its line, what was read and either a row for the target or its error. */
export interface BatchRow {
  line: number;
  /** The row as read, header -> cell (file-imports.mapping.ts rowData), made only for a row in error. */
  data(): Record<string, string>;
  row: ImportRow | null;
  error: RowOutcome | null;
}

/** A batch with its target rows checked (checkedBatch), ready for writeBatch. */
export interface PreparedBatch {
  rows: BatchRow[];
  checked: CheckedBatch | null;
}

/**
 * Checks a batch's target rows without the database (the target's checkBatch), for writeBatch: the job calls it
 * while the batch before is being written. Pure: nothing is written.
 */
export function prepareBatch(context: CheckContext & { target: ImportTargetDefinition }, batch: BatchRow[]): PreparedBatch {
  const rows = batch.flatMap((b) => (b.row ? [b.row] : []));
  return { rows: batch, checked: rows.length ? checkedBatch(context.target, context, rows) : null };
}

/** The counts of a batch's outcomes by status. */
export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  error: number;
  /** Rows written with a warning (also counted by their status). */
  warning: number;
}

/**
 * Writes a batch for import `fileImportId` as the import's creator (app.user_id, read by the audit triggers).
 * Writers of the same company and target take turns (a transaction-scoped advisory lock), so two imports of the
 * same ids never both create a record. With `attemptToken`, the batch is written only while the import is running
 * under that attempt (its row locked for the transaction), so an attempt taken for stopped that comes back never
 * writes beside the one that took over, nor counts its rows twice.
 * @returns the batch's counts.
 * @throws AttemptSuperseded when the import is no longer that attempt's (nothing of the batch is written).
 */
export async function writeBatch(
  db: Db,
  context: Omit<BatchContext, 'db'> & { fileImportId: number; target: ImportTargetDefinition; attemptToken?: string },
  { rows: batch, checked }: PreparedBatch,
): Promise<BatchCounts> {
  return inTransaction(db, async (txDb) => {
    // Both queued before either is awaited (the row lock still taken before the advisory lock): the driver sends the
    // second when the first answers, without waiting for this code to run in between.
    const held =
      context.attemptToken === undefined
        ? null
        : txDb
            .select({ id: fileImports.id })
            .from(fileImports)
            .where(
              and(
                eq(fileImports.id, context.fileImportId),
                eq(fileImports.status, 'running'),
                sql`${fileImports.runner}->>'token' = ${context.attemptToken}`,
              ),
            )
            .for('update')
            .then((rows) => rows.length > 0);
    const locked = txDb.execute(sql`select set_config('app.user_id', ${String(context.userId ?? '')}, true),
      pg_advisory_xact_lock(hashtext(${`file-import:${context.companyId}:${context.target.target}`}))`);
    const [isHeld] = await Promise.all([held, locked]);
    if (isHeld === false) throw new AttemptSuperseded(context.fileImportId);
    const outcomes = checked ? [...checked.errors, ...(await checked.write({ ...context, db: txDb }))] : [];
    const byLine = new Map<number, RowOutcome>([
      ...batch.flatMap((b) => (b.error ? [[b.line, b.error] as const] : [])),
      ...outcomes.map((o) => [o.line, o] as const),
    ]);
    const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, error: 0, warning: 0 };
    const values = batch.map((b) => {
      const outcome = byLine.get(b.line) ?? {
        line: b.line,
        status: 'error' as const,
        externalId: b.row?.externalId ?? null,
        recordId: null,
        message: 'This row was not processed',
      };
      counts[outcome.status] += 1;
      const warning = outcome.status === 'error' ? null : (outcome.warning ?? null);
      if (warning) counts.warning += 1;
      return {
        line_number: b.line,
        status: outcome.status,
        external_id: outcome.externalId,
        record_id: outcome.recordId,
        message: outcome.message,
        warning,
        // Only a row in error keeps its cells (file-imports.schema.ts fileImportRows.data).
        data: outcome.status === 'error' ? b.data() : null,
      };
    });
    // One statement and one bound JSON value for the whole batch (a retried job rewrites the rows it had written);
    // the outcomes and the progress are sent together, so the batch waits for one answer, not two.
    await Promise.all([
      txDb.execute(sql`
      insert into file_import_rows (file_import_id, line_number, status, external_id, record_id, message, warning, data)
      select ${context.fileImportId}, line_number, status, external_id, record_id, message, warning, data
      from ${recordset(values, { line_number: 'int', status: 'text', external_id: 'text', record_id: 'int', message: 'text', warning: 'text', data: 'jsonb' })}
      on conflict (file_import_id, line_number) do update set status = excluded.status, external_id = excluded.external_id,
        record_id = excluded.record_id, message = excluded.message, warning = excluded.warning, data = excluded.data`),
      txDb
        .update(fileImports)
        .set({
          rowsDone: sql`${fileImports.rowsDone} + ${batch.length}`,
          createdCount: sql`${fileImports.createdCount} + ${counts.created}`,
          updatedCount: sql`${fileImports.updatedCount} + ${counts.updated}`,
          unchangedCount: sql`${fileImports.unchangedCount} + ${counts.unchanged}`,
          errorCount: sql`${fileImports.errorCount} + ${counts.error}`,
          warningCount: sql`${fileImports.warningCount} + ${counts.warning}`,
        })
        .where(eq(fileImports.id, context.fileImportId))
        .then(() => undefined),
    ]);
    return counts;
  });
}
