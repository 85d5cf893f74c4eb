/**
 * Benchmark of the embedded default (issue "The largest agencies" item 5): a Hearth server process on the embedded
 * database (PGlite, no DATABASE_URL, its data under DATA_DIR) beside one on PostgreSQL, both the real entry point
 * (bench/server-process.ts) on the same rows, at a few sizes of a small-to-middling agency, to find where an agency
 * is better served by PostgreSQL. At each scale (BENCH_EMBEDDED_SCALES, fractions of agency-size.ts FULL_SIZE,
 * default 0.001, 0.005 and 0.02: 50, 250 and 1,000 caregivers):
 *   - the agency is generated on PostgreSQL (large-agency.ts), readied for the load mix (load-mix.ts: an office
 *     user's views and week of shifts, caregivers checking in and out of today's visits), then copied into a new
 *     PGlite directory (embedded-database.copy.ts);
 *   - for each engine, a server process is started and its memory read once it listens (idle), the mix is run
 *     for a warm-up and memory read again, then the mix is measured: requests per second, p50 and p95 over
 *     BENCH_EMBEDDED_CONNECTIONS concurrent connections (default 10) for BENCH_EMBEDDED_SECONDS (default 20).
 *     Baseline of the same run: GET /api/health (no session, no database) fired the same way at the same process,
 *     the HTTP floor of that process on this machine.
 * Memory: the server process's resident set (RSS, Linux /proc); for PostgreSQL also the proportional set (PSS) of
 * the backends serving that process's pool, and, once, of PostgreSQL's own processes (postmaster, checkpointer,
 * writers), which a PostgreSQL install costs whatever it serves (they serve the whole cluster here). PSS needs to
 * read the postgres user's /proc entries (root, or the same user); without it those figures print as n/a.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:embedded
 *
 * Generates its own agency at each scale (BENCH_KEEP is ignored: the mix adds users the first start enrols) and
 * drops it, and deletes the PGlite directories, also on failure.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sizeAt, sizeLabel } from './agency-size';
import { openLargeAgency, rowsOf, stats, type LargeAgency } from './large-agency';
import { loadMixRequests, prepareLoadMix, runLoadMix, type LoadMixPlan, type LoadMixResult, type MixKind } from './load-mix';
import { machineLoad } from './machine-load';
import { freePort, signIn, startServerProcess, stopServerProcess } from './server-process';
import { copyToPglite } from './embedded-database.copy';

const SECRET = 'bench-embedded-secret-bench-embedded-0123456789';
const SCALES = (process.env.BENCH_EMBEDDED_SCALES ?? '0.001,0.005,0.02').split(',').map((s) => sizeAt(Number(s)).scale);
const CONNECTIONS = Number(process.env.BENCH_EMBEDDED_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_EMBEDDED_SECONDS ?? 20);
const WARMUP_SECONDS = Math.max(3, Math.round(SECONDS / 4));

/** One line of a /proc status or smaps_rollup file in MB, or null when it cannot be read. */
function procMb(pid: number, file: 'status' | 'smaps_rollup', field: 'VmRSS' | 'Pss'): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const mb = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(0)} MB`);
const sum = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + v!, 0));

/** The PostgreSQL backends a server process opened: client backends of `database` started after `since`. */
async function backendsPss(agency: LargeAgency, since: Date): Promise<number | null> {
  const pids = rowsOf<{ pid: number }>(
    await agency.database.db.execute(sql`select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and backend_start >= ${since.toISOString()}::timestamptz`),
  );
  return sum(pids.map((p) => procMb(p.pid, 'smaps_rollup', 'Pss')));
}

/** PSS of PostgreSQL's own processes: the postmaster and every background process (not client backends). */
async function postgresFixedPss(agency: LargeAgency): Promise<number | null> {
  const pids = rowsOf<{ pid: number }>(
    await agency.database.db.execute(sql`select pid from pg_stat_activity where backend_type <> 'client backend'`),
  );
  const first = pids[0] ? fs.readFileSync(`/proc/${pids[0].pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] : undefined;
  return sum([...pids.map((p) => p.pid), ...(first ? [Number(first)] : [])].map((pid) => procMb(pid, 'smaps_rollup', 'Pss')));
}

interface EngineFigures {
  engine: string;
  idleRss: number | null;
  warmRss: number | null;
  backends: number | null;
  mix: LoadMixResult;
  health: LoadMixResult;
  /** The measured run's answer times (ms) by kind of request. */
  kinds: Map<MixKind, number[]>;
}

