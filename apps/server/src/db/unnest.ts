import { sql, type SQL } from 'drizzle-orm';

/** A value of one column of rows written through `unnest` (null writes NULL). */
export type UnnestValue = string | number | boolean | null;

/** One element of a Postgres array literal: NULL unquoted, text quoted with its quotes and backslashes escaped. */
function element(value: UnnestValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return `"${value.replace(/[\\"]/g, '\\$&')}"`;
  return String(value);
}

/**
 * One column of many rows as a single array parameter cast to `type` (e.g. 'int', 'text', 'bigint', 'bool'), for
 * `insert ... select * from unnest(...)`: a chunk of thousands of lines is one statement with one parameter per
 * column (issue "The largest agencies": not the ORM's row builder, nor 65,535 parameters).
 * @param type a Postgres type name of the code (never user input): it is written into the SQL as is.
 */
export function unnestColumn(values: readonly UnnestValue[], type: string): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(type)}[]`;
}
