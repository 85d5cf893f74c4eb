import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { FILE_IMPORT_MAX_BYTES } from '@hearth/shared/file-imports/file-imports.constants';
import type { DownloadUrlOutput, FileImportOutput, FileImportTypeOutput } from '@hearth/shared/file-imports/file-imports.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/rows';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { users } from '../users/users.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { fileImportRows, fileImports } from './file-imports.schema';
import { runFileImportJob } from './file-imports.job';
import { markFileImportUploaded } from './file-imports.service';
import { callerOf, csv, finalImport, openProgress, progressEvents, runImport, uploadImport } from './file-imports.test-support';
import { syntheaFile, syntheaRows } from './file-imports.synthea.test-support';

let t: TestApp;
const tokens: Record<string, string> = {};
let api: ReturnType<typeof callerOf>;
let boston: number;
let worcester: number;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse']) tokens[u] = await t.signIn(u);
  api = callerOf(t, tokens);
  const rows = await t.database.db.select({ id: branches.id, name: branches.name }).from(branches);
  boston = rows.find((b) => b.name === 'Boston')!.id;
  worcester = rows.find((b) => b.name === 'Worcester')!.id;
}, 60_000);
afterAll(() => t.close());

const HEADER = ['Client ID', 'First Name', 'Last Name', 'Date of Birth'];

async function importRows(id: number) {
  return t.database.db
    .select({ line: fileImportRows.lineNumber, status: fileImportRows.status, message: fileImportRows.message })
    .from(fileImportRows)
    .where(eq(fileImportRows.fileImportId, id))
    .orderBy(fileImportRows.lineNumber);
}

async function clientCount(prefix: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(clients)
    .where(sql`${clients.externalId} like ${`${prefix}%`}`);
  return row!.n;
}

/** The import_finished notifications that open import `id`, as [username, body]. */
async function toldOf(id: number) {
  const rows = await t.database.db
    .select({ username: users.username, body: inAppNotifications.body })
    .from(inAppNotifications)
    .innerJoin(users, eq(users.id, inAppNotifications.userId))
    .where(
      and(eq(inAppNotifications.kind, 'import_finished'), eq(inAppNotifications.link, `/file-import-rows?fileImportId=${id}`)),
    );
  return rows.map((r) => [r.username, r.body]);
}

