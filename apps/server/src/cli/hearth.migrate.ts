import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { upgradeDatabase } from '../db/upgrade';
import { isEmptyDatabase, seedDemoAgency } from '../features/demo/demo.seed';
import { startJobQueue } from '../jobs/jobs.queue';
import { findInterruptedImports, recoverInterruptedImports } from '../jobs/jobs.recovery';
import { CliError, withDatabase, type CliContext, type CliIo } from './hearth.context';

type Rows<T> = { rows: T[] };

/** Rows of a table (one of the names below, never input), 0 while it does not exist yet (before the first migration). */
async function countRows(db: Db, table: string): Promise<number> {
  const found = (await db.execute(sql`select to_regclass(${table}) is not null as present`)) as unknown as Rows<{
    present: boolean;
  }>;
  if (!found.rows[0]?.present) return 0;
  const counted = (await db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`)) as unknown as Rows<{ n: number }>;
  return Number(counted.rows[0]?.n ?? 0);
}

/** What prepareDatabase did: migrations applied now and in total, and the rows of each seeded list before/after. */
export interface PrepareReport {
  migrations: { applied: number; total: number };
  roles: { total: number; added: number };
  importTypes: { total: number; added: number };
  exportTypes: { total: number; added: number };
  /** Imports left running by a process that was killed: resumed (page imports) or failed with the reason. */
  interruptedImports: { resumed: number[]; failed: number[] };
}

/** Drizzle's record of applied migrations (drizzle-orm's default migrations schema and table). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/**
 * Brings a database up to date as the server does at start (db/upgrade.ts upgradeDatabase) and reports what it
 * added. Idempotent; every command that works on the data runs it first, so a command works on a fresh database too.
 * Then, as a server's start does, recovers the imports a killed process left running (jobs.recovery.ts
 * recoverInterruptedImports; a job queue is started only when there is one).
 * @returns what was added and recovered (PrepareReport).
 */
export async function prepareDatabase(database: Database): Promise<PrepareReport> {
  const before = {
    migrations: await countRows(database.db, MIGRATIONS_TABLE),
    roles: await countRows(database.db, 'roles'),
    importTypes: await countRows(database.db, 'file_import_types'),
    exportTypes: await countRows(database.db, 'file_export_types'),
  };
  await upgradeDatabase(database);
  const after = {
    migrations: await countRows(database.db, MIGRATIONS_TABLE),
    roles: await countRows(database.db, 'roles'),
    importTypes: await countRows(database.db, 'file_import_types'),
    exportTypes: await countRows(database.db, 'file_export_types'),
  };
  const delta = (key: keyof typeof before) => ({ total: after[key], added: after[key] - before[key] });
  let interruptedImports = { resumed: [] as number[], failed: [] as number[] };
  if ((await findInterruptedImports(database.db)).length > 0) {
    const jobs = await startJobQueue(database, { supervise: false });
    try {
      interruptedImports = await recoverInterruptedImports({ db: database.db, jobs });
    } finally {
      await jobs.stop();
    }
  }
  return {
    migrations: { applied: after.migrations - before.migrations, total: after.migrations },
    roles: delta('roles'),
    importTypes: delta('importTypes'),
    exportTypes: delta('exportTypes'),
    interruptedImports,
  };
}

/**
 * Tells the operator about the imports prepareDatabase recovered: "Import 12 had stopped with its process: failed
 * (see its reason)" or "... queued to resume". Nothing when there were none.
 */
export function printRecoveredImports(io: CliIo, report: PrepareReport): void {
  for (const id of report.interruptedImports.failed) {
    io.out(`Import ${id} had stopped with its process: failed (its reason says how far it got)`);
  }
  for (const id of report.interruptedImports.resumed) {
    io.out(`Import ${id} had stopped with its process: queued to resume where it stopped`);
  }
}

/** Where a command works, for its first line: PostgreSQL or the embedded directory. */
export function describeDatabase(ctx: CliContext): string {
  return ctx.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${ctx.config.dataDir}`;
}

/** `migrate`: prepareDatabase, printing one line per step with what it added. */
export async function migrateCommand(ctx: CliContext): Promise<void> {
  await withDatabase(ctx.config, async (database) => {
    ctx.io.out(`Migrating ${describeDatabase(ctx)}`);
    const report = await prepareDatabase(database);
    const { applied, total } = report.migrations;
    ctx.io.out(
      applied === 0 ? `Migrations: up to date (${total} in total)` : `Migrations: ${applied} applied (${total} in total)`,
    );
    ctx.io.out('Job queue schema: installed');
    const line = (label: string, r: { total: number; added: number }) => `${label}: ${r.total} (${r.added} added)`;
    ctx.io.out(line('Roles', report.roles));
    ctx.io.out(line('Import types', report.importTypes));
    ctx.io.out(line('Export types', report.exportTypes));
    printRecoveredImports(ctx.io, report);
  });
}

/**
 * `seed:demo` (also `npm run seed:demo`): prepares the database and seeds the demo agency (demo.seed.ts).
 * @throws CliError when the database already holds an agency, so real data is never mixed with demo data.
 */
export async function seedDemoCommand(ctx: CliContext): Promise<void> {
  await withDatabase(ctx.config, async (database) => {
    await prepareDatabase(database);
    if (!(await isEmptyDatabase(database.db))) {
      throw new CliError('This database already holds an agency; the demo agency is only seeded into an empty database.');
    }
    const seeded = await seedDemoAgency(database.db);
    ctx.io.out(`Seeded the demo agency: ${seeded.users} users, ${seeded.clients} clients, ${seeded.caregivers} caregivers`);
  });
}
