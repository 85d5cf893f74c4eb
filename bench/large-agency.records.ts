/**
 * The people of the large generated agency (issue "The largest agencies"): its bench branches, clients and
 * caregivers at a size of agency-size.ts, inserted set-based (one statement per table) beside the demo agency.
 * Records are spread evenly over the bench branches ("Bench branch 1" to "Bench branch N", all in BENCH_ZONE).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import type { AgencySize } from './agency-size';
import { BENCH_ZONE } from './large-agency.calendar';

/** The name of the n-th bench branch (1-based). */
export function benchBranchName(n: number): string {
  return `Bench branch ${n}`;
}

const FIRST_NAMES = `array['Ana','Ben','Carla','Dmitri','Elena','Farah','George','Hana','Ivan','Julia','Kofi','Lena','Marco','Nadia','Omar','Priya']`;
const LAST_NAMES = `array['Anderson','Brown','Carlson','Davidson','Evans','Fischer','Garcia','Harrison','Ibrahim','Johnson','Kowalski','Lopez','Morrison','Nguyen','Olsen','Peterson','Quinn','Robinson','Smith','Thompson']`;
/** Client statuses as a large agency's list holds them: 85% active, 5% each on hold, discharged and deceased. */
const CLIENT_STATUSES = `array['active','active','active','active','active','active','active','active','active','active',
  'active','active','active','active','active','active','active','on_hold','discharged','deceased']`;

/**
 * Inserts the bench branches, their clients (with a home address) and caregivers (active, with a standard and a
 * T1019 pay rate) for `size`; record g goes to branch g mod branches. Names repeat (16 first x 20 last names), as
 * "contains" filters meet them in a real list.
 */
export async function generateRecords(db: Database['db'], size: AgencySize): Promise<void> {
  const firstBench = `(select min(id) from branches where name like 'Bench branch %')`;
  await db.execute(
    sql.raw(`insert into branches (company_id, name, city, state, timezone)
      select 1, 'Bench branch ' || g, 'Springfield', 'MA', '${BENCH_ZONE}' from generate_series(1, ${size.branches}) g order by g`),
  );
  await db.execute(
    sql.raw(`insert into clients (branch_id, first_name, last_name, status, date_of_birth, phone_number, medicaid_id,
        primary_payer_source_id)
      select ${firstBench} + g % ${size.branches}, (${FIRST_NAMES})[1 + g % 16], (${LAST_NAMES})[1 + (g / 7) % 20],
        (${CLIENT_STATUSES})[1 + g % 20], date '1930-01-01' + (g % 20000), '555-' || lpad((g % 10000)::text, 4, '0'),
        lpad(g::text, 12, '0'), (select min(id) from payer_sources)
      from generate_series(1, ${size.clients}) g`),
  );
  await db.execute(
    sql.raw(`insert into client_addresses (client_id, line1, city, state, zip, lat, lon)
      select id, id || ' Main St', (array['Boston','Worcester','Springfield','Lowell'])[1 + id % 4], 'MA', '01103',
        42 + (id % 100) / 1000.0, -72 + (id % 100) / 1000.0
      from clients where branch_id >= ${firstBench}`),
  );
  await db.execute(
    sql.raw(`insert into caregivers (branch_id, first_name, last_name, status, hire_date, pay_rates)
      select ${firstBench} + g % ${size.branches}, (${FIRST_NAMES})[1 + (g / 3) % 16], (${LAST_NAMES})[1 + g % 20], 'active',
        date '2015-01-01' + (g % 3650),
        jsonb_build_array(
          jsonb_build_object('label', 'Standard', 'hourlyRateCents', 1750 + (g % 10) * 50),
          jsonb_build_object('label', 'T1019', 'hourlyRateCents', 1850 + (g % 10) * 50, 'serviceCode', 'T1019'))
      from generate_series(1, ${size.caregivers}) g`),
  );
}
