import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { clients } from './clients.schema';

/** Demo users the client tests sign in as. */
export const CLIENT_TEST_USERS = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver'] as const;

/**
 * What the client tests build on, read from or added to the seeded database: the Boston and Worcester branches,
 * the first client of each, a payer source of the demo company and one of another company.
 */
export async function clientFixtures(t: TestApp) {
  const db = t.database.db;
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!;
  const firstClientOf = async (branchId: number) =>
    (
      await db.select({ id: clients.id }).from(clients).where(eq(clients.branchId, branchId)).orderBy(asc(clients.id)).limit(1)
    )[0]!.id;
  const [payer] = await db
    .insert(payerSources)
    .values({ companyId: boston.companyId, name: 'MassHealth', payerType: 'medicaid' })
    .returning();
  const [secondPayer] = await db
    .insert(payerSources)
    .values({ companyId: boston.companyId, name: 'Commonwealth Care Alliance', payerType: 'medicaid_mco' })
    .returning();
  const [otherCompany] = await db.insert(companies).values({ name: 'Another Agency' }).returning();
  const [foreignPayer] = await db
    .insert(payerSources)
    .values({ companyId: otherCompany!.id, name: 'Elsewhere Health', payerType: 'medicaid' })
    .returning();
  return {
    boston,
    worcester,
    bostonClientId: await firstClientOf(boston.id),
    worcesterClientId: await firstClientOf(worcester.id),
    payer: payer!,
    secondPayer: secondPayer!,
    foreignPayer: foreignPayer!,
  };
}

/** Signs in the demo users and returns a caller that fails loudly on any non-200 answer. */
export async function signInAll(t: TestApp) {
  const tokens: Record<string, string> = {};
  for (const u of CLIENT_TEST_USERS) tokens[u] = await t.signIn(u);
  /** Calls a procedure as a user; returns the data or throws with the status and message. */
  async function ok<T>(kind: 'query' | 'mutation', path: string, input: unknown, as = 'branchmanager'): Promise<T> {
    const res = await t.trpc(kind, path, input, tokens[as]);
    if (res.status !== 200) throw new Error(`${path} as ${as}: ${res.status} ${res.body.error?.message}`);
    return res.body.result!.data as T;
  }
  /** Calls a procedure as a user; returns status, message and field errors. */
  async function fail(kind: 'query' | 'mutation', path: string, input: unknown, as = 'branchmanager') {
    const res = await t.trpc(kind, path, input, tokens[as]);
    return { status: res.status, message: res.body.error?.message, fieldErrors: res.body.error?.data.fieldErrors };
  }
  return { tokens, ok, fail };
}

/** What clientFixtures reads and adds. */
export type ClientFixtures = Awaited<ReturnType<typeof clientFixtures>>;
/** The signed-in callers of signInAll. */
export type ClientApi = Awaited<ReturnType<typeof signInAll>>;

/** Starts the test app on the seeded database, adds the client fixtures and signs in the demo users. */
export async function startClientTests(): Promise<{ t: TestApp; f: ClientFixtures; api: ClientApi }> {
  const t = await startTestApp();
  return { t, f: await clientFixtures(t), api: await signInAll(t) };
}
