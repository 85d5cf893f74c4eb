import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import type { FileExportTypeOutput } from '@hearth/shared/file-exports/file-exports.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { companies } from '../companies/companies.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { timesFromTimesheets } from '../visits/visits.timesheets';
import { viewNames } from '../views/views.catalog';
import { exportFixtures } from './file-exports.test-support';
import { exportScope } from './file-exports.job';
import { fileExports } from './file-exports.schema';
import { users } from '../users/users.schema';

/**
 * Exports, reports and views stay in the caller's scope when no branch is chosen ("all branches"): the demo branch
 * manager reaches Boston only. The same people and visits are written in Boston (in scope), in Worcester (the same
 * company, another branch) and in a branch of another company, each with a surname that marks where it lives;
 * every export type run without a branch, and every view the role may query, must carry the first and never the
 * others. The company admin's export covers Boston and Worcester, never the other company.
 *
 * The files are also read for formula injection (views/spreadsheet-cells.ts): a Boston client and caregiver whose
 * surnames are formulas come out of every CSV and XLSX as quoted text, and of the Sandata JSON exactly.
 */
let t: TestApp;
let foreignBranchId: number;
let x: Awaited<ReturnType<typeof exportFixtures>>;
const PERIOD = { from: '2025-04-01', to: '2025-04-15' };
const IN_SCOPE = 'Inscopia';
const SAME_COMPANY = 'Worcesterleak';
const OTHER_COMPANY = 'Foreignleak';
/** Surnames a spreadsheet would run as formulas (OWASP CSV injection). */
const PLANTED = '=HYPERLINK("http://x")';
const PLANTED_CAREGIVER = '@SUM(1+1)*cmd';

/** Payers of a company sending to each EVV aggregator, with a T1019 rate, so every export kind has lines. */
async function payersOf(companyId: number, tag: string) {
  const rows = await x.db
    .insert(payerSources)
    .values([
      {
        companyId,
        name: `${tag} Sandata`,
        payerType: 'medicaid',
        payerId: `${tag}S`,
        evvAggregator: 'sandata',
        requiresEvv: true,
      },
      {
        companyId,
        name: `${tag} HHAX`,
        payerType: 'medicaid',
        payerId: `${tag}H`,
        evvAggregator: 'hhaexchange',
        requiresEvv: true,
      },
    ])
    .returning({ id: payerSources.id });
  await x.db.insert(payerSourceServices).values(
    rows.map((p) => ({
      payerSourceId: p.id,
      serviceCode: 'T1019',
      billRateCents: 752,
      unitMinutes: 15,
      roundingRule: 'cms_8_minute' as const,
    })),
  );
  return rows.map((p) => p.id);
}

/**
 * A caregiver and a client of `branchId` named with `surname`, and one completed visit for each payer on 7 and 8
 * April 2025 (checked in and out by the phone, as the caregiver app writes it).
 */
async function peopleAndVisits(
  branchId: number,
  surname: string,
  payerIds: number[],
  adpFileNumber: string,
  caregiverSurname = surname,
) {
  const [caregiver] = await x.db
    .insert(caregivers)
    .values({
      branchId,
      firstName: 'Carla',
      lastName: caregiverSurname,
      status: 'active',
      adpFileNumber,
      email: `carla.${adpFileNumber}@example.com`,
    })
    .returning({ id: caregivers.id });
  const [client] = await x.db
    .insert(clients)
    .values({ branchId, firstName: 'Clara', lastName: surname, medicaidId: `MA${adpFileNumber}` })
    .returning({ id: clients.id });
  for (const [i, payerSourceId] of payerIds.entries()) {
    const startAt = new Date(`2025-04-0${7 + i}T13:00:00Z`);
    const endAt = new Date(`2025-04-0${7 + i}T17:00:00Z`);
    const [shift] = await x.db
      .insert(shifts)
      .values({ branchId, clientId: client!.id, caregiverId: caregiver!.id, payerSourceId, serviceCode: 'T1019', startAt, endAt })
      .returning({ id: shifts.id });
    const position = { lat: 42.35, lon: -71.06, accuracyMetres: 12, distanceMetres: 30, insideGeofence: true };
    const [sheet] = await x.db
      .insert(shiftTimesheets)
      .values({
        shiftId: shift!.id,
        checkIn: startAt,
        checkInType: 1,
        checkInMetadata: position,
        checkOut: endAt,
        checkOutType: 1,
        checkOutMetadata: position,
      })
      .returning();
    await x.db
      .update(shifts)
      .set(timesFromTimesheets('scheduled', [sheet!]))
      .where(eq(shifts.id, shift!.id));
  }
}

/** The text of an export's file: XLSX cells joined, anything else as UTF-8. */
async function fileText(id: number, as: string): Promise<string> {
  const { bytes, res } = await x.download(id, as);
  if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) return bytes.toString('utf8');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
  return cells.join('\n');
}

