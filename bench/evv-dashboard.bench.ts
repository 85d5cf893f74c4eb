/**
 * Benchmark of the EVV dashboard (issue "The largest agencies" item 3: company-wide under 1 s at full size, four
 * weeks of about 2,000,000 visits, on 2 cores) on the large generated agency (large-agency.ts) at each scale of
 * agency-size.ts benchScales(), on PostgreSQL. getEvvDashboard over HTTP, the four full weeks before this one:
 *   1. the company admin (every branch): totals, weeks and the first page of caregivers by rate (the page's default);
 *   2. the same with the clients list, and a deep page (page 20 of caregivers by name, descending);
 *   3. four weeks from a Wednesday (whole weeks from the weekly rollups, six days read from the per-visit flags);
 *   4. the manager of one typical branch.
 * Baseline in the same run, in turns with the measured calls: a plain count of the same completed visits (the
 * shifts of those local dates, by week), so the ratio shows what the dashboard costs on top of counting its visits.
 * Once per scale, for comparison: the per-visit computation it replaced (evvVisitsCte grouped by caregiver, client
 * and week over every visit), and the time to rebuild the flags and rollups from scratch (the migration's backfill).
 *
 *   BENCH_SCALES=0.02,0.1 npm run bench:evv
 *
 * Creates and drops its own database (BENCH_KEEP=1 keeps it for the next run, large-agency.ts).
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { evvCountColumns, evvVisitsCte, localDate } from '../apps/server/src/features/dashboards/dashboards-evv.sql';
import { sizeLabel } from './agency-size';
import { atEveryScale, moveUserToBranch, rowsOf, startBenchServer, stats, type LargeAgency } from './large-agency';
import { machineLoad } from './machine-load';

/** Timed turns after WARMUP untimed ones: enough for a p95 while a full-size run stays within minutes. */
const RUNS = 40;
const WARMUP = 3;

/** Runs the functions in turns (one call of each, then again), so all see the same load; samples in ms. */
async function inTurns(fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn();
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

/** One figure line: p50 and p95 in ms, padded to line up. */
function line(label: string, samples: number[]) {
  const s = stats(samples);
  console.log(`  ${label.padEnd(64)} p50 ${s.median.toFixed(1).padStart(8)} ms   p95 ${s.p95.toFixed(1).padStart(8)} ms`);
  return s;
}

/** The time of one call in ms. */
async function once(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function benchAt(agency: LargeAgency) {
  const { db } = agency.database;
  const sunday = DateTime.fromISO(agency.calendar.weekSunday);
  const period = { from: sunday.minus({ weeks: 4 }).toISODate()!, to: sunday.minus({ days: 1 }).toISODate()! };
  const offset = { from: sunday.minus({ days: 32 }).toISODate()!, to: sunday.minus({ days: 5 }).toISODate()! };
  const [{ visits } = { visits: 0 }] = rowsOf<{ visits: number }>(
    await db.execute(sql`select count(*)::int as visits from evv_visit_flags
      where local_date between ${period.from}::date and ${period.to}::date`),
  );
  console.log(
    `\n${sizeLabel(agency.size)}: ${visits.toLocaleString('en-US')} completed visits from ${period.from} to ${period.to}`,
  );

  const server = await startBenchServer(agency.database);
  try {
    await moveUserToBranch(db, 'branchmanager', agency.branch.id);
    const admin = await server.signIn('companyadmin');
    const manager = await server.signIn('branchmanager');
    const evv = (token: string, input: Record<string, unknown>) => () => server.call('query', 'getEvvDashboard', input, token);
    // Local dates of New York (every bench branch's zone) as UTC bounds, so the count can use the start index.
    const lower = DateTime.fromISO(period.from, { zone: agency.calendar.zone }).toUTC().toISO()!;
    const upper = DateTime.fromISO(period.to, { zone: agency.calendar.zone }).plus({ days: 1 }).toUTC().toISO()!;
    const count = () =>
      db.execute(sql`select date_trunc('week', start_at) as week, count(*)::int as n from shifts
        where start_at >= ${lower}::timestamptz and start_at < ${upper}::timestamptz and status = 'completed' group by 1`);
    const samples = await inTurns([
      evv(admin, period),
      evv(admin, { ...period, list: 'clients' }),
      evv(admin, { ...period, sort: 'name', desc: true, page: 20 }),
      evv(admin, offset),
      evv(manager, { ...period, branchId: agency.branch.id }),
      count,
    ]);
    console.log(`  (${RUNS} calls each, in turns; ${machineLoad()})`);
    const all = line('company admin, caregivers by rate, page 1 (every branch)', samples[0]!);
    line('company admin, clients by rate, page 1', samples[1]!);
    line('company admin, caregivers by name descending, page 20', samples[2]!);
    line(`company admin, ${offset.from} to ${offset.to} (partial weeks)`, samples[3]!);
    line(`manager of ${agency.branch.name}`, samples[4]!);
    const base = line('baseline: plain count of the same completed visits by week', samples[5]!);
    console.log(`  ratio company-wide / count (p50): ${(all.median / base.median).toFixed(2)}   target: company-wide < 1000 ms`);

    const where = sql`s.status = 'completed' and s.start_at >= ${lower}::timestamptz and s.start_at < ${upper}::timestamptz
      and ${localDate} between ${period.from}::date and ${period.to}::date`;
    const perVisit = await once(() =>
      db.execute(sql`with ${evvVisitsCte(where)} select v.caregiver_id, v.client_id, v.week_start, ${evvCountColumns}
        from v group by grouping sets ((v.caregiver_id), (v.client_id), (v.week_start), ())`),
    );
    console.log(`  for comparison, the per-visit computation it replaced (one query, once): ${perVisit.toFixed(0)} ms`);
    const rebuild = await once(() => db.execute(sql`select evv_rollups_rebuild()`));
    for (const table of ['evv_visit_flags', 'evv_branch_days', 'evv_caregiver_weeks', 'evv_client_weeks']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
    console.log(
      `  rebuilding the flags and rollups of every visit (${agency.visits.toLocaleString('en-US')}): ${(rebuild / 1000).toFixed(1)} s`,
    );
  } finally {
    await server.close();
  }
}

void atEveryScale(benchAt);
