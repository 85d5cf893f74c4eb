import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QueryViewOutput, ViewFilter } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { clients } from '../clients/clients.schema';
import { fileExports, integrationTransactionRecords } from '../file-exports/file-exports.schema';
import { runFileExportJob } from '../file-exports/file-exports.job';
import { exportFixtures } from '../file-exports/file-exports.test-support';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { timesFromTimesheets } from '../visits/visits.timesheets';
import { ny } from '../shifts/shifts.test-support';
import { users } from '../users/users.schema';

/**
 * The activity reports (care sheet files, caregiver changes, integration transactions and their records) on their
 * own rows: clients and caregivers named "Actrow" in Boston and Worcester, visits in June 2031 paid by a fresh
 * Sandata payer. Care sheet and change queries narrow to them by search, export queries by export id.
 */
let t: TestApp;
let x: Awaited<ReturnType<typeof exportFixtures>>;
const SEARCH = 'Actrow';
const ids: Record<string, number> = {};
const names: Record<string, string> = {};
const period = { from: '2031-06-01', to: '2031-06-15' };

async function query(as: string, view: string, input: Record<string, unknown> = {}): Promise<QueryViewOutput> {
  return x.api.ok<QueryViewOutput>('query', 'queryView', { view, pageSize: 100, ...input }, as);
}
const exportFilter = (id: number): ViewFilter => ({ column: 'fileExportId', operator: 'equals', value: id });

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  x = await exportFixtures(t);
  const db = x.db;
  const [payer] = await db
    .insert(payerSources)
    .values({
      companyId: x.boston.companyId,
      name: 'Actrow Sandata',
      payerType: 'medicaid',
      payerId: 'SANDATA77',
      evvAggregator: 'sandata',
      requiresEvv: true,
    })
    .returning();
  await db.insert(payerSourceServices).values({
    payerSourceId: payer!.id,
    serviceCode: 'T1019',
    billRateCents: 752,
    unitMinutes: 15,
    roundingRule: 'cms_8_minute',
  });
  const okClient = (await x.addClient('Olga', SEARCH)).id;
  const noMedicaid = (await x.addClient('Nell', SEARCH)).id;
  const worClient = (await x.addClient('Wanda', SEARCH, x.worcester.id)).id;
  for (const id of [okClient, worClient])
    await db
      .update(clients)
      .set({ medicaidId: `MA${id}` })
      .where(eq(clients.id, id));
  const cg1 = (await x.addCaregiver({ firstName: 'Cam', lastName: SEARCH })).id;
  const cg2 = (await x.addCaregiver({ firstName: 'Dee', lastName: SEARCH })).id;
  const cg3 = (await x.addCaregiver({ firstName: 'Wes', lastName: SEARCH, branchId: x.worcester.id })).id;
  Object.assign(ids, { payer: payer!.id, okClient, noMedicaid, worClient, cg1, cg2, cg3 });

  /** A visit checked in (and, unless open, out) by the caregiver's phone, created by `as`. */
  async function visit(as: string, caregiverId: number, clientId: number, day: string, open = false) {
    const shift = await x.shift(
      {
        clientId,
        caregiverId,
        payerSourceId: payer!.id,
        serviceCode: 'T1019',
        startTimestamp: ny(`${day} 09:00`),
        endTimestamp: ny(`${day} 13:00`),
      },
      as,
    );
    const [sheet] = await db
      .insert(shiftTimesheets)
      .values({
        shiftId: shift.id,
        checkIn: new Date(ny(`${day} 09:00`)),
        checkInType: 1,
        ...(open ? {} : { checkOut: new Date(ny(`${day} 13:00`)), checkOutType: 1 }),
      })
      .returning();
    await db
      .update(shifts)
      .set(timesFromTimesheets('scheduled', [sheet!]))
      .where(eq(shifts.id, shift.id));
    return shift.id;
  }
  ids.v1 = await visit('branchmanager', cg1, okClient, '2031-06-02');
  ids.v2 = await visit('branchmanager', cg2, noMedicaid, '2031-06-03');
  ids.v3 = await visit('companyadmin', cg3, worClient, '2031-06-04');
  ids.v4 = await visit('branchmanager', cg1, okClient, '2031-06-05', true);

  await db.insert(careSheets).values([
    {
      shiftId: ids.v1,
      caregiverId: cg1,
      completedTasks: ['Bathing', 'Dressing'],
      transportationData: { miles: 4.5, trips: 1 },
      clientSignature: 'data:image/png;base64,AAAA',
      caregiverInitials: 'data:image/png;base64,BBBB',
      submittedAt: new Date(ny('2031-06-02 13:05')),
    },
    { shiftId: ids.v3, caregiverId: cg3, clientUnableToSignReason: 'Asleep' },
  ]);

  // One open Boston shift assigned, reassigned and opened again by the manager (a notes edit between them is no
  // change of caregiver); one Worcester shift assigned by the company admin.
  const open = await x.shift({
    clientId: okClient,
    startTimestamp: ny('2031-06-10 09:00'),
    endTimestamp: ny('2031-06-10 12:00'),
  });
  ids.changed = open.id;
  await x.api.ok('mutation', 'updateShift', { id: open.id, caregiverId: cg1 });
  await x.api.ok('mutation', 'updateShift', { id: open.id, notes: 'Bring the walker' });
  await x.api.ok('mutation', 'updateShift', { id: open.id, caregiverId: cg2 });
  await x.api.ok('mutation', 'updateShift', { id: open.id, caregiverId: null });
  const wor = await x.shift(
    { clientId: worClient, startTimestamp: ny('2031-06-11 09:00'), endTimestamp: ny('2031-06-11 12:00') },
    'companyadmin',
  );
  await x.api.ok('mutation', 'updateShift', { id: wor.id, caregiverId: cg3 }, 'companyadmin');
  for (const u of ['branchmanager', 'companyadmin']) {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.username, u));
    names[u] = row!.name;
  }

  const params = { ...period, payerSourceId: payer!.id };
  ids.allBranches = (await x.run('evv-sandata', params, 'companyadmin')).id;
  ids.boston = (await x.run('evv-sandata', params, 'branchmanager')).id;
});
afterAll(() => t.close());

