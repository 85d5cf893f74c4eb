/**
 * The large generated agency every large benchmark runs on (issue "The largest agencies"): a fresh PostgreSQL
 * database with the demo agency plus the bench branches, clients, caregivers and visits of agency-size.ts at a
 * scale (full size: 150 branches, 70,000 clients, 50,000 caregivers, 500,000 visits a week over 13 weeks of history
 * and the current pay period; large-agency.records.ts, large-agency.visits.ts). Also the HTTP server, sign-in and
 * timing helpers the benchmarks share. Every figure is measured against a baseline in the same run, so the
 * machine's speed cancels out.
 */
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { adminQuery, databaseUrl, prepareTemplate } from '../apps/server/src/test/test-database';
import { createAuth, type Auth } from '../apps/server/src/auth/auth';
import { resolveCaller } from '../apps/server/src/auth/caller';
import type { Scope } from '../apps/server/src/auth/scope';
import { scopeOf } from '../apps/server/src/db/request-scope';
import { buildApp } from '../apps/server/src/app';
import { createLocalStorage } from '../apps/server/src/storage/local.storage';
import { startJobQueue } from '../apps/server/src/jobs/jobs.queue';
import { branchUsers, users } from '../apps/server/src/features/users/users.schema';
import { branches } from '../apps/server/src/features/branches/branches.schema';
import { completeDemoMfaEnrolment } from '../apps/server/src/features/demo/demo.mfa';
import { benchScales, sizeAt, sizeLabel, type AgencySize } from './agency-size';
import { machineLoad } from './machine-load';
import { signIn } from './server-process';
import { benchCalendar, calendarIsCurrent, type BenchCalendar } from './large-agency.calendar';
import { agencyDatabaseName, lockKeptAgency } from './large-agency.keep';
import { benchBranchName, generateRecords } from './large-agency.records';
import { generateVisits, timedStep } from './large-agency.visits';

export const CALLS = 200;
export const WARMUP = 20;

/** Median and 95th percentile of samples, in their unit (milliseconds here). */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** One line of a benchmark's figures: `label` padded to `width`, then the p50, p95 and maximum of `samples` (ms). */
export function statsLine(label: string, samples: number[], width: number): string {
  const s = stats(samples);
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  return `${label.padEnd(width)} p50 ${ms(s.median)}   p95 ${ms(s.p95)}   max ${ms(Math.max(...samples))}`;
}

async function timed(fn: (i: number) => Promise<unknown>, i: number): Promise<number> {
  const start = performance.now();
  await fn(i);
  return performance.now() - start;
}

/**
 * Times several functions in turns (one call of each, then again), so all see the same load on the machine
 * (other processes come and go during a run): WARMUP untimed turns, then CALLS timed ones. Each function gets the
 * turn's index (warm-up ones first), so calls can use distinct data.
 * @returns the samples of each function, in milliseconds, in the order given.
 */
export async function timeInTurns(fns: ((i: number) => Promise<unknown>)[]): Promise<number[][]> {
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn(i);
  const samples = fns.map(() => [] as number[]);
  for (let i = WARMUP; i < WARMUP + CALLS; i++) {
    for (const [k, fn] of fns.entries()) samples[k]!.push(await timed(fn, i));
  }
  return samples;
}

/** timeInTurns of a measured function and its baseline. */
export async function timePair(
  measured: (i: number) => Promise<unknown>,
  baseline: (i: number) => Promise<unknown>,
): Promise<{ measured: number[]; baseline: number[] }> {
  const [m, b] = await timeInTurns([measured, baseline]);
  return { measured: m!, baseline: b! };
}

/**
 * Prints an HTTP measure against its baseline of the same run: p50s, p95s, the p95 ratio and the targets, with the
 * machine's load at the end of the measure (machine-load.ts).
 * @returns the p50 (as median) and p95 of both, in milliseconds.
 */
