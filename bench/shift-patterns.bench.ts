/**
 * Benchmark of recurring pattern generation (issue "Scheduling", "Performance": generating 60 days of patterns for
 * 5,000 clients under 60 s on PostgreSQL). Fills a fresh database with 20 branches, 5,000 clients with addresses,
 * 2,000 caregivers and 5,000 patterns (one per client, weekly on 3 days, 3 hours, caregivers never double-booked),
 * then times extendPatternHorizons over the 60-day horizon: shifts generated, seconds, shifts per second. As a
 * baseline measured in the same run it times one plain multi-row INSERT of as many shift rows (a copy of the
 * generated rows two years later: the same table, indexes, EXCLUDE constraint and audit trigger, without
 * recurrence, authorization match, lock or conflict checks) and prints generation / baseline.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:patterns
 *
 * Creates and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { adminQuery, databaseUrl } from '../apps/server/src/test/test-database';
import { ensureRoles } from '../apps/server/src/features/roles/roles.seed';
import { extendPatternHorizons, horizonEnd } from '../apps/server/src/features/shifts/shift-patterns.generate';
import { patternOccurrences } from '../packages/shared/src/shifts/recurrence';
import { todayIn } from '../packages/shared/src/caregivers/caregivers.rules';
import { machineLoad } from './machine-load';

const SIZES = { branches: 20, clients: 5_000, caregivers: 2_000 };
const ZONE = 'America/New_York';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `hearth_bench_${randomUUID().replaceAll('-', '').slice(0, 8)}`;

type Db = ReturnType<typeof openPostgres>['db'];

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

/**
 * The agency: client g in branch g % 20, caregiver j in branch j % 20; pattern g has caregiver g % 2000 (same
 * branch) in slot floor(g / 2000): 08:00, 12:00 or 16:00 for 3 hours, so a caregiver's patterns never overlap.
 */
async function generate(db: Db, today: string) {
  await db.execute(sql`insert into companies (name) values ('Bench agency')`);
  await db.execute(
    sql.raw(`insert into branches (company_id, name, city, state, timezone)
      select (select min(id) from companies), 'Bench branch ' || g, 'Springfield', 'MA', '${ZONE}'
      from generate_series(0, ${SIZES.branches - 1}) g order by g`),
  );
  await db.execute(
    sql.raw(
      `insert into payer_sources (company_id, name, payer_type) values ((select min(id) from companies), 'MassHealth', 'medicaid')`,
    ),
  );
  await db.execute(
    sql.raw(`insert into clients (branch_id, first_name, last_name, status, primary_payer_source_id)
      select (select min(id) from branches) + g % ${SIZES.branches}, 'Client', 'Number ' || g, 'active', (select min(id) from payer_sources)
      from generate_series(0, ${SIZES.clients - 1}) g order by g`),
  );
  await db.execute(
    sql.raw(`insert into client_addresses (client_id, line1, city, state, zip, lat, lon)
      select id, id || ' Main St', 'Springfield', 'MA', '01103', 42 + (id % 100) / 1000.0, -72 + (id % 100) / 1000.0 from clients`),
  );
  await db.execute(
    sql.raw(`insert into caregivers (branch_id, first_name, last_name, status)
      select (select min(id) from branches) + g % ${SIZES.branches}, 'Caregiver', 'Number ' || g, 'active'
      from generate_series(0, ${SIZES.caregivers - 1}) g order by g`),
  );
  // A quarter of the clients have an authorization covering the horizon, so the match finds rows too.
  await db.execute(
    sql.raw(`insert into client_authorizations (client_id, payer_source_id, service_code, units_per_week, start_date, end_date)
      select id, primary_payer_source_id, 'T1019', 40, date '${today}' - 30, date '${today}' + 90 from clients where id % 4 = 0`),
  );
  await db.execute(
    sql.raw(`insert into shift_patterns (branch_id, client_id, caregiver_id, service_code, payer_source_id, rrule, start_date,
        start_time, duration_minutes, timezone)
      select c.branch_id, c.id, cg.id, 'T1019', c.primary_payer_source_id,
        case when c.n % 2 = 0 then 'FREQ=WEEKLY;BYDAY=MO,WE,FR' else 'FREQ=WEEKLY;BYDAY=TU,TH,SA' end,
        date '${today}', (array['08:00','12:00','16:00'])[1 + c.n / ${SIZES.caregivers}], 180, '${ZONE}'
      from (select id, branch_id, primary_payer_source_id, row_number() over (order by id) - 1 as n from clients) c
      join (select id, row_number() over (order by id) - 1 as n from caregivers) cg on cg.n = c.n % ${SIZES.caregivers}`),
  );
  await db.execute(sql`analyze`);
}

async function main() {
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const database = openPostgres(databaseUrl(serverUrl, name), 4);
  try {
    await database.migrate();
    await ensureRoles(database.db);
    const today = todayIn(ZONE);
    console.log(
      `Generating ${SIZES.branches} branches, ${SIZES.clients} clients, ${SIZES.caregivers} caregivers, ${SIZES.clients} patterns...`,
    );
    await generate(database.db, today);

    // The recurrence alone (rrule + Luxon, no database), for the breakdown.
    const patterns = (
      (await database.db.execute(sql`select rrule, start_date::text as "startDate", start_time as "startTime",
        duration_minutes as "durationMinutes", timezone from shift_patterns`)) as unknown as {
        rows: { rrule: string; startDate: string; startTime: string; durationMinutes: number; timezone: string }[];
      }
    ).rows;
    let started = performance.now();
    let occurrences = 0;
    for (const p of patterns) {
      occurrences += patternOccurrences({ ...p, endDate: null, exdates: [] }, { from: today, to: horizonEnd(today) }).length;
    }
    const recurrenceSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    const result = await extendPatternHorizons({ db: database.db, today });
    const seconds = (performance.now() - started) / 1000;
    const { n: stored } = await one<{ n: number }>(database.db, sql`select count(*)::int as n from shifts`);

    started = performance.now();
    await database.db.execute(sql`
      insert into shifts (branch_id, client_id, caregiver_id, service_code, modifiers, payer_source_id, start_at, end_at)
      select branch_id, client_id, caregiver_id, service_code, modifiers, payer_source_id,
        start_at + interval '2 years', end_at + interval '2 years'
      from shifts where pattern_id is not null`);
    const baseline = (performance.now() - started) / 1000;

    console.log(`extendPatternHorizons, ${today} + 60 days (${machineLoad()}):`);
    console.log(
      `  patterns ${result.patterns}, shifts generated ${result.generated} (stored ${stored}), left open ${result.opened}`,
    );
    console.log(`  ${seconds.toFixed(2)} s, ${Math.round(result.generated / seconds)} shifts/s  (target < 60 s)`);
    console.log(
      `  of which recurrence in JS (rrule + Luxon) about ${recurrenceSeconds.toFixed(2)} s for ${occurrences} occurrences`,
    );
    console.log(`baseline: one plain INSERT ... SELECT of ${stored} shift rows: ${baseline.toFixed(2)} s`);
    console.log(`  ratio (generation / baseline): ${(seconds / baseline).toFixed(2)}`);
  } finally {
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
