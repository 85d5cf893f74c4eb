import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareFormDetail, CareFormSummary, StartableCareFormType } from '@hearth/shared/care-forms/care-forms.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import type { TestApp } from '../../test/test-app';
import { CARE_FORM_USERS, FALL_CHECK, SIGNATURE, startCareFormTests, type CareFormUser } from './care-forms.test-support';

/**
 * Who reaches which care form (issue 23 item 5; docs/architecture.md "Branch scope", "Own records"): every role on a
 * form of its branch, of another branch, of another agency, assigned to the caregiver or to no one; the caregiver's
 * own starts from their visits; the careForms view. Out of reach is 404; a role without the action 403.
 */

let t: TestApp;
let x: Awaited<ReturnType<typeof startCareFormTests>>;
let boston: CareFormDetail;
let worcester: CareFormDetail;
let assigned: CareFormDetail;
let fallCheck: number;

beforeAll(async () => {
  x = await startCareFormTests();
  t = x.t;
  fallCheck = (await x.api.activeType('Fall check', FALL_CHECK, true)).id;
  boston = await x.api.startForm(fallCheck, x.f.bostonClientId, 'branchmanager');
  worcester = await x.api.startForm(fallCheck, x.f.worcesterClientId, 'rvp');
  assigned = await x.api.startForm(x.f.types.supervisory, x.f.ownVisit.clientId, 'nurse', {
    shiftId: x.f.ownVisit.id,
    assigneeUserId: x.f.caregiverUserId,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The status of careForms.detail of `id` as each user. */
async function detailStatuses(id: number): Promise<Record<CareFormUser, number>> {
  const out = {} as Record<CareFormUser, number>;
  for (const as of CARE_FORM_USERS) out[as] = (await t.trpc('query', 'careForms.detail', { id }, x.api.tokens[as])).status;
  return out;
}

describe('care form scope', () => {
  it('shows a Boston form to the roles over Boston, and 404 to the rest', async () => {
    expect(await detailStatuses(boston.id)).toEqual({
      developer: 200,
      companyadmin: 200,
      branchmanager: 200,
      rvp: 200,
      nurse: 200,
      prn: 404, // Worcester only
      caregiver: 404, // neither assigned to nor started by them
      client: 403,
      trustedcontact: 403,
    });
  });

  it('shows a Worcester form to Worcester’s roles, and 404 to Boston’s', async () => {
    expect(await detailStatuses(worcester.id)).toEqual({
      developer: 200,
      companyadmin: 200,
      branchmanager: 404,
      rvp: 200,
      nurse: 404,
      prn: 200,
      caregiver: 404,
      client: 403,
      trustedcontact: 403,
    });
    const missing = await x.api.fail('query', 'careForms.detail', { id: worcester.id }, 'nurse');
    expect(missing.message).toBe(`Care form ${worcester.id} not found`);
    const list = await x.api.fail('query', 'careForms.listForClient', { clientId: x.f.worcesterClientId }, 'branchmanager');
    expect(list).toMatchObject({ status: 404, message: `Client ${x.f.worcesterClientId} not found` });
  });

  it('shows another agency’s form to the Developer alone', async () => {
    const statuses = await detailStatuses(x.f.other.formId);
    expect(statuses.developer).toBe(200);
    for (const as of CARE_FORM_USERS.filter((u) => u !== 'developer')) {
      expect(statuses[as], as).toBe(as === 'client' || as === 'trustedcontact' ? 403 : 404);
    }
    const save = await x.api.fail('mutation', 'careForms.saveInProgress', { id: x.f.other.formId, items: [] }, 'companyadmin');
    expect(save.status).toBe(404);
  });

  it('lets PRN read forms but not fill, sign or amend them', async () => {
    await x.api.ok('query', 'careForms.listForClient', { clientId: x.f.worcesterClientId }, 'prn');
    const detail = await x.api.ok<CareFormDetail>('query', 'careForms.detail', { id: worcester.id }, 'prn');
    expect(detail.editable).toBe(false);
    for (const [path, input] of [
      ['careForms.saveInProgress', { id: worcester.id, items: [] }],
      ['careForms.complete', { id: worcester.id, items: [], signature: SIGNATURE }],
      ['careForms.amend', { id: worcester.id, reason: 'No' }],
      ['careForms.create', { typeId: fallCheck, clientId: x.f.worcesterClientId }],
    ] as const) {
      expect((await x.api.fail('mutation', path, input, 'prn')).status, path).toBe(403);
    }
  });

  it('confines the caregiver to the forms assigned to them or started by them', async () => {
    const mine = await x.api.ok<CareFormSummary[]>('query', 'careForms.mine', undefined, 'caregiver');
    expect(mine.map((f) => f.id)).toContain(assigned.id);
    expect(mine.every((f) => f.assignee?.userId === x.f.caregiverUserId)).toBe(true);
    const detail = await x.api.ok<CareFormDetail>('query', 'careForms.detail', { id: assigned.id }, 'caregiver');
    expect(detail).toMatchObject({ editable: true, shiftId: x.f.ownVisit.id });
    const saved = await x.api.ok<CareFormDetail>(
      'mutation',
      'careForms.saveInProgress',
      { id: assigned.id, items: [{ linkId: 'visit', item: [{ linkId: 'aide-present', answer: [{ valueBoolean: true }] }] }] },
      'caregiver',
    );
    expect(saved.items).toHaveLength(1);
    for (const [kind, path, input] of [
      ['query', 'careForms.listForClient', { clientId: x.f.ownVisit.clientId }],
      ['mutation', 'careForms.amend', { id: assigned.id, reason: 'Mine' }],
      ['query', 'careForms.version', { id: assigned.id, version: 1 }],
      ['query', 'careForms.pdf', { id: assigned.id }],
      ['query', 'careFormTypes.list', undefined],
      ['query', 'careFormTypes.detail', { id: x.f.types.incident }],
    ] as const) {
      expect((await x.api.fail(kind, path, input, 'caregiver')).status, path).toBe(403);
    }
  });

  it('lets the caregiver start only a type caregivers may start, from their own visit, for its client', async () => {
    const startable = await x.api.ok<StartableCareFormType[]>('query', 'careForms.startable', undefined, 'caregiver');
    const names = startable.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Change of condition', 'Incident report', 'Fall check']));
    expect(names).not.toContain('Client intake');
    expect(startable.find((s) => s.name === 'Incident report')?.definition.item?.length).toBeGreaterThan(0);

    const own = { typeId: x.f.types.changeOfCondition, clientId: x.f.ownVisit.clientId, shiftId: x.f.ownVisit.id };
    const started = await x.api.ok<CareFormDetail>('mutation', 'careForms.create', own, 'caregiver');
    expect(started).toMatchObject({ status: 'in-progress', assignee: { userId: x.f.caregiverUserId }, editable: true });

    const office = await x.api.fail('mutation', 'careForms.create', { ...own, typeId: x.f.types.intake }, 'caregiver');
    expect(office).toMatchObject({ status: 403, message: 'This form type is started by the office' });
    const noVisit = await x.api.fail('mutation', 'careForms.create', { ...own, shiftId: undefined }, 'caregiver');
    expect(noVisit).toMatchObject({ status: 403, message: 'Start a form from one of your visits' });
    const others = { ...own, clientId: x.f.otherVisit.clientId, shiftId: x.f.otherVisit.id };
    expect(await x.api.fail('mutation', 'careForms.create', others, 'caregiver')).toMatchObject({
      status: 404,
      message: `Shift ${x.f.otherVisit.id} not found`,
    });
    const wrongClient = { ...own, clientId: x.f.worcesterClientId };
    expect((await x.api.fail('mutation', 'careForms.create', wrongClient, 'caregiver')).status).toBe(404);
    const someoneElse = { ...own, assigneeUserId: x.f.nurseUserId };
    expect((await x.api.fail('mutation', 'careForms.create', someoneElse, 'caregiver')).status).toBe(403);

    // A form the caregiver started is theirs; one the office started for their client is not.
    const byOffice = await x.api.startForm(x.f.types.changeOfCondition, x.f.ownVisit.clientId, 'nurse');
    expect((await x.api.fail('query', 'careForms.detail', { id: byOffice.id }, 'caregiver')).status).toBe(404);
    const complete = await x.api.fail(
      'mutation',
      'careForms.complete',
      { id: byOffice.id, items: [], signature: SIGNATURE },
      'caregiver',
    );
    expect(complete.status).toBe(404);
  });

  it('gives Client and Trusted Contact no care form procedure at all', async () => {
    for (const as of ['client', 'trustedcontact'] as const) {
      for (const [kind, path, input] of [
        ['query', 'careForms.mine', undefined],
        ['query', 'careForms.startable', undefined],
        ['query', 'careForms.listForClient', { clientId: x.f.bostonClientId }],
        ['mutation', 'careForms.create', { typeId: fallCheck, clientId: x.f.bostonClientId }],
        ['query', 'careFormTypes.pdf', { id: fallCheck }],
      ] as const) {
        expect((await x.api.fail(kind, path, input, as)).status, `${path} as ${as}`).toBe(403);
      }
    }
  });

  it('answers a form’s PDF and a type’s blank PDF to those who may read them', async () => {
    const pdf = await x.api.ok<{ fileName: string; base64: string }>('query', 'careForms.pdf', { id: boston.id }, 'nurse');
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await x.api.fail('query', 'careForms.pdf', { id: worcester.id }, 'nurse')).status).toBe(404);
    const blank = await x.api.ok<{ base64: string }>('query', 'careFormTypes.pdf', { id: x.f.types.incident }, 'caregiver');
    expect(Buffer.from(blank.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await x.api.fail('query', 'careFormTypes.pdf', { id: x.f.other.typeId }, 'caregiver')).status).toBe(404);
  });

  it('lists on the careForms view only the forms of the caller’s branches', async () => {
    const rowsOf = async (as: CareFormUser) =>
      (await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'careForms', pageSize: 500 }, as)).rows.map((r) => r.id);
    const nurse = await rowsOf('nurse');
    expect(nurse).toContain(boston.id);
    expect(nurse).not.toContain(worcester.id);
    const prn = await rowsOf('prn');
    expect(prn).toContain(worcester.id);
    expect(prn).not.toContain(boston.id);
    const admin = await rowsOf('companyadmin');
    expect(admin).toEqual(expect.arrayContaining([boston.id, worcester.id]));
    expect(admin).not.toContain(x.f.other.formId);
    const view = await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'careForms', search: 'Fall check' }, 'rvp');
    expect(view.rows.find((r) => r.id === worcester.id)).toMatchObject({
      typeName: 'Fall check',
      status: 'in-progress',
      version: 1,
    });
    expect((await x.api.fail('query', 'queryView', { view: 'careForms' }, 'caregiver')).status).toBe(403);
  });
});
