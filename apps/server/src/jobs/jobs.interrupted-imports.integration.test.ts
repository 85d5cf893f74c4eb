import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { and, eq, like, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { lockDataDir } from '../db/lock';
import { commandStorage } from '../cli/hearth.context';
import { engineEnv, hearth, removeTempDirs, tempDir } from '../cli/hearth.test-support';
import { pollUntil } from '../cli/hearth.jobs';
import type { Storage } from '../storage/storage';
import { branches } from '../features/branches/branches.schema';
import { clients } from '../features/clients/clients.schema';
import { fileImports } from '../features/file-imports/file-imports.schema';
import { users } from '../features/users/users.schema';
import { startJobQueue } from './jobs.queue';
import { startWorkers } from './jobs.workers';
import { recoverInterruptedImports } from './jobs.recovery';
import { RUNNER_LOST_AFTER_MS, type JobRunner } from './jobs.runner';
import { BATCH_ROWS, runFileImportJob } from '../features/file-imports/file-imports.job';

/**
 * Recovery after a crash, on this run's engine (PostgreSQL with TEST_DATABASE_URL, else an embedded DATA_DIR): an
 * import whose process is killed with SIGKILL mid-run is resumed (from the page, by the next server start) or
 * failed with the reason (from the command line, by the next command), within a minute of the next start. The
 * imports run in real processes that are really killed.
 */

const SERVER_CHILD = fileURLToPath(new URL('./jobs.crash-child.test-support.ts', import.meta.url));
const HEARTH_CLI = fileURLToPath(new URL('../cli/hearth.ts', import.meta.url));
const ROWS = 4000;
/**
 * The command line's import: six batches, so that its progress, which the command reads every 200 ms, shows a row
 * count between none and all (two batches could both commit between two readings on a quick machine).
 */
const CLI_ROWS = 6 * BATCH_ROWS;
const HEADER = 'Client ID,First Name,Last Name,Date of Birth';

let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
let cwd: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ env, drop } = await engineEnv({ empty: false }));
  cwd = tempDir();
}, 60_000);
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await drop();
  removeTempDirs();
});

/** A clients CSV of `rows` rows whose keys start with `prefix`. */
function clientsCsv(prefix: string, rows: number): string {
  const lines = Array.from({ length: rows }, (_, i) => `${prefix}-${i},Pat,Number${i},1950-01-01`);
  return [HEADER, ...lines].join('\n');
}

/** The database of `env` opened as the server opens it (the embedded one behind its lock), with the file storage. */
async function openEngine(): Promise<{ database: Database; storage: Storage; close: () => Promise<void> }> {
  const config = loadConfig(env);
  const storage = await commandStorage(config);
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, 4);
    return { database, storage, close: () => database.close() };
  }
  const unlock = await lockDataDir(config.dataDir);
  const database = await openPglite(path.join(config.dataDir, 'pglite'));
  return {
    database,
    storage,
    close: async () => {
      await database.close();
      await unlock();
    },
  };
}

/** The environment of a child process: this one's (PATH, the loader) with the engine's variables only. */
function childEnv(): NodeJS.ProcessEnv {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return { ...base, ...env, INIT_CWD: cwd };
}

/** Starts `script` with tsx as a separate process; its stdout is read line by line. */
function start(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  return { child, lines: readline.createInterface({ input: child.stdout! }), errors };
}

/** Reads lines until one matches `pattern` with its first group a row count strictly inside (0, rows). */
async function midRun(lines: readline.Interface, pattern: RegExp, errors: string[], rows = ROWS): Promise<string[]> {
  const seen: string[] = [];
  for await (const line of lines) {
    seen.push(line);
    const done = Number(pattern.exec(line)?.[1] ?? 0);
    if (done > 0 && done < rows) return seen;
  }
  throw new Error(`The process ended before the import was half-way: ${[...seen, ...errors].join('\n')}`);
}

