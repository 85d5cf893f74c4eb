import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { CaseAssignee, CaseDetail } from '@hearth/shared/cases/cases.schema';
import { CARE_FORM_USERS, type CareFormUser } from '../care-forms/care-forms.test-support';
import { branchUsers, users } from '../users/users.schema';
import { startCaseTests, type CaseTests } from './cases.test-support';

/*
 * Who may be assigned a case (issue 24 item 2; cases.assignees.ts), on PGlite or PostgreSQL: the active office users
 * of the case's branch whose role holds the case actions, asked as every role, and the same rule enforced when
 * cases.update sets the assignee.
 */

let x: CaseTests;
const ids = { boston: 0, worcester: 0 };
const people = { companyAdmin: 0, branchManager: 0, rvp: 0, nurse: 0, prn: 0, caregiver: 0, developer: 0 };
const extra = { worcesterNurse: 0, inactiveNurse: 0 };

/** A Nurse login linked to `branchId`, active or not. */
async function addNurse(username: string, branchId: number, isActive: boolean): Promise<number> {
  const [user] = await x.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      name: `Nurse ${username}`,
      companyId: x.f.boston.companyId,
      roleId: ROLE_IDS.nurse,
      isActive,
    })
    .returning({ id: users.id });
  await x.db.insert(branchUsers).values({ branchId, userId: user!.id });
  return user!.id;
}

beforeAll(async () => {
  x = await startCaseTests();
  for (const [key, username] of Object.entries({
    companyAdmin: 'companyadmin',
    branchManager: 'branchmanager',
    rvp: 'rvp',
    nurse: 'nurse',
    prn: 'prn',
    caregiver: 'caregiver',
    developer: 'developer',
  })) {
    people[key as keyof typeof people] = await x.userIdOf(username);
  }
  extra.worcesterNurse = await addNurse('worcesternurse', x.f.worcester.id, true);
  extra.inactiveNurse = await addNurse('formernurse', x.f.boston.id, false);
  ids.boston = (await x.report('companyadmin', x.types.incident, x.f.bostonClientId)).id;
  ids.worcester = (await x.report('companyadmin', x.types.incident, x.f.worcesterClientId)).id;
}, 120_000);
afterAll(async () => {
  await x?.t.close();
});

const assignees = (id: number, as: CareFormUser) => x.api.ok<CaseAssignee[]>('query', 'cases.assignees', { id }, as);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const idsOf = (list: CaseAssignee[]) => sorted(list.map((a) => a.userId));

describe('cases.assignees', () => {
  it('lists the active office users of the case branch whose role works cases, by name', async () => {
    const boston = await assignees(ids.boston, 'branchmanager');
    expect(idsOf(boston)).toEqual(sorted([people.companyAdmin, people.branchManager, people.rvp, people.nurse]));
    expect(boston.map((a) => a.name)).toEqual([...boston.map((a) => a.name)].sort((a, b) => a.localeCompare(b)));
    // A Nurse sees the same list, no longer only the case admins (caseAdmins.list is not hers).
    expect(idsOf(await assignees(ids.boston, 'nurse'))).toEqual(idsOf(boston));
    // Worcester: the RVP and the company admin reach it, the Boston staff do not; the Worcester nurse does.
    expect(idsOf(await assignees(ids.worcester, 'rvp'))).toEqual(sorted([people.companyAdmin, people.rvp, extra.worcesterNurse]));
    // Never: PRN (no case actions), caregivers, the Developer (system level), inactive users.
    const all = [...idsOf(boston), ...idsOf(await assignees(ids.worcester, 'developer'))];
    for (const never of [people.prn, people.caregiver, people.developer, extra.inactiveNurse]) expect(all).not.toContain(never);
  });

  it('answers 404 for a case out of reach and 403 to roles without the action, as every role', async () => {
    const expected: Record<CareFormUser, [number, number, number]> = {
      developer: [200, 200, 404],
      companyadmin: [200, 200, 404],
      branchmanager: [200, 404, 404],
      rvp: [200, 200, 404],
      nurse: [200, 404, 404],
      prn: [403, 403, 403],
      caregiver: [403, 403, 403],
      client: [403, 403, 403],
      trustedcontact: [403, 403, 403],
    };
    for (const as of CARE_FORM_USERS) {
      const got = [];
      for (const id of [ids.boston, ids.worcester, x.otherCaseId + 1_000_000]) {
        got.push((await x.t.trpc('query', 'cases.assignees', { id }, x.api.tokens[as])).status);
      }
      expect([as, ...got]).toEqual([as, ...expected[as]]);
    }
    // Another agency's case: 404 even to its reader of every branch of their own company.
    expect((await x.api.fail('query', 'cases.assignees', { id: x.otherCaseId }, 'companyadmin')).status).toBe(404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = await x.api.fail('query', 'cases.assignees', { id: 'seven' }, 'branchmanager');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.fieldErrors ?? {})).toContain('id');
  });
});

describe('cases.update assignee', () => {
  const assign = (assigneeUserId: number | null, as: CareFormUser = 'nurse') =>
    x.api.fail('mutation', 'cases.update', { id: ids.boston, assigneeUserId }, as);

  it('assigns one of the listed users and refuses anyone else with 404', async () => {
    const moved = await x.api.ok<CaseDetail>('mutation', 'cases.update', { id: ids.boston, assigneeUserId: people.rvp }, 'nurse');
    expect(moved.assignee?.userId).toBe(people.rvp);
    for (const userId of [people.prn, people.caregiver, people.developer, extra.worcesterNurse, extra.inactiveNurse]) {
      expect(await assign(userId)).toMatchObject({ status: 404, message: `User ${userId} not found` });
    }
    const after = await x.api.ok<CaseDetail>('query', 'cases.detail', { id: ids.boston }, 'nurse');
    expect(after.assignee?.userId).toBe(people.rvp);
    expect((await assign(null)).status).toBe(200);
  });
});
