import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseAdmin, CaseDetail, CaseType } from '@hearth/shared/cases/cases.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { CARE_FORM_USERS, type CareFormUser } from '../care-forms/care-forms.test-support';
import { startCaseTests, type CaseTests } from './cases.test-support';

/*
 * Case scope (issue 24; docs/architecture.md "Branch scope" and "Own records") as every role, on PGlite or
 * PostgreSQL: a case of the Boston branch, of the Worcester branch and of another agency; the caregiver confined to
 * their own reports from their own visits; clients and trusted contacts with no case procedure at all.
 */

let x: CaseTests;
const ids = { boston: 0, worcester: 0, other: 0, caregiverOwn: 0 };
beforeAll(async () => {
  x = await startCaseTests();
  ids.boston = (await x.report('companyadmin', x.types.complaint, x.f.bostonClientId)).id;
  ids.worcester = (await x.report('companyadmin', x.types.complaint, x.f.worcesterClientId)).id;
  ids.other = x.otherCaseId;
  ids.caregiverOwn = (await x.report('caregiver', x.types.incident, x.f.ownVisit.clientId, { shiftId: x.f.ownVisit.id })).id;
}, 120_000);
afterAll(async () => {
  await x?.t.close();
});

const status = async (path: string, input: unknown, as: CareFormUser, kind: 'query' | 'mutation' = 'query') =>
  (await x.t.trpc(kind, path, input, x.api.tokens[as])).status;

/** What cases.detail answers each role for the Boston, Worcester and other agency's case. */
const DETAIL: Record<CareFormUser, [number, number, number]> = {
  developer: [200, 200, 200],
  companyadmin: [200, 200, 404],
  branchmanager: [200, 404, 404],
  rvp: [200, 200, 404],
  nurse: [200, 404, 404],
  prn: [404, 200, 404],
  caregiver: [404, 404, 404],
  client: [403, 403, 403],
  trustedcontact: [403, 403, 403],
};

