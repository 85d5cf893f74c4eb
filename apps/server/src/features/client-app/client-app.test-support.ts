import { and, asc, eq, ne } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { accounts, branchUsers, users } from '../users/users.schema';
import { branches } from '../branches/branches.schema';
import { clientContacts, clients } from '../clients/clients.schema';

/** The staff and caregiver demo users every client-app test also tries (none may call the client app). */
export const STAFF_LOGINS = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver'] as const;

/**
 * The families the client-app tests sign in as, besides the demo `client` (the client themselves, every
 * permission):
 * - `family`: trusted contact of the demo client with every permission, and of a second client (`otherClientId`,
 *   Worcester) with the schedule only: the switcher's two clients;
 * - `limited`: trusted contact of the demo client with portal access and no permission at all;
 * - `stranger`: trusted contact of a third client (`strangerClientId`) only, every permission;
 * - `former`: a contact of the demo client whose portal access was taken away.
 */
export const FAMILY_LOGINS = ['family', 'limited', 'stranger', 'former'] as const;
export type FamilyLogin = (typeof FAMILY_LOGINS)[number];
export type ClientAppLogin = (typeof STAFF_LOGINS)[number] | 'client' | FamilyLogin;

const ALL = { portalSchedule: true, portalCareNotes: true, portalMessages: true, portalAlerts: true, portalStatements: true };
const NONE = {
  portalSchedule: false,
  portalCareNotes: false,
  portalMessages: false,
  portalAlerts: false,
  portalStatements: false,
};

/** The records the client-app tests build on; ids of the seeded database plus the families added. */
export interface ClientAppFixtures {
  /** The demo client (linked to the `client` login), in Boston. */
  clientId: number;
  /** A Worcester client whose contact `family` also is (schedule only). */
  otherClientId: number;
  /** A Boston client reached only by `stranger`. */
  strangerClientId: number;
  bostonBranchId: number;
  worcesterBranchId: number;
  /** User ids by login. */
  userIds: Record<ClientAppLogin, number>;
  /** Contact record ids: `family` of the demo client, `familyOther` of the other client, and the others'. */
  contactIds: { family: number; familyOther: number; limited: number; stranger: number; former: number };
}

async function addContactUser(t: TestApp, username: string, companyId: number, branchId: number): Promise<number> {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({
      name: username,
      firstName: username[0]!.toUpperCase() + username.slice(1),
      lastName: 'Family',
      email: `${username}@family.example`,
      username,
      roleId: ROLE_IDS.trustedContact,
      companyId,
    })
    .returning({ id: users.id });
  await db.insert(accounts).values({
    accountId: String(user!.id),
    providerId: 'credential',
    userId: user!.id,
    password: await hashPassword(DEMO_PASSWORD),
  });
  await db.insert(branchUsers).values({ userId: user!.id, branchId });
  return user!.id;
}

async function addContact(
  t: TestApp,
  clientId: number,
  userId: number,
  flags: Partial<typeof ALL> & { hasPortalAccess?: boolean },
): Promise<number> {
  const [row] = await t.database.db
    .insert(clientContacts)
    .values({
      clientId,
      userId,
      firstName: 'Pat',
      lastName: 'Family',
      relationship: 'Daughter',
      email: `contact${userId}@family.example`,
      hasPortalAccess: true,
      ...flags,
    })
    .returning({ id: clientContacts.id });
  return row!.id;
}

/**
 * Adds the families of FAMILY_LOGINS to a started test app (their users sign in with the demo password; trusted
 * contacts need no second factor).
 */
export async function clientAppFixtures(t: TestApp): Promise<ClientAppFixtures> {
  const db = t.database.db;
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!;
  const [clientUser] = await db.select().from(users).where(eq(users.username, 'client'));
  const [own] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, clientUser!.id));
  const firstOther = async (branchId: number) =>
    (
      await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.branchId, branchId), ne(clients.id, own!.id), eq(clients.status, 'active')))
        .orderBy(asc(clients.id))
        .limit(1)
    )[0]!.id;
  const otherClientId = await firstOther(worcester.id);
  const strangerClientId = await firstOther(boston.id);
  const userIds = Object.fromEntries(
    (await db.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]),
  ) as Record<ClientAppLogin, number>;
  for (const login of FAMILY_LOGINS) userIds[login] = await addContactUser(t, login, boston.companyId, boston.id);
  const contactIds = {
    family: await addContact(t, own!.id, userIds.family, ALL),
    familyOther: await addContact(t, otherClientId, userIds.family, { ...NONE, portalSchedule: true }),
    limited: await addContact(t, own!.id, userIds.limited, NONE),
    stranger: await addContact(t, strangerClientId, userIds.stranger, ALL),
    former: await addContact(t, own!.id, userIds.former, { ...ALL, hasPortalAccess: false }),
  };
  return {
    clientId: own!.id,
    otherClientId,
    strangerClientId,
    bostonBranchId: boston.id,
    worcesterBranchId: worcester.id,
    userIds,
    contactIds,
  };
}

/** Signed-in callers of every login: `ok` throws on a non-200 answer, `call` returns status, data and message. */
export async function signInClientAppLogins(t: TestApp) {
  const tokens = {} as Record<ClientAppLogin, string>;
  for (const login of [...STAFF_LOGINS, 'client', ...FAMILY_LOGINS] as const) tokens[login] = await t.signIn(login);
  async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: ClientAppLogin) {
    const res = await t.trpc(kind, path, input, tokens[as]);
    return { status: res.status, data: res.body.result?.data as T, message: res.body.error?.message };
  }
  async function ok<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: ClientAppLogin): Promise<T> {
    const res = await call<T>(kind, path, input, as);
    if (res.status !== 200) throw new Error(`${path} as ${as}: ${res.status} ${res.message}`);
    return res.data;
  }
  return { tokens, call, ok };
}

/** The callers of signInClientAppLogins. */
export type ClientAppApi = Awaited<ReturnType<typeof signInClientAppLogins>>;

/** Starts a test app on the seeded database, adds the families and signs everyone in. */
export async function startClientAppTests(options: Parameters<typeof startTestApp>[0] = {}) {
  const t = await startTestApp(options);
  const f = await clientAppFixtures(t);
  return { t, f, api: await signInClientAppLogins(t) };
}