const VIEWS = [
  'reportCareSheetFiles',
  'reportCaregiverChanges',
  'reportIntegrationTransactions',
  'reportIntegrationTransactionRecords',
];

describe('care sheet files report', () => {
  it('lists the care sheets of visits in scope with their state, signatures, tasks and miles', async () => {
    const rows = (await query('rvp', 'reportCareSheetFiles', { search: SEARCH })).rows;
    expect(rows.map((r) => [r.shiftId, r.visitDate, r.visitTimes, r.branchName, r.clientName, r.caregiverName])).toEqual([
      [
        ids.v3,
        '2031-06-04',
        '2031-06-04T13:00:00.000Z/2031-06-04T17:00:00.000Z',
        'Worcester',
        `${SEARCH}, Wanda`,
        `${SEARCH}, Wes`,
      ],
      [ids.v1, '2031-06-02', '2031-06-02T13:00:00.000Z/2031-06-02T17:00:00.000Z', 'Boston', `${SEARCH}, Olga`, `${SEARCH}, Cam`],
    ]);
    expect(
      rows.map((r) => [r.status, r.tasksDone, r.clientSigned, r.clientUnableToSignReason, r.caregiverSigned, r.miles]),
    ).toEqual([
      ['draft', 0, false, 'Asleep', false, null],
      ['submitted', 2, true, null, true, 4.5],
    ]);
    const mine = await query('branchmanager', 'reportCareSheetFiles', { search: SEARCH });
    expect(mine.rows.map((r) => r.shiftId)).toEqual([ids.v1]);
  });
});

describe('caregiver changes report', () => {
  it('lists each change of caregiver, open shifts included, with who made it; notes edits are no change', async () => {
    const rows = (await query('branchmanager', 'reportCaregiverChanges', { search: SEARCH })).rows;
    expect(rows.map((r) => [r.shiftId, r.visitDate, r.visitTimes, r.fromCaregiver, r.toCaregiver, r.changedByName])).toEqual([
      [
        ids.changed,
        '2031-06-10',
        '2031-06-10T13:00:00.000Z/2031-06-10T16:00:00.000Z',
        `${SEARCH}, Dee`,
        'Open shift',
        names.branchmanager,
      ],
      [
        ids.changed,
        '2031-06-10',
        '2031-06-10T13:00:00.000Z/2031-06-10T16:00:00.000Z',
        `${SEARCH}, Cam`,
        `${SEARCH}, Dee`,
        names.branchmanager,
      ],
      [
        ids.changed,
        '2031-06-10',
        '2031-06-10T13:00:00.000Z/2031-06-10T16:00:00.000Z',
        'Open shift',
        `${SEARCH}, Cam`,
        names.branchmanager,
      ],
    ]);
    expect(rows.every((r) => r.branchName === 'Boston' && r.clientName === `${SEARCH}, Olga`)).toBe(true);
    const all = (await query('rvp', 'reportCaregiverChanges', { search: SEARCH })).rows;
    expect(all.map((r) => [r.branchName, r.toCaregiver, r.changedByName])[0]).toEqual([
      'Worcester',
      `${SEARCH}, Wes`,
      names.companyadmin,
    ]);
    expect(all).toHaveLength(4);
  });
});

