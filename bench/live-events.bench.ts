/**
 * Benchmark of live updates (issue 21 item 1, "Performance and scale") with two server processes on one PostgreSQL:
 *   1. Latency from publish on one process to receipt on the other: this process commits publishLiveEvent in its
 *      own pool; a second server process (`tsx apps/server/src/main.ts`, started here on the same database) hears
 *      the NOTIFY, reads the row and sends it down a real HTTP event stream. Median and p95 over 200 events, sent
 *      one after another, against the target (p95 < 200 ms). Baseline in the same run: a plain NOTIFY round trip
 *      (one connection NOTIFYs, another LISTENs), the floor under any LISTEN/NOTIFY fan-out.
 *   2. 1,000 open subscriptions on the second process: all opened, each event reaching all 1,000 (time until the
 *      last one has it, median and p95 over 50 events), still all open and receiving after 50 s (three server
 *      pings), and the process's resident memory before and after opening them (RSS, so garbage not yet collected
 *      counts too), with the machine's load average beside the figures, since the bench process reads all 1,000
 *      streams itself and competes with the server for the same cores.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live
 *
 * Creates and drops its own database. The subscriber is the demo client user (a role without a second factor to
 * enrol), signed in over HTTP; every stream is a connection of its own.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { adminQuery, databaseUrl, prepareTemplate } from '../apps/server/src/test/test-database';
import { publishLiveEvent } from '../apps/server/src/features/live/live.publish';
import { openLiveStream, type LiveStreamReader } from '../apps/server/src/features/live/live.test-support';
import { users } from '../apps/server/src/features/users/users.schema';
import { DEMO_PASSWORD } from '../packages/shared/src/app/app.constants';
import { stats, statsLine } from './large-agency';
import { freePort, startServerProcess, stopServerProcess } from './server-process';
import { machineLoad } from './machine-load';

const SECRET = 'bench-live-secret-bench-live-secret-0123456789';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LATENCY_EVENTS = 200;
const FANOUT_EVENTS = 50;
const SUBSCRIPTIONS = 1000;
const HOLD_MS = 50_000;
const TARGET_P95_MS = 200;

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (label: string, samples: number[]) => statsLine(label, samples, 44);

/** Waits for the event `refId` on `stream`; resolves with the time it arrived (performance.now()). */
async function arrival(stream: LiveStreamReader, refId: number): Promise<number> {
  for (;;) {
    const event = await stream.next();
    if (event.refId === refId) return performance.now();
  }
}

async function main() {
  const name = `hearth_bench_live_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = openPostgres(url, 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-live-'));
  let child: ChildProcess | null = null;
  const streams: LiveStreamReader[] = [];
  try {
    await prepareTemplate(database);
    const [client] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
    const port = await freePort();
    child = await startServerProcess(url, port, dataDir, SECRET);
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: 'client', password: DEMO_PASSWORD }),
    });
    const token = signIn.headers.get('set-auth-token');
    if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
    const open = async () => {
      const stream = await openLiveStream(base, token, { origin: base });
      if (stream.status !== 200 || (await stream.next()).topic !== 'ready') throw new Error('stream refused');
      streams.push(stream);
      return stream;
    };
    let refId = 0;
    const publish = () => {
      const id = ++refId;
      return database.db.transaction((tx) => publishLiveEvent(tx, { topic: 'counts', userIds: [client!.id], refId: id }));
    };

    // 1. Publish here, receive there; baseline: a bare NOTIFY round trip on the same server.
    const probe = await open();
    const latency: number[] = [];
    for (let i = 0; i < LATENCY_EVENTS + 20; i++) {
      const started = performance.now();
      const arrived = arrival(probe, refId + 1);
      await publish();
      const took = (await arrived) - started;
      if (i >= 20) latency.push(took);
    }
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    await listener.query('LISTEN bench_round_trip');
    const notify: number[] = [];
    for (let i = 0; i < LATENCY_EVENTS + 20; i++) {
      const started = performance.now();
      const heard = new Promise<number>((resolve) => listener.once('notification', () => resolve(performance.now())));
      await database.db.transaction((tx) => tx.execute(sql.raw(`NOTIFY bench_round_trip, '${i}'`)));
      const took = (await heard) - started;
      if (i >= 20) notify.push(took);
    }
    await listener.end();
    probe.close();
    streams.length = 0;

    // 2. 1,000 subscriptions on the second process.
    const rssBefore = rssMb(child.pid!);
    const openedAt = performance.now();
    for (let i = 0; i < SUBSCRIPTIONS; i += 50) await Promise.all(Array.from({ length: 50 }, open));
    const openSeconds = (performance.now() - openedAt) / 1000;
    const rssOpen = rssMb(child.pid!);
    const fanout: number[] = [];
    for (let i = 0; i < FANOUT_EVENTS + 5; i++) {
      const started = performance.now();
      const arrivals = Promise.all(streams.map((s) => arrival(s, refId + 1)));
      await publish();
      const last = Math.max(...(await arrivals));
      if (i >= 5) fanout.push(last - started);
    }
    const rssAfter = rssMb(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    const afterHold = Promise.all(streams.map((s) => arrival(s, refId + 1)));
    await publish();
    const held = (await afterHold).length;

    const p95 = stats(latency).p95;
    console.log(`\nLive updates, two server processes on PostgreSQL (${LATENCY_EVENTS} events, one at a time)`);
    console.log(line('publish here -> receipt on the other process', latency));
    console.log(line('baseline: plain NOTIFY round trip', notify));
    console.log(`target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (${ms(p95)})`);
    console.log(`\n${SUBSCRIPTIONS} open subscriptions on the second process (opened in ${openSeconds.toFixed(1)} s)`);
    console.log(line(`one event -> all ${SUBSCRIPTIONS} have it (${FANOUT_EVENTS} events)`, fanout));
    console.log(`after holding ${HOLD_MS / 1000} s: ${held} of ${SUBSCRIPTIONS} still open and receiving`);
    console.log(
      `server process memory (RSS): ${rssBefore} MB before, ${rssOpen} MB with ${SUBSCRIPTIONS} open, ${rssAfter} MB after ${FANOUT_EVENTS} events to all`,
    );
    console.log(`machine load while measuring: ${machineLoad()}`);
  } finally {
    for (const stream of streams) stream.close();
    if (child) await stopServerProcess(child);
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
