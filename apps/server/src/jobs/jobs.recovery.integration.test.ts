import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { companies } from '../features/companies/companies.schema';
import { fileImports } from '../features/file-imports/file-imports.schema';
import { fileExports } from '../features/file-exports/file-exports.schema';
import { ABANDONED_UPLOAD_AFTER_MS, ORPHAN_AFTER_MS, recoverFileTransfers } from './jobs.recovery';

let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await startTestApp();
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  companyId = company!.id;
});
afterAll(() => t.close());

const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

async function addImport(key: string, status: 'queued' | 'awaiting_upload', createdAt: Date) {
  const [row] = await t.database.db
    .insert(fileImports)
    .values({
      companyId,
      typeName: 'clients',
      fileName: `${key}.csv`,
      fileSizeBytes: 4,
      contentType: 'text/csv',
      storageKey: `file-import/${companyId}/${key}`,
      status,
      createdAt,
    })
    .returning({ id: fileImports.id });
  return row!.id;
}

describe('recoverFileTransfers', () => {
  it('sends the job again for imports and exports left queued without one, and closes uploads that never came', async () => {
    const db = t.database.db;
    const orphanImport = await addImport('orphan', 'queued', ago(ORPHAN_AFTER_MS + 1000));
    const freshImport = await addImport('fresh', 'queued', ago(1000));
    const neverUploaded = await addImport('never', 'awaiting_upload', ago(ABANDONED_UPLOAD_AFTER_MS + 1000));
    const lateUpload = await addImport('late', 'awaiting_upload', ago(ABANDONED_UPLOAD_AFTER_MS + 1000));
    const stillUploading = await addImport('uploading', 'awaiting_upload', ago(60_000));
    await t.storage.write(`file-import/${companyId}/late`, Buffer.from('a,b\n'), 'text/csv');
    const [orphanExport] = await db
      .insert(fileExports)
      .values({ companyId, typeName: 'clients', status: 'queued', createdAt: ago(ORPHAN_AFTER_MS + 1000) })
      .returning({ id: fileExports.id });

    expect(await recoverFileTransfers({ db, storage: t.storage, jobs: t.jobs, now })).toEqual({ requeued: 3, abandoned: 1 });

    const imports = await db
      .select({ id: fileImports.id, status: fileImports.status, jobId: fileImports.jobId, error: fileImports.error })
      .from(fileImports)
      .where(inArray(fileImports.id, [orphanImport, freshImport, neverUploaded, lateUpload, stillUploading]));
    const byId = new Map(imports.map((row) => [row.id, row]));
    expect(byId.get(orphanImport)).toMatchObject({ status: 'queued', jobId: expect.any(String) });
    expect(byId.get(freshImport)).toMatchObject({ status: 'queued', jobId: null });
    expect(byId.get(neverUploaded)).toMatchObject({ status: 'failed', error: 'The upload never arrived' });
    expect(byId.get(lateUpload)).toMatchObject({ status: 'queued', jobId: expect.any(String) });
    expect(byId.get(stillUploading)).toMatchObject({ status: 'awaiting_upload', jobId: null });
    const [exported] = await db
      .select({ jobId: fileExports.jobId })
      .from(fileExports)
      .where(eq(fileExports.id, orphanExport!.id));
    expect(exported!.jobId).toEqual(expect.any(String));
    expect((await t.jobs.getJob('file-import', byId.get(orphanImport)!.jobId!))?.state).toBe('created');

    // A second sweep finds nothing left to do.
    expect(await recoverFileTransfers({ db, storage: t.storage, jobs: t.jobs, now })).toEqual({ requeued: 0, abandoned: 0 });
  });
});
