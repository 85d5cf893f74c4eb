import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { withRequestScope } from '../../db/request-scope';
import { loadCallerOfUser } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { users } from '../users/users.schema';
import { PHOTO_JPEG, readPdf } from '../care-forms/care-forms.pdf.test-support';
import { careForms, careFormTypes } from '../care-forms/care-forms.schema';
import { casePdf } from './cases.pdf';
import { caseAttachments, caseComments, caseTypeModules, caseTypes, cases } from './cases.schema';

/**
 * cases.pdf's service on a real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL): a Boston case with
 * a comment and a stored photo prints its details, deadlines judged at a fixed clock, the photo, the comment and
 * its history (the audit rows of its insert and update); a Worcester case is "not found" to the Boston manager.
 */
let t: TestApp;
let bostonCase: number;
let worcesterCase: number;
let formType: { id: number; name: string };
let formId: number;
const NOW = new Date('2031-03-08T12:00:00Z');

async function as<T>(username: string, fn: (scope: Parameters<typeof casePdf>[0]['scope']) => Promise<T>): Promise<T> {
  const db = t.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const { caller } = (await loadCallerOfUser(db, user!.id))!;
  return withRequestScope(db, caller, fn);
}

const pdfOf = (username: string, id: number, language: 'en' | 'es' = 'en') =>
  as(username, (scope) => casePdf({ scope, input: { id }, language, storage: t.storage, now: NOW }));

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'branchmanager'));
  const [type] = await db
    .insert(caseTypes)
    .values({ companyId: boston.companyId, name: 'Casepdf incident', acknowledgeWithinHours: 2, stateReportWithinHours: 24 })
    .returning({ id: caseTypes.id });
  const [ann, wes] = await db
    .insert(clients)
    .values([
      { branchId: boston.id, firstName: 'Ann', lastName: 'Casepdf' },
      { branchId: worcester.id, firstName: 'Wes', lastName: 'Casepdf' },
    ])
    .returning({ id: clients.id });
  const base = {
    companyId: boston.companyId,
    caseTypeId: type!.id,
    status: 'requested' as const,
    priority: 'urgent' as const,
    title: 'Fall in the hallway',
    description: 'Slipped on the rug.',
    occurredAt: new Date('2031-03-07T00:40:00Z'),
    reportedByUserId: manager!.id,
    reportedAt: new Date('2031-03-07T01:00:00Z'),
    acknowledgeDueAt: new Date('2031-03-07T03:00:00Z'),
    stateReportDueAt: new Date('2031-03-08T01:00:00Z'),
  };
  const rows = await db
    .insert(cases)
    .values([
      { ...base, number: 80_001, branchId: boston.id, clientId: ann!.id },
      { ...base, number: 80_002, branchId: worcester.id, clientId: wes!.id },
    ])
    .returning({ id: cases.id });
  [bostonCase, worcesterCase] = rows.map((r) => r.id) as [number, number];
  await db
    .update(cases)
    .set({ status: 'accepted', acknowledgedAt: new Date('2031-03-07T02:00:00Z') })
    .where(eq(cases.id, bostonCase));
  // Two modules of the demo agency's first active form type: one filled and signed, one not started.
  const [active] = await db
    .select({ id: careFormTypes.id, name: careFormTypes.name, lineageId: careFormTypes.lineageId })
    .from(careFormTypes)
    .where(and(eq(careFormTypes.status, 'active'), eq(careFormTypes.companyId, boston.companyId)))
    .limit(1);
  formType = active!;
  const modules = await db
    .insert(caseTypeModules)
    .values([
      { caseTypeId: type!.id, careFormTypeLineageId: active!.lineageId, position: 1, required: true },
      { caseTypeId: type!.id, careFormTypeLineageId: active!.lineageId, position: 2, required: false },
    ])
    .returning({ id: caseTypeModules.id });
  const [form] = await db
    .insert(careForms)
    .values({
      clientId: ann!.id,
      typeId: active!.id,
      status: 'completed',
      caseId: bostonCase,
      caseTypeModuleId: modules[0]!.id,
      createdByUserId: manager!.id,
      signedByUserId: manager!.id,
      signedAt: new Date('2031-03-07T04:00:00Z'),
    })
    .returning({ id: careForms.id });
  formId = form!.id;
  await db.insert(caseComments).values({ caseId: bostonCase, authorUserId: manager!.id, body: 'Rug removed with the family.' });
  await t.storage.write('cases/pdf-test/photo', Buffer.from(PHOTO_JPEG, 'base64'), 'image/jpeg');
  await db.insert(caseAttachments).values({
    caseId: bostonCase,
    uploadedByUserId: manager!.id,
    storageKey: 'cases/pdf-test/photo',
    filename: 'hallway.jpg',
    size: Buffer.from(PHOTO_JPEG, 'base64').length,
    contentType: 'image/jpeg',
    status: 'uploaded',
  });
});
afterAll(() => t.close());

describe('casePdf', () => {
  it('prints the case file the Boston manager reads, with the photo, comment and history', async () => {
    const file = await pdfOf('branchmanager', bostonCase);
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe('case-080001-casepdf-incident-2031-03-06.pdf');
    const { lines, images } = await readPdf(Buffer.from(file.base64, 'base64'));
    for (const expected of [
      'CASE-080001 Fall in the hallway',
      'Casepdf incident',
      'Accepted',
      'Urgent',
      'Ann Casepdf',
      'Slipped on the rug.',
      'Due 03/06/31 10:00 PM EST: met 03/06/31 9:00 PM EST',
      // At the fixed clock the state report, due 03/07 8:00 PM EST, is overdue.
      'Due 03/07/31 8:00 PM EST: OVERDUE',
      'Rug removed with the family.',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines).toContain(`${formType.name} (required)`);
    expect(lines).toContain(`Completed, form ${formId}`);
    expect(lines).toContain(formType.name);
    expect(lines).toContain('Not started');
    expect(lines).toContain('No answer');
    expect(images).toBe(1);
    expect(lines.some((l) => l.startsWith('Case added by'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Case changed by'))).toBe(true);
  });

  it('is in Spanish for a Spanish reader', async () => {
    const { lines } = await readPdf(Buffer.from((await pdfOf('rvp', bostonCase, 'es')).base64, 'base64'));
    expect(lines).toContain('Expediente del caso');
    expect(lines).toContain('Aceptado');
  });

  it('a case of another branch is not found to the Boston manager; the RVP of both reads it', async () => {
    const refused = await pdfOf('branchmanager', worcesterCase).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(`Case ${worcesterCase} not found`);
    const { lines } = await readPdf(Buffer.from((await pdfOf('rvp', worcesterCase)).base64, 'base64'));
    expect(lines).toContain('Wes Casepdf');
  });
});
