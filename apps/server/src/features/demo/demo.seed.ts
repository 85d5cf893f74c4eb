import { Faker, base, en, en_US } from '@faker-js/faker';
import { hashPassword } from 'better-auth/crypto';
import { count, eq as eqId, inArray, sql } from 'drizzle-orm';
import { DEMO_PASSWORD, DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Db } from '../../db/client';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { users, accounts, branchUsers } from '../users/users.schema';
import { clients, clientAddresses } from '../clients/clients.schema';
import { caregivers, caregiverAddresses, caregiverCredentials } from '../caregivers/caregivers.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { addDays, todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import { COMMON_SKILLS } from '@hearth/shared/caregivers/caregivers.constants';
import type { EvvAggregator, PayerType, RoundingRule } from '@hearth/shared/payer-sources/payer-sources.constants';
import { ensureRoles } from '../roles/roles.seed';
import { shiftPatterns, shifts } from '../shifts/shifts.schema';
import { generatePatternShifts, generatedThroughOn } from '../shifts/shift-patterns.generate';
import { wallClockToUtc } from '@hearth/shared/shifts/recurrence';
import { inTransaction } from '../../db/transaction';

/**
 * The demo agency's three offices, in Massachusetts (America/New_York). Coordinates are WGS84 degrees. Springfield
 * has no region, so the rollup dashboard shows "No region" too.
 */
const DEMO_BRANCHES = [
  {
    name: 'Boston',
    region: 'Eastern Massachusetts',
    addressLine1: '1 Beacon St',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    lat: 42.3588,
    lon: -71.0616,
  },
  {
    name: 'Worcester',
    region: 'Eastern Massachusetts',
    addressLine1: '455 Main St',
    city: 'Worcester',
    state: 'MA',
    zip: '01608',
    lat: 42.2626,
    lon: -71.8023,
  },
  {
    name: 'Springfield',
    addressLine1: '36 Court St',
    city: 'Springfield',
    state: 'MA',
    zip: '01103',
    lat: 42.1015,
    lon: -72.5898,
  },
] as const;

/** The demo users (README lists them): username, role, and the branches (by index) they are linked to. */
export const DEMO_USERS = [
  { username: 'developer', roleId: ROLE_IDS.developer, branches: [] },
  { username: 'companyadmin', roleId: ROLE_IDS.companyAdmin, branches: [] },
  { username: 'branchmanager', roleId: ROLE_IDS.branchManager, branches: [0] },
  { username: 'rvp', roleId: ROLE_IDS.rvp, branches: [0, 1] },
  { username: 'nurse', roleId: ROLE_IDS.nurse, branches: [0] },
  { username: 'prn', roleId: ROLE_IDS.prn, branches: [1] },
  { username: 'caregiver', roleId: ROLE_IDS.caregiver, branches: [0] },
  { username: 'client', roleId: ROLE_IDS.client, branches: [0] },
] as const;

/**
 * The demo agency's payer sources (docs/glossary.md "Payer source", "Service code", "Unit"): Massachusetts Medicaid
 * through Sandata, a Medicaid managed care plan through HHAeXchange, the VA, and private pay. Bill rates in cents per
 * unit.
 */
