/**
 * Benchmark of payroll and billing of one pay period (issue "The largest agencies": payroll of a period of about
 * 1,000,000 visits at full size under 10 s, at most 3x one SELECT reading the same rows, memory under 1 GB) on the
 * large generated agency (large-agency.ts) at each scale of agency-size.ts benchScales(), on PostgreSQL. The period
 * is the last whole pay period before the current one (every visit of it worked or missed, none scheduled):
 *   1. computePayrollReport as the company admin in a request's transaction (withRequestScope, as the tRPC mutation
 *      runs it: every caregiver, FLSA workweeks, blended rates, travel, mileage, advances; the lines replaced, a
 *      chunk of caregivers at a time).
 *   2. computeBillingReport likewise (every visit with a payer: units, rates, EVV, authorizations; the lines
 *      replaced, a chunk of clients at a time).
 * Baselines in the same run, in turns with the measured calls (payroll's turns, then billing's): one SELECT of the
 * rows each computation reads (the payroll window's visits with their timesheets: every workweek the period
 * touches, workweeksWindow; billing's: the period's visits with their timesheets), read into the process. Peak
 * memory: the process's RSS and heap sampled every 10 ms while each call runs, above what they were before it,
 * after a full garbage collection (the npm script runs node with --expose-gc; without it the garbage the previous
 * call left counts in the next peak). Payroll's memory is also measured in a process of its own (payroll.alone.ts),
 * where the baseline's rows do not raise V8's heap sizing.
 *
 *   BENCH_SCALES=0.02,0.05 npm run bench:payroll
 *   BENCH_SCALES=1 BENCH_PAYROLL_RUNS=2 npm run bench:payroll    (full size, two timed turns)
 *
 * Creates and drops its own database (BENCH_KEEP=1 keeps it for the next run, large-agency.ts).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { databaseUrl } from '../apps/server/src/test/test-database';
import { previousSemiMonthlyPeriod } from '../packages/shared/src/payroll/payroll-period';
import { callerOfUser } from '../apps/server/src/auth/caller-of-user';
import { withRequestScope } from '../apps/server/src/db/request-scope';
import { computeBillingReport } from '../apps/server/src/features/billing/billing.service';
import { computePayrollReport } from '../apps/server/src/features/payroll/payroll.service';
import { users } from '../apps/server/src/features/users/users.schema';
import { sizeLabel } from './agency-size';
import { atEveryScale, rowsOf, stats, type LargeAgency } from './large-agency';
import { machineLoad } from './machine-load';
import { periodWindow, workweeksWindow } from '../apps/server/src/features/visits/visits.worked';

const run = promisify(execFile);

/** Timed turns after one untimed warm-up turn (BENCH_PAYROLL_RUNS; each computation takes seconds at full size). */
const RUNS = Number(process.env.BENCH_PAYROLL_RUNS ?? 5);

/** A call's time and the peak of the process's memory above its level when the call began (MB). */
interface Sample {
  ms: number;
  rssMb: number;
  heapMb: number;
}

/** Runs `fn`, sampling the process's RSS and heap every 10 ms (and at the end) for their peak above the start. */
async function measured(fn: () => Promise<unknown>): Promise<Sample> {
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const start = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - start;
  sample();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { ms, rssMb: mb(rss - before.rss), heapMb: mb(heap - before.heapUsed) };
}

/** RUNS turns of every function after one warm-up turn; samples per function in the order given. */
async function inTurns(fns: (() => Promise<unknown>)[]): Promise<Sample[][]> {
  for (const fn of fns) await fn();
  const samples = fns.map(() => [] as Sample[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, fn] of fns.entries()) {
      global.gc?.();
      samples[k]!.push(await measured(fn));
    }
  }
  return samples;
}

/** Prints one figure's p50, p95 and peak memory; returns its p50 (ms). */
function figure(label: string, samples: Sample[]): number {
  const s = stats(samples.map((x) => x.ms));
  const peak = (pick: (x: Sample) => number) => Math.max(...samples.map(pick)).toFixed(0);
  console.log(
    `  ${label.padEnd(58)} p50 ${s.median.toFixed(0).padStart(6)} ms  p95 ${s.p95.toFixed(0).padStart(6)} ms  ` +
      `peak +${peak((x) => x.rssMb)} MB RSS, +${peak((x) => x.heapMb)} MB heap`,
  );
  return s.median;
}