/** The parameters of each export type with no branch chosen: the period, or a view state without a search. */
function paramsOf(type: FileExportTypeOutput): Record<string, unknown> {
  return type.params.some((p) => p.key === 'from') ? { ...PERIOD } : { view: {} };
}

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  x = await exportFixtures(t);
  const [otherCompany] = await x.db.insert(companies).values({ name: 'Scope Test Agency' }).returning();
  const [foreignBranch] = await x.db
    .insert(branches)
    .values({ companyId: otherCompany!.id, name: 'Elsewhere', timezone: 'America/New_York' })
    .returning({ id: branches.id });
  const ownPayers = await payersOf(x.boston.companyId, 'Own');
  await peopleAndVisits(x.boston.id, IN_SCOPE, ownPayers, '910001');
  await peopleAndVisits(x.worcester.id, SAME_COMPANY, ownPayers, '910002');
  await peopleAndVisits(x.boston.id, PLANTED, ownPayers, '910004', PLANTED_CAREGIVER);
  foreignBranchId = foreignBranch!.id;
  await peopleAndVisits(foreignBranch!.id, OTHER_COMPANY, await payersOf(otherCompany!.id, 'Foreign'), '910003');
}, 60_000);

afterAll(() => t?.close());

describe('an export with no branch chosen', () => {
  it('covers only the branch manager’s branch, for every export type', async () => {
    const types = await x.api.ok<FileExportTypeOutput[]>('query', 'getFileExportTypes', undefined);
    expect(types.length).toBeGreaterThanOrEqual(7);
    for (const type of types) {
      const done = await x.run(type.name, paramsOf(type));
      expect({ type: type.name, status: done.status, error: done.error }).toEqual({
        type: type.name,
        status: 'completed',
        error: null,
      });
      const text = await fileText(done.id, 'branchmanager');
      expect({ type: type.name, inScope: text.includes(IN_SCOPE) }).toEqual({ type: type.name, inScope: true });
      expect({ type: type.name, leaks: [SAME_COMPANY, OTHER_COMPANY].filter((m) => text.includes(m)) }).toEqual({
        type: type.name,
        leaks: [],
      });
    }
  });

  it('covers the company admin’s whole company and never another company, for every export type', async () => {
    const types = await x.api.ok<FileExportTypeOutput[]>('query', 'getFileExportTypes', undefined, 'companyadmin');
    for (const type of types) {
      const done = await x.run(type.name, paramsOf(type), 'companyadmin');
      expect({ type: type.name, status: done.status }).toEqual({ type: type.name, status: 'completed' });
      const text = await fileText(done.id, 'companyadmin');
      expect({
        type: type.name,
        found: [IN_SCOPE, SAME_COMPANY].filter((m) => text.includes(m)),
        leaks: text.includes(OTHER_COMPANY),
      }).toEqual({ type: type.name, found: [IN_SCOPE, SAME_COMPANY], leaks: false });
    }
  });
});

describe('an export queued while impersonating', () => {
  /** Makes the developer act as `username` (users.impersonated_user_id), or stop with null. */
  async function impersonate(username: string | null) {
    const target = username === null ? null : await x.userId(username);
    await x.db.update(users).set({ impersonatedUserId: target }).where(eq(users.username, 'developer'));
  }
  const rowOf = async (id: number) => (await x.db.select().from(fileExports).where(eq(fileExports.id, id)))[0]!;

  it('covers the impersonated branch manager’s branch, whenever its job runs', async () => {
    await impersonate('branchmanager');
    try {
      const done = await x.run('evv-sandata', { ...PERIOD }, 'developer');
      expect(done.status).toBe('completed');
      const text = await fileText(done.id, 'developer');
      expect([IN_SCOPE, SAME_COMPANY, OTHER_COMPANY].filter((m) => text.includes(m))).toEqual([IN_SCOPE]);
      const row = await rowOf(done.id);
      expect(row).toMatchObject({ createdByUserId: await x.userId('developer'), scopeUserId: await x.userId('branchmanager') });
      // Run again after the impersonation ended (a retry, a restart), it keeps the branch manager's reach.
      await impersonate(null);
      expect(await exportScope(x.db, row)).toMatchObject({ level: 'branch', branchIds: [x.boston.id] });
    } finally {
      await impersonate(null);
    }
  });

  it('keeps the requester’s own reach when they impersonate someone by the time the job runs', async () => {
    const queued = await x.queue('evv-sandata', { ...PERIOD }, 'companyadmin');
    const row = await rowOf(queued.id);
    await x.db
      .update(users)
      .set({ impersonatedUserId: await x.userId('branchmanager') })
      .where(eq(users.username, 'companyadmin'));
    try {
      expect(await exportScope(x.db, row)).toMatchObject({ level: 'company', companyId: x.boston.companyId });
    } finally {
      await x.db.update(users).set({ impersonatedUserId: null }).where(eq(users.username, 'companyadmin'));
    }
  });
});

