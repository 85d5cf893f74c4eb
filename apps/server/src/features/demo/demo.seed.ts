import { Faker, base, en, en_US } from '@faker-js/faker';
import { hashPassword } from 'better-auth/crypto';
import { count, eq as eqId } from 'drizzle-orm';
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

/** The demo agency's three offices, in Massachusetts (America/New_York). Coordinates are WGS84 degrees. */
const DEMO_BRANCHES = [
  { name: 'Boston', addressLine1: '1 Beacon St', city: 'Boston', state: 'MA', zip: '02108', lat: 42.3588, lon: -71.0616 },
  { name: 'Worcester', addressLine1: '455 Main St', city: 'Worcester', state: 'MA', zip: '01608', lat: 42.2626, lon: -71.8023 },
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
 * The demo agency's payer sources (DOMAIN.md "Payer source", "Service code", "Unit"): Massachusetts Medicaid through
 * Sandata, a Medicaid managed care plan through HHAeXchange, the VA, and private pay. Bill rates in cents per unit.
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
 * to the day of seeding). Runs in one transaction.
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
  return db.transaction(async (tx) => {
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
    return { users: userRows.length, clients: clientRows.length, caregivers: caregiverRows.length };
  });
}

/**
 * A demo caregiver's work profile: pay rates (cents per hour), skills, languages, weekday availability and the
 * 40-hour weekly cap.
 */
function demoCaregiverProfile(f: Faker) {
  const standard = f.number.int({ min: 70, max: 84 }) * 25;
  const spanish = f.datatype.boolean({ probability: 0.25 });
  const portuguese = !spanish && f.datatype.boolean({ probability: 0.15 });
  const creole = f.datatype.boolean({ probability: 0.1 });
  const early = f.datatype.boolean();
  return {
    payRates: [
      { label: 'Standard', hourlyRateCents: standard, serviceCode: null },
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