const DEMO_PAYERS: {
  key: 'medicaid' | 'mco' | 'va' | 'private';
  name: string;
  payerType: PayerType;
  payerId: string | null;
  evvAggregator: EvvAggregator;
  requiresEvv: boolean;
  services: {
    serviceCode: string;
    modifiers: string[];
    description: string;
    billRateCents: number;
    unitMinutes: number;
    roundingRule: RoundingRule;
  }[];
}[] = [
  {
    key: 'medicaid',
    name: 'MassHealth',
    payerType: 'medicaid',
    payerId: 'MASSHEALTH',
    evvAggregator: 'sandata',
    requiresEvv: true,
    services: [
      {
        serviceCode: 'T1019',
        modifiers: [],
        description: 'Personal care, per 15 minutes',
        billRateCents: 752,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
      {
        serviceCode: 'S5130',
        modifiers: [],
        description: 'Homemaker, per 15 minutes',
        billRateCents: 610,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
    ],
  },
  {
    key: 'mco',
    name: 'Bay State Community Health Plan',
    payerType: 'medicaid_mco',
    payerId: 'BSCHP',
    evvAggregator: 'hhaexchange',
    requiresEvv: true,
    services: [
      {
        serviceCode: 'T1019',
        modifiers: ['U1'],
        description: 'Personal care, per 15 minutes',
        billRateCents: 775,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
      {
        serviceCode: 'S5125',
        modifiers: [],
        description: 'Attendant care, per 15 minutes',
        billRateCents: 740,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
    ],
  },
  {
    key: 'va',
    name: 'VA Community Care',
    payerType: 'va',
    payerId: 'VACCN',
    evvAggregator: 'none',
    requiresEvv: false,
    services: [
      {
        serviceCode: 'T1019',
        modifiers: [],
        description: 'Personal care, per 15 minutes',
        billRateCents: 810,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
    ],
  },
  {
    key: 'private',
    name: 'Private pay',
    payerType: 'private_pay',
    payerId: null,
    evvAggregator: 'none',
    requiresEvv: false,
    services: [
      {
        serviceCode: 'S5135',
        modifiers: [],
        description: 'Companion care, per hour',
        billRateCents: 3200,
        unitMinutes: 60,
        roundingRule: 'nearest',
      },
    ],
  },
];

const CLIENT_COUNT = 60;
const CAREGIVER_COUNT = 40;

/** Whether the database holds no agency yet (the first start of an empty embedded database). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo agency (issue: demo agency): one company, three branches, four payer sources with their services,
 * one user per staff role plus a caregiver and a client user (password DEMO_PASSWORD), 60 clients (each with a
 * primary payer) and 40 caregivers (pay rates, skills, languages, availability, credentials) with addresses and
 * coordinates, all generated with fixed faker seeds (the same agency every time; credential expiries are relative
 * to the day of seeding), and a schedule of recurring visits around the day of seeding (seedDemoSchedule). Runs in
 * one transaction.
 * @returns counts of what was created.
 */
export async function seedDemoAgency(db: Db): Promise<{ users: number; clients: number; caregivers: number }> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(20261121);
  // Payers, pay rates, skills and credentials come from their own seeded generator, so the people above stay
  // the same agency they were before these records existed.
  const records = new Faker({ locale: [en_US, en, base] });
  records.seed(20261122);
  // Credential expiries are relative to the day of seeding, so some are always due within 30 days.
  const today = todayIn(DEFAULT_TIMEZONE);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ensureRoles(db);
  return inTransaction(db, async (tx) => {
    const [company] = await tx.insert(companies).values({ name: 'Hearth Home Care' }).returning();
    if (!company) throw new Error('company insert returned nothing');
    const branchRows = await tx
      .insert(branches)
      .values(DEMO_BRANCHES.map((b) => ({ ...b, companyId: company.id, timezone: DEFAULT_TIMEZONE })))
      .returning();

    const payerRows = await tx
      .insert(payerSources)
      .values(DEMO_PAYERS.map(({ services: _services, key: _key, ...p }) => ({ ...p, companyId: company.id })))
      .returning({ id: payerSources.id });
    await tx
      .insert(payerSourceServices)
      .values(DEMO_PAYERS.flatMap((p, i) => p.services.map((service) => ({ ...service, payerSourceId: payerRows[i]!.id }))));
    const payerIds = Object.fromEntries(DEMO_PAYERS.map((p, i) => [p.key, payerRows[i]!.id]));

    const nearby = (branchIndex: number) => {
      const b = DEMO_BRANCHES[branchIndex]!;
      const [lat, lon] = faker.location.nearbyGPSCoordinate({ origin: [b.lat, b.lon], radius: 12, isMetric: true });
      return {
        city: b.city,
        state: b.state,
        zip: faker.location.zipCode('01###'),
        lat,
        lon,
        line1: faker.location.streetAddress(),
      };
    };

    const clientRows = await tx
      .insert(clients)
      .values(
        Array.from({ length: CLIENT_COUNT }, (_, i) => {
          const sex = faker.person.sexType();
          return {
            branchId: branchRows[i % 3]!.id,
            firstName: faker.person.firstName(sex),
            lastName: faker.person.lastName(),
            gender: sex === 'female' ? 'F' : 'M',
            dateOfBirth: faker.date.birthdate({ mode: 'age', min: 62, max: 98 }).toISOString().slice(0, 10),
            preferredLanguage: faker.helpers.weightedArrayElement([
              { value: 'English', weight: 8 },
              { value: 'Spanish', weight: 2 },
              { value: 'Portuguese', weight: 1 },
            ]),
            phoneNumber: faker.phone.number({ style: 'national' }),
            medicaidId: faker.string.numeric(12),
            primaryPayerSourceId:
              payerIds[
                records.helpers.weightedArrayElement([
                  { value: 'medicaid', weight: 10 },
                  { value: 'mco', weight: 5 },
                  { value: 'va', weight: 2 },
                  { value: 'private', weight: 3 },
                ])
              ]!,
            status: faker.helpers.weightedArrayElement([
              { value: 'active' as const, weight: 9 },
              { value: 'on_hold' as const, weight: 1 },
            ]),
          };
        }),
      )
      .returning();
    await tx.insert(clientAddresses).values(clientRows.map((c, i) => ({ clientId: c.id, ...nearby(i % 3) })));

    const caregiverRows = await tx
      .insert(caregivers)
      .values(
        Array.from({ length: CAREGIVER_COUNT }, (_, i) => {
          const sex = faker.person.sexType();
          const firstName = faker.person.firstName(sex);
          const lastName = faker.person.lastName();
          return {
            branchId: branchRows[i % 3]!.id,
            firstName,
            lastName,
            email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
            phoneNumber: faker.phone.number({ style: 'national' }),
            gender: sex === 'female' ? 'F' : 'M',
            dateOfBirth: faker.date.birthdate({ mode: 'age', min: 19, max: 66 }).toISOString().slice(0, 10),
            hireDate: faker.date.past({ years: 6, refDate: '2026-11-01' }).toISOString().slice(0, 10),
            status: 'active' as const,
            adpFileNumber: String(100100 + i),
            ...demoCaregiverProfile(records),
          };
        }),
      )
      .returning();
    await tx.insert(caregiverAddresses).values(caregiverRows.map((c, i) => ({ caregiverId: c.id, ...nearby(i % 3) })));
    await tx.insert(caregiverCredentials).values(caregiverRows.flatMap((c, i) => demoCredentials(records, c.id, i, today)));

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => {
          const person =
            u.roleId === ROLE_IDS.caregiver ? caregiverRows[0]! : u.roleId === ROLE_IDS.client ? clientRows[0]! : null;
          const firstName = person?.firstName ?? faker.person.firstName();
          const lastName = person?.lastName ?? faker.person.lastName();
          return {
            username: u.username,
            email: `${u.username}@demo.hearth.care`,
            emailVerified: true,
            name: `${firstName} ${lastName}`,
            firstName,
            lastName,
            phoneNumber: faker.phone.number({ style: 'national' }),
            companyId: company.id,
            roleId: u.roleId,
            v2RoleId: u.roleId <= ROLE_IDS.prn ? u.roleId : null,
          };
        }),
      )
      .returning();
    await tx
      .insert(accounts)
      .values(userRows.map((u) => ({ userId: u.id, accountId: String(u.id), providerId: 'credential', password: passwordHash })));
    const links = DEMO_USERS.flatMap((u, i) => u.branches.map((b) => ({ userId: userRows[i]!.id, branchId: branchRows[b]!.id })));
    await tx.insert(branchUsers).values(links);
    const byName = new Map(userRows.map((u) => [u.username, u.id]));
    await tx
      .update(caregivers)
      .set({ userId: byName.get('caregiver')! })
      .where(eqId(caregivers.id, caregiverRows[0]!.id));
    await tx
      .update(clients)
      .set({ userId: byName.get('client')! })
      .where(eqId(clients.id, clientRows[0]!.id));
    await seedDemoSchedule(tx, { branchRows, clientRows, caregiverRows, today });
    return { users: userRows.length, clients: clientRows.length, caregivers: caregiverRows.length };
  });
}

/**
 * A demo caregiver's work profile: pay rates (cents per hour: Standard $17.50 to $22.00 by caregiver, $1 more for
 * T1019 personal care, so the payroll report shows pay and a blended regular rate), skills, languages, weekday
 * availability and the 40-hour weekly cap.
 */
function demoCaregiverProfile(f: Faker) {
  const standard = f.number.int({ min: 70, max: 88 }) * 25;
  const spanish = f.datatype.boolean({ probability: 0.25 });
  const portuguese = !spanish && f.datatype.boolean({ probability: 0.15 });
  const creole = f.datatype.boolean({ probability: 0.1 });
  const early = f.datatype.boolean();
  return {
    payRates: [
      { label: 'Standard', hourlyRateCents: standard, serviceCode: null },
      { label: 'Standard', hourlyRateCents: standard + 100, serviceCode: 'T1019' },
      { label: 'Weekend', hourlyRateCents: standard + 150, serviceCode: null },
    ],
    skills: f.helpers.arrayElements(COMMON_SKILLS, { min: 2, max: 4 }),
    languages: [
      'English',
      ...(spanish ? ['Spanish'] : []),
      ...(portuguese ? ['Portuguese'] : []),
      ...(creole ? ['Haitian Creole'] : []),
    ],
    availability: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      start: early ? '07:00' : '09:00',
      end: early ? '15:00' : '17:00',
    })),
    maxWeeklyHours: 40,
  };
}

