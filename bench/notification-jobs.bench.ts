/**
 * Benchmark of the visit reminder job (issue "Reaching people", "Performance and scale": "a reminder run for 50,000
 * visits finishes in under a minute"), on PostgreSQL. For each size (10,000 then 50,000, or REMINDER_BENCH_SIZES,
 * comma-separated): that many new caregivers, each with a sign-in user, and one visit each starting within the next
 * two hours, so one run of remindUpcomingVisits has them all to remind: the ledger claim, the in-app notification in
 * the caregiver's language and the outbox message of their channels (push and SMS by default; without a browser with
 * push on, the text alone), batch by batch.
 * Baseline in the same run: one plain SELECT of the same visits with the columns a reminder reads, so the ratio says
 * what the notifications cost on top of finding them. Between sizes the generated rows are removed.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reminders
 *
 * Creates and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { adminQuery, databaseUrl, prepareTemplate } from '../apps/server/src/test/test-database';
import { remindUpcomingVisits } from '../apps/server/src/features/notifications/visit-reminders.job';
import { rowsOf } from './large-agency';
import { machineLoad } from './machine-load';

const SIZES = (process.env.REMINDER_BENCH_SIZES ?? '10000,50000').split(',').map(Number);
const TARGET_SECONDS = 60;

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hearth_bench_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const database = openPostgres(databaseUrl(serverUrl, name), 10);
  const { db } = database;
  try {
    await prepareTemplate(database);
    const now = new Date();
    console.log(
      `Visit reminders on PostgreSQL (target: ${SIZES.at(-1)!.toLocaleString('en-US')} visits in < ${TARGET_SECONDS} s)`,
    );
    for (const size of SIZES) {
      const started = performance.now();
      await db.execute(sql`
        with made as (
          insert into users (username, email, name, company_id, role_id, language, phone_number)
          select 'bench.aide.' || g, 'bench.aide.' || g || '@example.com', 'Aide ' || g,
            (select company_id from branches order by id limit 1), 3, case when g % 4 = 0 then 'es' end,
            '+1617555' || lpad((g % 10000)::text, 4, '0')
          from generate_series(1, ${size}) g
          returning id, username
        )
        insert into caregivers (branch_id, first_name, last_name, status, phone_number, user_id)
        select (select id from branches order by id limit 1) + (split_part(username, '.', 3)::int % 3), 'Aide',
          split_part(username, '.', 3), 'active', '+1617555' || lpad((split_part(username, '.', 3)::int % 10000)::text, 4, '0'), id
        from made`);
      await db.execute(sql`
        insert into shifts (branch_id, client_id, caregiver_id, service_code, start_at, end_at)
        select c.branch_id, (select min(cl.id) from clients cl where cl.branch_id = c.branch_id), c.id, 'T1019',
          ${now.toISOString()}::timestamptz + make_interval(mins => 5 + (c.id % 110)),
          ${now.toISOString()}::timestamptz + make_interval(mins => 125 + (c.id % 110))
        from caregivers c where c.last_name ~ '^[0-9]+$'`);
      await db.execute(sql`analyze`);
      console.log(
        `  ${size.toLocaleString('en-US')} caregivers with users and visits: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      const readStart = performance.now();
      const read = rowsOf<{ id: number }>(
        await db.execute(sql`
          select s.id, s.start_at, s.end_at, u.id as user_id, u.language, u.phone_number, cl.first_name, cl.last_name, b.timezone
          from shifts s join caregivers c on c.id = s.caregiver_id join users u on u.id = c.user_id and u.is_active
          join clients cl on cl.id = s.client_id join branches b on b.id = s.branch_id
          where s.status = 'scheduled' and s.check_in_at is null
            and s.start_at > ${now.toISOString()}::timestamptz and s.start_at <= ${now.toISOString()}::timestamptz + interval '2 hours'`),
      );
      const readMs = performance.now() - readStart;

      const runStart = performance.now();
      const done = await remindUpcomingVisits(db, now);
      const runMs = performance.now() - runStart;
      const [counts] = rowsOf<{ inapp: number; outbox: number }>(
        await db.execute(sql`select (select count(*)::int from in_app_notifications where kind = 'visit_reminder') as inapp,
          (select count(*)::int from outbox where kind = 'visit_reminder') as outbox`),
      );
      console.log(`  ${size.toLocaleString('en-US')} visits due (${machineLoad()}):`);
      console.log(
        `    reminder run: ${(runMs / 1000).toFixed(1)} s for ${done.reminded.toLocaleString('en-US')} visits ` +
          `(${((runMs / done.reminded) * 1000).toFixed(0)} us each; ${counts!.inapp} in-app, ${counts!.outbox} outbox messages)`,
      );
      console.log(
        `    baseline, one SELECT of the same ${read.length.toLocaleString('en-US')} visits: ${readMs.toFixed(0)} ms ` +
          `(ratio ${(runMs / readMs).toFixed(0)}x)`,
      );
      console.log(`    target ${TARGET_SECONDS} s: ${runMs / 1000 < TARGET_SECONDS ? 'met' : 'NOT met'}`);
      await db.execute(sql`
        delete from outbox where kind = 'visit_reminder';
        delete from in_app_notifications where kind = 'visit_reminder';
        delete from notice_ledger where kind = 'visit_reminder';`);
      await db.execute(sql`delete from shifts where caregiver_id in (select id from caregivers where last_name ~ '^[0-9]+$')`);
      await db.execute(sql`delete from caregivers where last_name ~ '^[0-9]+$'`);
      await db.execute(sql`delete from users where username like 'bench.aide.%'`);
    }
  } finally {
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
