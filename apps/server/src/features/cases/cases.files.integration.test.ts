import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import type { CareFormUser } from '../care-forms/care-forms.test-support';
import { caseAttachments } from './cases.schema';
import { startCaseTests, type CaseTests } from './cases.test-support';
import { deleteStaleCaseUploads } from './cases.uploads';

/*
 * An office upload to a case (cases.createAttachment, cases.uploads.ts) over real HTTP on PGlite or PostgreSQL:
 * created pending, the bytes PUT to the local driver's signed URL, then listed on the case and opened through
 * cases.attachmentLink; an upload straight to the storage (as on S3) is listed once the case is read; scope.
 */

const PDF = Buffer.from('%PDF-1.4\n% a statement from the hospital\n%%EOF\n');

let x: CaseTests;
let caseId = 0;
beforeAll(async () => {
  x = await startCaseTests();
  caseId = (await x.report('companyadmin', x.types.incident, x.f.bostonClientId)).id;
}, 120_000);
afterAll(async () => {
  await x?.t.close();
});

/** A PUT with exactly these headers and body -> the HTTP status. */
function put(url: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      x.t.baseUrl + url,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(body.length) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const create = (as: CareFormUser, id = caseId, filename = 'Hospital discharge.pdf') =>
  x.t.trpc(
    'mutation',
    'cases.createAttachment',
    { id, file: { filename, size: PDF.length, contentType: 'application/pdf' } },
    x.api.tokens[as],
  );
const detail = (as: CareFormUser = 'branchmanager') => x.api.ok<CaseDetail>('query', 'cases.detail', { id: caseId }, as);

describe('office uploads to a case', () => {
  it('takes the bytes at the signed URL, then lists the file on the case and opens the same bytes', async () => {
    const created = await create('branchmanager');
    expect(created.status).toBe(200);
    const { id, url } = created.body.result!.data as { id: number; url: string };
    expect(url).toMatch(new RegExp(`^/api/storage/cases/${caseId}/[0-9a-f-]{36}\\?`));
    // Pending: not listed, and not openable yet.
    expect((await detail()).attachments.map((a) => a.id)).not.toContain(id);
    const early = await x.api.fail('query', 'cases.attachmentLink', { id: caseId, attachmentId: id }, 'branchmanager');
    expect(early).toMatchObject({ status: 409, message: 'This file is not uploaded yet' });

    expect(await put(url, PDF, 'application/pdf')).toBe(200);
    expect(await put(url, PDF, 'application/pdf')).toBe(409);
    const [row] = await x.db.select().from(caseAttachments).where(eq(caseAttachments.id, id));
    expect(row!.status).toBe('uploaded');
    expect((await detail('nurse')).attachments).toContainEqual(
      expect.objectContaining({ id, filename: 'Hospital discharge.pdf', contentType: 'application/pdf', size: PDF.length }),
    );
    const link = await x.api.ok<{ url: string; filename: string }>(
      'query',
      'cases.attachmentLink',
      { id: caseId, attachmentId: id },
      'nurse',
    );
    const bytes = await x.t.fetch(link.url);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PDF);
    // The history names the file's arrival among the case's changes.
    const history = await x.api.ok<{ what: string }[]>('query', 'cases.history', { id: caseId }, 'branchmanager');
    expect(history.map((h) => h.what)).toContain('attachment');
  });

  it('refuses bytes other than those declared, and lists an upload that reached the storage directly', async () => {
    const created = (await create('nurse', caseId, 'Photo.pdf')).body.result!.data as { id: number; url: string };
    expect(await put(created.url, PDF, 'image/png')).toBe(400);
    expect((await detail()).attachments.map((a) => a.id)).not.toContain(created.id);
    const [row] = await x.db.select().from(caseAttachments).where(eq(caseAttachments.id, created.id));
    await x.t.storage.write(row!.storageKey, PDF, 'application/pdf');
    expect((await detail()).attachments.map((a) => a.id)).toContain(created.id);
  });

  it('answers 404 out of reach, 403 without the action, and 400 naming a bad file', async () => {
    const worcester = (await x.report('companyadmin', x.types.complaint, x.f.worcesterClientId)).id;
    expect((await create('branchmanager', worcester)).status).toBe(404);
    expect((await create('companyadmin', x.otherCaseId)).status).toBe(404);
    for (const as of ['prn', 'caregiver', 'client', 'trustedcontact'] as const) expect((await create(as)).status).toBe(403);
    const bad = await x.t.trpc(
      'mutation',
      'cases.createAttachment',
      { id: caseId, file: { filename: 'tool.exe', size: 10, contentType: 'application/x-msdownload' } },
      x.api.tokens.branchmanager,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/not allowed/);
  });
});

describe('the cleanup of office uploads that never arrived', () => {
  it('deletes a pending attachment without bytes and marks one whose bytes are stored uploaded', async () => {
    const missing = (await create('branchmanager', caseId, 'Never sent.pdf')).body.result!.data as { id: number };
    const stored = (await create('branchmanager', caseId, 'Sent to the bucket.pdf')).body.result!.data as { id: number };
    const [row] = await x.db.select().from(caseAttachments).where(eq(caseAttachments.id, stored.id));
    await x.t.storage.write(row!.storageKey, PDF, 'application/pdf');
    // Not stale yet: nothing changes.
    expect(await deleteStaleCaseUploads({ db: x.db, storage: x.t.storage, olderThan: new Date(0) })).toEqual({
      deleted: 0,
      promoted: 0,
    });
    const done = await deleteStaleCaseUploads({ db: x.db, storage: x.t.storage, olderThan: new Date(Date.now() + 60_000) });
    expect(done).toEqual({ deleted: 1, promoted: 1 });
    const left = await x.db.select().from(caseAttachments).where(eq(caseAttachments.caseId, caseId));
    expect(left.map((a) => a.id)).not.toContain(missing.id);
    expect(left.find((a) => a.id === stored.id)?.status).toBe('uploaded');
  });
});
