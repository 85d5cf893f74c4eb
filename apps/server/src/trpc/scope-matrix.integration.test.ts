import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp, type TrpcBody } from '../test/test-app';
import { listProcedures, sampleInput, type ProcedureInfo } from '../test/procedure-inputs';
import { plantRecords, plantedFingerprint } from '../test/planted-records';
import { accounts, users } from '../features/users/users.schema';
import { clientContacts, clients } from '../features/clients/clients.schema';
import { rowsOf } from '../db/rows';

/**
 * The role x procedure x scope matrix (issue "No way around the rules"): every procedure of the router, called by
 * every role with an input naming records the role may not reach, is refused or answers nothing of them, and
 * writes nothing of them; no call lets a role widen its own reach. Generated from the router (procedure-inputs.ts),
 * so a new procedure is covered without anyone adding it.
 *
 * Two planted sets (planted-records.ts): OTHER_COMPANY, a whole other agency, out of reach of every role but the
 * Developer; OTHER_BRANCH, a fourth branch of the demo company that no demo user is linked to, out of reach of
 * every branch-level role, the caregiver, the client and the trusted contact. CONTROL, a third set, is what the
 * Developer (system level, every action) is called on: its calls prove the generated inputs pass validation, so
 * the refusals above are the scope's and not the schema's.
 */

const OTHER_COMPANY = 900_001;
const OTHER_BRANCH = 900_002;
const CONTROL = 900_003;
/** The text every planted record of a set carries, so an answer holding one shows it. */
const markerOf = (setId: number) => `Zyxplanted${setId}`;

/** Logins that are not staff: no edit makes them staff. */
const RECORD_LOGINS = ['caregiver', 'client', 'trustedcontact'];

/**
 * Who calls; which planted sets are out of their reach; and the demo users whose reach is wider than theirs or lies
 * outside it (Developer: system; Company Admin: the company; RVP: Boston and Worcester; PRN: Worcester), whom they
 * may not manage (README "Demo users").
 */
const CALLERS: { username: string; outOfReach: number[]; widerUsers: string[] }[] = [
  { username: 'companyadmin', outOfReach: [OTHER_COMPANY], widerUsers: ['developer'] },
  { username: 'rvp', outOfReach: [OTHER_COMPANY, OTHER_BRANCH], widerUsers: ['developer', 'companyadmin'] },
  {
    username: 'branchmanager',
    outOfReach: [OTHER_COMPANY, OTHER_BRANCH],
    widerUsers: ['developer', 'companyadmin', 'rvp', 'prn'],
  },
  {
    username: 'nurse',
    outOfReach: [OTHER_COMPANY, OTHER_BRANCH],
    widerUsers: ['developer', 'companyadmin', 'rvp', 'prn', 'branchmanager'],
  },
  {
    username: 'prn',
    outOfReach: [OTHER_COMPANY, OTHER_BRANCH],
    widerUsers: ['developer', 'companyadmin', 'rvp', 'branchmanager', 'nurse'],
  },
  {
    username: 'caregiver',
    outOfReach: [OTHER_COMPANY, OTHER_BRANCH],
    widerUsers: ['developer', 'companyadmin', 'rvp', 'branchmanager'],
  },
  {
    username: 'client',
    outOfReach: [OTHER_COMPANY, OTHER_BRANCH],
    widerUsers: ['developer', 'companyadmin', 'rvp', 'branchmanager'],
  },
  {
    username: 'trustedcontact',
    outOfReach: [OTHER_COMPANY, OTHER_BRANCH],
    widerUsers: ['developer', 'companyadmin', 'rvp', 'branchmanager'],
  },
];

/**
 * Procedures whose generated input the Developer's control call refuses as invalid, each with why a valid one
 * cannot be generated; their out-of-reach calls are still made (and must still refuse), they only prove less.
 */
const INPUT_NOT_GENERATED: Record<string, string> = {};

let t: TestApp;
const tokens: Record<string, string> = {};
const procedures = listProcedures();
const stopImpersonating = procedures.find((p) => p.path === 'users.stopImpersonatingUser')!;

interface Answer {
  status: number;
  text: string;
  body: TrpcBody;
}

