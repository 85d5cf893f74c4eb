import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { and, eq, like } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { FileExportOutput, FileExportTypeOutput } from '@hearth/shared/file-exports/file-exports.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branchUsers, users } from '../users/users.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { fileExports } from './file-exports.schema';
import { ensureFileExportTypes } from './file-exports.seed';
import { deleteExpiredFileExports } from './file-exports.job';
import { exportFixtures } from './file-exports.test-support';

let t: TestApp;
let x: Awaited<ReturnType<typeof exportFixtures>>;
const silent = { info() {}, error() {} };

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  x = await exportFixtures(t);
  await x.addClient('Ada', 'Zephyrine');
  await x.addClient('Bo', 'Zephyrine');
  await x.addClient('Cy', 'Zephyrine', x.worcester.id);
});
afterAll(() => t.close());

/** The rows of a CSV download as objects by header (its byte order mark dropped). */
function csvRows(bytes: Buffer) {
  return Papa.parse<Record<string, string>>(bytes.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
    .data;
}

/** Runs `call` with `username` reading Spanish, then back to no setting. */
async function inSpanish<T>(username: string, call: () => Promise<T>): Promise<T> {
  expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, x.api.tokens[username])).status).toBe(200);
  try {
    return await call();
  } finally {
    await t.trpc('mutation', 'setMyLanguage', { language: null }, x.api.tokens[username]);
  }
}

const zephyrines = { view: { search: 'Zephyrine', columns: ['lastName', 'firstName', 'branchName'] } };

