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
import { caregivers, caregiverAddresses } from '../caregivers/caregivers.schema';
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

const CLIENT_COUNT = 60;
const CAREGIVER_COUNT = 40;

/** Whether the database holds no agency yet (the first start of an empty embedded database). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo agency (issue: demo agency): one company, three branches, one user per staff role plus a
 * caregiver and a client user (password DEMO_PASSWORD), 60 clients and 40 caregivers with addresses and
 * coordinates, all generated with a fixed faker seed (the same agency every time). Runs in one transaction.
 * @returns counts of what was created.
 */
export async function seedDemoAgency(db: Db): Promise<{ users: number; clients: number; caregivers: number }> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(20261121);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ensureRoles(db);
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: 'Hearth Home Care' }).returning();
    if (!company) throw new Error('company insert returned nothing');
    const branchRows = await tx
      .insert(branches)
      .values(DEMO_BRANCHES.map((b) => ({ ...b, companyId: company.id, timezone: DEFAULT_TIMEZONE })))
      .returning();

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
          };
        }),
      )
      .returning();
    await tx.insert(caregiverAddresses).values(caregiverRows.map((c, i) => ({ caregiverId: c.id, ...nearby(i % 3) })));

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
