import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { asc, eq } from 'drizzle-orm';
import { ZQueueFileExportInput } from '@hearth/shared/file-exports/file-exports.schema';
import type { Database, Db } from '../db/client';
import { withRequestScope } from '../db/request-scope';
import { AppError } from '../errors/app-error';
import type { Storage } from '../storage/storage';
import { fileExports, fileExportTypes } from '../features/file-exports/file-exports.schema';
import { queueFileExport } from '../features/file-exports/file-exports.service';
import { CliError, commandStorage, operatorPath, withDatabase, type CliContext } from './hearth.context';
import { prepareDatabase } from './hearth.migrate';
import { actingUser, findBranch, findPayerSource } from './hearth.lookup';
import { pollUntil, startCommandQueue } from './hearth.jobs';

/** What `export` is given: the type's name and the options of its parameters (dates YYYY-MM-DD). */
export interface ExportArgs {
  type: string;
  from?: string;
  to?: string;
  branch?: string;
  payer?: string;
  format?: string;
  out?: string;
  as?: string;
  /** The company it is for (name or id), when the database holds several. */
  company?: string;
}

/** The option that sets each export parameter, so a refusal names what the operator typed. */
const OPTION_OF_PARAM: Record<string, string> = {
  from: '--from',
  to: '--to',
  branchId: '--branch',
  payerSourceId: '--payer',
  format: '--format',
};

/** A message about `params.<key>` reworded with the option that sets it ("params.from: ..." -> "--from: ..."). */
function inOptionTerms(message: string): string {
  return message.replace(/^params\.(\w+)/, (whole, key: string) => OPTION_OF_PARAM[key] ?? whole);
}

/**
 * The export type named `name`.
 * @throws CliError "Unknown export type X; known types: ..." listing every type.
 */
async function findExportType(db: Db, name: string) {
  const types = await db.select().from(fileExportTypes).orderBy(asc(fileExportTypes.name));
  const type = types.find((t) => t.name === name);
  if (!type) throw new CliError(`Unknown export type ${name}; known types: ${types.map((t) => t.name).join(', ')}`);
  return type;
}

/** Where the file goes: --out (a directory means the export's own name in it), else its own name in the operator's directory. */
function outputPath(ctx: CliContext, out: string | undefined, fileName: string): string {
  if (out === undefined) return operatorPath(ctx, fileName);
  const target = operatorPath(ctx, out);
  return fs.statSync(target, { throwIfNoEntry: false })?.isDirectory() ? path.join(target, fileName) : target;
}

/** Copies stored bytes to `target` through a partial file beside it, so a failed copy leaves no half file. */
async function copyOut(storage: Storage, key: string, target: string): Promise<number> {
  const stream = await storage.read(key);
  if (!stream) throw new CliError('The export file is no longer in the storage');
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.part`);
  try {
    await pipeline(stream, fs.createWriteStream(partial, { flags: 'wx' }));
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return fs.statSync(target).size;
}

/**
 * Queues the export as the acting user (the page's queueFileExport, in a request-like transaction), with --branch
 * and --payer found by name or id; a refused parameter is named by its option.
 * @returns the queued export's id.
 */
async function queueExport(ctx: CliContext, db: Db, args: ExportArgs): Promise<number> {
  const type = await findExportType(db, args.type);
  const { caller, companyId: companyOf } = await actingUser(db, { as: args.as, company: args.company, branch: args.branch });
  const branch = args.branch === undefined ? null : await findBranch(db, companyOf, args.branch);
  const payer = args.payer === undefined ? null : await findPayerSource(db, branch?.companyId ?? companyOf, args.payer);
  const parsed = ZQueueFileExportInput.safeParse({
    type: type.name,
    params: { branchId: branch?.id, payerSourceId: payer?.id, from: args.from, to: args.to, format: args.format },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[issue.path.length - 1] ?? '');
    throw new CliError(`${OPTION_OF_PARAM[key] ?? key}: ${issue.message}`);
  }
  const queued = await withRequestScope(db, caller, (scope) => queueFileExport({ scope, input: parsed.data })).catch(
    (error: unknown) => {
      if (error instanceof AppError) throw new CliError(inOptionTerms(error.message));
      throw error;
    },
  );
  ctx.io.out(`Export ${queued.id}: ${type.label}${branch ? ` of ${branch.name}` : ''}, by ${caller.user.username}`);
  return queued.id;
}

/** Sends the export's job with a worker of this process listening and waits until the export is finished. */
async function runExportJob(ctx: CliContext, database: Database, storage: Storage, id: number) {
  const db = database.db;
  const jobs = await startCommandQueue(database, storage, ctx.io, 'file-export');
  try {
    // Sent after queueFileExport's transaction committed, so the job finds the row (what the router's
    // dispatchFileExportJob waits for); awaited, so nothing is left writing when the database closes.
    const jobId = await jobs.send('file-export', { fileExportId: id });
    await db.update(fileExports).set({ jobId }).where(eq(fileExports.id, id));
    return await pollUntil(
      async () => (await db.select().from(fileExports).where(eq(fileExports.id, id)))[0]!,
      (current) => current.status !== 'queued' && current.status !== 'running',
    );
  } finally {
    await jobs.stop();
  }
}

/**
 * `export <type> [--from --to --branch --payer --format] [--out <file>] [--company C] [--as <username>]`: queues the
 * export as the acting user (actingUser: --as, else the admin of --company, of --branch's company or of the only
 * company; queueFileExport, with their permissions and scope; --branch and --payer by name or id), runs its
 * `file-export` job in this process, and copies the finished file to --out (default: the export's own file name in
 * the operator's directory), printing where and how many rows. The export stays listed at /file-exports until it
 * expires.
 * @throws CliError "Unknown export type X; known types: ...", a parameter refused by the type ("--from: From is
 * required"), "Export N failed: <reason>"; CliError from the lookups (branch, payer, user).
 */
export async function exportCommand(ctx: CliContext, args: ExportArgs): Promise<void> {
  const storage = await commandStorage(ctx.config);
  await withDatabase(ctx.config, async (database) => {
    await prepareDatabase(database);
    const id = await queueExport(ctx, database.db, args);
    const final = await runExportJob(ctx, database, storage, id);
    if (final.status !== 'completed' || !final.storageKey || !final.fileName) {
      throw new CliError(`Export ${final.id} failed: ${final.error ?? final.status}`);
    }
    const target = outputPath(ctx, args.out, final.fileName);
    const size = await copyOut(storage, final.storageKey, target);
    ctx.io.out(`Wrote ${final.rowCount ?? 0} rows to ${target} (${size} bytes)`);
  });
}