export function report(title: string, http: number[], baseline: number[], baselineLabel: string, target: string) {
  const h = stats(http);
  const b = stats(baseline);
  const width = Math.max(9, baselineLabel.length);
  const line = (label: string, s: { median: number; p95: number }) =>
    `  ${`${label}:`.padEnd(width + 2)}p50 ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms`;
  console.log(title);
  console.log(line('over HTTP', h));
  console.log(line(baselineLabel, b));
  console.log(`  ratio (p95 HTTP / p95 ${baselineLabel.trim()}): ${(h.p95 / b.p95).toFixed(2)}  (${target}; ${machineLoad()})`);
  return { http: h, baseline: b };
}

/** The rows of a raw query result. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A large agency in a database of its own; close() drops it (unless kept: BENCH_KEEP=1). */
export interface LargeAgency {
  database: Database;
  serverUrl: string;
  /** The counts it was generated at (agency-size.ts). */
  size: AgencySize;
  /** Where its visits lie: history, the current pay period, this week (large-agency.calendar.ts). */
  calendar: BenchCalendar;
  /** A bench branch of typical size for benchmarks of one branch: the middle one ("Bench branch 8" of 15). */
  branch: { id: number; name: string };
  /** Visits generated (history and pay period, every status). */
  visits: number;
  close(): Promise<void>;
}

/** Prints the size and what a generation step would cost, then runs the steps, timing each. */
async function generate(database: Database, size: AgencySize, calendar: BenchCalendar): Promise<number> {
  console.log(
    `Generating ${size.branches} branches, ${sizeLabel(size)}, ${calendar.historyFrom} to ${calendar.scheduledTo} (pay period ${calendar.periodFrom} to ${calendar.periodTo})...`,
  );
  const start = performance.now();
  await timedStep('migrate and seed the demo agency', () => prepareTemplate(database));
  await timedStep('branches, clients, caregivers', () => generateRecords(database.db, size));
  const visits = await generateVisits(database.db, size, calendar);
  await database.db.execute(sql`analyze`);
  console.log(
    `  ${visits.toLocaleString('en-US')} visits; generated in ${((performance.now() - start) / 1000).toFixed(1)} s (${machineLoad()})`,
  );
  return visits;
}

/**
 * The large agency at `scale` (a fraction of agency-size.ts FULL_SIZE) on the PostgreSQL server of
 * BENCH_DATABASE_URL (default the local one): a new database with all migrations and the demo agency, then the
 * generated branches, clients, caregivers and every visit of the calendar (13 weeks of history and the current pay
 * period). With BENCH_KEEP=1 the database is kept after close() and the next run at the same scale reuses it
 * (same migrations, demo seed and generator, generated today); otherwise close() drops it, as does an interrupt
 * (SIGINT, SIGTERM) or a failed generation.
 */
export async function openLargeAgency(options: { scale: number }): Promise<LargeAgency> {
  const size = sizeAt(options.scale);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const kept = process.env.BENCH_KEEP === '1';
  const name = agencyDatabaseName(size.scale, kept, randomUUID().replaceAll('-', '').slice(0, 8));
  const lock = kept ? await lockKeptAgency(serverUrl, name) : null;
  let database: Database | undefined;
  // A kept agency stays once complete; anything else is dropped when the run ends, fails or is interrupted.
  let complete = false;
  const drop = async () => {
    await database?.close();
    database = undefined;
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  const end = () => (kept && complete ? database?.close() : drop());
  // Interrupted: the database is dropped first (FORCE ends the running statements), then the pool is closed.
  const interrupted = async () => {
    if (!(kept && complete)) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await database?.close();
  };
  const onSignal = (signal: NodeJS.Signals) =>
    void interrupted()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.kill(process.pid, signal));
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    let record = await lock?.read(name);
    if (record && !calendarIsCurrent(record.calendar)) {
      console.log(`The kept agency ${name} was generated on ${record.calendar.today}: generating it again for today.`);
      record = null;
    }
    if (record) {
      console.log(`Reusing the kept agency ${name} (${sizeLabel(size)}, generated on ${record.calendar.today}).`);
      complete = true;
      database = openPostgres(databaseUrl(serverUrl, name), 10);
    } else {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      database = openPostgres(databaseUrl(serverUrl, name), 10);
      const calendar = benchCalendar(new Date(), size.historyWeeks);
      record = { calendar, visits: await generate(database, size, calendar) };
      await lock?.write(name, record);
      complete = true;
    }
    const open = database;
    const branchName = benchBranchName(Math.ceil(size.branches / 2));
    const [branch] = await open.db.select({ id: branches.id }).from(branches).where(eq(branches.name, branchName));
    if (!branch) throw new Error(`The agency ${name} has no ${branchName}`);
    return {
      database: open,
      serverUrl,
      size,
      calendar: record.calendar,
      branch: { id: branch.id, name: branchName },
      visits: record.visits,
      close: async () => {
        process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
        await end();
      },
    };
  } catch (error) {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await end();
    throw error;
  } finally {
    await lock?.release();
  }
}

