/**
 * Load benchmark of several server processes (issue "The largest agencies" item 4; docs/architecture.md "Running
 * several processes"): the signed-in mix of bench/load-mix.ts (an office user's clients views and a branch's week
 * of shifts, caregivers checking in and out of today's visits) fired by autocannon over BENCH_CLUSTER_CONNECTIONS
 * concurrent connections (default 50) at, in turn:
 *   - one server process behind HAProxy;
 *   - two server processes behind HAProxy (round robin, apps/server/src/cluster/haproxy.test-support.ts);
 *   - HEARTH_PROCESSES=2: one `npm start` running two processes on one port (Node's cluster), no HAProxy.
 * All on one PostgreSQL database holding the large agency at each scale of agency-size.ts benchScales()
 * (BENCH_SCALES), each server the real entry point (src/main.ts). Each setup is warmed up, then measured for
 * BENCH_CLUSTER_SECONDS (default 20): requests per second, p50 and p95 (ms), p95 by kind of request. Baseline of
 * the same run: GET /api/health (no session, no database) fired the same way through the same path, the HTTP
 * floor of that setup on this machine. The machine's load is printed beside each setup: the server processes,
 * HAProxy, autocannon and PostgreSQL share its cores, so two processes gain only what the cores left to them allow.
 *
 *   BENCH_SCALES=0.02 npm run bench:cluster
 *
 * Generates its own agency at each scale (BENCH_KEEP is ignored: the mix adds users the first start enrols) and
 * drops it, also on failure.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { benchScales, sizeLabel } from './agency-size';
import { openLargeAgency, rowsOf, stats } from './large-agency';
import { loadMixRequests, prepareLoadMix, runLoadMix, type LoadMixPlan, type LoadMixResult, type MixKind } from './load-mix';
import { machineLoad } from './machine-load';
import { startHaproxy, type Balancer } from '../apps/server/src/cluster/haproxy.test-support';
import { freePort, freePorts, signIn, startServer, type ServerProcess } from '../apps/server/src/cluster/server.test-support';

const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 20);
const WARMUP_SECONDS = Math.max(3, Math.round(SECONDS / 4));

/** A way of running the servers: behind HAProxy with `behind` processes, or one `npm start` of `cluster` processes. */
interface Setup {
  label: string;
  behind?: number;
  cluster?: number;
}

const SETUPS: Setup[] = [
  { label: '1 process behind HAProxy', behind: 1 },
  { label: '2 processes behind HAProxy', behind: 2 },
  { label: 'HEARTH_PROCESSES=2, one port', cluster: 2 },
];

interface Figures {
  mix: LoadMixResult;
  health: LoadMixResult;
  kinds: Map<MixKind, number[]>;
  /** Answers that were not 2xx, by kind of request and status ("check-in 409"), for a run that shows some. */
  failed: Map<string, number>;
  load: string;
}

