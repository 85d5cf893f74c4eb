import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAuthorizations } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { payPeriodLockOverrides, payPeriodLockTimes } from '../pay-periods/pay-periods.schema';
import { fileImportRows } from './file-imports.schema';
import { callerOf, csv, runImport } from './file-imports.test-support';

let t: TestApp;
const tokens: Record<string, string> = {};
let api: ReturnType<typeof callerOf>;
let worcester: number;

/** The outcome of each line of an import: [line, status, message]. */
async function outcomes(id: number) {
  const rows = await t.database.db
    .select({ line: fileImportRows.lineNumber, status: fileImportRows.status, message: fileImportRows.message })
    .from(fileImportRows)
    .where(eq(fileImportRows.fileImportId, id))
    .orderBy(fileImportRows.lineNumber);
  return rows.map((r) => [r.line, r.status, r.message]);
}

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  for (const u of ['companyadmin', 'branchmanager', 'rvp', 'nurse']) tokens[u] = await t.signIn(u);
  api = callerOf(t, tokens);
  const [row] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Worcester'));
  worcester = row!.id;
  // The records the authorizations and shifts name by their external ids.
  const payers = await runImport(t, tokens, 'companyadmin', {
    type: 'payer-sources',
    bytes: csv([
      ['Payer Source ID', 'Name', 'Payer Type', 'Requires EVV'],
      ['PS-1', 'Import Medicaid', 'Medicaid', 'Yes'],
      ['PS-2', 'masshealth', 'medicaid', 'No'],
    ]),
  });
  expect(await outcomes(payers.id)).toEqual([
    [2, 'created', null],
    [3, 'error', 'Name: A payer source named masshealth already exists'],
  ]);
  await runImport(t, tokens, 'branchmanager', {
    type: 'clients',
    bytes: csv([
      ['Client ID', 'First Name', 'Last Name'],
      ['A-C1', 'Ana', 'Lopes'],
      ['A-C2', 'Ben', 'Reis'],
    ]),
  });
  await runImport(t, tokens, 'companyadmin', {
    type: 'clients',
    bytes: csv([
      ['Client ID', 'First Name', 'Last Name'],
      ['W-C1', 'Wil', 'Moss'],
    ]),
    branchId: worcester,
  });
  await runImport(t, tokens, 'branchmanager', {
    type: 'caregivers',
    bytes: csv([
      ['Caregiver ID', 'First Name', 'Last Name', 'Status', 'Skills'],
      ['A-G1', 'Maria', 'Lopez', 'Active', 'Bathing; Dementia care'],
      ['A-G2', 'Nuno', 'Paz', 'Inactive', ''],
    ]),
  });
}, 90_000);
afterAll(() => t.close());

describe('authorizations', () => {
  const header = ['Authorization ID', 'Client ID', 'Payer Source ID', 'Service Code', 'Units Per Week', 'Start Date', 'End Date'];
  const file = csv([
    header,
    ['AUTH-1', 'A-C1', 'PS-1', 't1019', '20', '2031-01-01', '2031-06-30'],
    ['AUTH-2', 'A-C1', 'PS-1', 'T1019', '10', '2031-03-01', '2031-12-31'],
    ['AUTH-3', 'NOPE', 'PS-1', 'T1019', '10', '2031-01-01', '2031-12-31'],
    ['AUTH-4', 'W-C1', 'PS-1', 'T1019', '10', '2031-01-01', '2031-12-31'],
    ['AUTH-5', 'A-C2', 'PS-9', 'T1019', '10', '2031-01-01', '2031-12-31'],
    ['AUTH-6', 'A-C2', 'PS-1', 'T1019', '', '2031-01-01', '2031-12-31'],
  ]);

  it('names client and payer by their external ids and keeps createClientAuthorization’s rules', async () => {
    const done = await runImport(t, tokens, 'branchmanager', { type: 'authorizations', bytes: file });
    expect(done).toMatchObject({ status: 'completed', createdCount: 1, errorCount: 5 });
    expect(await outcomes(done.id)).toEqual([
      [2, 'created', null],
      [3, 'error', 'Start date: Another T1019 authorization of this payer covers 2031-01-01 to 2031-06-30'],
      [4, 'error', 'Client: no client has the id NOPE'],
      [5, 'error', 'Client: W-C1 is in the Worcester branch; import it into that branch'],
      [6, 'error', 'Payer source: no payer source has the id PS-9'],
      [7, 'error', 'Units per week: Give units per week, per month or in total'],
    ]);
    const [auth] = await t.database.db.select().from(clientAuthorizations).where(eq(clientAuthorizations.externalId, 'AUTH-1'));
    expect(auth).toMatchObject({
      serviceCode: 'T1019',
      modifiers: [],
      unitsPerWeek: 20,
      startDate: '2031-01-01',
      endDate: '2031-06-30',
    });
    const again = await runImport(t, tokens, 'branchmanager', { type: 'authorizations', bytes: file });
    expect(again).toMatchObject({ createdCount: 0, unchangedCount: 1, errorCount: 5 });
  });
});

