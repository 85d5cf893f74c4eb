import { eq } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { addDays } from '@hearth/shared/caregivers/caregivers.rules';
import { COMMON_SKILLS } from '@hearth/shared/caregivers/caregivers.constants';
import type { Db } from '../../db/client';
import type { branches } from '../branches/branches.schema';
import { users, accounts, branchUsers } from '../users/users.schema';
import { clients } from '../clients/clients.schema';
import { caregivers, type caregiverCredentials } from '../caregivers/caregivers.schema';
import { CAREGIVER_COUNT, CLIENT_COUNT, DEMO_BRANCHES, DEMO_USERS } from './demo.constants';
import { isMfaRequiredForRole } from '@hearth/shared/mfa/mfa.constants';

type BranchRow = typeof branches.$inferSelect;

/**
 * A street address within 12 km of demo branch `branchIndex` (an index into DEMO_BRANCHES), in its city and state
 * with a made-up 01### ZIP code; lat/lon in WGS84 degrees.
 */
export function demoAddressNear(faker: Faker, branchIndex: number) {
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
}

/**
 * The CLIENT_COUNT demo clients, spread over the branches in turn: people from `faker` (aged 62 to 98, mostly
 * English speaking, one in ten on hold) and a primary payer drawn from `records`.
 * @param payerIds payer source id by DEMO_PAYERS key.
 * @returns the client rows to insert.
 */
export function demoClientValues(
  faker: Faker,
  records: Faker,
  branchRows: BranchRow[],
  payerIds: Record<string, number>,
): (typeof clients.$inferInsert)[] {
  return Array.from({ length: CLIENT_COUNT }, (_, i) => {
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
  });
}

/**
 * The CAREGIVER_COUNT demo caregivers, spread over the branches in turn: people from `faker` (aged 19 to 66, hired
 * in the six years before November 2026, ADP file numbers from 100100) and a work profile from `records`.
 * @returns the caregiver rows to insert.
 */
export function demoCaregiverValues(faker: Faker, records: Faker, branchRows: BranchRow[]): (typeof caregivers.$inferInsert)[] {
  return Array.from({ length: CAREGIVER_COUNT }, (_, i) => {
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
  });
}

/**
 * Inserts the DEMO_USERS of company `d.companyId` with their password login (`d.passwordHash`, a better-auth hash
 * of DEMO_PASSWORD) and branch links, and links the caregiver user to `d.caregiver` and the client user to
 * `d.client` (who also lend them their names; other names come from `faker`).
 * @returns the number of users created.
 */
export async function seedDemoUsers(
  tx: Db,
  faker: Faker,
  d: {
    companyId: number;
    passwordHash: string;
    branchRows: BranchRow[];
    caregiver: typeof caregivers.$inferSelect;
    client: typeof clients.$inferSelect;
  },
): Promise<number> {
  const userRows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u) => {
        const person = u.roleId === ROLE_IDS.caregiver ? d.caregiver : u.roleId === ROLE_IDS.client ? d.client : null;
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
          companyId: d.companyId,
          roleId: u.roleId,
          v2RoleId: u.roleId <= ROLE_IDS.prn ? u.roleId : null,
          // Enrolled with the demo authenticator secret, whose encrypted row the first start adds (demo.mfa.ts).
          twoFactorEnabled: isMfaRequiredForRole(u.roleId),
          mfaPreferredMethod: isMfaRequiredForRole(u.roleId) ? ('SOFTWARE_TOKEN_MFA' as const) : null,
        };
      }),
    )
    .returning();
  await tx
    .insert(accounts)
    .values(userRows.map((u) => ({ userId: u.id, accountId: String(u.id), providerId: 'credential', password: d.passwordHash })));
  const links = DEMO_USERS.flatMap((u, i) => u.branches.map((b) => ({ userId: userRows[i]!.id, branchId: d.branchRows[b]!.id })));
  await tx.insert(branchUsers).values(links);
  const byName = new Map(userRows.map((u) => [u.username, u.id]));
  await tx
    .update(caregivers)
    .set({ userId: byName.get('caregiver')! })
    .where(eq(caregivers.id, d.caregiver.id));
  await tx
    .update(clients)
    .set({ userId: byName.get('client')! })
    .where(eq(clients.id, d.client.id));
  return userRows.length;
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
 * always show flags. `index` is the caregiver's position in the generated list; `today` is a YYYY-MM-DD date.
 * @returns the two credential rows to insert, dates as YYYY-MM-DD.
 */
export function demoCredentials(
  f: Faker,
  caregiverId: number,
  index: number,
  today: string,
): (typeof caregiverCredentials.$inferInsert)[] {
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