/**
 * A demo caregiver's credentials: a CNA or HHA certificate and a CPR card. Every fourth caregiver's CPR card
 * expires within 30 days of `today`, and a few have already expired, so the profile and the caregivers view
 * always show flags.
 */
function demoCredentials(f: Faker, caregiverId: number, index: number, today: string) {
  const cna = f.datatype.boolean({ probability: 0.4 });
  const cprDays =
    index % 4 === 1
      ? f.number.int({ min: 3, max: 27 })
      : index % 13 === 7
        ? -f.number.int({ min: 1, max: 20 })
        : f.number.int({ min: 60, max: 700 });
  const cprExpires = addDays(today, cprDays);
  // A CNA certificate is renewed every two years; an HHA certificate does not expire.
  const cnaExpires = addDays(today, f.number.int({ min: 60, max: 700 }));
  const hhaIssued = addDays(today, -f.number.int({ min: 200, max: 1500 }));
  return [
    {
      caregiverId,
      name: cna ? 'CNA' : 'HHA',
      number: `${cna ? 'CNA' : 'HHA'}-${f.string.numeric(7)}`,
      issuedOn: cna ? addDays(cnaExpires, -730) : hhaIssued,
      expiresOn: cna ? cnaExpires : null,
    },
    { caregiverId, name: 'CPR', number: null, issuedOn: addDays(cprExpires, -730), expiresOn: cprExpires },
  ];
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
async function seedDemoSchedule(
  tx: Db,
  d: {
    branchRows: (typeof branches.$inferSelect)[];
    clientRows: (typeof clients.$inferSelect)[];
    caregiverRows: (typeof caregivers.$inferSelect)[];
    today: string;
  },
) {
  const f = new Faker({ locale: [en_US, en, base] });
  f.seed(20261123);
  const services = await tx.select().from(payerSourceServices);
  const serviceOf = (payerSourceId: number | null) => {
    const offered = services.filter((s) => s.payerSourceId === payerSourceId);
    const usual = offered.filter((s) => s.serviceCode === 'T1019' || s.serviceCode === 'S5130');
    const service = usual.length > 0 ? f.helpers.arrayElement(usual) : offered[0];
    return { serviceCode: service?.serviceCode ?? 'T1019', modifiers: service?.modifiers ?? [] };
  };
  const startDate = addDays(d.today, -DEMO_SCHEDULE_DAYS_BACK);
  const values = DEMO_PATTERN_CLIENTS.flatMap((howMany, branchIndex) => {
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
  const patterns = await tx.insert(shiftPatterns).values(values).returning();
  const through = generatedThroughOn({ endDate: null }, d.today);
  await generatePatternShifts(
    tx,
    patterns.map((pattern) => ({ pattern, from: startDate, to: through })),
  );
  const ids = patterns.map((p) => p.id);
  await tx.update(shiftPatterns).set({ generatedThrough: through }).where(inArray(shiftPatterns.id, ids));

  // Worked history: a few minutes early or late, by the shift's id so the demo is the same every time.
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

  // Open shifts for pickup: extra afternoon visits for clients whose pattern is in the morning.
  const boston = d.branchRows[0]!;
  const morningClients = patterns.filter((p) => p.branchId === boston.id && p.startTime < '13:00').slice(1, 4);
  await tx.insert(shifts).values(
    morningClients.map((p, i) => {
      const date = addDays(d.today, 1 + i * 2);
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
