import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FileImportRowStatus, FileImportTarget } from '@hearth/shared/file-imports/file-imports.constants';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * What every import target (clients, caregivers, payer sources, authorizations, shifts, ADP employees) declares
 * and the helpers they share. A target gets rows already mapped by header and transformed (field key -> text) and
 * writes one batch in the batch's transaction: one lookup of existing records by their key, multi-row inserts and
 * one set-based update, never a query per row.
 */

/** A field of a target: its key (mappings name it), label (messages name it), whether a file must have it. */
export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  description: string;
}

/** One data row of the file as a target gets it: the line, its upsert key and its mapped values (field -> text). */
export interface ImportRow {
  line: number;
  externalId: string;
  /** The fields the file maps (and the type's defaults), transformed; '' is an empty cell. */
  values: Record<string, string>;
}

/**
 * What happened to one row: `message` says why for an error; `warning` says what a written row lost and what was
 * kept ("Address not saved: ZIP is required"), so the summary counts it and the office can mend it.
 */
export interface RowOutcome {
  line: number;
  status: FileImportRowStatus;
  externalId: string | null;
  recordId: number | null;
  message: string | null;
  warning?: string | null;
}

/** What a batch is written with: the batch's transaction and the import's company, branch and creator. */
export interface BatchContext {
  db: Db;
  companyId: number;
  /** The branch new records go to (null for company-level targets). */
  branch: { id: number; name: string; timezone: string } | null;
  /** Whether the import's creator may change shifts in a locked pay period (their role's override). */
  mayOverrideLocks: boolean;
  /** The import's creator (pay period lock overrides are recorded in their name). */
  userId: number | null;
}

/** What a batch is checked with before its transaction: the batch context without the database. */
export type CheckContext = Omit<BatchContext, 'db'>;

/** A batch checked without the database: the rows it refused, and the write of the others. */
export interface CheckedBatch {
  errors: RowOutcome[];
  /** Writes the rows that passed in `ctx.db`'s transaction. @returns one outcome per such row, any order. */
  write(ctx: BatchContext): Promise<RowOutcome[]>;
}

/**
 * A target: its fields and how it writes a batch, either at once (upsertBatch) or, when it has per-row checks that
 * need no database (a row against the create procedure's input), in two steps (checkBatch): the job checks a batch
 * while the one before it is being written, so those checks run beside the database's work rather than after it.
 */
export type ImportTargetDefinition = ImportTargetBase &
  (
    | {
        /**
         * Writes a batch (at most BATCH_ROWS of file-imports.job.ts, 2,000 rows; distinct keys) in `ctx.db`'s
         * transaction. @returns one outcome per row, any order.
         */
        upsertBatch(ctx: BatchContext, rows: ImportRow[]): Promise<RowOutcome[]>;
        checkBatch?: never;
      }
    | {
        /** Checks a batch (as upsertBatch's) before its transaction: the rows refused, and the write of the rest. */
        checkBatch(ctx: CheckContext, rows: ImportRow[]): CheckedBatch;
        upsertBatch?: never;
      }
  );

/** What every target declares. */
interface ImportTargetBase {
  target: FileImportTarget;
  /** Records of this target belong to a branch (payer sources belong to the company). */
  branchLevel: boolean;
  /**
   * The procedures that create and update these records one by one: a role may import them only when it may use
   * both (an import is no way around the action permissions).
   */
  actions: [create: string, update: string];
  fields: ImportField[];
}

/** The checked form of a batch of `target`'s rows (a target that writes at once has nothing to refuse first). */
export function checkedBatch(target: ImportTargetDefinition, ctx: CheckContext, rows: ImportRow[]): CheckedBatch {
  if (target.checkBatch) return target.checkBatch(ctx, rows);
  return { errors: [], write: (batchCtx) => target.upsertBatch(batchCtx, rows) };
}

/** The field that every target has: the record's id in the system the file comes from (the upsert key). */
export function externalIdField(label: string, description: string): ImportField {
  return { key: 'externalId', label, required: true, description };
}

