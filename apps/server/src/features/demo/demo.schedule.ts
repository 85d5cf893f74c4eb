import { Faker, base, en, en_US } from '@faker-js/faker';
import { inArray, sql } from 'drizzle-orm';
import { addDays } from '@hearth/shared/caregivers/caregivers.rules';
import { wallClockToUtc } from '@hearth/shared/shifts/recurrence';
import type { Db } from '../../db/client';
import type { branches } from '../branches/branches.schema';
import type { clients } from '../clients/clients.schema';
import type { caregivers } from '../caregivers/caregivers.schema';
import { payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shiftPatterns, shifts } from '../shifts/shifts.schema';
import { generatePatternShifts, generatedThroughOn } from '../shifts/shift-patterns.generate';

type BranchRow = typeof branches.$inferSelect;

/** What the demo schedule is built on: the seeded branches, clients and caregivers, and the day of seeding. */
export interface DemoScheduleInput {
  branchRows: BranchRow[];
  clientRows: (typeof clients.$inferSelect)[];
  caregiverRows: (typeof caregivers.$inferSelect)[];
  /** The day of seeding, YYYY-MM-DD in the agency's time zone. */
  today: string;
}

/** How many active clients of the first two demo branches (Boston, Worcester) get a recurring visit pattern. */
const DEMO_PATTERN_CLIENTS = [20, 10] as const;
/** The demo schedule's patterns start this many days before the day of seeding, so there is history to see. */
const DEMO_SCHEDULE_DAYS_BACK = 28;
/** Weekday sets of the demo patterns (RRULE BYDAY). */
const DEMO_WEEKDAYS = ['MO,TU,WE,TH,FR', 'MO,WE,FR', 'TU,TH', 'MO,TU,TH', 'WE,FR'];

/**
 * The demo schedule (issue "Scheduling" item 2): about 20 Boston and 10 Worcester active clients each get a
 * weekday pattern (2 to 4 hours, a T1019 or S5130 service of the client's payer when it offers one, else the
 * payer's own service) starting DEMO_SCHEDULE_DAYS_BACK days before `today`, generated through the 60-day horizon.
 * Caregivers of the client's branch take two clients each, one in the morning (ending by 13:00) and one in the
 * afternoon (from 13:30), so no caregiver is booked twice at once; the demo caregiver user's caregiver (the first)
 * works every weekday morning, so they always have shifts this week. Past shifts are completed with a mobile
 * timesheet (check_in_type 1) a few minutes off the scheduled times at the client's address (one in 11 checked
 * in late, one in 13 checked out outside the geofence, one in 17 checked out by the office), about one in 23
 * missed, and a shift under way is in progress. Three open shifts (no caregiver) in the coming week in Boston wait
 * for pickup. Choices come from a fixed faker seed; times, from the day of seeding.
 */
export async function seedDemoSchedule(tx: Db, d: DemoScheduleInput) {
  const f = new Faker({ locale: [en_US, en, base] });
  f.seed(20261123);
  const services = await tx.select().from(payerSourceServices);
  const startDate = addDays(d.today, -DEMO_SCHEDULE_DAYS_BACK);
  const patterns = await tx
    .insert(shiftPatterns)
    .values(demoPatternValues(f, services, d, startDate))
    .returning();
  const through = generatedThroughOn({ endDate: null }, d.today);
  await generatePatternShifts(
    tx,
    patterns.map((pattern) => ({ pattern, from: startDate, to: through })),
  );
  const ids = patterns.map((p) => p.id);
  await tx.update(shiftPatterns).set({ generatedThrough: through }).where(inArray(shiftPatterns.id, ids));
  await seedDemoVisitHistory(tx, ids);
  await seedDemoOpenShifts(tx, patterns, d.branchRows[0]!, d.today);
}

/**
 * The demo visit patterns (see seedDemoSchedule) of `d`'s first two branches, starting on `startDate`
 * (YYYY-MM-DD): weekday RRULEs, local start times HH:MM and durations in minutes, in the branch's time zone.
 * `services` are all payer services; the client's payer's T1019 or S5130, else its first service, is drawn with `f`.
 * @returns the shift pattern rows to insert.
 */
function demoPatternValues(
  f: Faker,
  services: (typeof payerSourceServices.$inferSelect)[],
  d: DemoScheduleInput,
  startDate: string,
): (typeof shiftPatterns.$inferInsert)[] {
  const serviceOf = (payerSourceId: number | null) => {
    const offered = services.filter((s) => s.payerSourceId === payerSourceId);
    const usual = offered.filter((s) => s.serviceCode === 'T1019' || s.serviceCode === 'S5130');
    const service = usual.length > 0 ? f.helpers.arrayElement(usual) : offered[0];
    return { serviceCode: service?.serviceCode ?? 'T1019', modifiers: service?.modifiers ?? [] };
  };
  return DEMO_PATTERN_CLIENTS.flatMap((howMany, branchIndex) => {
    const branch = d.branchRows[branchIndex]!;
    const team = d.caregiverRows.filter((c) => c.branchId === branch.id);
    return d.clientRows
      .filter((c) => c.branchId === branch.id && c.status === 'active')
      .slice(0, howMany)
      .map((client, k) => {
        const morning = k % 2 === 0;
        const first = branchIndex === 0 && k === 0;
        const startTime = morning
          ? f.helpers.arrayElement(['08:00', '08:30', '09:00'])
          : f.helpers.arrayElement(['13:30', '14:00', '14:30']);
        const latestEnd = morning ? 13 * 60 : 18 * 60 + 30;
        const [h, m] = startTime.split(':').map(Number) as [number, number];
        const hours = f.helpers.arrayElement([2, 2.5, 3, 3.5, 4]);
        return {
          branchId: branch.id,
          clientId: client.id,
          caregiverId: team[Math.floor(k / 2) % team.length]!.id,
          ...serviceOf(client.primaryPayerSourceId),
          payerSourceId: client.primaryPayerSourceId,
          rrule: `FREQ=WEEKLY;BYDAY=${first ? DEMO_WEEKDAYS[0] : f.helpers.arrayElement(DEMO_WEEKDAYS)}`,
          startDate,
          startTime,
          durationMinutes: Math.min(hours * 60, latestEnd - (h * 60 + m)),
          timezone: branch.timezone,
        };
      });
  });
}

