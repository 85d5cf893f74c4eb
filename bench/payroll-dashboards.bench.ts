/**
 * Benchmark of payroll and the EVV dashboard (issue "Payroll, billing, reports", "Performance") on the large
 * generated agency (large-agency.ts: 20 bench branches, 20,000 clients, 8,000 caregivers) with four weeks of
 * worked visits (large-agency.visits.ts: about 40,000 a week), on PostgreSQL:
 *   1. "The payroll report of one pay period in under 5 s": computePayrollReport for March 1-15 over HTTP as the
 *      company admin (every caregiver: FLSA workweeks, blended rates, travel, mileage, advances, the lines
 *      replaced), then the report's first page (queryView reportPayroll). Baseline in the same run: one plain
 *      SELECT of the rows the computation has to read (the visits of the workweeks around the period with their
 *      timesheets), so the ratio says what the rules and the writes cost on top of reading.
 *   2. "The EVV dashboard in under 1 s": getEvvDashboard over the four weeks over HTTP as the company admin (every
 *      branch) and as the manager of one branch, against a plain count of the same visits by week.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:payroll
 *
 * Creates and drops its own database.
 */
import { eq, sql } from 'drizzle-orm';
import { branches } from '../apps/server/src/features/branches/branches.schema';
import { moveUserToBranch, openLargeAgency, startBenchServer, stats } from './large-agency';
import { generateVisitWeeks } from './large-agency.visits';

/** A Sunday (the FLSA workweek's first day) far from today, and the pay period inside the four weeks after it. */
const FIRST_SUNDAY = '2031-02-23';
const WEEKS = 4;
const PERIOD = { from: '2031-03-01', to: '2031-03-15' };
const EVV_RANGE = { from: '2031-02-23', to: '2031-03-22' };
const RUNS = 7;
const BRANCH = 'Bench branch 5';

/** Runs each function RUNS times in turns after one untimed warm-up turn; samples in milliseconds. */
async function timeRuns(fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (const fn of fns) await fn();
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      samples[k]!.push(performance.now() - start);
    }
  }
  return samples;
}

function line(label: string, samples: number[]) {
  const s = stats(samples);
  console.log(`  ${label}: median ${s.median.toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms`);
  return s;
}

async function main() {
  const agency = await openLargeAgency({ shifts: 0 });
  const { db } = agency.database;
  const started = performance.now();
  const visits = await generateVisitWeeks(db, FIRST_SUNDAY, WEEKS);
  console.log(
    `  ${visits.toLocaleString('en-US')} visits over ${WEEKS} weeks: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startBenchServer(agency.database);
  try {
    const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.name, BRANCH));
    await moveUserToBranch(db, 'branchmanager', branch!.id);
    const admin = await server.signIn('companyadmin');
    const manager = await server.signIn('branchmanager');

    // 1. Payroll of March 1-15 (workweeks Feb 23 - Mar 22 read, whole).
    const compute = () => server.call('mutation', 'computePayrollReport', PERIOD, admin);
    const firstPage = () =>
      server.call(
        'query',
        'queryView',
        {
          view: 'reportPayroll',
          filters: [{ column: 'periodFrom', operator: 'equals', value: PERIOD.from }],
          page: 1,
          pageSize: 50,
        },
        admin,
      );
    const read = () =>
      db.execute(sql`select s.id, s.caregiver_id, s.client_id, s.service_code, t.check_in, t.check_out, t.check_in_type,
          t.check_out_type, t.reason_code
        from shifts s join shift_timesheets t on t.shift_id = s.id
        where s.start_at >= ${FIRST_SUNDAY}::date - 1 and s.start_at < ${FIRST_SUNDAY}::date + ${WEEKS * 7 + 1}::int
          and s.status = 'completed'`);
    const result = (await compute()) as { caregivers: number; totals: Record<string, number> };
    console.log(
      `payroll of ${PERIOD.from} to ${PERIOD.to}: ${result.caregivers.toLocaleString('en-US')} caregivers, totals ${JSON.stringify(result.totals)}`,
    );
    const [computeSamples, pageSamples, readSamples] = await timeRuns([compute, firstPage, read]);
    const c = line('computePayrollReport over HTTP', computeSamples!);
    line('first page of the report (queryView reportPayroll)', pageSamples!);
    const r = line('baseline: one SELECT of the visits and timesheets read', readSamples!);
    console.log(`  ratio (median compute / median read): ${(c.median / r.median).toFixed(2)}  (target: compute < 5000 ms)`);

    // 2. The EVV dashboard over the four weeks.
    const evv = (token: string, input: Record<string, unknown>) => () => server.call('query', 'getEvvDashboard', input, token);
    const count = () =>
      db.execute(sql`select date_trunc('week', start_at) as week, count(*)::int as n,
          count(*) filter (where check_in_at > start_at + interval '15 minutes')::int as late
        from shifts where start_at >= ${EVV_RANGE.from}::date and start_at < ${EVV_RANGE.to}::date + 1 and status = 'completed'
        group by 1`);
    const [allSamples, branchSamples, countSamples] = await timeRuns([
      evv(admin, EVV_RANGE),
      evv(manager, { ...EVV_RANGE, branchId: branch!.id }),
      count,
    ]);
    console.log(`EVV dashboard of ${EVV_RANGE.from} to ${EVV_RANGE.to}:`);
    const all = line('getEvvDashboard over HTTP, company admin (every branch)', allSamples!);
    line(`getEvvDashboard over HTTP, manager of ${BRANCH}`, branchSamples!);
    const base = line('baseline: a plain count of the visits by week', countSamples!);
    console.log(`  ratio (median all branches / median count): ${(all.median / base.median).toFixed(2)}  (target: < 1000 ms)`);
  } finally {
    await server.close();
    await agency.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