describe('shifts', () => {
  const header = ['Shift ID', 'Client ID', 'Caregiver ID', 'Payer Source ID', 'Service Code', 'Start', 'End'];
  const file = csv([
    header,
    ['SH-1', 'A-C1', 'A-G1', 'PS-1', 'T1019', '2031-03-04 09:00', '2031-03-04 13:00'],
    ['SH-2', 'A-C2', 'A-G1', '', '', '2031-03-04T16:00:00Z', '2031-03-04T19:00:00Z'],
    ['SH-3', 'A-C2', '', '', '', '3/5/2031 8:00 AM', '3/5/2031 10:30 AM'],
    ['SH-4', 'A-C1', 'A-G2', '', '', '2031-03-06 09:00', '2031-03-06 10:00'],
    ['SH-5', 'A-C1', 'A-G1', '', '', '2031-03-05 25:00', '2031-03-06 01:00'],
    ['SH-6', 'A-C2', '', '', '', '2031-03-10 09:00', '2031-03-10 10:00'],
  ]);

  it('reads times on the branch clock, matches the authorization and turns clashes into row errors', async () => {
    const done = await runImport(t, tokens, 'branchmanager', { type: 'shifts', bytes: file });
    expect(done).toMatchObject({ status: 'completed', createdCount: 3, errorCount: 3 });
    const lines = await outcomes(done.id);
    expect(lines.map(([line, status]) => [line, status])).toEqual([
      [2, 'created'],
      [3, 'error'],
      [4, 'created'],
      [5, 'error'],
      [6, 'error'],
      [7, 'created'],
    ]);
    expect(lines[1]![2]).toBe('Caregiver: another row of this file gives the caregiver a shift at that time');
    expect(lines[3]![2]).toBe('Caregiver: Nuno Paz (A-G2) is not active');
    expect(lines[4]![2]).toMatch(/^Start: "2031-03-05 25:00" is not a date and time/);

    const rows = await t.database.db
      .select()
      .from(shifts)
      .where(inArray(shifts.externalId, ['SH-1', 'SH-3', 'SH-6']));
    const byKey = Object.fromEntries(rows.map((s) => [s.externalId, s]));
    const [auth] = await t.database.db.select().from(clientAuthorizations).where(eq(clientAuthorizations.externalId, 'AUTH-1'));
    // America/New_York: EST (UTC-5) on March 4 and 5; EDT (UTC-4) from March 9, 2031.
    expect(byKey['SH-1']).toMatchObject({ status: 'scheduled', serviceCode: 'T1019', authorizationId: auth!.id });
    expect(byKey['SH-1']!.startAt.toISOString()).toBe('2031-03-04T14:00:00.000Z');
    expect(byKey['SH-3']).toMatchObject({ caregiverId: null });
    expect(byKey['SH-3']!.endAt.toISOString()).toBe('2031-03-05T15:30:00.000Z');
    expect(byKey['SH-6']!.startAt.toISOString()).toBe('2031-03-10T13:00:00.000Z');

    const again = await runImport(t, tokens, 'branchmanager', { type: 'shifts', bytes: file });
    expect(again).toMatchObject({ createdCount: 0, unchangedCount: 3, errorCount: 3 });
  });

  it('refuses a shift overlapping one the caregiver already has, as the row’s error', async () => {
    const done = await runImport(t, tokens, 'branchmanager', {
      type: 'shifts',
      bytes: csv([header, ['SH-9', 'A-C2', 'A-G1', '', '', '2031-03-04 12:00', '2031-03-04 14:00']]),
    });
    expect(done).toMatchObject({ status: 'completed', errorCount: 1 });
    const [[, , message]] = (await outcomes(done.id)) as [[number, string, string]];
    expect(message).toMatch(/^Caregiver: Maria Lopez already has a shift then: Ana Lopes, .* \(shift \d+\)$/);
    const moved = await runImport(t, tokens, 'branchmanager', {
      type: 'shifts',
      bytes: csv([header, ['SH-1', 'A-C1', 'A-G1', 'PS-1', 'T1019', '2031-03-04 10:00', '2031-03-04 13:00']]),
    });
    expect(moved).toMatchObject({ updatedCount: 1 });
  });
});