/**
 * The worked history of the demo patterns `ids` (see seedDemoSchedule): past visits completed or missed, the visit
 * under way in progress, their mobile timesheets, and the EVV exceptions (outside the geofence, office check-outs).
 */
async function seedDemoVisitHistory(tx: Db, ids: number[]) {
  // A few minutes early or late, by the shift's id so the demo is the same every time.
  const demoIds = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`update shifts set status = 'missed' where pattern_id in (${demoIds}) and end_at <= now() and id % 23 = 0`);
  await tx.execute(sql`
    update shifts set status = 'completed',
      check_in_at = start_at + make_interval(mins => case when id % 11 = 0 then 16 + id % 9 else (id * 37) % 13 - 7 end),
      check_out_at = end_at + make_interval(mins => (id * 53) % 13 - 5)
    where pattern_id in (${demoIds}) and end_at <= now() and status = 'scheduled'`);
  await tx.execute(sql`
    update shifts set status = 'in_progress', check_in_at = least(now(), start_at + make_interval(mins => (id * 37) % 13 - 7))
    where pattern_id in (${demoIds}) and start_at <= now() and end_at > now() and status = 'scheduled'`);
  await tx.execute(sql`
    insert into shift_timesheets (shift_id, check_in, check_out, check_in_type, check_out_type, check_in_metadata, check_out_metadata)
    select s.id, s.check_in_at, s.check_out_at, 1, case when s.check_out_at is not null then 1 end,
      jsonb_build_object('lat', a.lat, 'lon', a.lon, 'accuracyMetres', 8 + s.id % 17, 'distanceMetres', s.id % 41,
        'insideGeofence', true, 'offline', false),
      case when s.check_out_at is not null then jsonb_build_object('lat', a.lat, 'lon', a.lon,
        'accuracyMetres', 8 + s.id % 13, 'distanceMetres', s.id % 37, 'insideGeofence', true, 'offline', false) end
    from shifts s
    left join client_addresses a on a.client_id = s.client_id and a.is_primary
    where s.pattern_id in (${demoIds}) and s.status in ('completed', 'in_progress')
    order by s.id`);
  // EVV exceptions for the dashboards: some check-outs outside the geofence, and some visits whose caregiver
  // forgot to check out, so the office entered the check-out with a reason code (timesheet type 3).
  await tx.execute(sql`
    update shift_timesheets ts set check_out_metadata = ts.check_out_metadata
      || jsonb_build_object('insideGeofence', false, 'distanceMetres', 180 + ts.shift_id % 300)
    from shifts s
    where s.id = ts.shift_id and s.pattern_id in (${demoIds}) and s.status = 'completed' and s.id % 13 = 0`);
  await tx.execute(sql`
    update shift_timesheets ts set check_out = null, check_out_type = null, check_out_metadata = null
    from shifts s
    where s.id = ts.shift_id and s.pattern_id in (${demoIds}) and s.status = 'completed' and s.id % 17 = 0`);
  await tx.execute(sql`
    insert into shift_timesheets (shift_id, check_out, check_out_type, reason_code, reason_note)
    select s.id, s.check_out_at, 3, 'caregiver_forgot', 'Caregiver called the office after the visit'
    from shifts s
    where s.pattern_id in (${demoIds}) and s.status = 'completed' and s.id % 17 = 0
    order by s.id`);
}

/**
 * Three open shifts (no caregiver) for pickup in `boston` over the coming week, from 15:00 to 17:00 branch time
 * on `today` + 1, 3 and 5 days, for clients whose demo pattern is in the morning.
 */
async function seedDemoOpenShifts(tx: Db, patterns: (typeof shiftPatterns.$inferSelect)[], boston: BranchRow, today: string) {
  const morningClients = patterns.filter((p) => p.branchId === boston.id && p.startTime < '13:00').slice(1, 4);
  await tx.insert(shifts).values(
    morningClients.map((p, i) => {
      const date = addDays(today, 1 + i * 2);
      const startAt = wallClockToUtc(date, '15:00', boston.timezone);
      return {
        branchId: boston.id,
        clientId: p.clientId,
        serviceCode: p.serviceCode,
        modifiers: p.modifiers,
        payerSourceId: p.payerSourceId,
        startAt,
        endAt: new Date(startAt.getTime() + 2 * 60 * 60_000),
        notes: 'Extra visit: needs a caregiver',
      };
    }),
  );
}
