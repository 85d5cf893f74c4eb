/**
 * Weeks of worked visits for the large generated agency (large-agency.ts), as the payroll and EVV benchmarks need
 * them (issue "Payroll, billing, reports", "Performance": 8,000 caregivers, about 40,000 visits a week). Each
 * generated caregiver works five visits a week in the America/New_York zone of the bench branches:
 *   Monday 08:00-12:00 and 13:00-17:00..19:00 at two different clients (so travel time is paid between them),
 *   Tuesday 08:00 for 9-11 h, Wednesday 08:00 for 8-11 h, Thursday 08:00 for 10-12 h:
 * 35 to 44 hours a week, so some caregivers earn overtime. Check-ins come 0-6 minutes late, check-outs 0-4
 * minutes after the end; timesheets are mobile (type 1), 1 in 17 offline (type 2), 1 in 29 an office edit with a
 * reason code (type 3), 1 in 23 checked in outside the geofence; every visit has a care sheet, 1 in 5 with miles;
 * caregivers get a standard and a T1019 pay rate, and 1 in 40 a cash advance per week.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { GENERATOR_CTES, lastShiftId, rowsOf } from './large-agency';

/** Visits of one caregiver in one week: [weekday offset from Sunday, start hour, length in hours]. */
const WEEK_SLOTS = [
  { day: 1, hour: 8, hours: '4' },
  { day: 1, hour: 13, hours: '4 + c.idx % 3' },
  { day: 2, hour: 8, hours: '9 + c.idx % 3' },
  { day: 3, hour: 8, hours: '8 + c.idx % 4' },
  { day: 4, hour: 8, hours: '10 + c.idx % 3' },
];

/**
 * Inserts `weeks` weeks of completed visits from the Sunday `firstSunday` (YYYY-MM-DD, local to New York) for every
 * caregiver without shifts, with timesheets, care sheets, pay rates and cash advances, in one transaction with
 * triggers and foreign-key checks off (the rows are consistent by construction), then analyzes the tables.
 * @returns the number of visits inserted.
 */
export async function generateVisitWeeks(db: Database['db'], firstSunday: string, weeks: number): Promise<number> {
  const slots = WEEK_SLOTS.map(
    (s, k) => `select ${k} as k, ${s.day} as day, ${s.hour} as hour, (${s.hours}) as hours, c.id as caregiver_id,
      c.branch_id, c.idx, c.brn from cg c`,
  ).join(' union all ');
  const lastId = await lastShiftId(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql.raw(`
      with ${GENERATOR_CTES},
      slot as (${slots}),
      visit as (
        select slot.*, w,
          ((date '${firstSunday}' + w * 7 + slot.day + make_interval(hours => slot.hour)) at time zone 'America/New_York') as start_at
        from slot cross join generate_series(0, ${weeks - 1}) w
      )
      insert into shifts (branch_id, client_id, caregiver_id, service_code, payer_source_id, start_at, end_at, status,
        check_in_at, check_out_at)
      select v.branch_id, cl.id, v.caregiver_id, (array['T1019','S5125','S5130'])[1 + (v.idx + v.k) % 3],
        payers.ids[1 + (v.idx + v.k) % cardinality(payers.ids)],
        v.start_at, v.start_at + make_interval(hours => v.hours), 'completed',
        v.start_at + make_interval(mins => (v.idx + v.k + v.w) % 7),
        v.start_at + make_interval(hours => v.hours, mins => (v.idx * 3 + v.k) % 5)
      from visit v
      join branch_clients bc on bc.branch_id = v.branch_id
      join cl on cl.branch_id = v.branch_id and cl.rn = (v.brn * 5 + v.k) % bc.n
      cross join payers`),
    );
    await tx.execute(
      sql.raw(`insert into shift_timesheets (shift_id, check_in, check_out, check_in_type, check_out_type, reason_code,
          check_in_metadata, check_out_metadata, created_at, updated_at)
        select id, check_in_at, check_out_at, t.type, t.type, case when t.type = 3 then 'device_problem' end,
          case when t.type <> 3 then jsonb_build_object('lat', 42.1, 'lon', -72.1, 'accuracyMetres', 12,
            'distanceMetres', case when id % 23 = 0 then 640 else 35 end, 'insideGeofence', id % 23 <> 0,
            'outsideGeofenceReason', case when id % 23 = 0 then 'Client was at the day centre' end) end,
          case when t.type <> 3 then jsonb_build_object('lat', 42.1, 'lon', -72.1, 'accuracyMetres', 10,
            'distanceMetres', 30, 'insideGeofence', true) end,
          check_in_at, check_out_at
        from shifts cross join lateral (select case when id % 29 = 0 then 3 when id % 17 = 0 then 2 else 1 end as type) t
        where id > ${lastId}`),
    );
    await tx.execute(
      sql.raw(`insert into care_sheets (shift_id, caregiver_id, completed_tasks, transportation_data, submitted_at)
        select id, caregiver_id, '["bathing","meal_preparation"]'::jsonb,
          case when id % 5 = 0 then jsonb_build_object('miles', 3 + id % 9 + 0.25, 'trips', 1) end, check_out_at
        from shifts where id > ${lastId}`),
    );
    await tx.execute(
      sql.raw(`update caregivers set pay_rates = jsonb_build_array(
          jsonb_build_object('label', 'Standard', 'hourlyRateCents', 1750 + (id % 10) * 50),
          jsonb_build_object('label', 'T1019', 'hourlyRateCents', 1850 + (id % 10) * 50, 'serviceCode', 'T1019'))
        where id in (select distinct caregiver_id from shifts where id > ${lastId})`),
    );
    await tx.execute(
      sql.raw(`insert into caregiver_cash_advances (caregiver_id, amount_cents, advanced_on, reason)
        select c.id, 5000 + (c.id % 5) * 1000, date '${firstSunday}' + w * 7 + 2, 'Advance'
        from caregivers c cross join generate_series(0, ${weeks - 1}) w
        where c.id % 40 = w % 40 and c.id in (select distinct caregiver_id from shifts where id > ${lastId})`),
    );
  });
  await db.execute(sql`analyze shifts`);
  await db.execute(sql`analyze shift_timesheets`);
  await db.execute(sql`analyze care_sheets`);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shifts where id > ${lastId}`)) as [
    { n: number },
  ];
  return n;
}