/** A process that only waits (for pids: one that runs, one that ran and was killed). */
function idleProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('an import started from the page whose server is killed', () => {
  it('is resumed by the next server start where it stopped, and completes as one run would', async () => {
    let engine = await openEngine();
    const db = engine.database.db;
    const [admin] = await db.select().from(users).where(eq(users.username, 'companyadmin'));
    const [boston] = await db.select().from(branches).where(eq(branches.name, 'Boston'));
    const storageKey = `file-import/${admin!.companyId}/${randomUUID()}`;
    await engine.storage.write(storageKey, Readable.from([clientsCsv('PAGE', ROWS)]), 'text/csv');
    const [queued] = await db
      .insert(fileImports)
      .values({
        companyId: boston!.companyId,
        branchId: boston!.id,
        typeName: 'clients',
        fileName: 'page.csv',
        fileSizeBytes: 1,
        contentType: 'text/csv',
        storageKey,
        status: 'queued',
        createdByUserId: admin!.id,
      })
      .returning({ id: fileImports.id });
    const id = queued!.id;
    await engine.close();

    const server = start(SERVER_CHILD, [String(id)]);
    await midRun(server.lines, /^rows (\d+)$/, server.errors);
    await kill(server.child);

    const restarted = performance.now();
    engine = await openEngine();
    const [stopped] = await engine.database.db.select().from(fileImports).where(eq(fileImports.id, id));
    expect(stopped).toMatchObject({ status: 'running', attempts: 1, runner: { pid: server.child.pid, kind: 'server' } });
    expect(stopped!.rowsDone).toBeGreaterThan(0);
    expect(stopped!.rowsDone).toBeLessThan(ROWS);
    const jobs = await startJobQueue(engine.database, { pollingIntervalSeconds: 0.5 });
    let resumedAfterMs: number | undefined;
    try {
      await startWorkers(jobs, { db: engine.database.db, storage: engine.storage, log: { info() {}, error() {} } });
      const final = await pollUntil(
        async () => (await engine.database.db.select().from(fileImports).where(eq(fileImports.id, id)))[0]!,
        (row) => row.status === 'completed' || row.status === 'failed' || performance.now() - restarted > 60_000,
        (row) => {
          if (row.attempts === 2) resumedAfterMs ??= performance.now() - restarted;
        },
      );
      // Resumed (its second attempt started) within a minute of the start; here within seconds.
      expect(resumedAfterMs).toBeLessThan(60_000);
      expect(final).toMatchObject({
        status: 'completed',
        error: null,
        attempts: 2,
        rowsDone: ROWS,
        createdCount: ROWS,
        errorCount: 0,
      });
      expect(final.runner).toMatchObject({ pid: process.pid, kind: 'server' });
      // The killed attempt's job is cancelled, so it is never retried beside the new one.
      expect((await jobs.getJob('file-import', stopped!.jobId!))?.state).toBe('cancelled');
      const [{ n }] = (await engine.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(clients)
        .where(like(clients.externalId, 'PAGE-%'))) as [{ n: number }];
      expect(n).toBe(ROWS);
    } finally {
      await jobs.stop();
      await engine.close();
    }
  }, 120_000);
});

describe('an import started from the command line whose command is killed', () => {
  it('is failed with how far it got by the next command, which imports the file again', async () => {
    const file = path.join(cwd, 'crash.csv');
    fs.writeFileSync(file, clientsCsv('CLI', CLI_ROWS));
    const command = start(HEARTH_CLI, ['import', 'clients', file, '--branch', 'Boston']);
    const printed = await midRun(command.lines, /^ {2}(\d+) \/ \d+ rows$/, command.errors, CLI_ROWS);
    await kill(command.child);
    const id = Number(/^Import (\d+):/.exec(printed[0]!)?.[1]);
    expect(id).toBeGreaterThan(0);

    const again = await hearth(env, cwd, 'import', 'clients', file, '--branch', 'Boston');
    expect(again.code).toBe(0);
    expect(again.out[0]).toBe(`Import ${id} had stopped with its process: failed (its reason says how far it got)`);
    expect(again.out[1]).toMatch(/^Import \d+: crash\.csv as Clients into Boston, by companyadmin$/);
    const engine = await openEngine();
    try {
      const [stopped] = await engine.database.db.select().from(fileImports).where(eq(fileImports.id, id));
      expect(stopped).toMatchObject({ status: 'failed', runner: { pid: command.child.pid, kind: 'command' } });
      expect(stopped!.error).toBe(
        `The command running this import stopped before it finished; ${stopped!.rowsDone.toLocaleString('en-US')} of ` +
          `${CLI_ROWS.toLocaleString('en-US')} rows were done. The rows done are kept: import the file again to finish ` +
          '(rows already imported come out unchanged).',
      );
      expect(again.out.at(-1)).toBe(
        `Completed: ${CLI_ROWS} rows: ${CLI_ROWS - stopped!.createdCount} created, 0 updated, ${stopped!.createdCount} unchanged, ` +
          '0 warnings, 0 errors',
      );
    } finally {
      await engine.close();
    }
  }, 120_000);
});