describe('export types', () => {
  it('lists the built-in types with the parameters each asks for', async () => {
    const types = await x.api.ok<FileExportTypeOutput[]>('query', 'getFileExportTypes', undefined);
    expect(types.map((type) => type.name).sort()).toEqual([
      'billing',
      'caregivers',
      'clients',
      'evv-hhaexchange',
      'evv-sandata',
      'payroll-adp',
      'shifts',
    ]);
    const payroll = types.find((type) => type.name === 'payroll-adp')!;
    expect(payroll).toMatchObject({ kind: 'payroll_adp', format: 'csv', retentionHours: 168 });
    expect(payroll.params).toEqual([
      { key: 'branchId', label: 'Branch', required: false },
      { key: 'from', label: 'From', required: true },
      { key: 'to', label: 'To', required: true },
    ]);
    expect(types.find((type) => type.name === 'evv-sandata')).toMatchObject({
      format: 'json',
      settings: { providerQualifier: 'MedicaidID' },
    });
  });

  it('lets only system level read and edit a type, checks its settings, and keeps edits across restarts', async () => {
    expect(await x.api.fail('query', 'getFileExportType', { name: 'payroll-adp' })).toMatchObject({
      status: 403,
      message: 'Your role may not use getFileExportType',
    });
    expect(await x.api.fail('mutation', 'updateFileExportType', { name: 'billing', label: 'Mine' })).toMatchObject({
      status: 403,
    });
    const unknown = await x.api.fail(
      'mutation',
      'updateFileExportType',
      { name: 'payroll-adp', settings: { coCode: 'X' } },
      'developer',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('Unknown setting "coCode" for ADP payroll exports');
    expect(unknown.fieldErrors).toHaveProperty(['settings.coCode']);
    const spanish = await inSpanish('developer', () =>
      x.api.fail('mutation', 'updateFileExportType', { name: 'payroll-adp', settings: { coCode: 'X' } }, 'developer'),
    );
    expect(spanish.message).toMatch(/^Ajuste desconocido "coCode" para las exportaciones de nómina de ADP \(conocidos: /);
    expect(spanish.fieldErrors?.['settings.coCode']).toEqual([spanish.message]);
    expect(await x.api.fail('mutation', 'updateFileExportType', { name: 'nope', label: 'X' }, 'developer')).toMatchObject({
      status: 404,
      message: 'Export type nope not found',
    });
    const edited = await x.api.ok<FileExportTypeOutput>(
      'mutation',
      'updateFileExportType',
      { name: 'billing', label: 'Billing by payer', retentionHours: 48 },
      'developer',
    );
    expect(edited).toMatchObject({ label: 'Billing by payer', retentionHours: 48 });
    await ensureFileExportTypes(t.database.db);
    expect(await x.api.ok('query', 'getFileExportType', { name: 'billing' }, 'developer')).toMatchObject({
      label: 'Billing by payer',
      retentionHours: 48,
    });
  });

  it('changes only the settings an edit names: the others keep their stored values, not the defaults', async () => {
    const edit = (settings: Record<string, unknown>) =>
      x.api.ok<FileExportTypeOutput>('mutation', 'updateFileExportType', { name: 'payroll-adp', settings }, 'developer');
    const first = await edit({ companyCode: 'ABC', batchId: 'WEEK1' });
    expect(first.settings).toMatchObject({ companyCode: 'ABC', batchId: 'WEEK1', mileageEarningsCode: 'M' });
    const second = await edit({ mileageEarningsCode: 'K' });
    expect(second.settings).toEqual({ ...first.settings, mileageEarningsCode: 'K' });
    expect((await edit({})).settings).toEqual(second.settings);
    await edit({ companyCode: '', batchId: 'HEARTH', mileageEarningsCode: 'M' });
  });
});

describe('queueFileExport', () => {
  it('refuses what does not fit, naming the problem', async () => {
    const fail = (type: string, params: Record<string, unknown>, as = 'branchmanager') =>
      x.api.fail('mutation', 'queueFileExport', { type, params }, as);
    expect(await fail('nope', {})).toMatchObject({ status: 400, message: 'Unknown export type: nope' });
    expect(await fail('payroll-adp', {})).toMatchObject({
      status: 400,
      message: 'params.from: From is required',
      fieldErrors: { 'params.from': ['From is required'], 'params.to': ['To is required'] },
    });
    expect(await fail('payroll-adp', { from: '2025-01-01', to: '2025-03-05' })).toMatchObject({
      status: 400,
      message: 'params.to: An export covers at most 62 days (this period has 64)',
    });
    expect(await fail('payroll-adp', { from: '2025-03-05', to: '2025-03-01' })).toMatchObject({ status: 400 });
    expect(await fail('clients', { from: '2025-03-01' })).toMatchObject({
      status: 400,
      message: 'params.from: from does not apply to Clients exports',
    });
    expect(await inSpanish('branchmanager', () => fail('clients', { from: '2025-03-01' }))).toMatchObject({
      status: 400,
      message: 'params.from: from no se aplica a las exportaciones de clientes',
      fieldErrors: { 'params.from': ['from no se aplica a las exportaciones de clientes'] },
    });
    expect(await inSpanish('branchmanager', () => fail('payroll-adp', {}))).toMatchObject({
      status: 400,
      message: 'params.from: Indique la fecha de inicio',
    });
    expect(await fail('clients', { branchId: x.worcester.id })).toMatchObject({
      status: 404,
      message: `Branch ${x.worcester.id} not found`,
    });
    expect(await fail('billing', { from: '2025-03-01', to: '2025-03-15', payerSourceId: x.foreignPayer.id })).toMatchObject({
      status: 404,
      message: `Payer source ${x.foreignPayer.id} not found`,
    });
    expect(await fail('clients', { view: { columns: ['nope'] } })).toMatchObject({
      status: 400,
      message: 'Unknown column "nope" in view clients',
    });
    expect(await fail('clients', {}, 'nurse')).toMatchObject({ status: 403, message: 'Your role may not use queueFileExport' });
  });
});

describe('record exports', () => {
  it('runs a clients export as a job in the requester’s branches, as CSV with the view’s state', async () => {
    const queued = await x.queue('clients', zephyrines);
    expect(queued).toMatchObject({ status: 'queued', type: 'clients', kind: 'clients', branchId: null, fileName: null });
    const done = await x.finished(queued.id);
    expect(done).toMatchObject({
      status: 'completed',
      attempts: 1,
      rowCount: 2,
      fileName: `clients-${done.createdAt.slice(0, 10)}.csv`,
      createdByName: expect.any(String),
    });
    expect(Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)).toBe(168 * 3_600_000);
    // Its requester is told, with the file's name, opening the exports list.
    const [told] = await x.db
      .select({ userId: inAppNotifications.userId, body: inAppNotifications.body, link: inAppNotifications.link })
      .from(inAppNotifications)
      .where(and(eq(inAppNotifications.kind, 'export_finished'), like(inAppNotifications.body, `%${done.fileName!}%`)));
    const [requester] = await x.db.select({ id: users.id }).from(users).where(eq(users.name, done.createdByName!));
    expect(told).toEqual({
      userId: requester!.id,
      body: `Your export ${done.fileName!} has finished. Open it to download the file.`,
      link: '/file-exports',
    });
    const { bytes, res } = await x.download(done.id);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvRows(bytes)).toEqual([
      { 'Last name': 'Zephyrine', 'First name': 'Ada', Branch: 'Boston' },
      { 'Last name': 'Zephyrine', 'First name': 'Bo', Branch: 'Boston' },
    ]);
  });

  it('writes XLSX when asked, over the whole company for a company admin or one branch when named', async () => {
    const all = await x.run('clients', { ...zephyrines, format: 'xlsx' }, 'companyadmin');
    expect(all).toMatchObject({ status: 'completed', rowCount: 3, fileName: expect.stringMatching(/^clients-.*\.xlsx$/) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await x.download(all.id, 'companyadmin')).bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values.map((row) => row.slice(1))).toEqual([
      ['Last name', 'First name', 'Branch'],
      ['Zephyrine', 'Ada', 'Boston'],
      ['Zephyrine', 'Bo', 'Boston'],
      ['Zephyrine', 'Cy', 'Worcester'],
    ]);
    const worcester = await x.run('clients', { ...zephyrines, branchId: x.worcester.id }, 'rvp');
    expect(worcester).toMatchObject({ status: 'completed', rowCount: 1, branchId: x.worcester.id, branchName: 'Worcester' });
  });
});

