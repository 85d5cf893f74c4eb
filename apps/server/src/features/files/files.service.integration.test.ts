import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { RECORD_FILE_MAX_BYTES, STALE_PENDING_FILE_AGE_SECONDS } from '@hearth/shared/files/files.constants';
import type { CaregiverFile, ClientFile, CreatedFileUpload, FileDownloadLink } from '@hearth/shared/files/files.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { createLocalStorage } from '../../storage/local.storage';
import { clientFiles, clients } from '../clients/clients.schema';
import { caregiverFiles, caregivers } from '../caregivers/caregivers.schema';
import { branches } from '../branches/branches.schema';
import { deleteStalePendingFiles } from './files.service';

let t: TestApp;
const tokens: Record<string, string> = {};
let bostonClient: number;
let worcesterClient: number;
let bostonCaregiver: number;
let worcesterCaregiver: number;

async function firstIn(branch: string, table: typeof clients | typeof caregivers): Promise<number> {
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .innerJoin(branches, eq(branches.id, table.branchId))
    .where(eq(branches.name, branch))
    .orderBy(asc(table.id))
    .limit(1);
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['companyadmin', 'branchmanager', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
  bostonClient = await firstIn('Boston', clients);
  worcesterClient = await firstIn('Worcester', clients);
  bostonCaregiver = await firstIn('Boston', caregivers);
  worcesterCaregiver = await firstIn('Worcester', caregivers);
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

type Created<F> = F & CreatedFileUpload;

async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as = 'companyadmin') {
  const res = await t.trpc(kind, path, input, tokens[as]);
  return { status: res.status, data: res.body.result?.data as T, error: res.body.error };
}

async function createClientFile(input: Record<string, unknown>, as = 'companyadmin') {
  return call<Created<ClientFile>>('mutation', 'createClientFile', { clientId: bostonClient, ...input }, as);
}

/** A PUT with exactly these headers and body (fetch would fill Content-Length from the body itself). */
function rawPut(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: { message?: string } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(t.baseUrl + url, { method: 'PUT', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as { message?: string }) : {} });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

function put(url: string, body: Buffer, contentType: string) {
  return rawPut(url, body, { 'content-type': contentType, 'content-length': String(body.length) });
}

async function clientFileRow(id: number) {
  const [row] = await t.database.db.select().from(clientFiles).where(eq(clientFiles.id, id));
  return row;
}

async function listClientFiles(clientId = bostonClient, as = 'companyadmin') {
  return call<ClientFile[]>('query', 'getClientFiles', { clientId }, as);
}

describe('the upload flow (spec section 4 "File upload")', () => {
  it('creates a pending record, takes the PUT, lists the file and serves the same bytes inline', async () => {
    const created = await createClientFile({ filename: 'Care plan.pdf', size: PDF.length, contentType: 'application/pdf' });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      clientId: bostonClient,
      filename: 'Care plan.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
      uploadedByName: expect.any(String),
    });
    expect(created.data.url).toMatch(new RegExp(`^/api/storage/client/${bostonClient}/[0-9a-f-]{36}\\?`));
    expect(Date.parse(created.data.uploadUrlExpiresAt)).toBeGreaterThan(Date.now());
    expect((await listClientFiles()).data.map((f) => f.id)).not.toContain(created.data.id);

    const upload = await put(created.data.url, PDF, 'application/pdf');
    expect(upload).toEqual({ status: 200, body: { ok: true } });
    expect((await clientFileRow(created.data.id))?.status).toBe('uploaded');

    const listed = (await listClientFiles()).data.find((f) => f.id === created.data.id);
    expect(listed).toEqual({
      id: created.data.id,
      clientId: bostonClient,
      filename: 'Care plan.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
      createdAt: created.data.createdAt,
      uploadedByName: created.data.uploadedByName,
    });

    const link = await call<FileDownloadLink>('query', 'getClientFileDownloadLink', { id: created.data.id, inline: true });
    expect(link.data).toMatchObject({ filename: 'Care plan.pdf', contentType: 'application/pdf' });
    const res = await t.fetch(link.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(PDF.length));
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="Care plan.pdf"; filename*=UTF-8''Care%20plan.pdf`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);

    const attachment = await call<FileDownloadLink>('query', 'getClientFileDownloadLink', { id: created.data.id });
    const download = await t.fetch(attachment.data.url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Care plan.pdf"/);
  });

  it('works the same for caregiver files', async () => {
    const created = await call<Created<CaregiverFile>>('mutation', 'createCaregiverFile', {
      caregiverId: bostonCaregiver,
      filename: 'CPR card.png',
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(created.data).toMatchObject({ caregiverId: bostonCaregiver, filename: 'CPR card.png' });
    expect(created.data.url).toContain(`/api/storage/caregiver/${bostonCaregiver}/`);
    expect((await put(created.data.url, PNG, 'image/png')).status).toBe(200);
    const list = await call<CaregiverFile[]>('query', 'getCaregiverFiles', { caregiverId: bostonCaregiver });
    expect(list.data.map((f) => f.id)).toContain(created.data.id);
    const link = await call<FileDownloadLink>('query', 'getCaregiverFileDownloadLink', { id: created.data.id, inline: true });
    const res = await t.fetch(link.data.url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const renamed = await call<CaregiverFile>('mutation', 'updateCaregiverFile', {
      id: created.data.id,
      filename: 'CPR 2026.png',
    });
    expect(renamed.data.filename).toBe('CPR 2026.png');
    expect((await call('mutation', 'deleteCaregiverFile', { id: created.data.id })).data).toEqual({ ok: true });
    const [row] = await t.database.db.select().from(caregiverFiles).where(eq(caregiverFiles.id, created.data.id));
    expect(row).toBeUndefined();
  });

  it('renames a file; its next link carries the new name', async () => {
    const created = await createClientFile({ filename: 'scan.pdf', size: PDF.length, contentType: 'application/pdf' });
    await put(created.data.url, PDF, 'application/pdf');
    const renamed = await call<ClientFile>('mutation', 'updateClientFile', {
      id: created.data.id,
      filename: '  Intake – signed.pdf ',
    });
    expect(renamed.data.filename).toBe('Intake – signed.pdf');
    const link = await call<FileDownloadLink>('query', 'getClientFileDownloadLink', { id: created.data.id, inline: false });
    const res = await t.fetch(link.data.url);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Intake _ signed.pdf"; filename*=UTF-8''Intake%20%E2%80%93%20signed.pdf`,
    );
    expect((await call('mutation', 'updateClientFile', { id: created.data.id, filename: ' ' })).error?.message).toBe(
      'filename: Filename is required',
    );
  });

  it('deletes an uploaded file with its bytes', async () => {
    const created = await createClientFile({ filename: 'old.pdf', size: PDF.length, contentType: 'application/pdf' });
    await put(created.data.url, PDF, 'application/pdf');
    const key = (await clientFileRow(created.data.id))!.storageKey;
    expect(await t.storage.exists(key)).toBe(true);
    const link = await call<FileDownloadLink>('query', 'getClientFileDownloadLink', { id: created.data.id, inline: true });
    expect((await call('mutation', 'deleteClientFile', { id: created.data.id })).status).toBe(200);
    expect(await t.storage.exists(key)).toBe(false);
    expect((await listClientFiles()).data.map((f) => f.id)).not.toContain(created.data.id);
    const stale = await t.fetch(link.data.url);
    expect(stale.status).toBe(404);
    expect(((await stale.json()) as { message: string }).message).toBe('This file no longer exists');
    expect((await call('mutation', 'deleteClientFile', { id: created.data.id })).error?.message).toBe(
      `File ${created.data.id} not found`,
    );
  });

  it('refuses a second PUT to the same URL once uploaded', async () => {
    const created = await createClientFile({ filename: 'once.pdf', size: PDF.length, contentType: 'application/pdf' });
    expect((await put(created.data.url, PDF, 'application/pdf')).status).toBe(200);
    expect(await put(created.data.url, PDF, 'application/pdf')).toEqual({
      status: 409,
      body: { message: 'This file has already been uploaded' },
    });
  });
});

