import { Faker, base, en, en_US } from '@faker-js/faker';
import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import { DEMO_PASSWORD, DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { clients, clientAddresses } from '../clients/clients.schema';
import { caregivers, caregiverAddresses, caregiverCredentials } from '../caregivers/caregivers.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { ensureRoles } from '../roles/roles.seed';
import { DEMO_BRANCHES, DEMO_PAYERS } from './demo.constants';
import { demoAddressNear, demoCaregiverValues, demoClientValues, demoCredentials, seedDemoUsers } from './demo.people';
import { seedDemoSchedule } from './demo.schedule';
import { markDemoMfaPending } from './demo.mfa';
import { seedDemoCases } from './demo.cases';
import { seedDemoCareForms } from './demo.care-forms';

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
 * to the day of seeding), a schedule of recurring visits around the day of seeding (seedDemoSchedule), and care
 * forms: the shipped types active and a few forms (seedDemoCareForms), and cases with their case admins
 * (seedDemoCases). Runs in one transaction.
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
    const payerIds = await seedDemoPayers(tx, company.id);

    const clientRows = await tx
      .insert(clients)
      .values(demoClientValues(faker, records, branchRows, payerIds))
      .returning();
    await tx.insert(clientAddresses).values(clientRows.map((c, i) => ({ clientId: c.id, ...demoAddressNear(faker, i % 3) })));
    const caregiverRows = await tx
      .insert(caregivers)
      .values(demoCaregiverValues(faker, records, branchRows))
      .returning();
    await tx
      .insert(caregiverAddresses)
      .values(caregiverRows.map((c, i) => ({ caregiverId: c.id, ...demoAddressNear(faker, i % 3) })));
    await tx.insert(caregiverCredentials).values(caregiverRows.flatMap((c, i) => demoCredentials(records, c.id, i, today)));

    const userCount = await seedDemoUsers(tx, faker, {
      companyId: company.id,
      passwordHash,
      branchRows,
      caregiver: caregiverRows[0]!,
      client: clientRows[0]!,
    });
    await seedDemoSchedule(tx, { branchRows, clientRows, caregiverRows, today });
    const bostonClients = clientRows.filter((c) => c.branchId === branchRows[0]!.id);
    await seedDemoCareForms(tx, {
      companyId: company.id,
      clientIds: [bostonClients[0]!.id, bostonClients[1]!.id],
      caregiverId: caregiverRows[0]!.id,
      today,
      timezone: DEFAULT_TIMEZONE,
    });
    await seedDemoCases(tx, {
      companyId: company.id,
      branchId: branchRows[0]!.id,
      clientIds: [bostonClients[0]!.id, bostonClients[1]!.id],
      caregiverId: caregiverRows[0]!.id,
      now: new Date(),
    });
    // Enrolled with the demo authenticator secret at the next start (demo.mfa.ts).
    await markDemoMfaPending(tx, company.id);
    return { users: userCount, clients: clientRows.length, caregivers: caregiverRows.length };
  });
}

/**
 * Inserts the DEMO_PAYERS of company `companyId` with their services.
 * @returns payer source id by DEMO_PAYERS key.
 */
async function seedDemoPayers(tx: Db, companyId: number): Promise<Record<string, number>> {
  const payerRows = await tx
    .insert(payerSources)
    .values(DEMO_PAYERS.map(({ services: _services, key: _key, ...p }) => ({ ...p, companyId })))
    .returning({ id: payerSources.id });
  await tx
    .insert(payerSourceServices)
    .values(DEMO_PAYERS.flatMap((p, i) => p.services.map((service) => ({ ...service, payerSourceId: payerRows[i]!.id }))));
  return Object.fromEntries(DEMO_PAYERS.map((p, i) => [p.key, payerRows[i]!.id]));
}
