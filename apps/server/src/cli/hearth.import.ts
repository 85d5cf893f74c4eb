import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { FILE_IMPORT_XLSX_CONTENT_TYPE } from '@hearth/shared/file-imports/file-imports.constants';
import { ZQueueFileImportInput } from '@hearth/shared/file-imports/file-imports.schema';
import type { Database, Db } from '../db/client';
import type { Storage } from '../storage/storage';
import { withRequestScope } from '../db/request-scope';
import { AppError } from '../errors/app-error';
import { isActionAllowed } from '../features/roles/roles.permissions';
import { fileImportRows, fileImports, fileImportTypes } from '../features/file-imports/file-imports.schema';
import { FILE_IMPORT_TARGET_DEFINITIONS } from '../features/file-imports/file-imports.targets';
import { markFileImportUploaded, queueFileImport } from '../features/file-imports/file-imports.service';
import { CliError, commandStorage, existingFile, withDatabase, type CliContext } from './hearth.context';
import { prepareDatabase, printRecoveredImports } from './hearth.migrate';
import { actingUser, findBranch } from './hearth.lookup';
import { pollUntil, startCommandQueue } from './hearth.jobs';

/** Row errors, and row warnings, the summary lists; the rest are counted (all are at /file-import-rows). */
const ERRORS_SHOWN = 5;

/** What `import` is given: the type's name, the file (relative to the operator's directory), --branch, --company, --as. */
export interface ImportArgs {
  type: string;
  file: string;
  branch?: string;
  /** The company it is for (name or id), when the database holds several. */
  company?: string;
  as?: string;
}

/**
 * The import type named `name`.
 * @throws CliError "Unknown import type X; known types: ..." listing every type.
 */
async function findImportType(db: Db, name: string) {
  const types = await db.select().from(fileImportTypes).orderBy(asc(fileImportTypes.name));
  const type = types.find((t) => t.name === name);
  if (!type) throw new CliError(`Unknown import type ${name}; known types: ${types.map((t) => t.name).join(', ')}`);
  return type;
}

/** The first row errors (or warnings) of an import with their line numbers (the header is line 1). */
async function firstRows(db: Db, fileImportId: number, kind: 'error' | 'warning') {
  const rows = await db
    .select({ line: fileImportRows.lineNumber, message: fileImportRows.message, warning: fileImportRows.warning })
    .from(fileImportRows)
    .where(
      and(
        eq(fileImportRows.fileImportId, fileImportId),
        kind === 'error' ? eq(fileImportRows.status, 'error') : isNotNull(fileImportRows.warning),
      ),
    )
    .orderBy(asc(fileImportRows.lineNumber))
    .limit(ERRORS_SHOWN);
  return rows.map((r) => ({ line: r.line, text: (kind === 'error' ? r.message : r.warning) ?? kind }));
}

/** An import as the job leaves it (its row in file_imports). */
type ImportRow = typeof fileImports.$inferSelect;

/**
 * Queues the import as the acting user (the page's queueFileImport, in a request-like transaction) and stores the
 * file through the storage driver under the import's key.
 * @returns the import row (awaiting its upload being marked) and what the first output line says.
 */
async function queueImport(ctx: CliContext, db: Db, storage: Storage, file: string, args: ImportArgs) {
  const type = await findImportType(db, args.type);
  if (args.branch !== undefined && !FILE_IMPORT_TARGET_DEFINITIONS[type.target].branchLevel) {
    throw new CliError(`${type.label} belong to the company, not to a branch: leave out --branch`);
  }
  const { caller, companyId } = await actingUser(db, { as: args.as, company: args.company, branch: args.branch });
  const branch = args.branch === undefined ? null : await findBranch(db, companyId, args.branch);
  const fileName = path.basename(file);
  const parsed = ZQueueFileImportInput.safeParse({
    type: type.name,
    fileName,
    fileSizeBytes: fs.statSync(file).size,
    contentType: fileName.toLowerCase().endsWith('.xlsx') ? FILE_IMPORT_XLSX_CONTENT_TYPE : 'text/csv',
    branchId: branch?.id ?? null,
  });
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'Invalid import');
  const input = parsed.data;
  const queued = await withRequestScope(db, caller, (scope) =>
    queueFileImport({ scope, storage, mayUse: (action) => isActionAllowed(caller.role, action), input }),
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.message === 'Choose the branch to import into') {
      throw new CliError('Choose the branch to import into with --branch <name or id>');
    }
    throw error;
  });
  const [row] = await db.select().from(fileImports).where(eq(fileImports.id, queued.id));
  ctx.io.out(
    `Import ${queued.id}: ${fileName} as ${type.label}${branch ? ` into ${branch.name}` : ''}, by ${caller.user.username}`,
  );
  await storage.write(row!.storageKey, fs.createReadStream(file), input.contentType);
  return row!;
}

