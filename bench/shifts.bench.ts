/**
 * Benchmark of scheduling (issue "Scheduling", "Performance", "The largest agencies") on the large generated
 * agency (large-agency.ts) at each scale of BENCH_SCALES (agency-size.ts; default 0.1 then full size: 50,000
 * caregivers, 500,000 visits a week), each figure against a baseline measured in the same run, p50 and p95 over
 * 200 calls, with the machine's load:
 *   1. "A branch's week of shifts loads in under 100 ms p95 over HTTP": getShifts {branchId, after, before} for
 *      this workweek (Sunday to Sunday in the branch's zone) as the manager of a bench branch of typical size,
 *      against the same service call without HTTP (the same SQL).
 *   2. "Creating a shift with all checks under 50 ms p95": createShift over HTTP (a different caregiver each
 *      time, at a time the caregiver is free, with a payer and service so the authorization is matched and every
 *      warning computed), against a plain INSERT of a shift row.
 *
 *   BENCH_SCALES=0.02,0.1 npm run bench:shifts
 *
 * Creates and drops its own databases (BENCH_KEEP=1 keeps and reuses them; BENCH_DATABASE_URL names the server).
 */
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import { ZCreateShiftInput, type ShiftListItem, type ShiftSaveOutput } from '../packages/shared/src/shifts/shifts.schema';
import { createShift, getShifts } from '../apps/server/src/features/shifts/shifts.service';
import { shifts } from '../apps/server/src/features/shifts/shifts.schema';
import {
  CALLS,
  moveUserToBranch,
  atEveryScale,
  report,
  rowsOf,
  startBenchServer,
  stats,
  timeInTurns,
  timePair,
  WARMUP,
  type LargeAgency,
} from './large-agency';
import { sizeLabel } from './agency-size';
import { machineLoad } from './machine-load';

const WARMUP_AND_CALLS = WARMUP + CALLS;

/** A free time of a caregiver of the branch: [start, end) between two of its shifts, with a client to visit. */
interface FreeSlot {
  caregiverId: number;
  clientId: number;
  start: Date;
  end: Date;
}

