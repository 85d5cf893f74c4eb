import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CareFormTypeDetail, CareFormTypeSummary } from '@hearth/shared/care-forms/care-forms.schema';
import { BUILT_IN_TYPES } from '@hearth/shared/care-forms/built-in-types';
import type { TestApp } from '../../test/test-app';
import { FALL_CHECK, startCareFormTests } from './care-forms.test-support';

/**
 * Care form types over real HTTP (issue 23 item 1): the shipped types and their copies, versions (a type used by a
 * form is frozen and an edit makes the next version), status across a lineage, import of Questionnaire JSON with
 * its problems by linkId, and who may read and design types.
 */

let t: TestApp;
let x: Awaited<ReturnType<typeof startCareFormTests>>;

beforeAll(async () => {
  x = await startCareFormTests();
  t = x.t;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('care form types', () => {
  it('lists the four shipped types and copies one into the company as a draft', async () => {
    const builtIns = await x.api.ok<{ key: string; itemCount: number }[]>('query', 'careFormTypes.builtIns', undefined, 'nurse');
    expect(builtIns.map((b) => b.key)).toEqual(BUILT_IN_TYPES.map((b) => b.key));
    expect(builtIns.every((b) => b.itemCount > 10)).toBe(true);

    const copy = await x.api.ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.copyBuiltIn',
      { key: 'incident-report' },
      'companyadmin',
    );
    expect(copy).toMatchObject({ name: 'Incident report', category: 'incident', status: 'draft', version: 1, frozen: false });
    expect(copy.builtInKey).toBe('incident-report');
    expect(copy.lineageId).toBe(copy.id);
    expect(copy.definition.item?.[0]?.linkId).toBe('incident');
    expect(copy.versions).toEqual([{ id: copy.id, version: 1, status: 'draft', frozen: false }]);

    const missing = await x.api.fail('mutation', 'careFormTypes.copyBuiltIn', { key: 'wound-care' }, 'companyadmin');
    expect(missing).toMatchObject({ status: 404, message: 'Built-in form type wound-care not found' });

    const list = await x.api.ok<CareFormTypeSummary[]>('query', 'careFormTypes.list', undefined, 'branchmanager');
    expect(list.filter((row) => row.lineageId === copy.lineageId)).toHaveLength(1);
    // The demo agency's copies of the four shipped types, active.
    expect(
      list
        .filter((row) => row.builtInKey && row.status === 'active')
        .map((row) => row.builtInKey)
        .sort(),
    ).toEqual(BUILT_IN_TYPES.map((b) => b.key).sort());
  });

  it('edits a type in place until a form uses it, then saves edits as the next version', async () => {
    const type = await x.api.activeType('Fall check', FALL_CHECK);
    const renamed = await x.api.ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.update',
      { id: type.id, name: 'Fall screen' },
      'companyadmin',
    );
    expect(renamed).toMatchObject({ id: type.id, version: 1, name: 'Fall screen', frozen: false });

    await x.api.startForm(type.id, x.f.bostonClientId, 'nurse');
    const used = await x.api.ok<CareFormTypeDetail>('query', 'careFormTypes.detail', { id: type.id }, 'nurse');
    expect(used.frozen).toBe(true);

    const unchanged = await x.api.ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.update',
      { id: type.id, definition: FALL_CHECK },
      'companyadmin',
    );
    expect(unchanged).toMatchObject({ id: type.id, version: 1, frozen: true });
    const definition = { ...FALL_CHECK, item: [...FALL_CHECK.item!, { linkId: 'notes', text: 'Notes', type: 'text' }] };
    const next = await x.api.ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.update',
      { id: type.id, definition },
      'companyadmin',
    );
    expect(next.id).not.toBe(type.id);
    expect(next).toMatchObject({ lineageId: type.lineageId, version: 2, name: 'Fall screen', status: 'active', frozen: false });
    expect(next.definition.item?.map((i) => i.linkId)).toEqual(['name', 'fell', 'falls', 'notes']);
    expect(next.versions.map((v) => [v.version, v.frozen])).toEqual([
      [1, true],
      [2, false],
    ]);
    // The frozen version keeps the questions its form answered.
    const first = await x.api.ok<CareFormTypeDetail>('query', 'careFormTypes.detail', { id: type.id }, 'nurse');
    expect(first.definition.item?.map((i) => i.linkId)).toEqual(['name', 'fell', 'falls']);
    // The list shows the lineage once, at its latest version.
    const list = await x.api.ok<CareFormTypeSummary[]>('query', 'careFormTypes.list', undefined, 'nurse');
    expect(list.filter((row) => row.lineageId === type.lineageId).map((row) => row.version)).toEqual([2]);

    // Retiring any version retires the lineage: no new form of either version.
    const retired = await x.api.ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.setStatus',
      { id: next.id, status: 'retired' },
      'companyadmin',
    );
    expect(retired.versions.map((v) => v.status)).toEqual(['retired', 'retired']);
    const refused = await x.api.fail('mutation', 'careForms.create', { typeId: type.id, clientId: x.f.bostonClientId }, 'nurse');
    expect(refused).toMatchObject({ status: 409, message: 'This form type is not active: activate it before starting forms' });
  });

  it('refuses a definition outside the supported subset with its problems by linkId', async () => {
    const definition = {
      resourceType: 'Questionnaire',
      item: [
        { linkId: 'a', text: 'A', type: 'string' },
        { linkId: 'a', text: 'Again', type: 'string' },
        { linkId: 'b', text: 'B', type: 'boolean', enableWhen: [{ question: 'zz', operator: '=', answerBoolean: true }] },
      ],
    };
    const res = await x.api.fail(
      'mutation',
      'careFormTypes.create',
      { name: 'Broken', category: 'other', definition },
      'companyadmin',
    );
    expect(res.status).toBe(400);
    // The input's schema runs the shared problems, so each is named at its place in the definition.
    expect(Object.keys(res.fieldErrors ?? {}).sort()).toEqual(['definition.item.1.linkId', 'definition.item.2.enableWhen.0']);
  });

  it('imports Questionnaire JSON, naming what it does not support', async () => {
    const notJson = await x.api.fail('mutation', 'careFormTypes.importJson', { json: '{"resourceType": ' }, 'companyadmin');
    expect(notJson.status).toBe(400);
    expect(notJson.message).toContain('The file is not valid JSON');

    const unsupported = JSON.stringify({
      resourceType: 'Questionnaire',
      title: 'Vitals',
      item: [
        { linkId: 'weight', text: 'Weight', type: 'quantity' },
        { linkId: 'pain', text: 'Pain', type: 'integer', code: [{ code: '38208-5' }] },
      ],
    });
    const refused = await x.api.fail('mutation', 'careFormTypes.importJson', { json: unsupported }, 'companyadmin');
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^The form type has 2 problems\. Item weight/);
    expect(refused.fieldErrors?.weight?.[0]).toContain('quantity');
    expect(refused.fieldErrors?.pain?.[0]).toContain('code');

    const good = JSON.stringify({
      resourceType: 'Questionnaire',
      title: 'Wound check',
      item: [{ linkId: 'size', text: 'Size (cm)', type: 'decimal', required: true }],
    });
    const imported = await x.api.ok<CareFormTypeDetail>(
      'mutation',
      'careFormTypes.importJson',
      { json: good, category: 'assessment' },
      'companyadmin',
    );
    expect(imported).toMatchObject({ name: 'Wound check', category: 'assessment', status: 'draft', version: 1, itemCount: 1 });
  });

  it('words the problems in Spanish for a Spanish reader', async () => {
    const res = await t.fetch('/api/trpc/careFormTypes.importJson', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${x.api.tokens.companyadmin}`,
        'content-type': 'application/json',
        'accept-language': 'es',
      },
      body: JSON.stringify({ json: 'nope' }),
    });
    const body = (await res.json()) as { error: { message: string } };
    expect(res.status).toBe(400);
    expect(body.error.message).toMatch(/^El tipo de formulario tiene 1 problema\. /);
  });

  it('lets admins design types, staff read them, and keeps each company to its own', async () => {
    for (const as of ['branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client', 'trustedcontact'] as const) {
      const res = await x.api.fail('mutation', 'careFormTypes.create', { name: 'Mine', category: 'other' }, as);
      expect(res.status, as).toBe(403);
    }
    for (const as of ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse'] as const) {
      const detail = await x.api.ok<CareFormTypeDetail>('query', 'careFormTypes.detail', { id: x.f.types.intake }, as);
      expect(detail.name, as).toBe('Client intake');
    }
    for (const as of ['prn', 'caregiver', 'client', 'trustedcontact'] as const) {
      expect((await x.api.fail('query', 'careFormTypes.list', undefined, as)).status, as).toBe(403);
    }
    const foreign = await x.api.fail('query', 'careFormTypes.detail', { id: x.f.other.typeId }, 'companyadmin');
    expect(foreign).toMatchObject({ status: 404, message: `Care form type ${x.f.other.typeId} not found` });
    const foreignEdit = await x.api.fail(
      'mutation',
      'careFormTypes.update',
      { id: x.f.other.typeId, name: 'Taken' },
      'companyadmin',
    );
    expect(foreignEdit.status).toBe(404);
    const developer = await x.api.ok<CareFormTypeDetail>('query', 'careFormTypes.detail', { id: x.f.other.typeId }, 'developer');
    expect(developer.name).toBe('Elsewhere intake');
    const list = await x.api.ok<CareFormTypeSummary[]>('query', 'careFormTypes.list', undefined, 'companyadmin');
    expect(list.some((row) => row.id === x.f.other.typeId)).toBe(false);
  });
});