describe('pay period locks', () => {
  it('refuses shifts in a locked period unless the importer’s role overrides it, which is recorded', async () => {
    const [boston] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Boston'));
    const [lock] = await t.database.db
      .insert(payPeriodLockTimes)
      .values({
        branchId: boston!.id,
        periodStart: '2031-04-01',
        periodEnd: '2031-04-15',
        locksAt: new Date('2025-01-01T00:00:00Z'),
      })
      .returning();
    const header = ['Shift ID', 'Client ID', 'Start', 'End'];
    const refused = await runImport(t, tokens, 'rvp', {
      type: 'shifts',
      bytes: csv([header, ['LOCK-1', 'A-C1', '2031-04-02 09:00', '2031-04-02 10:00']]),
      branchId: boston!.id,
    });
    expect(await outcomes(refused.id)).toEqual([
      [2, 'error', 'The pay period 2031-04-01 to 2031-04-15 of Boston is locked: you cannot add a shift to it'],
    ]);
    const overridden = await runImport(t, tokens, 'branchmanager', {
      type: 'shifts',
      bytes: csv([header, ['LOCK-1', 'A-C1', '2031-04-02 09:00', '2031-04-02 10:00']]),
    });
    expect(overridden).toMatchObject({ createdCount: 1 });
    const [shift] = await t.database.db.select().from(shifts).where(eq(shifts.externalId, 'LOCK-1'));
    const overrides = await t.database.db
      .select()
      .from(payPeriodLockOverrides)
      .where(eq(payPeriodLockOverrides.shiftId, shift!.id));
    expect(overrides).toMatchObject([{ lockTimeId: lock!.id, action: 'create' }]);
  });
});

describe('caregivers and ADP employees', () => {
  it('imports caregivers with their lists and statuses', async () => {
    const [maria] = await t.database.db.select().from(caregivers).where(eq(caregivers.externalId, 'A-G1'));
    expect(maria).toMatchObject({ status: 'active', skills: ['Bathing', 'Dementia care'], payRates: [], availability: [] });
  });

  it('upserts caregivers by ADP file number', async () => {
    const header = ['File Number', 'Legal First Name', 'Legal Last Name', 'Hire Date', 'Position Status'];
    const first = await runImport(t, tokens, 'branchmanager', {
      type: 'adp-employees',
      bytes: csv([header, ['900001', 'Ana', 'Silva', '01/15/2020', 'Active'], ['900002', 'Bo', 'Chen', '2020-02-01', 'Leave']]),
    });
    expect(first).toMatchObject({ createdCount: 2, errorCount: 0 });
    const second = await runImport(t, tokens, 'branchmanager', {
      type: 'adp-employees',
      bytes: csv([
        header,
        ['900001', 'Ana', 'Silva', '01/15/2020', 'Terminated'],
        ['900002', 'Bo', 'Chen', '2020-02-01', 'Leave'],
      ]),
    });
    expect(second).toMatchObject({ createdCount: 0, updatedCount: 1, unchangedCount: 1 });
    const rows = await t.database.db
      .select()
      .from(caregivers)
      .where(inArray(caregivers.adpFileNumber, ['900001', '900002']));
    expect(Object.fromEntries(rows.map((c) => [c.adpFileNumber, [c.status, c.hireDate, c.externalId]]))).toEqual({
      '900001': ['terminated', '2020-01-15', null],
      '900002': ['inactive', '2020-02-01', null],
    });
  });
});

describe('permissions', () => {
  it('imports only what the role may create and update one by one', async () => {
    const input = { type: 'payer-sources', fileName: 'p.csv', fileSizeBytes: 10, contentType: 'text/csv' };
    expect(await api.call('mutation', 'queueFileImport', input, 'branchmanager')).toMatchObject({
      status: 403,
      error: { message: 'Your role may not use createPayerSource' },
    });
    expect((await api.call('mutation', 'queueFileImport', { ...input, type: 'clients' }, 'nurse')).status).toBe(403);
  });
});