async function call(procedure: ProcedureInfo, input: unknown, token: string): Promise<Answer> {
  const headers = { authorization: `Bearer ${token}` };
  const res =
    procedure.type === 'query'
      ? await t.fetch(
          `/api/trpc/${procedure.path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          { headers },
        )
      : await t.fetch(`/api/trpc/${procedure.path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
  const text = await res.text();
  let body: TrpcBody = {};
  try {
    body = JSON.parse(text) as TrpcBody;
  } catch {
    // A non-JSON answer is itself a finding: kept in `text`.
  }
  return { status: res.status, text, body };
}

/**
 * What no call of the caller may change: the role, active flag, email, phone and branch links of each of
 * `usernames`, and every role's permissions (roles are shared by all companies).
 */
async function reachOf(usernames: string[]): Promise<string> {
  const result = await t.database.db.execute(sql`
    select md5(coalesce((select string_agg(row(u.username, u.role_id, u.v2_role_id, u.is_active, u.company_id, u.email,
        u.phone_number, (select string_agg(bu."A"::text, ',' order by bu."A") from "_BranchToUser" bu where bu."B" = u.id))::text,
        '|' order by u.username)
      from users u where u.username in (${sql.join(
        usernames.map((u) => sql`${u}`),
        sql`, `,
      )})), '')
      || coalesce((select string_agg(r::text, '|' order by r.id) from roles r), '')) as h`);
  return rowsOf<{ h: string }>(result)[0]!.h;
}

/** Who the caller is impersonating (users.impersonated_user_id), or null. */
async function impersonatedBy(username: string): Promise<number | null> {
  const [row] = await t.database.db.select({ id: users.impersonatedUserId }).from(users).where(eq(users.username, username));
  return row?.id ?? null;
}

/**
 * An input with an `isActive` key twice, kept active first (a role or email change alone) then deactivated, so
 * each kind of change is tried on its own; any other input once.
 */
function activeVariants(procedure: ProcedureInfo, input: unknown): { procedure: ProcedureInfo; input: unknown }[] {
  if (!input || typeof input !== 'object' || !('isActive' in input)) return [{ procedure, input }];
  return [true, false].map((isActive) => ({ procedure, input: { ...input, isActive } }));
}

/**
 * The REST GET routes that name a record in their path (`/users/:userId/history`), read from the route files of
 * apps/server/src/http, so a new one is tried without anyone adding it.
 */
function restRecordRoutes(): string[] {
  const dir = path.join(import.meta.dirname, '../http');
  const routes: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.routes.ts'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(/app\.get(?:<[^(]*>)?\(\s*'([^']*:[^']*)'/g)) {
      // A view is named, not a record: the view export's scope is views-export.routes.ts's own test.
      if (match[1]!.match(/:(\w+)/g)!.some((param) => param !== ':view')) routes.push(match[1]!);
    }
  }
  return routes.sort();
}

/** The path of a REST route with every parameter naming the planted record (a view parameter names a real view). */
const restPathOf = (route: string, recordId: number) =>
  route.replace(/:(\w+)/g, (_, name: string) => (name === 'view' ? 'clients' : String(recordId)));

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** A Trusted Contact login (role 9) of a demo client's daughter, with the demo password. */
async function addTrustedContact(): Promise<void> {
  const db = t.database.db;
  const [client] = await db.select({ id: clients.id }).from(clients).limit(1);
  const companyId = await demoCompanyId();
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
    clientId: client!.id,
    userId: user!.id,
    firstName: 'Tina',
    lastName: 'Trusted',
    relationship: 'Daughter',
    hasPortalAccess: true,
  });
}

