import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CareFormDetail, CareFormSummary, CareFormVersion } from '@hearth/shared/care-forms/care-forms.schema';
import type { TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/rows';
import { validateResponse } from '@hearth/shared/care-forms/questionnaire-rules';
import { careForms } from './care-forms.schema';
import { accessLog } from '../access-log/access-log.schema';
import { FALL_CHECK, SIGNATURE, startCareFormTests } from './care-forms.test-support';

/**
 * Care forms over real HTTP on the seeded demo agency (issue 23 item 2): start, save in progress, complete with the
 * shared answer rules and a signature, amend keeping the signed version, versions, and the idempotent start from
 * the phone. Scope and roles are in care-forms.scope.integration.test.ts.
 */

let t: TestApp;
let x: Awaited<ReturnType<typeof startCareFormTests>>;
let fallCheck: number;

const answer = (linkId: string, value: object) => ({ linkId, answer: [value] });

beforeAll(async () => {
  x = await startCareFormTests();
  t = x.t;
  fallCheck = (await x.api.activeType('Fall check', FALL_CHECK)).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('filling a care form', () => {
  it('starts, saves, refuses to complete with missing answers, completes with a signature and is then read-only', async () => {
    const form = await x.api.startForm(fallCheck, x.f.bostonClientId, 'nurse', { assigneeUserId: x.f.nurseUserId });
    expect(form).toMatchObject({
      status: 'in-progress',
      version: 1,
      typeName: 'Fall check',
      clientId: x.f.bostonClientId,
      items: [],
      signature: null,
      signedBy: null,
      editable: true,
      versions: [],
      assignee: { userId: x.f.nurseUserId },
      createdBy: { userId: x.f.nurseUserId },
    });
    expect(form.type.definition.item?.map((i) => i.linkId)).toEqual(['name', 'fell', 'falls']);

    const partial = [answer('fell', { valueBoolean: true })];
    const saved = await x.api.ok<CareFormDetail>(
      'mutation',
      'careForms.saveInProgress',
      { id: form.id, items: partial },
      'nurse',
    );
    expect(saved.items).toEqual(partial);
    expect(saved.status).toBe('in-progress');

    const refused = await x.api.fail(
      'mutation',
      'careForms.complete',
      { id: form.id, items: partial, signature: SIGNATURE },
      'nurse',
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^2 answers need attention before signing\./);
    expect(Object.keys(refused.fieldErrors ?? {}).sort()).toEqual(['falls', 'name']);

    // Falls are asked only after a fall: with "no", the form completes without them.
    const items = [answer('name', { valueString: 'Nora Nurse' }), answer('fell', { valueBoolean: false })];
    const completed = await x.api.ok<CareFormDetail>(
      'mutation',
      'careForms.complete',
      { id: form.id, items, signature: SIGNATURE },
      'nurse',
    );
    expect(completed).toMatchObject({ status: 'completed', version: 1, items, signature: SIGNATURE, editable: false });
    expect(completed.signedBy?.userId).toBe(x.f.nurseUserId);
    expect(completed.signedAt).toBe(completed.completedAt);
    expect(Date.now() - Date.parse(completed.signedAt!)).toBeLessThan(60_000);

    const late = await x.api.fail('mutation', 'careForms.saveInProgress', { id: form.id, items: [] }, 'nurse');
    expect(late).toMatchObject({ status: 409, message: 'This form is signed: amend it to change it' });
    const twice = await x.api.fail('mutation', 'careForms.complete', { id: form.id, items, signature: SIGNATURE }, 'nurse');
    expect(twice.status).toBe(409);
  });

  it('amends a signed form as its next version and keeps the signed one', async () => {
    const form = await x.api.startForm(fallCheck, x.f.bostonClientId, 'branchmanager');
    const v1 = [answer('name', { valueString: 'Bea' }), answer('fell', { valueBoolean: false })];
    await x.api.ok('mutation', 'careForms.complete', { id: form.id, items: v1, signature: SIGNATURE }, 'branchmanager');
    const noReason = await x.api.fail('mutation', 'careForms.amend', { id: form.id, reason: ' ' }, 'nurse');
    expect(noReason.status).toBe(400);

    const amended = await x.api.ok<CareFormDetail>(
      'mutation',
      'careForms.amend',
      { id: form.id, reason: 'The client fell on Monday' },
      'nurse',
    );
    expect(amended).toMatchObject({
      status: 'in-progress',
      version: 2,
      amendmentReason: 'The client fell on Monday',
      items: v1,
      signature: null,
      signedBy: null,
      editable: true,
    });
    expect(amended.versions).toEqual([{ version: 1, status: 'completed', signedAt: expect.any(String) }]);
    const again = await x.api.fail('mutation', 'careForms.amend', { id: form.id, reason: 'Twice' }, 'nurse');
    expect(again).toMatchObject({ status: 409, message: 'Only a signed form can be amended' });

    const v2 = [
      answer('name', { valueString: 'Nora' }),
      answer('fell', { valueBoolean: true }),
      answer('falls', { valueInteger: 1 }),
    ];
    const signed = await x.api.ok<CareFormDetail>(
      'mutation',
      'careForms.complete',
      { id: form.id, items: v2, signature: SIGNATURE },
      'nurse',
    );
    expect(signed).toMatchObject({ status: 'amended', version: 2, items: v2 });

    const first = await x.api.ok<CareFormVersion>('query', 'careForms.version', { id: form.id, version: 1 }, 'rvp');
    expect(first).toMatchObject({ version: 1, status: 'completed', items: v1, signature: SIGNATURE, amendmentReason: null });
    expect(first.signedBy?.name).toBeTruthy();
    const current = await x.api.ok<CareFormVersion>('query', 'careForms.version', { id: form.id, version: 2 }, 'nurse');
    expect(current).toMatchObject({ version: 2, status: 'amended', items: v2, amendmentReason: 'The client fell on Monday' });
    const never = await x.api.fail('query', 'careForms.version', { id: form.id, version: 3 }, 'nurse');
    expect(never).toMatchObject({ status: 404, message: 'Care form version 3 not found' });
    // The change history keeps every save (audit trigger of migration 0030).
    const audit = await t.database.db.execute(
      sql`select count(*)::integer as n from audit_log where table_name = 'care_forms' and row_id = ${form.id}`,
    );
    expect(rowsOf<{ n: number }>(audit)[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('completes the shipped supervisory visit with its required answers and a drawn signature', async () => {
    const form = await x.api.startForm(x.f.types.supervisory, x.f.bostonClientId, 'nurse');
    const png = { contentType: 'image/png', data: SIGNATURE.split(',')[1] };
    const areas = ['care-plan', 'communication', 'competency', 'infection-control', 'reports-changes', 'rights'];
    const items = [
      {
        linkId: 'visit',
        item: [
          answer('visit-date', { valueDate: '2026-11-20' }),
          answer('aide-name', { valueString: 'Carla Caregiver' }),
          answer('aide-present', { valueBoolean: true }),
        ],
      },
      { linkId: 'observation', item: areas.map((a) => answer(a, { valueString: 'Yes' })) },
      {
        linkId: 'client-view',
        item: [
          answer('courteous', { valueString: 'Yes' }),
          answer('on-time', { valueString: 'Yes' }),
          answer('satisfaction', { valueString: 'Very satisfied' }),
        ],
      },
      {
        linkId: 'follow-up',
        item: [
          answer('retraining', { valueBoolean: false }),
          answer('care-plan-update', { valueBoolean: false }),
          answer('supervisor-signature', { valueAttachment: png }),
        ],
      },
    ];
    const missing = await x.api.fail(
      'mutation',
      'careForms.complete',
      { id: form.id, items: items.slice(0, 3), signature: SIGNATURE },
      'nurse',
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.fieldErrors ?? {})).toEqual(expect.arrayContaining(['retraining', 'supervisor-signature']));
    const done = await x.api.ok<CareFormDetail>(
      'mutation',
      'careForms.complete',
      { id: form.id, items, signature: SIGNATURE },
      'nurse',
    );
    expect(done.status).toBe('completed');
  });

  it('starts a form once per clientRecordId: a replay answers the same form', async () => {
    const clientRecordId = randomUUID();
    const input = { typeId: fallCheck, clientId: x.f.bostonClientId, clientRecordId };
    const first = await x.api.ok<CareFormDetail>('mutation', 'careForms.create', input, 'nurse');
    const replay = await x.api.ok<CareFormDetail>('mutation', 'careForms.create', input, 'nurse');
    expect(replay.id).toBe(first.id);
    const rows = await t.database.db
      .select({ id: careForms.id })
      .from(careForms)
      .where(and(eq(careForms.typeId, fallCheck), eq(careForms.createdByUserId, x.f.nurseUserId)));
    expect(rows.filter((r) => r.id === first.id)).toHaveLength(1);
    const stolen = await x.api.fail('mutation', 'careForms.create', input, 'branchmanager');
    expect(stolen).toMatchObject({ status: 409, message: 'This record id was already used' });
  });

  it('lists a client’s forms newest first and the caller’s own forms', async () => {
    const form = await x.api.startForm(fallCheck, x.f.bostonClientId, 'branchmanager', { assigneeUserId: x.f.nurseUserId });
    const forClient = await x.api.ok<CareFormSummary[]>(
      'query',
      'careForms.listForClient',
      { clientId: x.f.bostonClientId },
      'nurse',
    );
    expect(forClient[0]!.id).toBe(form.id);
    expect(forClient.every((f) => f.clientId === x.f.bostonClientId)).toBe(true);
    const mine = await x.api.ok<CareFormSummary[]>('query', 'careForms.mine', undefined, 'nurse');
    expect(mine.map((f) => f.id)).toContain(form.id);
    const managers = await x.api.ok<CareFormSummary[]>('query', 'careForms.mine', undefined, 'branchmanager');
    expect(managers.map((f) => f.id)).toContain(form.id);
  });

  it('refuses a start of a type of another company, for a visit of another client, or for a user of another company', async () => {
    const foreignType = await x.api.fail(
      'mutation',
      'careForms.create',
      { typeId: x.f.other.typeId, clientId: x.f.bostonClientId },
      'companyadmin',
    );
    expect(foreignType.status).toBe(404);
    const wrongVisit = await x.api.fail(
      'mutation',
      'careForms.create',
      { typeId: fallCheck, clientId: x.f.worcesterClientId, shiftId: x.f.ownVisit.id },
      'companyadmin',
    );
    expect(wrongVisit).toMatchObject({ status: 404, message: `Shift ${x.f.ownVisit.id} not found` });
    const [stranger] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`insert into users (name, email, username, first_name, last_name, company_id, role_id)
        values ('Sam Stranger', 'stranger@example.com', 'stranger', 'Sam', 'Stranger', ${x.f.other.companyId}, 5) returning id`),
    );
    const foreignUser = await x.api.fail(
      'mutation',
      'careForms.create',
      { typeId: fallCheck, clientId: x.f.bostonClientId, assigneeUserId: stranger!.id },
      'companyadmin',
    );
    expect(foreignUser).toMatchObject({ status: 404, message: `User ${stranger!.id} not found` });
  });

  it('seeds the demo agency with a signed intake that keeps its rules, an open form, and one assigned to the caregiver', async () => {
    const forms = await x.api.ok<CareFormSummary[]>(
      'query',
      'careForms.listForClient',
      { clientId: x.f.bostonClientId },
      'nurse',
    );
    const intake = forms.find((f) => f.typeName === 'Client intake' && f.status === 'completed')!;
    const detail = await x.api.ok<CareFormDetail>('query', 'careForms.detail', { id: intake.id }, 'nurse');
    expect(detail.signature).toMatch(/^data:image\/png;base64,/);
    expect(validateResponse(detail.type.definition, detail.items)).toEqual([]);
    const caregivers = await x.api.ok<CareFormSummary[]>('query', 'careForms.mine', undefined, 'caregiver');
    expect(caregivers.find((f) => f.typeName === 'Supervisory visit')).toMatchObject({
      status: 'in-progress',
      assignee: { userId: x.f.caregiverUserId },
      shiftId: expect.any(Number),
    });
  });

  it('logs each read of a form, its versions and its PDF as a read of its client (HIPAA 45 CFR 164.312(b))', async () => {
    const form = await x.api.startForm(fallCheck, x.f.bostonClientId, 'nurse');
    await x.api.ok('query', 'careForms.detail', { id: form.id }, 'rvp');
    await x.api.ok('query', 'careForms.pdf', { id: form.id }, 'rvp');
    const reads = await t.database.db
      .select({ detail: accessLog.detail, recordType: accessLog.recordType })
      .from(accessLog)
      .where(and(eq(accessLog.clientId, x.f.bostonClientId), eq(accessLog.action, 'record-read')));
    expect(reads).toEqual(
      expect.arrayContaining([
        { detail: 'careForms.detail', recordType: 'client' },
        { detail: 'careForms.pdf', recordType: 'client' },
      ]),
    );
  });
});