describe('views and reports with no branch chosen', () => {
  it('answer no row of another branch or company to the branch manager, in every view the role may query', async () => {
    // Stored payroll and billing lines of every branch: the company's computed by its admin, the other company's by
    // the developer. The branch manager computing with no branch chosen stores its own branch's only.
    for (const path of ['computePayrollReport', 'computeBillingReport']) {
      await x.api.ok('mutation', path, PERIOD, 'companyadmin');
      await x.api.ok('mutation', path, { ...PERIOD, branchId: foreignBranchId }, 'developer');
      await x.api.ok('mutation', path, PERIOD, 'branchmanager');
    }
    const queried: string[] = [];
    for (const view of viewNames()) {
      for (const marker of [SAME_COMPANY, OTHER_COMPANY]) {
        const res = await t.trpc('query', 'queryView', { view, search: marker, pageSize: 100 }, x.api.tokens.branchmanager);
        if (res.status === 403) continue;
        expect({ view, status: res.status }).toEqual({ view, status: 200 });
        const text = JSON.stringify((res.body.result?.data as QueryViewOutput).rows);
        expect({ view, marker, leaks: text.includes(marker) }).toEqual({ view, marker, leaks: false });
        queried.push(view);
      }
    }
    // The role reads the record views and reports (the check above is not vacuous).
    expect(queried).toEqual(expect.arrayContaining(['clients', 'caregivers', 'shifts', 'reportBilling', 'reportPayroll']));
    // The reports do hold the branch manager's own lines.
    for (const view of ['reportPayroll', 'reportBilling']) {
      const own = await t.trpc('query', 'queryView', { view, search: IN_SCOPE }, x.api.tokens.branchmanager);
      expect({ view, rows: (own.body.result?.data as QueryViewOutput).rows.length > 0 }).toEqual({ view, rows: true });
    }
    // The developer's search does find them: the markers are searchable.
    const found = await t.trpc('query', 'queryView', { view: 'clients', search: SAME_COMPANY }, x.api.tokens.developer);
    expect((found.body.result?.data as QueryViewOutput).rows.length).toBeGreaterThan(0);
  });
});

/** Every cell of a CSV file (its byte order mark dropped). */
function csvCells(bytes: Buffer): string[] {
  return Papa.parse<string[]>(bytes.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.flat();
}

/** Every cell of an XLSX file as the text it holds. */
async function xlsxCells(bytes: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        // A formula cell would hold an object; every exported cell is a plain value.
        expect(typeof cell.value === 'object' && cell.value !== null && 'formula' in cell.value).toBe(false);
        cells.push(String(cell.text));
      }),
    ),
  );
  return cells;
}

/** Cells a spreadsheet would run: starting with = + - @ tab or CR and not a plain number. */
const formulas = (cells: string[]) => cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d+(\.\d+)?$/.test(c));

describe('formula injection', () => {
  it('writes a client and a caregiver named as formulas as quoted text in every CSV and XLSX file', async () => {
    const types = await x.api.ok<FileExportTypeOutput[]>('query', 'getFileExportTypes', undefined);
    const runs: { name: string; params: Record<string, unknown>; xlsx?: boolean }[] = [
      ...types
        .filter((type) => type.format === 'csv' && type.params.some((p) => p.key === 'from'))
        .map((type) => ({
          name: type.name,
          params: { ...PERIOD },
        })),
      ...['clients', 'caregivers', 'shifts'].flatMap((name) => [
        { name, params: { view: {} } },
        { name, params: { view: {}, format: 'xlsx' }, xlsx: true },
      ]),
    ];
    expect(runs.map((r) => r.name)).toEqual(expect.arrayContaining(['billing', 'payroll-adp', 'evv-hhaexchange']));
    for (const run of runs) {
      const done = await x.run(run.name, run.params);
      const { bytes } = await x.download(done.id);
      const cells = run.xlsx ? await xlsxCells(bytes) : csvCells(bytes);
      const label = `${run.name}${run.xlsx ? ' xlsx' : ''}`;
      expect({ label, formulas: formulas(cells) }).toEqual({ label, formulas: [] });
      const quoted = cells.filter((c) => c.startsWith(`'${PLANTED}`) || c.startsWith(`'${PLANTED_CAREGIVER}`));
      expect({ label, quoted: quoted.length > 0 }).toEqual({ label, quoted: true });
    }
  });

  it('keeps the Sandata JSON exact: it is not a spreadsheet', async () => {
    const done = await x.run('evv-sandata', { ...PERIOD });
    const file = JSON.parse((await x.download(done.id)).bytes.toString('utf8')) as {
      Client: { ClientLastName: string }[];
      Employee: { EmployeeLastName: string }[];
    };
    expect(file.Client.map((c) => c.ClientLastName)).toContain(PLANTED);
    expect(file.Employee.map((e) => e.EmployeeLastName)).toContain(PLANTED_CAREGIVER);
  });
});