describe('rows', () => {
  it('imports the good rows and reports the bad ones by line, errors first in the rows view', async () => {
    const bytes = csv([
      HEADER,
      ['BAD-1', 'Ana', 'Lopes', '3/7/1941'],
      ['BAD-2', 'Ben', '', '1950-01-01'],
      ['BAD-3', 'Carla', 'Souza', '1950-02-30'],
      ['BAD-4', 'Dora', 'Melo', ''],
      ['BAD-1', 'Ana', 'Again', ''],
    ]);
    const id = await uploadImport(t, tokens, 'branchmanager', { type: 'clients', bytes });
    const done = await finalImport(t, tokens, 'branchmanager', id);
    expect(done).toMatchObject({ status: 'completed', rowsTotal: 5, rowsDone: 5, createdCount: 2, errorCount: 3 });
    expect(await toldOf(id)).toEqual([
      ['branchmanager', `Your import of ${done.fileName} has finished. Open it to see the result.`],
    ]);
    expect(await importRows(id)).toEqual([
      { line: 2, status: 'created', message: null },
      { line: 3, status: 'error', message: 'Last name is required' },
      { line: 4, status: 'error', message: 'Date of birth: Use a real date written YYYY-MM-DD' },
      { line: 5, status: 'created', message: null },
      { line: 6, status: 'error', message: 'Client ID BAD-1 is also on line 2' },
    ]);
    // Only the rows in error keep their cells, without the empty ones: a written row's are in its record and the file.
    const kept = await t.database.db
      .select({ line: fileImportRows.lineNumber, data: fileImportRows.data })
      .from(fileImportRows)
      .where(eq(fileImportRows.fileImportId, id))
      .orderBy(fileImportRows.lineNumber);
    expect(kept).toEqual([
      { line: 2, data: null },
      { line: 3, data: { 'Client ID': 'BAD-2', 'First Name': 'Ben', 'Date of Birth': '1950-01-01' } },
      { line: 4, data: { 'Client ID': 'BAD-3', 'First Name': 'Carla', 'Last Name': 'Souza', 'Date of Birth': '1950-02-30' } },
      { line: 5, data: null },
      { line: 6, data: { 'Client ID': 'BAD-1', 'First Name': 'Ana', 'Last Name': 'Again' } },
    ]);
    const [ana] = await t.database.db.select().from(clients).where(eq(clients.externalId, 'BAD-1'));
    expect(ana).toMatchObject({ firstName: 'Ana', lastName: 'Lopes', dateOfBirth: '1941-03-07', branchId: boston });

    const view = await api.ok<QueryViewOutput>(
      'query',
      'queryView',
      { view: 'fileImportRows', filters: [{ column: 'fileImportId', operator: 'equals', value: id }] },
      'branchmanager',
    );
    expect(view.rows.map((r) => [r.lineNumber, r.status])).toEqual([
      [3, 'error'],
      [4, 'error'],
      [6, 'error'],
      [2, 'created'],
      [5, 'created'],
    ]);
    // What the office corrects: the cells a row in error read, beside its error; nothing for a row written.
    expect(view.rows.map((r) => [r.lineNumber, r.cells])).toEqual([
      [3, 'Client ID: BAD-2; Date of Birth: 1950-01-01; First Name: Ben'],
      [4, 'Client ID: BAD-3; Date of Birth: 1950-02-30; First Name: Carla; Last Name: Souza'],
      [6, 'Client ID: BAD-1; First Name: Ana; Last Name: Again'],
      [2, null],
      [5, null],
    ]);
  });

  it('updates what changed and leaves the rest', async () => {
    const first = await runImport(t, tokens, 'branchmanager', {
      type: 'clients',
      bytes: csv([HEADER, ['UPD-1', 'Eva', 'Costa', '1940-01-01'], ['UPD-2', 'Rui', 'Dias', '1941-01-01']]),
    });
    expect(first.createdCount).toBe(2);
    const second = await runImport(t, tokens, 'branchmanager', {
      type: 'clients',
      bytes: csv([HEADER, ['UPD-1', 'Eva', 'Costa', '1940-01-02'], ['UPD-2', 'Rui', 'Dias', '1941-01-01']]),
    });
    expect(second).toMatchObject({ createdCount: 0, updatedCount: 1, unchangedCount: 1 });
    const [eva] = await t.database.db.select().from(clients).where(eq(clients.externalId, 'UPD-1'));
    expect(eva!.dateOfBirth).toBe('1940-01-02');
  });

  it("finds a file's ids in the company only: another branch's client is an error, another company's is not the same client", async () => {
    const [other] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        with c as (insert into companies (name) values ('Key Lookup Other Co') returning id)
        insert into branches (company_id, name) select id, 'Elsewhere' from c returning id`),
    );
    await t.database.db.insert(clients).values([
      { branchId: worcester, externalId: 'KEY-W', firstName: 'Wanda', lastName: 'West', status: 'active', carePlanTasks: [] },
      { branchId: other!.id, externalId: 'KEY-O', firstName: 'Otto', lastName: 'Other', status: 'active', carePlanTasks: [] },
      { branchId: boston, externalId: 'KEY-D', firstName: 'Dee', lastName: 'One', status: 'active', carePlanTasks: [] },
      { branchId: boston, externalId: 'KEY-D', firstName: 'Dee', lastName: 'Two', status: 'active', carePlanTasks: [] },
    ]);
    const done = await runImport(t, tokens, 'branchmanager', {
      type: 'clients',
      bytes: csv([HEADER, ['KEY-W', 'Wanda', 'West', ''], ['KEY-O', 'Olga', 'Here', ''], ['KEY-D', 'Dee', 'Three', '']]),
    });
    expect(done).toMatchObject({ createdCount: 1, errorCount: 2 });
    expect(await importRows(done.id)).toEqual([
      { line: 2, status: 'error', message: 'KEY-W is a client of the Worcester branch; import it into that branch' },
      { line: 3, status: 'created', message: null },
      { line: 4, status: 'error', message: '2 clients have the id KEY-D; keep one and import again' },
    ]);
    const named = await t.database.db
      .select({ branchId: clients.branchId, firstName: clients.firstName })
      .from(clients)
      .where(eq(clients.externalId, 'KEY-O'))
      .orderBy(clients.id);
    expect(named).toEqual([
      { branchId: other!.id, firstName: 'Otto' },
      { branchId: boston, firstName: 'Olga' },
    ]);
  });

  it('maps by header, whatever the order, case, spacing or extra columns', async () => {
    const text = syntheaFile('patients.csv').toString('utf8').split('\n').slice(0, 21);
    const table = text.map((line) => line.split(','));
    const header = table[0]!;
    const order = [...header.keys()].reverse();
    const moved = table.map((cells, i) => [i === 0 ? 'FAVOURITE_COLOUR' : 'teal', ...order.map((k) => cells[k] ?? '')]);
    moved[0] = moved[0]!.map((h) => (h === 'FIRST' ? '  first ' : h));
    const done = await runImport(t, tokens, 'rvp', {
      type: 'synthea-patients',
      bytes: csv(moved),
      branchId: worcester,
    });
    expect(done).toMatchObject({ status: 'completed', createdCount: 20, errorCount: 0 });
    const [milo] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.externalId, '034e9e3b-2def-4559-bb2a-7850888ae060'));
    expect(milo).toMatchObject({ firstName: 'Milo', lastName: 'Feil', dateOfBirth: '1983-11-14', branchId: worcester });
  });

  it('reads XLSX workbooks, dates and numbers included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow([...HEADER, 'ZIP', 'Address', 'City', 'State']);
    sheet.addRow(['XL-1', 'Ines', 'Prado', new Date(Date.UTC(1938, 4, 9)), 2138, '1 Main St', 'Cambridge', 'Massachusetts']);
    sheet.addRow(['XL-2', 'Joao', 'Reis', '1939-06-10', '02139', '2 Main St', 'Cambridge', 'MA']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const done = await runImport(t, tokens, 'branchmanager', { type: 'clients', bytes, fileName: 'clients.xlsx' });
    expect(done).toMatchObject({
      status: 'completed',
      createdCount: 2,
      errorCount: 0,
      contentType: expect.stringContaining('spreadsheetml'),
    });
    const [ines] = await t.database.db.select().from(clients).where(eq(clients.externalId, 'XL-1'));
    expect(ines!.dateOfBirth).toBe('1938-05-09');
  });
});

describe('file-level problems', () => {
  it('refuses files that are not CSV or XLSX, empty or too large before any upload', async () => {
    const queue = (input: Record<string, unknown>) =>
      api.call(
        'mutation',
        'queueFileImport',
        { type: 'clients', fileName: 'c.csv', fileSizeBytes: 10, contentType: 'text/csv', ...input },
        'branchmanager',
      );
    expect((await queue({ fileName: 'c.pdf', contentType: 'application/pdf' })).error?.message).toBe(
      'fileName: c.pdf is not a CSV or XLSX file',
    );
    expect((await queue({ fileSizeBytes: 0 })).error?.message).toBe('fileName: The file is empty');
    const big = await queue({ fileSizeBytes: FILE_IMPORT_MAX_BYTES + 1 });
    expect(big.status).toBe(400);
    expect(big.error?.message).toContain('an import file may be at most');
    expect((await queue({ type: 'no-such-type' })).error?.message).toBe('Unknown import type no-such-type');
    const noBranch = await queue({});
    expect(noBranch.status).toBe(200);
    const admin = await api.call(
      'mutation',
      'queueFileImport',
      { type: 'clients', fileName: 'c.csv', fileSizeBytes: 10, contentType: 'text/csv' },
      'companyadmin',
    );
    expect(admin).toMatchObject({ status: 400, error: { message: 'Choose the branch to import into' } });
    const elsewhere = await queue({ branchId: worcester });
    expect(elsewhere).toMatchObject({ status: 404, error: { message: `Branch ${worcester} not found` } });
  });

  async function failed(bytes: Buffer, fileName = 'clients.csv') {
    const done = await runImport(t, tokens, 'branchmanager', { type: 'clients', bytes, fileName });
    expect(done.status).toBe('failed');
    expect(await importRows(done.id)).toEqual([]);
    expect(done.rowsDone).toBe(0);
    return done.error;
  }

  it('names the required columns a file lacks, by their header names', async () => {
    expect(
      await failed(
        csv([
          ['Client ID', 'First Name'],
          ['MISS-1', 'Ana'],
        ]),
      ),
    ).toBe('The file has no "Last Name" column, which the Clients import needs');
    expect(
      await failed(
        csv([
          ['Client ID', 'Date of Birth'],
          ['MISS-1', '1950-01-01'],
        ]),
      ),
    ).toBe('The file lacks the columns "First Name", "Last Name", which the Clients import needs');
    expect(await clientCount('MISS-')).toBe(0);
  });

  it('refuses invalid UTF-8 naming the line, and writes nothing of the file', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('Client ID,First Name,Last Name\nUTF-1,Ana,Lopes\nUTF-2,Jos'),
      Buffer.from([0xe9]),
      Buffer.from(',Reis\n'),
    ]);
    expect(await failed(latin1)).toBe('Line 3 is not UTF-8 text: save the file as "CSV UTF-8" (or XLSX) and import it again');
    expect(await clientCount('UTF-')).toBe(0);
  });

  it('refuses a file with no data rows, and bytes that are not a workbook', async () => {
    expect(await failed(csv([HEADER]))).toBe('The file has a header row but no data rows');
    expect(await failed(Buffer.from('\n\n'))).toBe('The file is empty: it has no header row');
    expect(await failed(csv([HEADER, ['X', 'Y', 'Z', '']]), 'clients.xlsx')).toMatch(/^The file is not a readable XLSX workbook/);
  });

  it('accepts UTF-8 with a byte order mark and CRLF line ends', async () => {
    const bytes = Buffer.from('\uFEFFClient ID,First Name,Last Name\r\nBOM-1,Zoë,Araújo\r\nBOM-2,Öz,Çelik\r\n', 'utf8');
    const done = await runImport(t, tokens, 'branchmanager', { type: 'clients', bytes });
    expect(done).toMatchObject({ status: 'completed', createdCount: 2 });
    const [zoe] = await t.database.db.select().from(clients).where(eq(clients.externalId, 'BOM-1'));
    expect(zoe).toMatchObject({ firstName: 'Zoë', lastName: 'Araújo' });
  });
});

describe('the job', () => {
  it('retries a failed attempt, counts the attempts, then reports the failure', async () => {
    const queued = await api.ok<{ id: number }>(
      'mutation',
      'queueFileImport',
      { type: 'clients', fileName: 'lost.csv', fileSizeBytes: 64, contentType: 'text/csv' },
      'branchmanager',
    );
    // The bytes never reach the storage, yet the upload is marked complete: every attempt finds no file.
    const [row] = await t.database.db.select().from(fileImports).where(eq(fileImports.id, queued.id));
    expect(await markFileImportUploaded({ db: t.database.db, jobs: t.jobs, storageKey: row!.storageKey })).toBe('uploaded');
    const done = await finalImport(t, tokens, 'branchmanager', queued.id);
    expect(done).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'The import stopped after 3 attempts: The uploaded file is not in the storage',
    });
    // Told once, when it finally failed, not at each attempt.
    expect((await toldOf(queued.id)).map(([username]) => username)).toEqual(['branchmanager']);
  });

  it('resumes after the last committed batch when run again, counting as one run would', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`RES-${i}`, 'Pat', `Number${i}`, '1950-01-01']);
    const done = await runImport(t, tokens, 'branchmanager', { type: 'clients', bytes: csv([HEADER, ...rows]) });
    expect(done).toMatchObject({ status: 'completed', createdCount: 1200 });
    // As if the process had died after the first batch (the later batches' rows and records were never committed)
    // and recovery had queued the import again.
    const db = t.database.db;
    await db.delete(clients).where(
      inArray(
        clients.externalId,
        rows.slice(500).map((r) => r[0]!),
      ),
    );
    await db.delete(fileImportRows).where(and(eq(fileImportRows.fileImportId, done.id), gt(fileImportRows.lineNumber, 501)));
    await db.update(fileImports).set({ status: 'queued', rowsDone: 500, createdCount: 500 }).where(eq(fileImports.id, done.id));
    const deps = { db, storage: t.storage, log: { info() {}, error() {} } };
    await runFileImportJob(deps, {
      id: 'again',
      data: { fileImportId: done.id },
      retryCount: 1,
      retryLimit: 2,
      isLastAttempt: false,
    });
    const after = await api.ok<FileImportOutput>('query', 'getFileImport', { id: done.id }, 'branchmanager');
    expect(after).toMatchObject({ status: 'completed', rowsDone: 1200, createdCount: 1200, unchangedCount: 0, errorCount: 0 });
    expect(await clientCount('RES-')).toBe(1200);
    // A finished import is left alone.
    await runFileImportJob(deps, {
      id: 'late',
      data: { fileImportId: done.id },
      retryCount: 0,
      retryLimit: 2,
      isLastAttempt: false,
    });
    expect((await api.ok<FileImportOutput>('query', 'getFileImport', { id: done.id }, 'branchmanager')).rowsDone).toBe(1200);
  });
});

describe('progress, scope and downloads', () => {
  it('streams the progress over SSE from the upload to completed', async () => {
    const bytes = syntheaFile('patients.csv');
    const queued = await api.ok<{ id: number; uploadUrl: string }>(
      'mutation',
      'queueFileImport',
      {
        type: 'synthea-patients',
        fileName: 'patients.csv',
        fileSizeBytes: bytes.length,
        contentType: 'text/csv',
        branchId: boston,
      },
      'companyadmin',
    );
    const stream = await openProgress(t, tokens.companyadmin!, queued.id);
    // The stream's first event shows the import still awaiting its upload; then the bytes go up.
    const first = await stream.next();
    expect(first).toMatchObject({ id: queued.id, status: 'awaiting_upload', rowsDone: 0, rowsTotal: null });
    const put = await t.fetch(queued.uploadUrl, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: bytes });
    expect(put.status).toBe(200);
    const events = [first!];
    for (let event = await stream.next(); event; event = await stream.next()) events.push(event);
    // How many batches the stream sees in between depends on the machine's speed; at least the start and the end.
    expect(events.length).toBeGreaterThanOrEqual(2);
    const done = events.map((e) => e.rowsDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    const patients = syntheaRows('patients.csv');
    expect(events.at(-1)).toMatchObject({ status: 'completed', rowsTotal: patients.length, rowsDone: patients.length });
    expect(events.at(-1)!.warningCount).toBeGreaterThan(0);
    expect(events.filter((e) => e.status === 'completed')).toHaveLength(1);
  });

  it('keeps a branch’s imports from the other branches’ managers (404)', async () => {
    const done = await runImport(t, tokens, 'companyadmin', {
      type: 'clients',
      bytes: csv([HEADER, ['SCOPE-1', 'Ana', 'Lopes', '']]),
      branchId: worcester,
    });
    expect((await api.call('query', 'getFileImport', { id: done.id }, 'rvp')).status).toBe(200);
    const hidden = await api.call('query', 'getFileImport', { id: done.id }, 'branchmanager');
    expect(hidden).toMatchObject({ status: 404, error: { message: `File import ${done.id} not found` } });
    expect((await api.call('query', 'getFileImportDownloadLink', { id: done.id }, 'branchmanager')).status).toBe(404);
    expect((await progressEvents(t, tokens.branchmanager!, done.id)).status).toBe(404);
    expect((await progressEvents(t, tokens.nurse!, done.id)).status).toBe(403);
    const list = await api.ok<QueryViewOutput>('query', 'queryView', { view: 'fileImports', pageSize: 500 }, 'branchmanager');
    expect(list.rows.some((r) => r.id === done.id)).toBe(false);
    const admin = await api.ok<QueryViewOutput>('query', 'queryView', { view: 'fileImports', pageSize: 500 }, 'companyadmin');
    expect(admin.rows.find((r) => r.id === done.id)).toMatchObject({
      branchName: 'Worcester',
      status: 'completed',
      createdCount: 1,
    });
  });

  it('links the original file', async () => {
    const bytes = csv([HEADER, ['ORIG-1', 'Ana', 'Lopes', '']]);
    const done = await runImport(t, tokens, 'branchmanager', { type: 'clients', bytes, fileName: 'original.csv' });
    const link = await api.ok<DownloadUrlOutput>('query', 'getFileImportDownloadLink', { id: done.id }, 'branchmanager');
    const res = await t.fetch(link.downloadUrl);
    expect(res.headers.get('content-disposition')).toContain('original.csv');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('import types', () => {
  it('lists the built-in types with their fields and transforms', async () => {
    const list = await api.ok<FileImportTypeOutput[]>('query', 'getFileImportTypes', undefined, 'branchmanager');
    expect(list.map((x) => x.name).sort()).toEqual(
      [
        'adp-employees',
        'authorizations',
        'caregivers',
        'clients',
        'payer-sources',
        'shifts',
        'synthea-patients',
        'synthea-payers',
        'synthea-providers',
      ].sort(),
    );
    const patients = list.find((x) => x.name === 'synthea-patients')!;
    expect(patients.fields.find((f) => f.key === 'externalId')).toMatchObject({ required: true });
    expect(patients.transforms.map((x) => x.name)).toContain('strip_digits');
  });

  it('gives a CSV template of the mapped headers', async () => {
    const link = await api.ok<DownloadUrlOutput>(
      'query',
      'getFileImportTemplateDownloadLink',
      { name: 'synthea-patients' },
      'branchmanager',
    );
    const text = await (await t.fetch(link.downloadUrl)).text();
    expect(text.replace(/^\uFEFF/, '')).toBe('Id,FIRST,LAST,BIRTHDATE,GENDER,DEATHDATE,ADDRESS,CITY,STATE,ZIP,LAT,LON\r\n');
  });

  it('validates a mapping (system level only) and imports with the new headers', async () => {
    const type = await api.ok<FileImportTypeOutput>('query', 'getFileImportType', { name: 'clients' }, 'developer');
    const update = (mapping: Record<string, { header: string; transform?: string }>, as = 'developer') =>
      api.call('mutation', 'updateFileImportType', { name: 'clients', mapping }, as);
    expect((await update(type.mapping, 'companyadmin')).status).toBe(403);
    expect((await api.call('query', 'getFileImportType', { name: 'clients' }, 'branchmanager')).status).toBe(403);
    const unknown = await update({ ...type.mapping, favouriteColour: { header: 'Colour' } });
    expect(unknown).toMatchObject({
      status: 400,
      error: {
        message: 'Unknown field favouriteColour',
        data: { fieldErrors: { 'mapping.favouriteColour': ['Unknown field favouriteColour'] } },
      },
    });
    expect((await update({ ...type.mapping, firstName: { header: 'Given', transform: 'trim|shout' } })).error?.message).toBe(
      'Unknown transform shout (field firstName)',
    );
    const { lastName: _dropped, ...withoutLast } = type.mapping;
    expect((await update(withoutLast)).error?.data.fieldErrors).toEqual({
      'mapping.lastName.header': ['Map the required field lastName (Last name)'],
    });
    const badDefaults = await api.call(
      'mutation',
      'updateFileImportType',
      { name: 'clients', defaults: { branchId: 'Boston', mood: 'x' } },
      'developer',
    );
    expect(badDefaults.error?.data.fieldErrors).toEqual({
      'defaults.branchId': ['branchId must be a branch id'],
      'defaults.mood': ['Unknown field mood in defaults'],
    });
    const saved = await update({ ...type.mapping, firstName: { header: 'Given Name', transform: 'trim' } });
    expect(saved.status).toBe(200);
    const done = await runImport(t, tokens, 'branchmanager', {
      type: 'clients',
      bytes: csv([
        ['Client ID', 'Given Name', 'Last Name'],
        ['MAP-1', ' Ana ', 'Lopes'],
      ]),
    });
    expect(done).toMatchObject({ status: 'completed', createdCount: 1 });
    expect((await update(type.mapping)).status).toBe(200);
  });
});