describe('case scope as every role', () => {
  it.each(CARE_FORM_USERS)('reads exactly the cases in reach as %s', async (as) => {
    const got = [
      await status('cases.detail', { id: ids.boston }, as),
      await status('cases.detail', { id: ids.worcester }, as),
      await status('cases.detail', { id: ids.other }, as),
    ];
    expect(got).toEqual(DETAIL[as]);
    // History: the roles that work cases, in reach; PRN staff, caregivers, clients and contacts may not ask.
    const history = { developer: 200, companyadmin: 200, branchmanager: 404, rvp: 200, nurse: 404 }[as as string] ?? 403;
    expect(await status('cases.history', { id: ids.worcester }, as)).toBe(history);
  });

  it('answers 404 for another branch and agency to every write, and 403 to roles without the action', async () => {
    for (const id of [ids.worcester, ids.other]) {
      expect(await status('cases.update', { id, priority: 'stat' }, 'branchmanager', 'mutation')).toBe(404);
      expect(await status('cases.transition', { id, to: 'accepted' }, 'nurse', 'mutation')).toBe(404);
      expect(await status('cases.addComment', { id, body: 'x' }, 'nurse', 'mutation')).toBe(404);
      expect(await status('cases.startModule', { id, caseTypeModuleId: 1 }, 'branchmanager', 'mutation')).toBe(404);
    }
    expect(await status('cases.addComment', { id: ids.worcester, body: 'Seen' }, 'prn', 'mutation')).toBe(200);
    expect(await status('cases.transition', { id: ids.worcester, to: 'accepted' }, 'prn', 'mutation')).toBe(403);
    expect(await status('cases.update', { id: ids.worcester, priority: 'stat' }, 'prn', 'mutation')).toBe(403);
    for (const as of ['client', 'trustedcontact'] as const) {
      expect(await status('cases.mine', undefined, as)).toBe(403);
      expect(await status('cases.reportableTypes', undefined, as)).toBe(403);
      expect(await status('caseTypes.list', undefined, as)).toBe(403);
    }
  });

  it('prints the case file for the roles that work cases, in reach only', async () => {
    const pdf = await x.api.ok<{ fileName: string; contentType: string; base64: string }>(
      'query',
      'cases.pdf',
      { id: ids.boston },
      'nurse',
    );
    expect(pdf.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await status('cases.pdf', { id: ids.worcester }, 'nurse')).toBe(404);
    expect(await status('cases.pdf', { id: ids.other }, 'companyadmin')).toBe(404);
    for (const as of ['prn', 'caregiver', 'client', 'trustedcontact'] as const) {
      expect(await status('cases.pdf', { id: ids.caregiverOwn }, as)).toBe(403);
    }
  });

  it('confines the caregiver to reporting from their own visits and reading their own reports', async () => {
    const own = await x.api.ok<CaseDetail>('query', 'cases.detail', { id: ids.caregiverOwn }, 'caregiver');
    expect(own).toMatchObject({ canWork: false, allowedTransitions: [], comments: [], caregivers: [expect.anything()] });
    const types = await x.api.ok<CaseType[]>('query', 'cases.reportableTypes', {}, 'caregiver');
    expect(types.map((t) => t.name).sort()).toEqual(['Change of condition', 'Incident']);
    const report = (extra: object, typeId = x.types.incident, clientId = x.f.ownVisit.clientId) =>
      x.api.fail(
        'mutation',
        'cases.report',
        { caseTypeId: typeId, clientId, title: 'Fell', occurredAt: x.clock.now().toISOString(), ...extra },
        'caregiver',
      );
    expect(await report({ shiftId: x.f.ownVisit.id }, x.types.complaint)).toMatchObject({
      status: 403,
      message: 'This case type is reported by the office',
    });
    expect(await report({})).toMatchObject({ status: 403, message: 'Report from one of your visits' });
    expect(await report({ shiftId: x.f.ownVisit.id, draft: true })).toMatchObject({ status: 403 });
    expect((await report({ shiftId: x.f.otherVisit.id }, x.types.incident, x.f.otherVisit.clientId)).status).toBe(404);
    expect((await report({ shiftId: x.f.ownVisit.id }, x.types.incident, x.f.worcesterClientId)).status).toBe(404);
    for (const path of ['cases.update', 'cases.transition', 'cases.addComment', 'cases.startModule', 'cases.markStateReported']) {
      expect(await status(path, { id: ids.caregiverOwn }, 'caregiver', 'mutation')).toBe(403);
    }
    expect(await status('cases.history', { id: ids.caregiverOwn }, 'caregiver')).toBe(403);
    expect(await status('caseTypes.list', undefined, 'caregiver')).toBe(403);
  });

  it('lets admins design case types and set case admins, branch managers only for their branches', async () => {
    const created = await x.api.ok<CaseType>(
      'mutation',
      'caseTypes.create',
      { name: 'Medication error', acknowledgeWithinHours: 1, stateReportWithinHours: 24 },
      'companyadmin',
    );
    expect(created).toMatchObject({ status: 'active', defaultPriority: 'routine', code: null, modules: [] });
    expect(await status('caseTypes.create', { name: 'Nope' }, 'branchmanager', 'mutation')).toBe(403);
    expect(await status('caseTypes.detail', { id: x.types.incident }, 'nurse')).toBe(200);
    const withModule = await x.api.ok<CaseType>(
      'mutation',
      'caseTypes.setModules',
      { id: created.id, modules: [{ careFormTypeLineageId: x.f.types.incident, required: true }] },
      'companyadmin',
    );
    expect(withModule.modules).toEqual([expect.objectContaining({ required: true, position: 0 })]);
    const admins = { caseTypeId: created.id, admins: [{ userId: x.people.nurse, assignNew: true, notify: true }] };
    const set = await x.api.ok<CaseAdmin[]>(
      'mutation',
      'caseAdmins.set',
      { ...admins, branchId: x.f.boston.id },
      'branchmanager',
    );
    expect(set).toEqual([expect.objectContaining({ userId: x.people.nurse, assignNew: true, branchId: x.f.boston.id })]);
    expect(await status('caseAdmins.set', { ...admins, branchId: x.f.worcester.id }, 'branchmanager', 'mutation')).toBe(404);
    expect(await status('caseAdmins.set', { ...admins, branchId: x.f.boston.id }, 'nurse', 'mutation')).toBe(403);
    expect(await status('caseTypes.detail', { id: x.types.incident }, 'developer')).toBe(200);
    const reported = await x.report('rvp', created.id, x.f.bostonClientId);
    expect(reported.assignee?.userId).toBe(x.people.nurse);
  });

  it('lists on the cases view only the cases of the caller’s branches', async () => {
    const rowsOf = async (as: CareFormUser) =>
      (await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'cases', pageSize: 500 }, as)).rows.map((r) => r.id);
    const nurse = await rowsOf('nurse');
    expect(nurse).toContain(ids.boston);
    expect(nurse).not.toContain(ids.worcester);
    const prn = await rowsOf('prn');
    expect(prn).toContain(ids.worcester);
    expect(prn).not.toContain(ids.boston);
    const admin = await rowsOf('companyadmin');
    expect(admin).toEqual(expect.arrayContaining([ids.boston, ids.worcester]));
    expect(admin).not.toContain(ids.other);
    const view = await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'cases', search: 'Fall in the bathroom' }, 'rvp');
    // The demo's incident, reported hours before the seeding and never acknowledged, is overdue.
    expect(view.rows[0]).toMatchObject({ typeName: 'Incident', status: 'requested', overdue: true });
    expect((await x.api.fail('query', 'queryView', { view: 'cases' }, 'caregiver')).status).toBe(403);
  });
});
