/**
 * The large generated agency the benchmarks run on (issue "Scheduling", "Performance"; the view engine's issue):
 * a fresh PostgreSQL database with the demo agency plus 20 branches, 20,000 clients, 8,000 caregivers and, when
 * asked, 1,000,000 shifts over about two years. Also the HTTP server, sign-in and timing helpers the benchmarks
 * share. Every figure is measured against a baseline in the same run, so the machine's speed cancels out.
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
import { DEMO_PASSWORD } from '../packages/shared/src/app/app.constants';

export const SIZES = { branches: 20, clients: 20_000, caregivers: 8_000, shifts: 1_000_000 };
/** Days the generated shifts span: from 18 months before the current month to about 6 months after. */
const SHIFT_SPAN_DAYS = 730;

export const CALLS = 200;
export const WARMUP = 20;

/** Median and 95th percentile of samples, in their unit (milliseconds here). */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** One line of a benchmark's figures: `label` padded to `width`, then the median, p95 and maximum of `samples` (ms). */
export function statsLine(label: string, samples: number[], width: number): string {
  const s = stats(samples);
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  return `${label.padEnd(width)} median ${ms(s.median)}   p95 ${ms(s.p95)}   max ${ms(Math.max(...samples))}`;
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

/** Prints an HTTP measure against its baseline: medians, p95s and the p95 ratio, with the targets. */
export function report(title: string, http: number[], baseline: number[], baselineLabel: string, target: string) {
  const h = stats(http);
  const b = stats(baseline);
  console.log(title);
  console.log(
    `  over HTTP:${' '.repeat(Math.max(1, baselineLabel.length - 9))}median ${h.median.toFixed(2)} ms, p95 ${h.p95.toFixed(2)} ms`,
  );
  console.log(`  ${baselineLabel}: median ${b.median.toFixed(2)} ms, p95 ${b.p95.toFixed(2)} ms`);
  console.log(`  ratio (p95 HTTP / p95 ${baselineLabel.trim()}): ${(h.p95 / b.p95).toFixed(2)}  (${target})`);
  return { http: h, baseline: b };
}

async function seconds<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

async function generateRecords(db: Database['db']) {
  const firstNames = `array['Ana','Ben','Carla','Dmitri','Elena','Farah','George','Hana','Ivan','Julia','Kofi','Lena','Marco','Nadia','Omar','Priya']`;
  const lastNames = `array['Anderson','Brown','Carlson','Davidson','Evans','Fischer','Garcia','Harrison','Ibrahim','Johnson','Kowalski','Lopez','Morrison','Nguyen','Olsen','Peterson','Quinn','Robinson','Smith','Thompson']`;
  await db.execute(
    sql.raw(`insert into branches (company_id, name, city, state, timezone)
      select 1, 'Bench branch ' || g, 'Springfield', 'MA', 'America/New_York' from generate_series(1, ${SIZES.branches}) g`),
  );
  await db.execute(
    sql.raw(`insert into clients (branch_id, first_name, last_name, status, date_of_birth, phone_number, medicaid_id)
      select (select min(id) from branches) + (g % ${SIZES.branches + 3}),
        (${firstNames})[1 + g % 16], (${lastNames})[1 + (g / 7) % 20],
        (array['active','active','active','on_hold','discharged','deceased'])[1 + g % 6],
        date '1930-01-01' + (g % 20000), '555-' || lpad((g % 10000)::text, 4, '0'), lpad(g::text, 12, '0')
      from generate_series(1, ${SIZES.clients}) g`),
  );
  await db.execute(
    sql.raw(`insert into client_addresses (client_id, line1, city, state, zip, lat, lon)
      select id, id || ' Main St', (array['Boston','Worcester','Springfield','Lowell'])[1 + id % 4], 'MA', '01103',
        42 + (id % 100) / 1000.0, -72 + (id % 100) / 1000.0 from clients`),
  );
  await db.execute(
    sql.raw(`insert into caregivers (branch_id, first_name, last_name, status)
      select (select min(id) from branches) + (g % ${SIZES.branches + 3}), (${firstNames})[1 + g % 16], (${lastNames})[1 + g % 20], 'active'
      from generate_series(1, ${SIZES.caregivers}) g`),
  );
}

/** The rows of a raw query result. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Drops the indexes and EXCLUDE constraints of `table` (not its primary key) before a bulk load, which then
 * runs several times faster; the returned function builds them again from their saved definitions.
 */
async function dropIndexes(db: Database['db'], table: string): Promise<() => Promise<void>> {
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`select indexname as name, indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename = ${table}
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`),
  );
  const constraints = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = ${table}::regclass and contype = 'x'`),
  );
  for (const c of constraints) await db.execute(sql.raw(`alter table ${table} drop constraint ${c.name}`));
  for (const i of indexes) await db.execute(sql.raw(`drop index ${i.name}`));
  const rebuild = (label: string, statements: string[]) =>
    statements.length === 0
      ? Promise.resolve()
      : seconds(`${table}: rebuild ${label}`, () =>
          db.transaction(async (tx) => {
            await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
            for (const statement of statements) await tx.execute(sql.raw(statement));
          }),
        );
  return async () => {
    await rebuild(
      `${indexes.length} indexes`,
      indexes.map((i) => i.def),
    );
    await rebuild(
      `${constraints.length} EXCLUDE constraint`,
      constraints.map((c) => `alter table ${table} add constraint ${c.name} ${c.def}`),
    );
  };
}

/** The generated caregivers' FROM clause: those without shifts (the demo's have their own, never overlapped). */
export const FREE_CAREGIVERS = `caregivers where not exists (select 1 from shifts s where s.caregiver_id = caregivers.id)`;

/**
 * The `with` clauses the generators share: `cg` the free caregivers numbered overall (idx) and within their branch
 * (brn), `branch_clients` the client count per branch, `cl` the clients numbered within their branch (rn), `payers`
 * the payer source ids in order.
 */
export const GENERATOR_CTES = `cg as (
    select id, branch_id, (row_number() over (order by id) - 1)::int as idx,
      (row_number() over (partition by branch_id order by id) - 1)::int as brn
    from ${FREE_CAREGIVERS}
  ),
  branch_clients as (select branch_id, count(*)::int as n from clients group by branch_id),
  cl as (select id, branch_id, (row_number() over (partition by branch_id order by id) - 1)::int as rn from clients),
  payers as (select array_agg(id order by id) as ids from payer_sources)`;

/** The highest shift id so far (0 when none): the rows a generator adds come after it. */
export async function lastShiftId(db: Database['db']): Promise<number> {
  const [row] = rowsOf<{ lastId: number }>(await db.execute(sql`select coalesce(max(id), 0)::int as "lastId" from shifts`));
  return row!.lastId;
}

/**
 * Inserts `count` shifts in one set-based statement: shift g goes to caregiver (g mod caregivers) as that
 * caregiver's k-th slot (k = g div caregivers), slots spaced SHIFT_SPAN_DAYS / slots apart; the shift starts at a
 * pseudo-random quarter hour of its slot and ends at least an hour before the slot does, so starts spread evenly
 * over the span and no caregiver's shifts overlap (the EXCLUDE constraint, rebuilt after the load, checks it).
 * The client is one of the caregiver's branch, 1 in 31 shifts is open, times start 18 months before the current
 * month. Past shifts are mostly completed (some missed, cancelled, without a check-out or with tasks missing),
 * future ones scheduled (some cancelled); each one checked in gets its timesheet. Audit triggers and foreign-key
 * checks are off for the load (the rows are consistent by construction); the tables' indexes and constraints are
 * dropped first and rebuilt after, which is much faster than maintaining them row by row.
 */
async function generateShifts(db: Database['db'], count: number) {
  // Caregivers with shifts already (the demo's) are left out, so generated shifts never overlap theirs.
  const [caregiverCount] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${FREE_CAREGIVERS}`)));
  const slots = Math.ceil(count / caregiverCount!.n);
  const slotSeconds = Math.floor((SHIFT_SPAN_DAYS * 86_400) / slots);
  if (slotSeconds < 10 * 3600) throw new Error(`Too many shifts per caregiver: slots of ${slotSeconds} s would overlap`);
  // A shift starts anywhere in its slot, on a quarter hour, and ends (at most 8 h later) an hour before the next.
  const jitterQuarters = Math.floor((slotSeconds - 9 * 3600) / 900);

  const restoreShifts = await dropIndexes(db, 'shifts');
  const restoreTimesheets = await dropIndexes(db, 'shift_timesheets');

  const lastId = await lastShiftId(db);
  await seconds(`insert ${count.toLocaleString('en-US')} shifts and their timesheets`, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql.raw(`
        with ${GENERATOR_CTES},
        slot as (
          select g, cg.id as caregiver_id, cg.branch_id, (cg.brn * 7 + g / ${caregiverCount!.n}) % bc.n as client_rn,
            date_trunc('month', now()) - interval '18 months'
              + make_interval(secs => (g / ${caregiverCount!.n})::float8 * ${slotSeconds}
                + ((cg.idx * 7919 + (g / ${caregiverCount!.n}) * 104729) % 997) * ${jitterQuarters} / 997 * 900) as start_at,
            make_interval(hours => 2 + (g % 4) * 2) as length
          from generate_series(0, ${count - 1}) g
          join cg on cg.idx = g % ${caregiverCount!.n}
          join branch_clients bc on bc.branch_id = cg.branch_id
        ),
        timed as (
          select slot.*, start_at + length as end_at,
            case when start_at + length < now() then 'past' when start_at <= now() then 'now' else 'future' end as phase
          from slot
        )
        insert into shifts (branch_id, client_id, caregiver_id, service_code, payer_source_id, start_at, end_at, status,
          check_in_at, check_out_at, tasks_missing, cancel_reason, cancelled_at)
        select timed.branch_id, cl.id, case when g % 31 = 0 then null else timed.caregiver_id end,
          (array['T1019','S5125','S5130','G0156','S5135'])[1 + g % 5],
          payers.ids[1 + g % cardinality(payers.ids)],
          start_at, end_at, st.status,
          case when st.status in ('completed', 'in_progress') then start_at + make_interval(mins => g % 7) end,
          case when st.status = 'completed' and g % 40 <> 3 then end_at + make_interval(mins => g % 5) end,
          st.status = 'completed' and g % 50 = 7,
          case when st.status = 'cancelled' then 'Client request' end,
          case when st.status = 'cancelled' then start_at - interval '2 days' end
        from timed
        join cl on cl.branch_id = timed.branch_id and cl.rn = timed.client_rn
        cross join payers
        cross join lateral (select case
          when g % 20 = 1 or (g % 31 = 0 and phase <> 'future') then 'cancelled'
          when phase = 'future' then 'scheduled'
          when phase = 'now' then 'in_progress'
          when g % 20 = 2 then 'missed'
          else 'completed' end as status) st`),
      );
      // One timesheet per visit checked in, as the caregiver app records them: mobile, 1 in 17 offline (type 2).
      await tx.execute(
        sql.raw(`insert into shift_timesheets (shift_id, check_in, check_out, check_in_type, check_out_type, created_at, updated_at)
          select id, check_in_at, check_out_at, case when id % 17 = 0 then 2 else 1 end,
            case when check_out_at is not null then case when id % 17 = 0 then 2 else 1 end end, check_in_at, coalesce(check_out_at, check_in_at)
          from shifts where check_in_at is not null and id > ${lastId}`),
      );
    }),
  );
  await restoreShifts();
  await restoreTimesheets();
  await seconds('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze shifts`);
    await db.execute(sql`vacuum analyze shift_timesheets`);
  });
}