/** Starts `setup`'s servers (and HAProxy) on database `url`; @returns the base URL and how to stop everything. */
async function startSetup(setup: Setup, url: string, dataDir: string, secret: string) {
  const servers: ServerProcess[] = [];
  let balancer: Balancer | null = null;
  const stop = async () => {
    // What the servers said on stderr (their errors and warnings), so a failed answer's cause is seen.
    for (const server of servers) if (server.errors.length > 0) console.log(server.errors.join('').trim());
    await balancer?.stop();
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: secret,
      SIGN_IN_RATE_LIMIT_MAX: '1000',
      SIGN_IN_ACCOUNT_RATE_LIMIT_MAX: '1000',
    };
    if (setup.cluster) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const processes = String(setup.cluster);
      servers.push(await startServer({ ...env, PORT: String(port), PUBLIC_URL: base, HEARTH_PROCESSES: processes }));
      return { base, stop };
    }
    const [lbPort, ...ports] = (await freePorts(1 + (setup.behind ?? 1))) as [number, ...number[]];
    const base = `http://127.0.0.1:${lbPort}`;
    const backends = ports.map((port, i) => ({ name: `s${i + 1}`, port }));
    for (const { port } of backends) servers.push(await startServer({ ...env, PORT: String(port), PUBLIC_URL: base }));
    balancer = await startHaproxy(lbPort, backends);
    return { base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs the mix's actors in at `base`, warms up, then measures the mix and the /api/health baseline. */
async function measure(setup: Setup, url: string, dataDir: string, plan: LoadMixPlan, secret: string): Promise<Figures> {
  const { base, stop } = await startSetup(setup, url, dataDir, secret);
  try {
    const officeToken = await signIn(base, 'companyadmin');
    const caregivers = [];
    for (const c of plan.caregivers) caregivers.push({ token: await signIn(base, c.username), visits: c.visits });
    const actors = { branchId: plan.branchId, week: plan.week, officeToken, caregivers };
    // One connection first: 50 connections opening with the same session at once on a cold server answered nothing
    // within autocannon's 10 s timeout (reported, to be found), which is not the steady state measured here.
    await runLoadMix(base, loadMixRequests(base, actors), { connections: 1, seconds: 2 });
    await runLoadMix(base, loadMixRequests(base, actors), { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const kinds = new Map<MixKind, number[]>();
    const failed = new Map<string, number>();
    const record = (kind: MixKind, ms: number, status: number) => {
      kinds.set(kind, [...(kinds.get(kind) ?? []), ms]);
      if (status < 200 || status > 299) failed.set(`${kind} ${status}`, (failed.get(`${kind} ${status}`) ?? 0) + 1);
    };
    const load = machineLoad();
    const mix = await runLoadMix(base, loadMixRequests(base, actors, record), { connections: CONNECTIONS, seconds: SECONDS });
    const health = await runLoadMix(base, [{ method: 'GET', path: '/api/health' }], {
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    return { mix, health, kinds, failed, load };
  } finally {
    await stop();
  }
}

function printFigures(setup: Setup, f: Figures) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`  ${setup.label} (${f.load} when the mix started)`);
  console.log(
    `    mix: ${f.mix.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(f.mix.p50)}, p95 ${ms(f.mix.p95)} (${f.mix.requests} requests, ${f.mix.non2xx} not 2xx, ${f.mix.errors} errors)`,
  );
  const perKind = [...f.kinds].map(([kind, samples]) => `${kind} ${ms(stats(samples).p95)} (${samples.length})`);
  console.log(`    p95 by kind: ${perKind.join(', ')}`);
  if (f.failed.size > 0) console.log(`    not 2xx: ${[...f.failed].map(([what, n]) => `${what} x${n}`).join(', ')}`);
  console.log(
    `    baseline /api/health: ${f.health.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(f.health.p50)}, p95 ${ms(f.health.p95)}`,
  );
}

async function runScale(scale: number) {
  const agency = await openLargeAgency({ scale });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-cluster-'));
  try {
    const plan = await prepareLoadMix(agency.database.db, agency.branch.id, CONNECTIONS);
    const [row] = rowsOf<{ name: string }>(await agency.database.db.execute(sql`select current_database() as name`));
    const url = new URL(agency.serverUrl);
    url.pathname = `/${row!.name}`;
    console.log(
      `\n${sizeLabel(agency.size)}: ${agency.visits.toLocaleString('en-US')} visits; mix of ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; ${plan.caregivers.length} caregivers checking in`,
    );
    const figures: [Setup, Figures][] = [];
    // One session secret for the scale: the first start encrypts the mix's caregivers' authenticator secrets with it.
    const secret = randomBytes(32).toString('base64url');
    for (const setup of SETUPS) {
      const f = await measure(setup, url.toString(), dataDir, plan, secret);
      printFigures(setup, f);
      figures.push([setup, f]);
    }
    const [one, two] = [figures[0]![1], figures[1]![1]];
    console.log(
      `  2 processes / 1 behind HAProxy: throughput ${(two.mix.requestsPerSecond / one.mix.requestsPerSecond).toFixed(2)}x, p95 ${(two.mix.p95 / one.mix.p95).toFixed(2)}x`,
    );
  } finally {
    await agency.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  delete process.env.BENCH_KEEP;
  console.log(`Several server processes, scales ${benchScales().join(', ')} (${machineLoad()})`);
  for (const scale of benchScales()) await runScale(scale);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