/** An error outcome of a row. */
export function errorRow(row: Pick<ImportRow, 'line' | 'externalId'>, message: string): RowOutcome {
  return { line: row.line, status: 'error', externalId: row.externalId || null, recordId: null, message };
}

/**
 * The issues of a failed validation as one message, "Date of birth: Use a real date written YYYY-MM-DD", the
 * field named by its label (`labels`: input key -> label). A message that already starts with the label ("Last
 * name is required") is not prefixed again.
 */
export function issuesMessage(error: z.ZodError, labels: Record<string, string>): string {
  const messages = error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const label = labels[key] ?? key;
    if (!label || issue.message.toLowerCase().startsWith(label.toLowerCase())) return issue.message;
    return `${label}: ${issue.message}`;
  });
  return [...new Set(messages)].join('; ');
}

/** The labels of fields by key, for issuesMessage. */
export function labelsOf(fields: ImportField[], extra: Record<string, string> = {}): Record<string, string> {
  return { ...Object.fromEntries(fields.map((f) => [f.key, f.label])), ...extra };
}

/**
 * A numeric cell as a number for validation: empty -> undefined (not given), a number -> the number, anything
 * else -> the text (the schema then names the field: "expected number").
 */
export function numberOrText(text: string | undefined): number | string | undefined {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/** A list cell ("a; b, c") as its items, trimmed, empty ones dropped. */
export function listOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A list of texts as a parameter for `in (select jsonb_array_elements_text(...))` (one bound JSON value). */
export function jsonList(values: readonly (string | number)[]): SQL {
  return sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** SQL types of the columns written through jsonb_to_recordset. */
export type ColumnType = 'int' | 'text' | 'date' | 'float8' | 'bool' | 'jsonb' | 'timestamptz';

/**
 * The entries of `types` whose column at least one of `rows` sets (the columns a multi-row insert or update
 * writes): one pass over the rows' keys, where a search of the rows per column took a third of a large batch's code.
 */
export function columnsIn(types: Record<string, ColumnType>, rows: readonly object[]): Record<string, ColumnType> {
  const present = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) present.add(key);
  return Object.fromEntries(Object.entries(types).filter(([column]) => present.has(column)));
}

/** `jsonb_to_recordset($rows) as v(col type, ...)`: rows given as one JSON parameter, typed per column. */
export function recordset(rows: object[], columns: Record<string, ColumnType>): SQL {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(definition)})`;
}

/**
 * Inserts rows into `table` in one statement and returns each new id with the row's `key` column. Column names
 * and types come from the code (never from a file).
 */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: Record<string, ColumnType>,
  rows: Record<string, unknown>[],
  key: string,
): Promise<{ id: number; key: string }[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns).join(', ');
  return rowsOf<{ id: number; key: string }>(
    await db.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from ${recordset(rows, columns)}
        returning id, ${sql.raw(key)}::text as key`,
    ),
  );
}

/**
 * Updates rows of `table` by id in one statement: each row gives `id` and the columns to set. `touch` also sets
 * updated_at (tables that have it). Audit triggers see one UPDATE per row as usual.
 */
export async function bulkUpdate(
  db: Db,
  table: string,
  columns: Record<string, ColumnType>,
  rows: ({ id: number } & Record<string, unknown>)[],
  options: { touch: boolean },
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const assignments = [...names.map((n) => `${n} = v.${n}`), ...(options.touch ? ['updated_at = now()'] : [])].join(', ');
  await db.execute(
    sql`update ${sql.raw(table)} t set ${sql.raw(assignments)} from ${recordset(rows, { id: 'int', ...columns })}
      where t.id = v.id`,
  );
}

/** Whether two stored values are the same (JSON lists compared by content). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** Whether every column of `next` holds the same value in `current`. */
export function sameValues(current: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([column, value]) => sameValue(current[column], value));
}
