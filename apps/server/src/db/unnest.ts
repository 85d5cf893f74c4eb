import { sql, type SQL } from 'drizzle-orm';

/** A value of one column of rows written through `unnest` (null writes NULL). */
export type UnnestValue = string | number | boolean | null;

/** A text element of a Postgres array literal: quoted, its quotes and backslashes escaped. */
function quoted(value: string): string {
  return value.includes('"') || value.includes('\\') ? `"${value.replace(/[\\"]/g, '\\$&')}"` : `"${value}"`;
}

/** The Postgres array literal of `count` values, `valueAt(i)` each (null is NULL, text quoted), built in one pass. */
function arrayLiteral(count: number, valueAt: (i: number) => UnnestValue): string {
  let literal = '{';
  for (let i = 0; i < count; i++) {
    const value = valueAt(i);
    if (i > 0) literal += ',';
    literal += value === null ? 'NULL' : typeof value === 'string' ? quoted(value) : String(value);
  }
  return `${literal}}`;
}

/**
 * One column of many rows as a single array parameter cast to `type` (e.g. 'int', 'text', 'bigint', 'bool'), for
 * `insert ... select * from unnest(...)`: a chunk of thousands of lines is one statement with one parameter per
 * column (issue "The largest agencies": not the ORM's row builder, nor 65,535 parameters).
 * @param type a Postgres type name of the code (never user input): it is written into the SQL as is.
 */
function unnestArray<Row>(rows: readonly Row[], pick: (row: Row) => UnnestValue, type: string): SQL {
  return sql`${arrayLiteral(rows.length, (i) => pick(rows[i]!))}::${sql.raw(type)}[]`;
}

/** A column written through `unnest`: its name, its Postgres type (unnestArray) and how a row gives its value. */
export type UnnestColumn<Row> = readonly [name: string, type: string, pick: (row: Row) => UnnestValue];

/**
 * Inserts `rows` into `table` in one statement, `insert into table (...) select u.*, constants from unnest(...)`:
 * each of `columns` as one array parameter (unnestArray), then `constants`, values the same for every row (e.g.
 * the period and the instant of a computation), named by their keys. Nothing is written for no rows.
 * With `replacing`, the columns of a unique index: a row whose key is already stored replaces that row's other
 * columns (`on conflict (...) do update`) instead of failing, so no delete has to look for it first.
 * The statement is sent before this returns.
 * @param table and the column names are the code's (never user input): they are written into the SQL as they are.
 */
export function insertByUnnest<Row>(
  db: { execute(query: SQL): Promise<unknown> },
  table: string,
  columns: readonly UnnestColumn<Row>[],
  rows: readonly Row[],
  constants: Record<string, SQL>,
  replacing: readonly string[] = [],
): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  const names = [...columns.map(([name]) => name), ...Object.keys(constants)];
  const arrays = sql.join(
    columns.map(([, type, pick]) => unnestArray(rows, pick, type)),
    sql`, `,
  );
  const values = Object.values(constants).map((value) => sql`, ${value}`);
  const updated = names.filter((name) => !replacing.includes(name));
  const onConflict = replacing.length
    ? sql.raw(` on conflict (${replacing.join(', ')}) do update set ${updated.map((n) => `${n} = excluded.${n}`).join(', ')}`)
    : sql``;
  // Sent now (then(), not a later await), so a caller computing meanwhile has the database writing beside it.
  return db
    .execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))}) select u.*${sql.join(values)} from unnest(${arrays}) as u${onConflict}`,
    )
    .then(() => undefined);
}