/** A large agency in a database of its own; close() drops it. */
export interface LargeAgency {
  database: Database;
  serverUrl: string;
  close(): Promise<void>;
}

/**
 * Creates the large agency on the PostgreSQL server at `serverUrl` (BENCH_DATABASE_URL): a new database with
 * all migrations and the demo agency, then the generated branches, clients, caregivers and `shifts` shifts.
 */
export async function openLargeAgency(options: { shifts: number }): Promise<LargeAgency> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hearth_bench_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const database = openPostgres(databaseUrl(serverUrl, name), 10);
  const close = async () => {
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    console.log(
      `Generating ${SIZES.branches} branches, ${SIZES.clients} clients, ${SIZES.caregivers} caregivers, ${options.shifts.toLocaleString('en-US')} shifts...`,
    );
    await seconds('migrate and seed the demo agency', () => prepareTemplate(database));
    await seconds('branches, clients, caregivers', () => generateRecords(database.db));
    if (options.shifts > 0) await generateShifts(database.db, options.shifts);
    await database.db.execute(sql`analyze`);
    return { database, serverUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The app serving a large agency over real HTTP, with sign-in and tRPC calls as a client makes them. */
export interface BenchServer {
  base: string;
  auth: Auth;
  /** Signs in a demo user; returns the bearer token. */
  signIn(username: string): Promise<string>;
  /** The scope the server gives a request with this token (for calling a service function directly). */
  scopeOf(token: string): Promise<Scope>;
  /** A tRPC query (GET) or mutation (POST); throws unless it answers 200. */
  call(kind: 'query' | 'mutation', procedure: string, input: unknown, token: string): Promise<unknown>;
  close(): Promise<void>;
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
    async signIn(username) {
      const res = await fetch(`${base}/api/auth/sign-in/username`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      const token = res.headers.get('set-auth-token');
      if (res.status !== 200 || !token) throw new Error(`sign-in of ${username} failed: ${res.status}`);
      return token;
    },
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
