import { and, asc, eq, ne } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { CareFormDetail, CareFormTypeDetail, Questionnaire } from '@hearth/shared/care-forms/care-forms.schema';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { clients, clientContacts } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';
import { accounts, users } from '../users/users.schema';
import { careForms, careFormTypes } from './care-forms.schema';

/** Every role the care form tests sign in as (a trusted contact is added for them). */
export const CARE_FORM_USERS = [
  'developer',
  'companyadmin',
  'branchmanager',
  'rvp',
  'nurse',
  'prn',
  'caregiver',
  'client',
  'trustedcontact',
] as const;
export type CareFormUser = (typeof CARE_FORM_USERS)[number];

/** A 1x1 PNG as the signature pad sends it. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A small type: a required name, whether the client fell, and (when they did) how many times, required. */
export const FALL_CHECK: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'draft',
  title: 'Fall check',
  item: [
    { linkId: 'name', text: 'Who filled it', type: 'string', required: true, maxLength: 40 },
    { linkId: 'fell', text: 'Fell since the last visit', type: 'boolean', required: true },
    {
      linkId: 'falls',
      text: 'How many times',
      type: 'integer',
      required: true,
      enableWhen: [{ question: 'fell', operator: '=', answerBoolean: true }],
    },
  ],
};

/** A Trusted Contact login (role 9) of client `clientId`, with the demo password. */
async function addTrustedContact(t: TestApp, clientId: number, companyId: number): Promise<void> {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({
      name: 'Tina Trusted',
      email: 'trustedcontact@example.com',
      username: 'trustedcontact',
      firstName: 'Tina',
      lastName: 'Trusted',
      companyId,
      roleId: ROLE_IDS.trustedContact,
    })
    .returning({ id: users.id });
  await db.insert(accounts).values({
    accountId: String(user!.id),
    providerId: 'credential',
    userId: user!.id,
    password: await hashPassword(DEMO_PASSWORD),
  });
  await db.insert(clientContacts).values({
    clientId,
    userId: user!.id,
    firstName: 'Tina',
    lastName: 'Trusted',
    relationship: 'Daughter',
    hasPortalAccess: true,
  });
}

/**
 * What the care form tests read from the seeded demo agency and add to it: the Boston and Worcester branches and a
 * client of each, the demo caregiver's user, caregiver record and a visit of theirs, another Boston caregiver's
 * visit, the seeded active built-in types by key, and another agency with a client, an active type and a form.
 */
export async function careFormFixtures(t: TestApp) {
  const db = t.database.db;
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!;
  const firstClientOf = async (branchId: number) =>
    (
      await db.select({ id: clients.id }).from(clients).where(eq(clients.branchId, branchId)).orderBy(asc(clients.id)).limit(1)
    )[0]!.id;
  const userIdOf = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const caregiverUserId = await userIdOf('caregiver');
  const [caregiver] = await db.select().from(caregivers).where(eq(caregivers.userId, caregiverUserId));
  const [ownVisit] = await db
    .select({ id: shifts.id, clientId: shifts.clientId })
    .from(shifts)
    .where(eq(shifts.caregiverId, caregiver!.id))
    .orderBy(asc(shifts.startAt))
    .limit(1);
  const [otherVisit] = await db
    .select({ id: shifts.id, clientId: shifts.clientId })
    .from(shifts)
    .where(and(eq(shifts.branchId, boston.id), ne(shifts.caregiverId, caregiver!.id)))
    .limit(1);
  const types = await db.select().from(careFormTypes).where(eq(careFormTypes.companyId, boston.companyId));
  const builtIn = (key: string) => types.find((row) => row.builtInKey === key)!.id;
  const bostonClientId = await firstClientOf(boston.id);
  await addTrustedContact(t, bostonClientId, boston.companyId);
  return {
    boston,
    worcester,
    bostonClientId,
    worcesterClientId: await firstClientOf(worcester.id),
    caregiverUserId,
    nurseUserId: await userIdOf('nurse'),
    ownVisit: ownVisit!,
    otherVisit: otherVisit!,
    types: {
      intake: builtIn('client-intake'),
      supervisory: builtIn('supervisory-visit'),
      changeOfCondition: builtIn('change-of-condition'),
      incident: builtIn('incident-report'),
    },
    other: await anotherAgency(t),
  };
}

/** Another agency: a branch, a client, an active type and a form of that client (ids). */
async function anotherAgency(t: TestApp) {
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Elsewhere Care' }).returning();
  const [branch] = await db
    .insert(branches)
    .values({ companyId: company!.id, name: 'Elsewhere', timezone: 'America/Chicago', city: 'Peoria', state: 'IL', zip: '61602' })
    .returning();
  const [client] = await db
    .insert(clients)
    .values({ branchId: branch!.id, firstName: 'Olive', lastName: 'Elsewhere' })
    .returning();
  const [type] = await db
    .insert(careFormTypes)
    .values({
      companyId: company!.id,
      lineageId: 0,
      name: 'Elsewhere intake',
      category: 'intake',
      status: 'active',
      definition: FALL_CHECK,
    })
    .returning();
  await db.update(careFormTypes).set({ lineageId: type!.id }).where(eq(careFormTypes.id, type!.id));
  const [developer] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'developer'));
  const [form] = await db
    .insert(careForms)
    .values({ clientId: client!.id, typeId: type!.id, createdByUserId: developer!.id })
    .returning();
  return { companyId: company!.id, clientId: client!.id, typeId: type!.id, formId: form!.id };
}

/** Signs in every CARE_FORM_USERS user; `ok` fails loudly on a non-200 answer, `fail` answers status and message. */
export async function careFormApi(t: TestApp) {
  const tokens = {} as Record<CareFormUser, string>;
  for (const u of CARE_FORM_USERS) tokens[u] = await t.signIn(u);
  async function ok<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: CareFormUser): Promise<T> {
    const res = await t.trpc(kind, path, input, tokens[as]);
    if (res.status !== 200) throw new Error(`${path} as ${as}: ${res.status} ${res.body.error?.message}`);
    return res.body.result!.data as T;
  }
  async function fail(kind: 'query' | 'mutation', path: string, input: unknown, as: CareFormUser) {
    const res = await t.trpc(kind, path, input, tokens[as]);
    return { status: res.status, message: res.body.error?.message, fieldErrors: res.body.error?.data.fieldErrors };
  }
  /** Creates and activates a type of `definition` as the company admin. */
  async function activeType(name: string, definition: Questionnaire, caregiverMayStart = false) {
    const created = await ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.create',
      { name, category: 'assessment', caregiverMayStart, definition },
      'companyadmin',
    );
    return ok<CareFormTypeDetail>('mutation', 'careFormTypes.setStatus', { id: created.id, status: 'active' }, 'companyadmin');
  }
  /** Starts a form of `typeId` for `clientId` as `as`. */
  const startForm = (typeId: number, clientId: number, as: CareFormUser, extra: object = {}) =>
    ok<CareFormDetail>('mutation', 'careForms.create', { typeId, clientId, ...extra }, as);
  return { tokens, ok, fail, activeType, startForm };
}

/** Starts the test app on the seeded database with the care form fixtures and every role signed in. */
export async function startCareFormTests() {
  const t = await startTestApp();
  const f = await careFormFixtures(t);
  return { t, f, api: await careFormApi(t) };
}