/**
 * Marks the import uploaded (which sends its job) with a worker of this process listening, then prints
 * "rows done / total" whenever a batch committed, until the import is completed or failed.
 * @returns the import as it ended.
 */
async function runImportJob(ctx: CliContext, database: Database, storage: Storage, queued: ImportRow): Promise<ImportRow> {
  const db = database.db;
  const jobs = await startCommandQueue(database, storage, ctx.io, 'file-import');
  let shown = -1;
  try {
    await markFileImportUploaded({ db, jobs, storageKey: queued.storageKey });
    return await pollUntil(
      async () => (await db.select().from(fileImports).where(eq(fileImports.id, queued.id)))[0]!,
      (current) => current.status === 'completed' || current.status === 'failed',
      (current) => {
        if (current.rowsTotal === null || current.rowsDone === shown) return;
        shown = current.rowsDone;
        ctx.io.out(`  ${current.rowsDone} / ${current.rowsTotal} rows`);
      },
    );
  } finally {
    await jobs.stop();
  }
}

/**
 * `import <type> <file> [--branch <name or id>] [--company C] [--as <username>]`: the import page's path in one
 * process. The import is queued as the acting user (actingUser: --as, else the admin of --company, of --branch's
 * company or of the only company; their permissions apply as on the page: queueFileImport), the
 * file is stored through the storage driver (`storage.write`), then the `file-import` job runs in this process
 * (startCommandQueue) while the command prints "rows done / total" as batches commit, and at the end the counts
 * (created, updated, unchanged, errors) with the first ERRORS_SHOWN row errors and their line numbers. An import
 * that completed with row errors still succeeds (its good rows are in; running the file again changes nothing).
 * @throws CliError "No such file: <path>", "Unknown import type X; known types: ...", "Branch X not found; ...",
 * "Import N failed: <reason>" (the file itself could not be read, e.g. missing columns); AppError from
 * queueFileImport (a file that is not CSV/XLSX, a role that may not import the type).
 */
export async function importCommand(ctx: CliContext, args: ImportArgs): Promise<void> {
  const file = existingFile(ctx, args.file);
  const storage = await commandStorage(ctx.config);
  await withDatabase(ctx.config, async (database) => {
    printRecoveredImports(ctx.io, await prepareDatabase(database));
    const queued = await queueImport(ctx, database.db, storage, file, args);
    const final = await runImportJob(ctx, database, storage, queued);
    if (final.status === 'failed') throw new CliError(`Import ${final.id} failed: ${final.error ?? 'unknown reason'}`);
    ctx.io.out(
      `Completed: ${final.rowsDone} rows: ${final.createdCount} created, ${final.updatedCount} updated, ` +
        `${final.unchangedCount} unchanged, ${final.warningCount} warnings, ${final.errorCount} errors`,
    );
    for (const [kind, total] of [
      ['warning', final.warningCount],
      ['error', final.errorCount],
    ] as const) {
      if (total === 0) continue;
      ctx.io.out(kind === 'error' ? 'Errors (rows not written):' : 'Warnings (rows written without something of the file):');
      for (const row of await firstRows(database.db, final.id, kind)) ctx.io.out(`  line ${row.line}: ${row.text}`);
      if (total > ERRORS_SHOWN) {
        ctx.io.out(`  and ${total - ERRORS_SHOWN} more ${kind}s (every row is listed at /file-import-rows)`);
      }
    }
  });
}
