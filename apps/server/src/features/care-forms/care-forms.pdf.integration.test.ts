import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CareFormDetail, CareFormPdfFile } from '@hearth/shared/care-forms/care-forms.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { TestApp } from '../../test/test-app';
import { withRequestScope } from '../../db/request-scope';
import { loadCallerOfUser } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { users } from '../users/users.schema';
import { careFormPdf, careFormTypePdf } from './care-forms.pdf';
import { RESPONSE_ATTACHMENT_NAME } from './care-forms.pdf-render';
import { CARE_FORM_USERS, startCareFormTests, type CareFormUser } from './care-forms.test-support';
import { VISIT_FORM, completedVisit, readPdf, signaturePng } from './care-forms.pdf.test-support';

/**
 * The care form PDFs read through the care form lookups on a real database (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL): a completed form's answers come back out of the PDF, a type prints blank, and each role reads
 * exactly the forms and types careForms.detail and careFormTypes.detail let it read; any other is "not found".
 */

let t: TestApp;
let fixtures: Awaited<ReturnType<typeof startCareFormTests>>;
let typeId: number;
let completed: CareFormDetail;
let worcesterFormId: number;
let assignedFormId: number;

/** Runs a PDF service as `username` in a request scope of their own. */
async function as<T>(username: CareFormUser, fn: (scope: Parameters<typeof careFormPdf>[0]['scope']) => Promise<T>): Promise<T> {
  const db = t.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const { caller } = (await loadCallerOfUser(db, user!.id))!;
  return withRequestScope(db, caller, fn);
}

const formPdf = (username: CareFormUser, id: number, language: Language = 'en') =>
  as(username, (scope) => careFormPdf({ scope, input: { id }, language }));
const typePdf = (username: CareFormUser, id: number) => as(username, (scope) => careFormTypePdf({ scope, input: { id } }));

/** The status and message a call ends with: 200, or the AppError's. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return '200';
  } catch (error) {
    if (error instanceof AppError) return `${error.code} ${error.message}`;
    throw error;
  }
}

beforeAll(async () => {
  fixtures = await startCareFormTests();
  t = fixtures.t;
  const { api, f } = fixtures;
  typeId = (await api.activeType('Supervisory check', VISIT_FORM)).id;
  const started = await api.startForm(typeId, f.bostonClientId, 'nurse');
  const items = completedVisit().items;
  completed = await api.ok<CareFormDetail>(
    'mutation',
    'careForms.complete',
    { id: started.id, items, signature: signaturePng() },
    'nurse',
  );
  worcesterFormId = (await api.startForm(typeId, f.worcesterClientId, 'companyadmin')).id;
  assignedFormId = (await api.startForm(typeId, f.ownVisit.clientId, 'companyadmin', { assigneeUserId: f.caregiverUserId })).id;
}, 120_000);
afterAll(() => t.close());

describe('careFormPdf', () => {
  it('prints a completed form whose attached QuestionnaireResponse parses back to the stored answers', async () => {
    const file: CareFormPdfFile = await formPdf('nurse', completed.id);
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/^care-form-supervisory-check-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { attachments, lines, images } = await readPdf(bytes);
    const response = JSON.parse(attachments[RESPONSE_ATTACHMENT_NAME]!);
    expect(response.item).toEqual(completed.items);
    expect(response.status).toBe('completed');
    // The hidden question's stale answer was dropped on completion, and is not printed.
    expect(completed.items.some((i) => i.linkId === 'absent-why')).toBe(false);
    expect(lines).toContain(completed.clientName);
    expect(lines).toContain('Vital signs (2)');
    expect(lines).toContain('Completed');
    // The photo, the client's signature answer and the nurse's signature.
    expect(images).toBe(3);
  });

  it('is in the reader’s language', async () => {
    const { lines } = await readPdf(Buffer.from((await formPdf('nurse', completed.id, 'es')).base64, 'base64'));
    expect(lines).toContain('Completado');
    expect(lines).toContain('Respuestas');
  });

  it('is read by exactly the users careForms.detail lets read the form; any other gets "not found"', async () => {
    const forms = [completed.id, worcesterFormId, assignedFormId, fixtures.f.other.formId];
    for (const user of CARE_FORM_USERS) {
      for (const id of forms) {
        const detail = await fixtures.api.fail('query', 'careForms.detail', { id }, user);
        const pdf = await outcome(() => formPdf(user, id));
        const expected = detail.status === 200 ? '200' : `NOT_FOUND Care form ${id} not found`;
        expect(`${user} ${id} ${pdf}`).toBe(`${user} ${id} ${expected}`);
      }
    }
    // The caregiver reads the form assigned to them and not the others; another agency's form is the developer's alone.
    expect(await outcome(() => formPdf('caregiver', assignedFormId))).toBe('200');
    expect(await outcome(() => formPdf('caregiver', completed.id))).toBe(`NOT_FOUND Care form ${completed.id} not found`);
    expect(await outcome(() => formPdf('companyadmin', fixtures.f.other.formId))).toMatch(/^NOT_FOUND/);
    expect(await outcome(() => formPdf('developer', fixtures.f.other.formId))).toBe('200');
  });
});

describe('careFormTypePdf', () => {
  it('prints a type blank, and only for its own company', async () => {
    const file = await typePdf('caregiver', typeId);
    expect(file.fileName).toBe('care-form-type-supervisory-check-v1.pdf');
    const { lines, images } = await readPdf(Buffer.from(file.base64, 'base64'));
    expect(images).toBe(0);
    expect(lines).toContain('Supervisory check');
    expect(lines).toContain('Was the caregiver present? (Required)');
    const other = fixtures.f.other.typeId;
    for (const user of CARE_FORM_USERS) {
      const detail = await fixtures.api.fail('query', 'careFormTypes.detail', { id: other }, user);
      const expected = detail.status === 200 ? '200' : `NOT_FOUND Care form type ${other} not found`;
      expect(`${user} ${await outcome(() => typePdf(user, other))}`).toBe(`${user} ${expected}`);
    }
    expect(await outcome(() => typePdf('developer', other))).toBe('200');
  });
});

describe('careForms.pdf and careFormTypes.pdf over HTTP', () => {
  it('answer the roles that may read the form or type, 403 to roles without the action, 404 out of reach', async () => {
    const { api } = fixtures;
    const seen: string[] = [];
    for (const user of CARE_FORM_USERS) {
      const form = await api.fail('query', 'careForms.pdf', { id: completed.id }, user);
      const type = await api.fail('query', 'careFormTypes.pdf', { id: typeId }, user);
      seen.push(`${user} ${form.status} ${type.status}`);
    }
    expect(seen).toEqual([
      'developer 200 200',
      'companyadmin 200 200',
      'branchmanager 200 200',
      'rvp 200 200',
      'nurse 200 200',
      // PRN reads forms (not types) of its own branch only; the caregiver prints types, not forms (roles.permissions.ts).
      'prn 404 403',
      'caregiver 403 200',
      'client 403 403',
      'trustedcontact 403 403',
    ]);
    const file = await api.ok<CareFormPdfFile>('query', 'careForms.pdf', { id: assignedFormId }, 'companyadmin');
    const { attachments } = await readPdf(Buffer.from(file.base64, 'base64'));
    expect(JSON.parse(attachments[RESPONSE_ATTACHMENT_NAME]!).status).toBe('in-progress');
  });
});