/** The app serving a large agency over real HTTP, with sign-in and tRPC calls as a client makes them. */
export interface BenchServer {
  base: string;
  auth: Auth;
  /** Signs in a demo user (password, then the demo authenticator's code when asked); returns the bearer token. */
  signIn(username: string): Promise<string>;
  /** The scope the server gives a request with this token (for calling a service function directly). */
  scopeOf(token: string): Promise<Scope>;
  /** A tRPC query (GET) or mutation (POST); throws unless it answers 200. */
  call(kind: 'query' | 'mutation', procedure: string, input: unknown, token: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Runs a benchmark on the large agency of each scale of agency-size.ts benchScales() in turn, opened before it and
 * closed after it, then sets the exit code when any failed (the error printed).
 */
export async function atEveryScale(bench: (agency: LargeAgency) => Promise<void>): Promise<void> {
  try {
    for (const scale of benchScales()) {
      const agency = await openLargeAgency({ scale });
      try {
        await bench(agency);
      } finally {
        await agency.close();
      }
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}

/**
 * Starts Hearth on `database` on a free local port, as production runs it (the same buildApp, auth and request
 * transaction), with sign-in rate limits raised for the benchmark's sign-ins.
 */
export async function startBenchServer(database: Database): Promise<BenchServer> {
  const origin = 'http://localhost:3000';
  const auth = createAuth({
    db: database.db,
    secret: 'bench-secret-bench-secret-bench-secret-0123',
    baseUrl: origin,
    trustedOrigins: [origin],
    signInRateLimit: { max: 1000, windowSeconds: 60 },
  });
  // As at a server's start: the demo's staff get the demo authenticator (encrypted with this auth secret, which every
  // run shares, so a kept database's enrolment stays valid).
  await completeDemoMfaEnrolment(database.db, auth);
  // The benchmarks upload nothing; the storage directory is never created.
  const storage = createLocalStorage({
    rootDir: path.join(os.tmpdir(), `hearth-bench-files-${randomUUID()}`),
    secret: 'bench-storage-secret',
  });
  // Send-only: the benchmarks measure requests, not jobs (bench/file-imports.bench.ts starts its own workers).
  const jobs = await startJobQueue(database, { supervise: false });
  const app = await buildApp({
    db: database.db,
    auth,
    storage,
    jobs,
    keySealingSecret: 'bench-key-sealing-secret-bench-key-sealing-0123',
    publicUrl: origin,
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    auth,
    // The demo's staff must give a second factor: the demo authenticator's code (auth/two-factor.ts).
    signIn: (username) => signIn(base, username, origin),
    async scopeOf(token) {
      const caller = await resolveCaller(database.db, auth, new Headers({ authorization: `Bearer ${token}` }));
      if (!caller) throw new Error('no caller for that token');
      return scopeOf(database.db, caller);
    },
    async call(kind, procedure, input, token) {
      const headers = { authorization: `Bearer ${token}`, origin };
      const res =
        kind === 'query'
          ? await fetch(`${base}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
          : await fetch(`${base}/api/trpc/${procedure}`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(input),
            });
      if (res.status !== 200) throw new Error(`${procedure} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    },
    close: async () => {
      await app.close();
      await jobs.stop();
    },
  };
}

/** Links the demo user `username` to `branchId` alone, so a branch-level role of it works on a bench branch. */
export async function moveUserToBranch(db: Database['db'], username: string, branchId: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no demo user ${username}`);
  await db.delete(branchUsers).where(eq(branchUsers.userId, user.id));
  await db.insert(branchUsers).values({ userId: user.id, branchId });
}
