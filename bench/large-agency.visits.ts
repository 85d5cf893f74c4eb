/**
 * The visits of the large generated agency (issue "The largest agencies"): every generated caregiver keeps a
 * regular week of about 10 visits (agency-size.ts visitsPerWeek / caregivers) from the calendar's historyFrom to its
 * scheduledTo (large-agency.calendar.ts): 13 weeks of history and the current pay period, whose days before now are
 * worked, the visits spanning now in progress and the rest scheduled.
 *
 * A real week: each caregiver-weekday has three windows, mornings the busiest (07:00-08:00 start, 2-4 h), middays
 * (12:30-13:30 start, 2-4 h) and evenings (18:00-18:30 start, 1-2 h); weekdays hold 1.8 visits a caregiver, Saturday
 * 0.85 and Sunday 0.15. The windows never overlap, so the shifts' EXCLUDE constraint holds. A caregiver sees the
 * same clients every week (active clients of the branch, two sets alternating by weekday), so travel between
 * visits at different clients is paid.
 *
 * Worked visits, as the caregiver app and the office record them: 2% cancelled by the client, 1% missed; check-ins
 * 0-6 minutes late, 5% 16-40 minutes late; 1 in 60 completed without a check-out; 1 in 50 with tasks missing. Each
 * checked-in visit has its timesheet: mobile (type 1), 1 in 17 offline (type 2), 1 in 29 an office edit with a
 * reason code (type 3), 1 in 23 checked in outside the geofence; each completed visit has a care sheet, 1 in 5 with
 * miles. Scheduled visits: 1.5% already cancelled, 1% open (no caregiver). 1 in 40 caregivers gets a cash advance a
 * week. Hashes of ids and dates decide all of this, so the same size and calendar give the same agency.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import type { AgencySize } from './agency-size';
import type { BenchCalendar } from './large-agency.calendar';

/** The rows of a raw query result. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Runs `fn`, printing "  label: 1.2 s" (the time of each generation step). */
export async function timedStep<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
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
      where conrelid = ${table}::regclass and contype in ('x', 'u')`),
  );
  for (const c of constraints) await db.execute(sql.raw(`alter table ${table} drop constraint ${c.name}`));
  for (const i of indexes) await db.execute(sql.raw(`drop index ${i.name}`));
  const statements = [
    ...indexes.map((i) => i.def),
    ...constraints.map((c) => `alter table ${table} add constraint ${c.name} ${c.def}`),
  ];
  return () =>
    timedStep(`${table}: rebuild ${indexes.length} indexes, ${constraints.length} constraints`, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
        for (const statement of statements) await tx.execute(sql.raw(statement));
      }),
    );
}

/** The check-in and check-out locations of the caregiver app (the same spot for every visit). */
const CHECK_IN = JSON.stringify({ lat: 42.1, lon: -72.1, accuracyMetres: 12, distanceMetres: 35, insideGeofence: true });
const OUTSIDE_GEOFENCE = JSON.stringify({
  lat: 42.1,
  lon: -72.1,
  accuracyMetres: 12,
  distanceMetres: 640,
  insideGeofence: false,
  outsideGeofenceReason: 'Client was at the day centre',
});
const CHECK_OUT = JSON.stringify({ lat: 42.1, lon: -72.1, accuracyMetres: 10, distanceMetres: 30, insideGeofence: true });

/** Visits per 1,000 caregivers in each window [morning, midday, evening] of each weekday, Sunday first: 10,000. */
const WEEK_SHAPE = `array[[100,50,0],[900,600,300],[900,600,300],[900,600,300],[900,600,300],[900,600,300],[500,250,100]]`;

/**
 * The temporary table bench_week: the regular week of every generated caregiver, one row per visit (weekday 0-6
 * from Sunday, window k, client, start minute after local midnight, length in minutes, service, payer).
 */
function weekTemplate(size: AgencySize): string {
  const density = size.visitsPerWeek / size.caregivers / 10;
  return `create temp table bench_week on commit drop as
    with bench as (select id from branches where name like 'Bench branch %'),
    cg as (
      select id, branch_id, (row_number() over (partition by branch_id order by id) - 1)::int as brn
      from caregivers where branch_id in (select id from bench)
    ),
    cl as (
      select id, branch_id, (row_number() over (partition by branch_id order by id) - 1)::int as rn,
        (count(*) over (partition by branch_id))::int as n
      from clients where status = 'active' and branch_id in (select id from bench)
    ),
    branch_clients as (select distinct branch_id, n from cl),
    payers as (select array_agg(id order by id) as ids from payer_sources),
    slot as materialized (
      select cg.*, dow, k, h, (cg.brn * 3 + k + (dow % 2) * (bc.n / 2)) % bc.n as client_rn
      from cg join branch_clients bc on bc.branch_id = cg.branch_id
      cross join generate_series(0, 6) dow cross join generate_series(0, 2) k
      cross join lateral (select abs(hashint8((cg.id::bigint * 8 + dow) * 4 + k))::bigint as h) hashed
      where h % 1000 < (${WEEK_SHAPE})[dow + 1][k + 1] * ${density}
    )
    select slot.id as caregiver_id, slot.branch_id, slot.dow, slot.k, cl.id as client_id,
      (case slot.k when 0 then 420 + 15 * (h / 1000 % 5) when 1 then 750 + 15 * (h / 1000 % 5) else 1080 + 15 * (h / 1000 % 3) end)::int
        as start_minute,
      (case slot.k when 2 then 60 + 30 * (h / 10000 % 3) else 120 + 30 * (h / 10000 % 5) end)::int as minutes,
      (array['T1019','S5125','S5130'])[1 + h / 100000 % 3] as service_code,
      payers.ids[1 + h / 1000000 % cardinality(payers.ids)] as payer_source_id
    from slot
    join cl on cl.branch_id = slot.branch_id and cl.rn = slot.client_rn
    cross join payers`;
}

/**
 * The visits of the days `from` to `to` (local dates) from bench_week, with their timesheets and care sheets, in
 * one statement (data-modifying CTEs, so the new shifts are not read back). `now` splits worked from scheduled.
 */
function visitsOfDays(from: string, to: string, zone: string, now: string): string {
  // Every visit starts after 07:00, past any daylight-saving change (02:00): a day's visits are minutes after its
  // local noon less 12 hours, so the zone is looked up once a day rather than once a visit.
  return `with day as (
      select d::date as day, extract(dow from d)::int as dow,
        ((d::date + time '12:00') at time zone '${zone}') - interval '12 hours' as base
      from generate_series(date '${from}', date '${to}', interval '1 day') d
    ),
    v as (
      select t.*, s.start_at, s.start_at + t.minutes * interval '1 minute' as end_at,
        abs(hashint8(t.caregiver_id::bigint * 100000 + (day.day - date '2000-01-01') * 4 + t.k))::bigint as r
      from bench_week t join day on day.dow = t.dow
      cross join lateral (select day.base + t.start_minute * interval '1 minute' as start_at) s
    ),
    phased as (
      select v.*, case
          when end_at <= '${now}' and r % 1000 < 20 then 'cancelled'
          when end_at <= '${now}' and r % 1000 < 30 then 'missed'
          when r % 1000 < 15 then 'cancelled'
          when end_at <= '${now}' then 'completed'
          when start_at <= '${now}' then 'in_progress'
          else 'scheduled' end as status,
        case when r / 1000 % 100 < 5 then 16 + r / 100000 % 25 else r / 1000 % 7 end as late
      from v
    ),
    ins as (
      insert into shifts (branch_id, client_id, caregiver_id, service_code, payer_source_id, start_at, end_at, status,
        check_in_at, check_out_at, tasks_missing, cancel_reason, cancelled_at, created_at, updated_at)
      select branch_id, client_id,
        case when status = 'scheduled' and r % 1000 < 25 then null else caregiver_id end,
        service_code, payer_source_id, start_at, end_at, status,
        case when status in ('completed', 'in_progress') then start_at + late * interval '1 minute' end,
        case when status = 'completed' and r / 1000 % 60 <> 7 then end_at + r / 10 % 5 * interval '1 minute' end,
        status = 'completed' and r / 1000 % 50 = 3,
        case when status = 'cancelled' then 'Client request' end,
        case when status = 'cancelled' then start_at - (2 + r / 10 % 46) * interval '1 hour' end,
        start_at - interval '14 days', start_at - interval '14 days'
      from phased
      returning id, caregiver_id, status, check_in_at, check_out_at, start_at
    ),
    sheets as (
      insert into shift_timesheets (shift_id, check_in, check_out, check_in_type, check_out_type, reason_code,
          check_in_metadata, check_out_metadata, created_at, updated_at)
      select id, check_in_at, check_out_at, t.type, case when check_out_at is not null then t.type end,
        case when t.type = 3 then 'device_problem' end,
        case when t.type = 3 then null when id % 23 = 0 then '${OUTSIDE_GEOFENCE}'::jsonb else '${CHECK_IN}'::jsonb end,
        case when t.type <> 3 and check_out_at is not null then '${CHECK_OUT}'::jsonb end,
        check_in_at, coalesce(check_out_at, check_in_at)
      from ins cross join lateral (select case when id % 29 = 0 then 3 when id % 17 = 0 then 2 else 1 end as type) t
      where check_in_at is not null
    ),
    care as (
      insert into care_sheets (shift_id, caregiver_id, completed_tasks, transportation_data, submitted_at, created_at,
          updated_at)
      select id, caregiver_id, '["bathing","meal_preparation"]'::jsonb,
        case when id % 5 = 0 then jsonb_build_object('miles', 3 + id % 9 + 0.25, 'trips', 1) end,
        coalesce(check_out_at, check_in_at), check_in_at, coalesce(check_out_at, check_in_at)
      from ins where status = 'completed'
    )
    select count(*)::int as n from ins`;
}

/** Adds `days` to a local date YYYY-MM-DD. */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Inserts every visit of the calendar (historyFrom to scheduledTo) for the generated caregivers, a week per
 * statement in one transaction with audit triggers and foreign-key checks off (the rows are consistent by
 * construction), the tables' indexes dropped before and rebuilt after, then builds the EVV rollups and vacuums and
 * analyzes the tables. Prints the
 * time of each step. `now` (default the current instant) splits worked visits from scheduled ones.
 * @returns the number of visits inserted.
 */
export async function generateVisits(
  db: Database['db'],
  size: AgencySize,
  calendar: BenchCalendar,
  now: Date = new Date(),
): Promise<number> {
  const tables = ['shifts', 'shift_timesheets', 'care_sheets'];
  const restores = [];
  for (const table of tables) restores.push(await dropIndexes(db, table));
  let total = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await timedStep('the caregivers\u2019 regular weeks', async () => {
      await tx.execute(sql.raw(weekTemplate(size)));
      await tx.execute(sql`analyze bench_week`);
    });
    for (let from = calendar.historyFrom; from <= calendar.scheduledTo; from = plusDays(from, 7)) {
      const to = plusDays(from, 6) < calendar.scheduledTo ? plusDays(from, 6) : calendar.scheduledTo;
      const label = from < calendar.periodFrom && to < calendar.periodFrom ? 'history' : 'pay period';
      const [row] = await timedStep(`week of ${from} (${label})`, async () =>
        rowsOf<{ n: number }>(await tx.execute(sql.raw(visitsOfDays(from, to, calendar.zone, now.toISOString())))),
      );
      total += row!.n;
    }
    await timedStep('cash advances', () =>
      tx.execute(
        sql.raw(`insert into caregiver_cash_advances (caregiver_id, amount_cents, advanced_on, reason)
          select c.id, 5000 + (c.id % 5) * 1000, date '${calendar.historyFrom}' + w * 7 + 2, 'Advance'
          from (select distinct caregiver_id as id from bench_week) c
          cross join generate_series(0, (date '${calendar.scheduledTo}' - date '${calendar.historyFrom}') / 7) w
          where c.id % 40 = w % 40 and date '${calendar.historyFrom}' + w * 7 + 2 <= date '${calendar.today}'`),
      ),
    );
  });
  for (const restore of restores) await restore();
  // The load ran without triggers, so the EVV dashboard's stored flags and rollups (0037_evv_rollups_triggers.sql)
  // are built from the loaded rows in one pass, as after any bulk load.
  await timedStep('EVV flags and rollups', () => db.execute(sql`select evv_rollups_rebuild()`));
  await timedStep('vacuum analyze', async () => {
    for (const table of [...tables, 'clients', 'caregivers', 'client_addresses', 'evv_visit_flags']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  });
  return total;
}