async function demoCompanyId(): Promise<number> {
  const result = await t.database.db.execute(sql`select company_id from branches where name = 'Boston'`);
  return rowsOf<{ company_id: number }>(result)[0]!.company_id;
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  await plantRecords(db, { id: OTHER_COMPANY, marker: markerOf(OTHER_COMPANY), companyId: null });
  await plantRecords(db, { id: OTHER_BRANCH, marker: markerOf(OTHER_BRANCH), companyId: await demoCompanyId() });
  await plantRecords(db, { id: CONTROL, marker: 'Control', companyId: null });
  await addTrustedContact();
  for (const username of ['developer', ...CALLERS.map((c) => c.username)]) tokens[username] = await t.signIn(username);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the role x procedure x scope matrix', () => {
  it('builds a valid input for every procedure (the Developer is refused none as invalid)', async () => {
    const invalid: string[] = [];
    for (const procedure of procedures) {
      if (procedure.path in INPUT_NOT_GENERATED) continue;
      const answer = await call(procedure, sampleInput(procedure, CONTROL), tokens.developer!);
      const fieldErrors = answer.body.error?.data.fieldErrors;
      if (answer.status === 400 && fieldErrors && Object.keys(fieldErrors).length > 0) {
        invalid.push(`${procedure.path}: ${answer.body.error!.message}`);
      }
    }
    expect(invalid).toEqual([]);
  }, 120_000);

  it.each(CALLERS)(
    'refuses $username every record out of reach, writes none of them, and widens nothing',
    async ({ username, outOfReach }) => {
      const findings: string[] = [];
      let reach = await reachOf([username]);
      for (const setId of outOfReach) {
        let before = await plantedFingerprint(t.database.db, setId);
        for (const procedure of procedures) {
          const answer = await call(procedure, sampleInput(procedure, setId), tokens[username]!);
          const where = `${procedure.path} as ${username} on set ${setId}`;
          if (answer.status >= 500) findings.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
          if (answer.text.toLowerCase().includes(markerOf(setId).toLowerCase())) {
            findings.push(`${where}: answered ${answer.status} with a planted record: ${answer.text.slice(0, 200)}`);
          }
          if (procedure.type === 'mutation' && answer.status < 300) {
            const after = await plantedFingerprint(t.database.db, setId);
            if (after !== before) findings.push(`${where}: answered ${answer.status} and changed a planted record`);
            const now = await reachOf([username]);
            if (now !== reach) findings.push(`${where}: answered ${answer.status} and changed the caller's own reach`);
            [before, reach] = [after, now];
          }
        }
      }
      expect(findings).toEqual([]);
    },
    120_000,
  );

  it.each(CALLERS)(
    'lets $username manage neither itself, nor a user of wider reach, nor a record login into staff',
    async ({ username, widerUsers }) => {
      const userProcedures = procedures.filter((p) => p.type === 'mutation' && /user/i.test(p.path));
      expect(userProcedures.map((p) => p.path)).toContain('updateUser');
      // Itself last: a deactivation that got through would sign it out of the calls that follow.
      const watched = [...widerUsers, ...RECORD_LOGINS.filter((u) => u !== username), username];
      const widerIds = await Promise.all(widerUsers.map(userIdOf));
      const findings: string[] = [];
      let reach = await reachOf(watched);
      for (const target of watched) {
        const targetId = await userIdOf(target);
        for (const { procedure, input } of userProcedures.flatMap((p) => activeVariants(p, sampleInput(p, targetId)))) {
          const answer = await call(procedure, input, tokens[username]!);
          const where = `${procedure.path} as ${username} on ${target}`;
          if (answer.status >= 500) findings.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
          const now = await reachOf(watched);
          if (now !== reach) findings.push(`${where}: answered ${answer.status} and changed a user it may not manage`);
          reach = now;
          const impersonated = await impersonatedBy(username);
          if (impersonated !== null && widerIds.includes(impersonated)) {
            findings.push(`${where}: answered ${answer.status} and now acts as a user of wider reach`);
          }
          if (impersonated !== null) await call(stopImpersonating, undefined, tokens[username]!);
        }
      }
      expect(findings).toEqual([]);
    },
    120_000,
  );

  it.each(CALLERS)(
    'answers $username nothing out of reach through the REST routes that name a record',
    async ({ username, outOfReach }) => {
      const routes = restRecordRoutes();
      expect(routes).toEqual(['/api/file-imports/:id/progress', '/users/:userId/history']);
      const findings: string[] = [];
      for (const setId of outOfReach) {
        for (const route of routes) {
          const res = await t.fetch(restPathOf(route, setId), {
            headers: { authorization: `Bearer ${tokens[username]!}` },
            signal: AbortSignal.timeout(10_000),
          });
          const text = await res.text();
          const where = `GET ${route} as ${username} on set ${setId}`;
          if (res.status >= 500) findings.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
          if (res.status < 300) findings.push(`${where}: answered ${res.status}: ${text.slice(0, 200)}`);
          if (text.toLowerCase().includes(markerOf(setId).toLowerCase())) findings.push(`${where}: answered a planted record`);
        }
      }
      expect(findings).toEqual([]);
    },
  );
});
