/**
 * Copies a generated agency from PostgreSQL into an embedded database (PGlite) directory, so the embedded server
 * and the PostgreSQL one run on the same rows (bench/embedded-database.bench.ts). The generator's set-based SQL is
 * PostgreSQL's; the copy goes table by table through CSV, which both engines read the same way.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../apps/server/src/db/client';
import { upgradeDatabase } from '../apps/server/src/db/upgrade';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Fills a new PGlite database at `pgliteDir` with every row of the public tables of PostgreSQL database `url`
 * (`source` is a pool on it): the same migrations first (upgradeDatabase, as the server starts), then its tables
 * emptied and each loaded with COPY from a CSV that psql's \copy wrote under `workDir` (deleted as it goes), with
 * triggers and foreign-key checks off (the rows are consistent already), then every sequence set to PostgreSQL's
 * value and the tables analysed. Generated columns are left to PGlite to compute.
 * @returns the number of rows copied.
 * @throws when psql fails or a table's rows do not load.
 */
export async function copyToPglite(url: string, source: Database['db'], pgliteDir: string, workDir: string): Promise<number> {
  const tables = rowsOf<{ name: string; columns: string }>(
    await source.execute(sql`select c.table_name as name,
        string_agg(quote_ident(c.column_name), ', ' order by c.ordinal_position) as columns
      from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.is_generated = 'NEVER'
      group by c.table_name order by c.table_name`),
  );
  const sequences = rowsOf<{ name: string; value: string }>(
    await source.execute(sql`select quote_ident(sequencename) as name, last_value::text as value
      from pg_sequences where schemaname = 'public' and last_value is not null`),
  );
  const target = await openPglite(pgliteDir);
  let copied = 0;
  try {
    await upgradeDatabase(target);
    const { pglite } = target;
    await pglite.exec(`set session_replication_role = replica;
      truncate ${tables.map((t) => `public.${JSON.stringify(t.name)}`).join(', ')}`);
    for (const table of tables) {
      const file = path.join(workDir, `${table.name}.csv`);
      const name = `public.${JSON.stringify(table.name)}`;
      execFileSync('psql', [
        url,
        '-v',
        'ON_ERROR_STOP=1',
        '-qc',
        `\\copy ${name} (${table.columns}) to '${file}' with (format csv)`,
      ]);
      const result = await pglite.query(`copy ${name} (${table.columns}) from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([fs.readFileSync(file)]),
      });
      copied += result.affectedRows ?? 0;
      fs.rmSync(file);
    }
    for (const s of sequences) await pglite.query(`select setval('public.${s.name}', ${Number(s.value)})`);
    await pglite.exec('set session_replication_role = origin');
    await pglite.exec('vacuum analyze');
  } finally {
    await target.close();
  }
  return copied;
}