/** Both measures on one agency. */
async function measure(agency: LargeAgency) {
  const { db } = agency.database;
  const branch = agency.branch;
  const BRANCH = branch.name;
  const server = await startBenchServer(agency.database);
  try {
    await moveUserToBranch(db, 'branchmanager', branch.id);
    const token = await server.signIn('branchmanager');
    const scope = await server.scopeOf(token);

    // 1. This workweek (Sunday to Sunday in the branch's zone): visits done and to come, with the calendar's fields.
    const sunday = DateTime.fromISO(agency.calendar.weekSunday, { zone: agency.calendar.zone });
    const week = { branchId: branch.id, after: sunday.toUTC().toISO()!, before: sunday.plus({ weeks: 1 }).toUTC().toISO()! };
    const viaHttp = () => server.call('query', 'getShifts', week, token) as Promise<ShiftListItem[]>;
    const direct = () => getShifts({ scope, input: week });
    const [httpRows, directRows] = [await viaHttp(), await direct()];
    if (httpRows.length === 0 || httpRows.length !== directRows.length) {
      throw new Error(`getShifts returned ${httpRows.length} shifts over HTTP and ${directRows.length} directly`);
    }
    const weekSamples = await timePair(viaHttp, direct);
    report(
      `a branch's week of shifts (getShifts, ${BRANCH}, week of ${agency.calendar.weekSunday}: ${httpRows.length} shifts, the calendar's fields):`,
      weekSamples.measured,
      weekSamples.baseline,
      'same call directly',
      'p95 target < 100 ms over HTTP',
    );

    // 2. Three free slots for each of WARMUP_AND_CALLS active caregivers of the branch: for createShift over HTTP,
    // for the plain INSERT, and for createShift called directly. A slot is 2 hours starting 30 minutes after one of the caregiver's coming
    // shifts ends, before its next shift starts; clients are the branch's active ones, round robin.
    const free = rowsOf<{ caregiver_id: number; client_id: number; start_at: string; rn: number }>(
      await db.execute(sql`
        with gaps as (
          select s.caregiver_id, s.end_at + interval '30 minutes' as start_at,
            row_number() over (partition by s.caregiver_id order by s.start_at) as rn
          from (select caregiver_id, start_at, end_at, lead(start_at) over (partition by caregiver_id order by start_at) as next_start
                from shifts where branch_id = ${branch.id} and caregiver_id is not null and status <> 'cancelled'
                  and start_at >= now()) s
          join caregivers c on c.id = s.caregiver_id and c.status = 'active'
          where s.next_start >= s.end_at + interval '3 hours'
        ),
        picked as (
          select caregiver_id, dense_rank() over (order by caregiver_id) as n from gaps group by caregiver_id
        ),
        active_clients as (
          select id, row_number() over (order by id) as n, count(*) over () as total from clients
          where branch_id = ${branch.id} and status = 'active'
        )
        select g.caregiver_id, ac.id as client_id, g.start_at, g.rn::int as rn
        from gaps g join picked p on p.caregiver_id = g.caregiver_id
        join active_clients ac on ac.n = 1 + (p.n * 2 + g.rn) % ac.total
        where g.rn <= 3 and p.n <= ${WARMUP_AND_CALLS}
        order by p.n, g.rn`),
    );
    const slot = (rn: number): FreeSlot[] =>
      free
        .filter((f) => f.rn === rn)
        .map((f) => {
          const start = new Date(f.start_at);
          return { caregiverId: f.caregiver_id, clientId: f.client_id, start, end: new Date(start.getTime() + 2 * 3600_000) };
        });
    const [forCreate, forInsert, forDirect] = [slot(1), slot(2), slot(3)];
    if ([forCreate, forInsert, forDirect].some((slots) => slots.length < WARMUP_AND_CALLS)) {
      throw new Error(`Only ${forCreate.length} caregivers of ${BRANCH} have free slots; ${WARMUP_AND_CALLS} needed`);
    }
    const [payer] = rowsOf<{ id: number }>(await db.execute(sql`select id from payer_sources order by id limit 1`));

    const [{ lastLoaded }] = rowsOf<{ lastLoaded: number }>(
      await db.execute(sql`select max(id) as "lastLoaded" from shifts`),
    ) as [{ lastLoaded: number }];
    let warnings = 0;
    const input = (s: FreeSlot) => ({
      clientId: s.clientId,
      caregiverId: s.caregiverId,
      startTimestamp: s.start.toISOString(),
      endTimestamp: s.end.toISOString(),
      serviceCode: 'T1019',
      payerSourceId: payer!.id,
    });
    const create = async (i: number) => {
      const saved = (await server.call('mutation', 'createShift', input(forCreate[i]!), token)) as ShiftSaveOutput;
      warnings += saved.warnings.length;
    };
    const insert = async (i: number) => {
      const s = forInsert[i]!;
      await db.insert(shifts).values({
        branchId: branch.id,
        clientId: s.clientId,
        caregiverId: s.caregiverId,
        serviceCode: 'T1019',
        payerSourceId: payer!.id,
        startAt: s.start,
        endAt: s.end,
      });
    };
    // Where the time goes: the same service call without HTTP, session lookup and request transaction.
    const createDirectly = (i: number) => createShift({ scope, input: ZCreateShiftInput.parse(input(forDirect[i]!)) });
    const [overHttp, inserted, called] = await timeInTurns([create, insert, createDirectly]);
    report(
      `creating a shift (createShift with all checks, ${CALLS} caregivers of ${BRANCH}; ${warnings} warnings returned):`,
      overHttp!,
      inserted!,
      'plain INSERT',
      'p95 target < 50 ms over HTTP',
    );
    const service = stats(called!);
    console.log(`  createShift called directly: p50 ${service.median.toFixed(2)} ms, p95 ${service.p95.toFixed(2)} ms`);
    const [check] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shifts where id > ${lastLoaded}`));
    console.log(`  (${check!.n} shifts written, ${3 * WARMUP_AND_CALLS} expected)`);
    // A kept agency (BENCH_KEEP=1) serves the next benchmarks as generated.
    await db.execute(sql`delete from shifts where id > ${lastLoaded}`);
  } finally {
    await server.close();
  }
}

void atEveryScale(async (agency) => {
  console.log(`\n${sizeLabel(agency.size)}: ${agency.visits.toLocaleString('en-US')} visits (${machineLoad()})`);
  await measure(agency);
});