describe('a failed PUT', () => {
  it.each([
    ['a different Content-Type', PDF, { 'content-type': 'image/png' }, 'Content-Type must be application/pdf'],
    [
      'a shorter Content-Length',
      PDF.subarray(0, 10),
      { 'content-type': 'application/pdf' },
      `Content-Length must be ${PDF.length} bytes`,
    ],
    [
      'more bytes than declared',
      Buffer.concat([PDF, PDF]),
      { 'content-type': 'application/pdf' },
      `Content-Length must be ${PDF.length} bytes`,
    ],
  ])('with %s leaves the record pending and unlisted', async (_case, body, headers, message) => {
    const created = await createClientFile({ filename: 'report.pdf', size: PDF.length, contentType: 'application/pdf' });
    const res = await rawPut(created.data.url, body, { ...headers, 'content-length': String(body.length) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const row = await clientFileRow(created.data.id);
    expect(row?.status).toBe('pending');
    expect(await t.storage.exists(row!.storageKey)).toBe(false);
    expect((await listClientFiles()).data.map((f) => f.id)).not.toContain(created.data.id);
    const link = await call('query', 'getClientFileDownloadLink', { id: created.data.id, inline: true });
    expect(link.status).toBe(409);
    expect(link.error?.message).toBe(`File ${created.data.id} has not finished uploading`);

    // The browser's rule: if the PUT fails, the record is deleted.
    expect((await call('mutation', 'deleteClientFile', { id: created.data.id })).data).toEqual({ ok: true });
    expect(await clientFileRow(created.data.id)).toBeUndefined();
    expect(await put(created.data.url, PDF, 'application/pdf')).toEqual({
      status: 404,
      body: { message: 'This file no longer exists' },
    });
  });

  it('without Content-Length is refused', async () => {
    const created = await createClientFile({ filename: 'chunked.pdf', size: PDF.length, contentType: 'application/pdf' });
    const res = await rawPut(created.data.url, PDF, { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Content-Length is required (${PDF.length} bytes)`);
  });
});

describe('signed URLs', () => {
  async function pending() {
    const created = await createClientFile({ filename: 'signed.pdf', size: PDF.length, contentType: 'application/pdf' });
    return created.data;
  }
  function withParam(url: string, name: string, value: string) {
    const parsed = new URL(url, 'http://x');
    parsed.searchParams.set(name, value);
    return parsed.pathname + parsed.search;
  }

  it.each([
    ['a changed signature', (url: string) => withParam(url, 'sig', 'A'.repeat(43))],
    ['a changed size', (url: string) => withParam(url, 'size', '999')],
    ['a changed type', (url: string) => withParam(url, 'type', 'text/plain')],
    ['a later expiry', (url: string) => withParam(url, 'expires', String(Math.floor(Date.now() / 1000) + 86400))],
    ['another key', (url: string) => url.replace(/\/client\/(\d+)\//, (_m, id: string) => `/client/${Number(id) + 1}/`)],
    ['no signature', (url: string) => url.replace(/&sig=[^&]+/, '')],
  ])('refuse an upload with %s: 403 "This link is invalid"', async (_case, tamper) => {
    const file = await pending();
    expect(await put(tamper(file.url), PDF, 'application/pdf')).toEqual({
      status: 403,
      body: { message: 'This link is invalid' },
    });
    expect((await clientFileRow(file.id))?.status).toBe('pending');
  });

  it('refuses a path that is not a storage key', async () => {
    const res = await t.fetch('/api/storage/client/1/..%2F..%2Fetc%2Fpasswd?expires=1&sig=x');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Invalid storage key');
  });

  it('refuses expired upload and download URLs: 403 "This link has expired"', async () => {
    const file = await pending();
    const key = (await clientFileRow(file.id))!.storageKey;
    const hourAgo = createLocalStorage({ rootDir: t.storageDir, secret: t.storageSecret, now: () => Date.now() - 3_600_000 });
    const expiredPut = await hourAgo.createUploadUrl(key, {
      contentType: 'application/pdf',
      size: PDF.length,
      expiresInSeconds: 900,
    });
    expect(await put(expiredPut, PDF, 'application/pdf')).toEqual({ status: 403, body: { message: 'This link has expired' } });

    expect((await put(file.url, PDF, 'application/pdf')).status).toBe(200);
    const expiredGet = await hourAgo.createDownloadUrl(key, {
      filename: 'signed.pdf',
      contentType: 'application/pdf',
      inline: true,
      expiresInSeconds: 600,
    });
    const res = await t.fetch(expiredGet);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'This link has expired' });
  });

  it('refuses a download link with a changed filename or disposition', async () => {
    const file = await pending();
    await put(file.url, PDF, 'application/pdf');
    const link = await call<FileDownloadLink>('query', 'getClientFileDownloadLink', { id: file.id, inline: false });
    for (const url of [withParam(link.data.url, 'filename', 'evil.html'), withParam(link.data.url, 'disposition', 'inline')]) {
      const res = await t.fetch(url);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'This link is invalid' });
    }
  });

  it('answers 403, not 401, without a session: the signature is the credential', async () => {
    const file = await pending();
    const res = await t.fetch(withParam(file.url, 'sig', 'x'), {
      method: 'PUT',
      body: PDF,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(res.status).toBe(403);
  });
});

describe('what a create call accepts (spec section 5)', () => {
  it.each([
    [{ filename: 'empty.pdf', size: 0, contentType: 'application/pdf' }, 'No file provided'],
    [{ filename: '', size: 10, contentType: 'application/pdf' }, 'No file provided'],
    [
      { filename: 'huge.pdf', size: RECORD_FILE_MAX_BYTES + 1, contentType: 'application/pdf' },
      'huge.pdf is 25.1 MB; files may be at most 25 MB',
    ],
    [
      { filename: 'page.html', size: 10, contentType: 'text/html' },
      'Files of type text/html are not allowed (allowed: PDF, JPEG, PNG, WebP, HEIC, plain text, Word (.doc), Word (.docx))',
    ],
    [{ filename: 'x.bin', size: 10, contentType: '' }, 'Files of unknown type are not allowed'],
  ])('refuses %j with a clear message and creates nothing', async (input, message) => {
    const before = await t.database.db.select().from(clientFiles).where(eq(clientFiles.clientId, bostonClient));
    const res = await createClientFile(input);
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain(message);
    const after = await t.database.db.select().from(clientFiles).where(eq(clientFiles.clientId, bostonClient));
    expect(after.length).toBe(before.length);
  });

  it('takes a file of exactly the limit, and content types in any case', async () => {
    const res = await createClientFile({ filename: 'big.pdf', size: RECORD_FILE_MAX_BYTES, contentType: 'Application/PDF' });
    expect(res.status).toBe(200);
    expect(res.data.contentType).toBe('application/pdf');
  });

  it('reports the same problems parse-only through the server actions', async () => {
    const res = await t.fetch('/api/actions', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.companyadmin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        calls: [
          {
            name: 'createClientFile',
            input: { clientId: bostonClient, filename: '', size: 0, contentType: '' },
            parseOnly: true,
          },
        ],
      }),
    });
    expect(await res.json()).toEqual([{ result: { data: { '': 'No file provided' } } }]);
  });
});

describe('branch scope and permissions', () => {
  it('answers 404 for another branch’s client or caregiver, naming it', async () => {
    const list = await listClientFiles(worcesterClient, 'branchmanager');
    expect(list.status).toBe(404);
    expect(list.error?.message).toBe(`Client ${worcesterClient} not found`);
    const create = await createClientFile(
      { clientId: worcesterClient, filename: 'a.pdf', size: 10, contentType: 'application/pdf' },
      'branchmanager',
    );
    expect(create.error?.message).toBe(`Client ${worcesterClient} not found`);
    const caregiverList = await call('query', 'getCaregiverFiles', { caregiverId: worcesterCaregiver }, 'branchmanager');
    expect(caregiverList.status).toBe(404);
    expect(caregiverList.error?.message).toBe(`Caregiver ${worcesterCaregiver} not found`);
    expect((await listClientFiles(bostonClient, 'branchmanager')).status).toBe(200);
  });

  it('answers 404 for the files of another branch’s client', async () => {
    const created = await createClientFile({
      clientId: worcesterClient,
      filename: 'w.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    await put(created.data.url, PDF, 'application/pdf');
    const id = created.data.id;
    for (const [kind, path, input] of [
      ['query', 'getClientFileDownloadLink', { id, inline: true }],
      ['mutation', 'updateClientFile', { id, filename: 'mine.pdf' }],
      ['mutation', 'deleteClientFile', { id }],
    ] as const) {
      const res = await call(kind, path, input, 'branchmanager');
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe(`File ${id} not found`);
    }
    expect((await clientFileRow(id))?.filename).toBe('w.pdf');
  });

  it('lets a nurse add a client file and undo it when the upload fails; PRN may only read', async () => {
    const created = await createClientFile({ filename: 'nurse.pdf', size: PDF.length, contentType: 'application/pdf' }, 'nurse');
    expect(created.status).toBe(200);
    expect((await call('mutation', 'deleteClientFile', { id: created.data.id }, 'nurse')).status).toBe(200);
    expect((await createClientFile({ filename: 'prn.pdf', size: 10, contentType: 'application/pdf' }, 'prn')).status).toBe(403);
  });
});

describe('upload completion without a PUT to Hearth (the S3 case) and the stale cleanup', () => {
  /** A pending record whose bytes reach the storage directly, as an S3 upload does. */
  async function storedBehindHearthsBack(filename: string) {
    const created = await createClientFile({ filename, size: PDF.length, contentType: 'application/pdf' });
    const key = (await clientFileRow(created.data.id))!.storageKey;
    await t.storage.writeUpload(key, Readable.from([PDF]), PDF.length);
    return created.data;
  }

  it('lists a pending file once its bytes are in the storage', async () => {
    const file = await storedBehindHearthsBack('direct.pdf');
    expect((await clientFileRow(file.id))?.status).toBe('pending');
    expect((await listClientFiles()).data.map((f) => f.id)).toContain(file.id);
    expect((await clientFileRow(file.id))?.status).toBe('uploaded');
  });

  it('gives a download link for a pending file whose bytes arrived', async () => {
    const file = await storedBehindHearthsBack('direct-link.pdf');
    const link = await call<FileDownloadLink>('query', 'getClientFileDownloadLink', { id: file.id, inline: true });
    expect(link.status).toBe(200);
    expect(Buffer.from(await (await t.fetch(link.data.url)).arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('deleteStalePendingFiles removes old pending records, promotes old ones whose bytes arrived, keeps recent ones', async () => {
    const abandoned = (await createClientFile({ filename: 'abandoned.pdf', size: PDF.length, contentType: 'application/pdf' }))
      .data;
    const arrived = await storedBehindHearthsBack('arrived.pdf');
    const recent = (await createClientFile({ filename: 'recent.pdf', size: PDF.length, contentType: 'application/pdf' })).data;
    const caregiverAbandoned = (
      await call<Created<CaregiverFile>>('mutation', 'createCaregiverFile', {
        caregiverId: bostonCaregiver,
        filename: 'abandoned.png',
        size: PNG.length,
        contentType: 'image/png',
      })
    ).data;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const id of [abandoned.id, arrived.id]) {
      await t.database.db.update(clientFiles).set({ createdAt: twoDaysAgo }).where(eq(clientFiles.id, id));
    }
    await t.database.db.update(caregiverFiles).set({ createdAt: twoDaysAgo }).where(eq(caregiverFiles.id, caregiverAbandoned.id));

    const olderThan = new Date(Date.now() - STALE_PENDING_FILE_AGE_SECONDS * 1000);
    const result = await deleteStalePendingFiles({ db: t.database.db, storage: t.storage, olderThan });
    expect(result.promoted).toBeGreaterThanOrEqual(1);
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(await clientFileRow(abandoned.id)).toBeUndefined();
    expect((await clientFileRow(arrived.id))?.status).toBe('uploaded');
    expect((await clientFileRow(recent.id))?.status).toBe('pending');
    const [caregiverRow] = await t.database.db
      .select()
      .from(caregiverFiles)
      .where(and(eq(caregiverFiles.id, caregiverAbandoned.id)));
    expect(caregiverRow).toBeUndefined();
    expect(await deleteStalePendingFiles({ db: t.database.db, storage: t.storage, olderThan })).toEqual({
      deleted: 0,
      promoted: 0,
    });
  });
});