describe('integration transactions', () => {
  it('records each client, employee and visit of a Sandata export: sent, or rejected with the reason', async () => {
    const rows = (await query('rvp', 'reportIntegrationTransactionRecords', { filters: [exportFilter(ids.allBranches!)] })).rows;
    const rejected = rows.filter((r) => r.status === 'rejected');
    expect(rejected.map((r) => [r.recordType, r.externalKey, r.message]).sort()).toEqual([
      ['client', String(ids.noMedicaid), 'No Medicaid ID'],
      ['visit', String(ids.v2), 'Client has no Medicaid ID'],
      ['visit', String(ids.v4), 'No check-out'],
    ]);
    expect(rows.slice(0, 3).every((r) => r.status === 'rejected')).toBe(true);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent.map((r) => `${r.recordType} ${r.externalKey}`).sort()).toEqual(
      [
        `client ${ids.okClient}`,
        `client ${ids.worClient}`,
        `employee ${ids.cg1}`,
        `employee ${ids.cg2}`,
        `employee ${ids.cg3}`,
        `visit ${ids.v1}`,
        `visit ${ids.v3}`,
      ].sort(),
    );
    const v1 = sent.find((r) => r.externalKey === String(ids.v1))!;
    expect(v1).toMatchObject({ aggregator: 'sandata', clientName: `${SEARCH}, Olga`, caregiverName: `${SEARCH}, Cam` });
    expect(v1.visitDate).toBe('2031-06-02');
  });

  it('shows the records of the caller’s branches only', async () => {
    const rows = (
      await query('branchmanager', 'reportIntegrationTransactionRecords', { filters: [exportFilter(ids.allBranches!)] })
    ).rows;
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.branchName === 'Boston')).toBe(true);
  });

  it('lists the EVV exports in scope with their aggregator, period and record counts, linking to their records', async () => {
    const both: ViewFilter = { column: 'id', operator: 'in', value: [ids.allBranches, ids.boston] };
    const rows = (await query('companyadmin', 'reportIntegrationTransactions', { filters: [both] })).rows;
    expect(rows.map((r) => [r.id, r.aggregator, r.periodFrom, r.periodTo, r.status, r.recordsSent, r.recordsRejected])).toEqual([
      [ids.boston, 'sandata', '2031-06-01', '2031-06-15', 'completed', 4, 3],
      [ids.allBranches, 'sandata', '2031-06-01', '2031-06-15', 'completed', 7, 3],
    ]);
    expect(rows.map((r) => r.createdByName)).toEqual([names.branchmanager, names.companyadmin]);
    // The branch manager sees the export they queued, not the company admin's export of every branch.
    const mine = (await query('branchmanager', 'reportIntegrationTransactions', { filters: [both] })).rows;
    expect(mine.map((r) => r.id)).toEqual([ids.boston]);
    const meta = await x.api.ok<{ rowLink: string }>('query', 'getBackendView', { view: 'reportIntegrationTransactions' });
    const link = new URL(meta.rowLink.replace('{id}', '12'), 'http://x');
    expect(JSON.parse(link.searchParams.get('filters')!)).toEqual([exportFilter(12)]);
  });

  it('replaces an export’s records when its job runs again (no duplicates)', async () => {
    const id = ids.boston!;
    const before = await x.db
      .select()
      .from(integrationTransactionRecords)
      .where(eq(integrationTransactionRecords.fileExportId, id));
    await x.db.update(fileExports).set({ status: 'queued' }).where(eq(fileExports.id, id));
    const deps = { db: x.db, storage: t.storage, log: { info() {}, error() {} } };
    await runFileExportJob(deps, { id: 'retry', data: { fileExportId: id }, retryCount: 1, retryLimit: 2, isLastAttempt: false });
    const after = await x.db
      .select()
      .from(integrationTransactionRecords)
      .where(eq(integrationTransactionRecords.fileExportId, id));
    expect(before).toHaveLength(7);
    expect(after).toHaveLength(7);
    expect(after.every((r) => !before.some((b) => b.id === r.id))).toBe(true);
    const [row] = await x.db.select().from(fileExports).where(eq(fileExports.id, id));
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
  });
});

describe('permissions', () => {
  it.each(VIEWS)('%s: refused (403) to nurses and PRN staff, whose roles lack the view', async (view) => {
    for (const as of ['nurse', 'prn']) {
      const res = await x.api.fail('query', 'queryView', { view }, as);
      expect(res.status).toBe(403);
    }
  });
});