describe('recoverInterruptedImports', () => {
  it('tells stopped attempts from running ones by pid on this machine and by heartbeat elsewhere', async () => {
    const engine = await openEngine();
    const db = engine.database.db;
    const jobs = await startJobQueue(engine.database, { supervise: false });
    // A process that really ran and was killed, and one that runs.
    const dead = idleProcess();
    await once(dead, 'spawn');
    await kill(dead);
    const alive = idleProcess();
    await once(alive, 'spawn');
    try {
      // Heartbeats are aged on the database's clock: this one's `now` is read from it.
      const [clock] = (await db
        .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8` })
        .from(sql`(select 1) as one`)) as [{ ms: number }];
      const now = new Date(Number(clock.ms));
      const since = new Date(now.getTime() - 60_000).toISOString();
      const here = os.hostname();
      const runner = (pid: number, kind: JobRunner['kind'], hostname = here, at = since): JobRunner => ({
        pid,
        hostname,
        since: at,
        token: randomUUID(),
        kind,
      });
      const [company] = await db.select({ id: branches.companyId }).from(branches).where(eq(branches.name, 'Boston'));
      const cases = {
        killedServer: { runner: runner(dead.pid!, 'server'), attempts: 1 },
        killedCommand: { runner: runner(dead.pid!, 'command'), attempts: 1 },
        killedThirdTime: { runner: runner(dead.pid!, 'server'), attempts: 3 },
        killedUncounted: { runner: runner(dead.pid!, 'server'), attempts: 3, rowsTotal: null, rowsDone: 0 },
        running: { runner: runner(alive.pid!, 'server', here, new Date().toISOString()), attempts: 1 },
        earlierProcessWithMyPid: { runner: runner(process.pid, 'server'), attempts: 1 },
        elsewhereRecent: {
          runner: runner(4242, 'server', 'other-host'),
          attempts: 1,
          heartbeatAt: new Date(now.getTime() - RUNNER_LOST_AFTER_MS + 20_000),
        },
        elsewhereSilent: {
          runner: runner(4242, 'server', 'other-host'),
          attempts: 1,
          heartbeatAt: new Date(now.getTime() - RUNNER_LOST_AFTER_MS - 1000),
        },
        olderVersionSilent: { runner: null, attempts: 1, heartbeatAt: null },
      };
      const ids: Record<string, number> = {};
      for (const [key, c] of Object.entries(cases)) {
        const [row] = await db
          .insert(fileImports)
          .values({
            companyId: company!.id,
            typeName: 'clients',
            fileName: `${key}.csv`,
            fileSizeBytes: 1,
            contentType: 'text/csv',
            storageKey: `file-import/${company!.id}/${randomUUID()}`,
            status: 'running',
            rowsTotal: 4000,
            rowsDone: 1500,
            heartbeatAt: now,
            ...c,
          })
          .returning({ id: fileImports.id });
        ids[key] = row!.id;
      }
      const result = await recoverInterruptedImports({ db, jobs, now });
      const mine = (list: number[]) => list.filter((id) => Object.values(ids).includes(id)).sort((a, b) => a - b);
      expect(mine(result.resumed)).toEqual(
        [ids.killedServer!, ids.earlierProcessWithMyPid!, ids.elsewhereSilent!, ids.olderVersionSilent!].sort((a, b) => a - b),
      );
      expect(mine(result.failed)).toEqual([ids.killedCommand!, ids.killedThirdTime!, ids.killedUncounted!]);
      const rows = await db
        .select({ id: fileImports.id, status: fileImports.status, error: fileImports.error, jobId: fileImports.jobId })
        .from(fileImports)
        .where(and(eq(fileImports.companyId, company!.id), like(fileImports.fileName, '%.csv')));
      const byKey = Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, rows.find((r) => r.id === id)!]));
      expect(byKey.killedServer).toMatchObject({
        status: 'queued',
        error: null,
        jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(byKey.running).toMatchObject({ status: 'running', error: null });
      expect(byKey.elsewhereRecent).toMatchObject({ status: 'running', error: null });
      const kept = 'The rows done are kept: import the file again to finish (rows already imported come out unchanged).';
      expect(byKey.killedCommand!.error).toBe(
        `The command running this import stopped before it finished; 1,500 of 4,000 rows were done. ${kept}`,
      );
      expect(byKey.killedThirdTime!.error).toBe(
        `The server stopped while this import ran (3 times); 1,500 of 4,000 rows were done. ${kept}`,
      );
      expect(byKey.killedUncounted!.error).toBe(
        `The server stopped while this import ran (3 times); it stopped before its rows were counted, so no rows were done. ${kept}`,
      );
      // Run again, nothing changes: every stopped attempt was dealt with once.
      const again = await recoverInterruptedImports({ db, jobs, now });
      expect(mine(again.resumed)).toEqual([]);
      expect(mine(again.failed)).toEqual([]);
    } finally {
      await jobs.stop();
      await engine.close();
    }
  }, 60_000);
});

describe('an attempt taken for stopped that comes back', () => {
  it('writes no further batch, counts nothing twice and leaves the import to the attempt that took over', async () => {
    const engine = await openEngine();
    const db = engine.database.db;
    try {
      const [boston] = await db.select().from(branches).where(eq(branches.name, 'Boston'));
      const content = clientsCsv('STALL', BATCH_ROWS + BATCH_ROWS / 2);
      const storageKey = `file-import/${boston!.companyId}/${randomUUID()}`;
      await engine.storage.write(storageKey, Readable.from([content]), 'text/csv');
      const [queued] = await db
        .insert(fileImports)
        .values({
          companyId: boston!.companyId,
          branchId: boston!.id,
          typeName: 'clients',
          fileName: 'stall.csv',
          fileSizeBytes: content.length,
          contentType: 'text/csv',
          storageKey,
          status: 'queued',
        })
        .returning({ id: fileImports.id });
      const id = queued!.id;
      // The second read of the file (the writing pass) stalls 200 rows into the second batch, while the first is
      // written, until the test lets it go on: a process that froze (a long pause, a suspended machine) and was
      // taken for stopped.
      const lines = content.split('\n');
      let goOn!: () => void;
      const stalled = new Promise<void>((resolve) => (goOn = resolve));
      let reads = 0;
      const storage: Storage = Object.assign(Object.create(engine.storage) as Storage, {
        read: async (key: string) => {
          reads += 1;
          if (reads === 1) return engine.storage.read(key);
          return Readable.from(
            (async function* () {
              yield `${lines.slice(0, BATCH_ROWS + 201).join('\n')}\n`;
              await stalled;
              yield lines.slice(BATCH_ROWS + 201).join('\n');
            })(),
          );
        },
      });
      const logged: string[] = [];
      const attempt = runFileImportJob(
        { db, storage, log: { info: (line) => logged.push(line), error: (line) => logged.push(line) } },
        { id: 'stalling', data: { fileImportId: id }, retryCount: 0, retryLimit: 3, isLastAttempt: false },
      );
      const read = async () => (await db.select().from(fileImports).where(eq(fileImports.id, id)))[0]!;
      expect(await pollUntil(read, (row) => row.rowsDone === BATCH_ROWS)).toMatchObject({
        status: 'running',
        rowsDone: BATCH_ROWS,
      });
      // Recovery took it for stopped and another attempt claimed it.
      const other: JobRunner = {
        pid: 4242,
        hostname: 'other-host',
        since: new Date().toISOString(),
        token: 'other',
        kind: 'server',
      };
      await db.update(fileImports).set({ runner: other }).where(eq(fileImports.id, id));
      goOn();
      await attempt;
      expect(await read()).toMatchObject({
        status: 'running',
        rowsDone: BATCH_ROWS,
        createdCount: BATCH_ROWS,
        runner: other,
        finishedAt: null,
      });
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(clients)
        .where(like(clients.externalId, 'STALL-%'))) as [{ n: number }];
      expect(n).toBe(BATCH_ROWS);
      expect(logged).toEqual([
        `File import ${id}: another attempt took over (this one had been taken for stopped); this one ends`,
      ]);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