/** Starts a server on `url` (null: PGlite under dataDir), signs the mix's actors in, warms up and measures. */
async function measureEngine(
  engine: string,
  url: string | null,
  dataDir: string,
  plan: LoadMixPlan,
  agency: LargeAgency,
): Promise<EngineFigures> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = new Date();
  let child: ChildProcess | null = null;
  try {
    child = await startServerProcess(url, port, dataDir, SECRET);
    const pid = child.pid!;
    const idleRss = procMb(pid, 'status', 'VmRSS');
    const officeToken = await signIn(base, 'companyadmin');
    const caregivers = [];
    for (const c of plan.caregivers) caregivers.push({ token: await signIn(base, c.username), visits: c.visits });
    const actors = { branchId: plan.branchId, week: plan.week, officeToken, caregivers };
    // The embedded database runs queries one at a time on the server's thread, so requests autocannon gave up on
    // may still be queued when a run ends: one more read through the database waits for them before the next run.
    const weekUrl = `${base}/api/trpc/getShifts?input=${encodeURIComponent(JSON.stringify({ branchId: plan.branchId, ...plan.week }))}`;
    const drain = () =>
      fetch(weekUrl, { headers: { authorization: `Bearer ${officeToken}`, origin: base } }).then((r) => r.text());
    await runLoadMix(base, loadMixRequests(base, actors), { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    await drain();
    const warmRss = procMb(pid, 'status', 'VmRSS');
    const kinds = new Map<MixKind, number[]>();
    const record = (kind: MixKind, ms: number) => kinds.set(kind, [...(kinds.get(kind) ?? []), ms]);
    const mix = await runLoadMix(base, loadMixRequests(base, actors, record), { connections: CONNECTIONS, seconds: SECONDS });
    await drain();
    const health = await runLoadMix(base, [{ method: 'GET', path: '/api/health' }], {
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const backends = url === null ? null : await backendsPss(agency, startedAt);
    return { engine, idleRss, warmRss, backends, mix, health, kinds };
  } finally {
    if (child) await stopServerProcess(child);
  }
}

function printFigures(f: EngineFigures) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const memory =
    f.backends === null
      ? `RSS idle ${mb(f.idleRss)}, after warm-up ${mb(f.warmRss)}`
      : `RSS idle ${mb(f.idleRss)}, after warm-up ${mb(f.warmRss)}; + its PostgreSQL backends ${mb(f.backends)} PSS = ${mb(sum([f.warmRss, f.backends]))}`;
  console.log(`  ${f.engine.padEnd(10)} ${memory}`);
  console.log(
    `  ${''.padEnd(10)} mix: ${f.mix.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(f.mix.p50)}, p95 ${ms(f.mix.p95)} (${f.mix.requests} requests, ${f.mix.non2xx} not 2xx, ${f.mix.errors} errors)`,
  );
  const perKind = [...f.kinds].map(([kind, samples]) => `${kind} ${ms(stats(samples).p95)} (${samples.length})`);
  console.log(`  ${''.padEnd(10)} p95 by kind: ${perKind.join(', ')}`);
  console.log(
    `  ${''.padEnd(10)} baseline /api/health: ${f.health.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(f.health.p50)}, p95 ${ms(f.health.p95)}`,
  );
}

async function runScale(scale: number) {
  const agency = await openLargeAgency({ scale });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-embedded-'));
  try {
    const plan = await prepareLoadMix(agency.database.db, agency.branch.id, CONNECTIONS);
    const [{ name }] = rowsOf<{ name: string }>(await agency.database.db.execute(sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = new URL(agency.serverUrl);
    url.pathname = `/${name}`;
    const pgliteData = path.join(dir, 'pglite-data');
    fs.mkdirSync(pgliteData);
    const started = performance.now();
    const rows = await copyToPglite(url.toString(), agency.database.db, path.join(pgliteData, 'pglite'), dir);
    const pgliteMb = dirMb(path.join(pgliteData, 'pglite')).toFixed(0);
    console.log(
      `\n${sizeLabel(agency.size)}: ${agency.visits.toLocaleString('en-US')} visits; ${rows.toLocaleString('en-US')} rows copied to PGlite in ${((performance.now() - started) / 1000).toFixed(1)} s (${pgliteMb} MB on disk)`,
    );
    console.log(
      `  mix: ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; ${plan.caregivers.length} caregivers, ${plan.caregivers.reduce((n, c) => n + c.visits.length, 0)} visits today`,
    );
    const postgres = await measureEngine('PostgreSQL', url.toString(), path.join(dir, 'pg-data'), plan, agency);
    console.log(`  (${machineLoad()})`);
    printFigures(postgres);
    const pglite = await measureEngine('PGlite', null, pgliteData, plan, agency);
    console.log(`  (${machineLoad()})`);
    printFigures(pglite);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `  PGlite / PostgreSQL: throughput ${ratio(pglite.mix.requestsPerSecond, postgres.mix.requestsPerSecond)}x, p95 ${ratio(pglite.mix.p95, postgres.mix.p95)}x, memory after warm-up ${pglite.warmRss !== null && postgres.warmRss !== null ? ratio(pglite.warmRss, sum([postgres.warmRss, postgres.backends]) ?? postgres.warmRss) : 'n/a'}x (server + backends)`,
    );
    if (scale === SCALES[0])
      console.log(`  PostgreSQL's own processes (postmaster, writers; cluster-wide): ${mb(await postgresFixedPss(agency))} PSS`);
  } finally {
    await agency.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The size of the files under `dir`, in MB. */
function dirMb(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes / 1024 / 1024;
}

async function main() {
  delete process.env.BENCH_KEEP;
  process.env.SIGN_IN_RATE_LIMIT_MAX = '1000';
  process.env.SIGN_IN_ACCOUNT_RATE_LIMIT_MAX = '1000';
  console.log(`Embedded database (PGlite) beside PostgreSQL, scales ${SCALES.join(', ')} (${machineLoad()})`);
  for (const scale of SCALES) await runScale(scale);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