/** The visits (not cancelled) of a window with their timesheets, as both computations select them: one SELECT. */
/** The shifts not cancelled whose check-in (else scheduled start) lies in the window, as both computations read them. */
function inWindow(window: { start: Date; end: Date }) {
  const at = sql`coalesce(s.check_in_at, s.start_at)`;
  return sql`s.status <> 'cancelled' and ${at} >= ${window.start.toISOString()}::timestamptz
    and ${at} < ${window.end.toISOString()}::timestamptz`;
}

function readVisits(agency: LargeAgency, window: { start: Date; end: Date }, payerOnly: boolean) {
  const payer = payerOnly ? sql`and s.payer_source_id is not null` : sql`and s.caregiver_id is not null`;
  return agency.database.db.execute(sql`
    select s.id, s.caregiver_id, s.client_id, s.payer_source_id, s.service_code, s.status, s.start_at, s.end_at,
      t.check_in, t.check_out, t.check_in_type, t.check_out_type
    from shifts s left join shift_timesheets t on t.shift_id = s.id
    where ${inWindow(window)} ${payer}`);
}

/** payroll.alone.ts's figures for the agency's period: its memory without the baseline's rows in the process. */
async function payrollAlone(agency: LargeAgency, period: { from: string; to: string }) {
  const [row] = rowsOf<{ name: string }>(await agency.database.db.execute(sql`select current_database() as name`));
  const script = fileURLToPath(new URL('payroll.alone.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      BENCH_PAYROLL_DATABASE_URL: databaseUrl(agency.serverUrl, row!.name),
      BENCH_PAYROLL_FROM: period.from,
      BENCH_PAYROLL_TO: period.to,
    },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; rssBeforeMb: number; peakRssMb: number };
}

/** The payroll and billing figures of one scale. */
async function atScale(agency: LargeAgency) {
  const { db } = agency.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'companyadmin'));
  const admin = (await callerOfUser(db, user!.id))!;
  const period = previousSemiMonthlyPeriod(agency.calendar.periodFrom);
  const payrollWindow = workweeksWindow(period);
  const billingWindow = periodWindow(period);
  const count = async (window: { start: Date; end: Date }) => {
    const result = await db.execute(sql`select count(*)::int as n from shifts s where ${inWindow(window)}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const periodVisits = await count(billingWindow);
  const readVisitsCount = await count(payrollWindow);
  const payroll = () => withRequestScope(db, admin, (scope) => computePayrollReport({ scope, input: period }));
  const billing = () => withRequestScope(db, admin, (scope) => computeBillingReport({ scope, input: period }));
  // Payroll's turns first, then billing's: billing leaves V8 a larger heap, which would raise payroll's peaks.
  const first = await payroll();
  console.log(`\n${sizeLabel(agency.size)}; pay period ${period.from} to ${period.to} (${machineLoad()})`);
  const [payrollSamples, readSamples] = await inTurns([payroll, () => readVisits(agency, payrollWindow, false)]);
  const alone = await payrollAlone(agency, period);
  const bill = await billing();
  const [billingSamples, billingReadSamples] = await inTurns([billing, () => readVisits(agency, billingWindow, true)]);
  console.log(
    `  ${periodVisits.toLocaleString('en-US')} visits in the period, ${readVisitsCount.toLocaleString('en-US')} in ` +
      `payroll's window; ${first.caregivers.toLocaleString('en-US')} payroll lines, ` +
      `${bill.lines.toLocaleString('en-US')} billing lines`,
  );
  const p = figure('computePayrollReport (request transaction)', payrollSamples!);
  const r = figure("baseline: one SELECT of payroll's visits and timesheets", readSamples!);
  const { ms, rssBeforeMb, peakRssMb } = alone;
  console.log(
    `  computePayrollReport in a process of its own (payroll.alone.ts)  ${ms} ms, ` +
      `process peak RSS ${peakRssMb} MB (${rssBeforeMb} MB before the measured call)`,
  );
  const b = figure('computeBillingReport (request transaction)', billingSamples!);
  const br = figure("baseline: one SELECT of billing's visits and timesheets", billingReadSamples!);
  console.log(`  payroll ratio (p50 / baseline p50): ${(p / r).toFixed(2)}  (target at full size: < 10 s, <= 3x, < 1 GB)`);
  console.log(`  billing ratio (p50 / baseline p50): ${(b / br).toFixed(2)}`);
  console.log(`  (${machineLoad()})`);
}

void atEveryScale(atScale);