describe('scope, expiry and failures', () => {
  it('hides another branch’s export, and a branch-less export from other branch users', async () => {
    const worcester = await x.run('clients', { ...zephyrines, branchId: x.worcester.id }, 'rvp');
    const anywhere = await x.run('clients', zephyrines, 'rvp');
    for (const id of [worcester.id, anywhere.id]) {
      expect(await x.api.fail('query', 'getFileExport', { id })).toMatchObject({
        status: 404,
        message: `Export ${id} not found`,
      });
      expect(await x.api.fail('query', 'getFileExportDownloadLink', { id })).toMatchObject({ status: 404 });
      expect(await x.api.ok('query', 'getFileExport', { id }, 'companyadmin')).toMatchObject({ id, status: 'completed' });
    }
    const mine = await x.run('clients', zephyrines);
    const view = await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'fileExports', pageSize: 500 });
    const seen = view.rows.map((r) => r.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(worcester.id);
    expect(seen).not.toContain(anywhere.id);
    expect(seen[0]).toBe(mine.id);
    expect(view.rows[0]).toMatchObject({ typeLabel: 'Clients', status: 'completed', rowCount: 2 });
    const rvpView = await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'fileExports', pageSize: 500 }, 'rvp');
    const rvpSeen = rvpView.rows.map((r) => r.id);
    expect(rvpSeen).toEqual(expect.arrayContaining([worcester.id, anywhere.id]));
    // The branch manager's export without a branch is theirs alone, though its Boston data is in the RVP's reach.
    expect(rvpSeen).not.toContain(mine.id);
  });

  it('expires a finished export: its bytes are deleted and its link refused', async () => {
    const done = await x.run('clients', zephyrines);
    const [row] = await x.db.select().from(fileExports).where(eq(fileExports.id, done.id));
    expect(await t.storage.exists(row!.storageKey!)).toBe(true);
    await x.db
      .update(fileExports)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(fileExports.id, done.id));
    expect(await x.api.fail('query', 'getFileExportDownloadLink', { id: done.id })).toMatchObject({
      status: 404,
      message: 'This export has expired',
    });
    const result = await deleteExpiredFileExports({ db: x.db, storage: t.storage, log: silent });
    expect(result.expired).toBe(1);
    expect(await t.storage.exists(row!.storageKey!)).toBe(false);
    expect(await x.api.ok('query', 'getFileExport', { id: done.id })).toMatchObject({ status: 'expired' });
    expect(await x.api.fail('query', 'getFileExportDownloadLink', { id: done.id })).toMatchObject({
      status: 404,
      message: 'This export has expired',
    });
    expect(await deleteExpiredFileExports({ db: x.db, storage: t.storage, log: silent })).toEqual({ expired: 0 });
  });

  it('refuses the link of an export that is not ready', async () => {
    const [row] = await x.db
      .insert(fileExports)
      .values({ companyId: x.boston.companyId, branchId: x.boston.id, typeName: 'clients', status: 'queued' })
      .returning();
    expect(await x.api.fail('query', 'getFileExportDownloadLink', { id: row!.id })).toMatchObject({
      status: 409,
      message: 'This export is not ready',
    });
  });

  it('fails an export whose requester was deactivated, with the reason, without retrying', async () => {
    const [gone] = await x.db
      .insert(users)
      .values({
        name: 'Gale Gone',
        email: 'gale.gone@example.com',
        username: 'galegone',
        companyId: x.boston.companyId,
        roleId: ROLE_IDS.branchManager,
        isActive: false,
      })
      .returning();
    await x.db.insert(branchUsers).values({ branchId: x.boston.id, userId: gone!.id });
    const [row] = await x.db
      .insert(fileExports)
      .values({ companyId: x.boston.companyId, branchId: x.boston.id, typeName: 'clients', createdByUserId: gone!.id })
      .returning();
    await t.jobs.send('file-export', { fileExportId: row!.id });
    const failed = await x.finished(row!.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The account of Gale Gone is deactivated',
      attempts: 1,
      fileName: null,
      createdByName: 'Gale Gone',
    });
    const told = await x.db.select().from(inAppNotifications).where(eq(inAppNotifications.userId, gone!.id));
    expect(told.map((n) => [n.kind, n.link])).toEqual([['export_finished', '/file-exports']]);
    expect(await x.api.fail('query', 'getFileExportDownloadLink', { id: row!.id })).toMatchObject({
      status: 409,
      message: 'This export failed: The account of Gale Gone is deactivated',
    });
  });

  it('queues the job only once the request committed, storing its id', async () => {
    const done: FileExportOutput = await x.run('clients', zephyrines);
    // The id is written by the dispatch once the queue answered; wait for that write, not for a timer.
    let jobId: string | null = null;
    while (!jobId) {
      [{ jobId }] = (await x.db.select({ jobId: fileExports.jobId }).from(fileExports).where(eq(fileExports.id, done.id))) as [
        { jobId: string | null },
      ];
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.jobs.getJob('file-export', jobId)).toMatchObject({ state: expect.stringMatching(/active|completed/) });
  });
});
