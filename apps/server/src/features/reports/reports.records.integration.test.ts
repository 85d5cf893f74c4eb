import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryViewOutput, ViewFilter } from '@hearth/shared/views/views.schema';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregiverCashAdvances, caregiverFiles, caregiverJournalEntries, caregivers } from '../caregivers/caregivers.schema';
import { clientFiles, clientJournalEntries, clients, nurseAssessments } from '../clients/clients.schema';
import { branchUsers, users } from '../users/users.schema';

/**
 * The record reports on their own rows: fresh caregivers and clients named "Reportrow" in Boston and Worcester,
 * each with one record of every kind dated 2020 (far from the demo agency's dates). Every query narrows to them by
 * searching their last name.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const SEARCH = 'Reportrow';

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
  const db = t.database.db;
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!.id;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!.id;
  const cgs = await db
    .insert(caregivers)
    .values([
      { branchId: boston, firstName: 'Bea', lastName: SEARCH, adpFileNumber: 'ADP-7001', hireDate: '2020-03-02' },
      { branchId: boston, firstName: 'Al', lastName: SEARCH, hireDate: '2020-01-06' },
      { branchId: worcester, firstName: 'Wes', lastName: SEARCH, adpFileNumber: 'ADP-7002', hireDate: '2020-02-03' },
    ])
    .returning({ id: caregivers.id });
  const cls = await db
    .insert(clients)
    .values([
      { branchId: boston, firstName: 'Bea', lastName: SEARCH },
      { branchId: worcester, firstName: 'Wes', lastName: SEARCH },
    ])
    .returning({ id: clients.id });
  const [cgBoston, , cgWorcester] = cgs.map((c) => c.id);
  const [clBoston, clWorcester] = cls.map((c) => c.id);
  const file = (n: string) => ({
    filename: `${n}.pdf`,
    size: 2048,
    contentType: 'application/pdf',
    storageKey: `reports-test/${n}`,
  });
  await db.insert(caregiverCashAdvances).values([
    { caregiverId: cgBoston!, amountCents: 5000, advancedOn: '2020-04-01', reason: 'Bus pass' },
    { caregiverId: cgBoston!, amountCents: 12000, advancedOn: '2020-05-01', deductedOn: '2020-05-15' },
    { caregiverId: cgWorcester!, amountCents: 7000, advancedOn: '2020-04-15' },
  ]);
  await db.insert(caregiverFiles).values([
    { caregiverId: cgBoston!, ...file('cg-boston'), status: 'uploaded' },
    { caregiverId: cgWorcester!, ...file('cg-worcester') },
  ]);
  await db.insert(clientFiles).values([
    { clientId: clBoston!, ...file('cl-boston'), status: 'uploaded' },
    { clientId: clWorcester!, ...file('cl-worcester') },
  ]);
  await db.insert(caregiverJournalEntries).values([
    { caregiverId: cgBoston!, entryDate: '2020-06-01', subject: 'Orientation', body: 'Completed orientation' },
    { caregiverId: cgBoston!, entryDate: '2020-07-01', subject: 'Review', body: 'Annual review' },
    { caregiverId: cgWorcester!, entryDate: '2020-06-02', subject: 'Orientation', body: 'Worcester orientation' },
  ]);
  await db.insert(clientJournalEntries).values([
    { clientId: clBoston!, entryDate: '2020-06-03', subject: 'Intake', body: 'Intake call' },
    { clientId: clWorcester!, entryDate: '2020-06-04', subject: 'Intake', body: 'Worcester intake' },
  ]);
  await db.insert(nurseAssessments).values([
    { clientId: clBoston!, assessmentType: 'initial', assessedOn: '2020-01-10', nextDueOn: '2020-04-10', findings: 'Stable' },
    { clientId: clBoston!, assessmentType: 'supervisory', assessedOn: '2020-04-09', findings: 'Improving' },
    { clientId: clWorcester!, assessmentType: 'initial', assessedOn: '2020-01-11', findings: 'Worcester finding' },
  ]);
});
afterAll(() => t.close());

async function query(as: string, view: string, input: Record<string, unknown> = {}): Promise<QueryViewOutput> {
  const res = await t.trpc('query', 'queryView', { view, search: SEARCH, pageSize: 100, ...input }, tokens[as]);
  if (res.status !== 200) throw new Error(`queryView ${view} answered ${res.status}: ${res.body.error?.message}`);
  return res.body.result?.data as QueryViewOutput;
}

const REPORTS = [
  { view: 'reportAdpEmployees', boston: 2, worcester: 1 },
  { view: 'reportCaregiverCashAdvances', boston: 2, worcester: 1 },
  { view: 'reportCaregiverFiles', boston: 1, worcester: 1 },
  { view: 'reportCaregiverJournals', boston: 2, worcester: 1 },
  { view: 'reportClientFiles', boston: 1, worcester: 1 },
  { view: 'reportClientJournals', boston: 1, worcester: 1 },
  { view: 'reportNurseAssessments', boston: 2, worcester: 1 },
];

describe('record reports', () => {
  it.each(REPORTS)('$view: the RVP sees both branches, the Boston manager only Boston', async ({ view, boston, worcester }) => {
    const all = await query('rvp', view);
    expect(all.rows.filter((r) => r.branchName === 'Boston')).toHaveLength(boston);
    expect(all.rows.filter((r) => r.branchName === 'Worcester')).toHaveLength(worcester);
    const mine = await query('branchmanager', view);
    expect(mine.rows.map((r) => r.branchName)).toEqual(Array(boston).fill('Boston'));
    expect((await query('companyadmin', view)).totalCount).toBe(boston + worcester);
  });

  it.each(REPORTS)('$view: refused (403) to PRN staff, whose role lacks the view', async ({ view }) => {
    const res = await t.trpc('query', 'queryView', { view }, tokens.prn);
    expect(res.status).toBe(403);
  });

  it('gives the nurse the assessments report but not the cash advances', async () => {
    expect((await query('nurse', 'reportNurseAssessments')).rows.map((r) => r.findings)).toEqual(['Improving', 'Stable']);
    const res = await t.trpc('query', 'queryView', { view: 'reportCaregiverCashAdvances' }, tokens.nurse);
    expect(res.status).toBe(403);
  });

  it('lists ADP numbers and flags the caregiver without one; filters and sorts by them', async () => {
    const rows = (await query('rvp', 'reportAdpEmployees', { sort: [{ column: 'hireDate', direction: 'asc' }] })).rows;
    expect(rows.map((r) => [r.firstName, r.adpFileNumber, r.missingAdpFileNumber, r.hireDate])).toEqual([
      ['Al', null, true, '2020-01-06'],
      ['Wes', 'ADP-7002', false, '2020-02-03'],
      ['Bea', 'ADP-7001', false, '2020-03-02'],
    ]);
    const missing: ViewFilter = { column: 'missingAdpFileNumber', operator: 'equals', value: true };
    expect((await query('rvp', 'reportAdpEmployees', { filters: [missing] })).rows.map((r) => r.firstName)).toEqual(['Al']);
  });

  it('shows cash advances in cents with their deduction, filterable by amount', async () => {
    const rows = (await query('rvp', 'reportCaregiverCashAdvances')).rows;
    expect(rows.map((r) => [r.advancedOn, r.amountCents, r.deducted])).toEqual([
      ['2020-05-01', 12000, true],
      ['2020-04-15', 7000, false],
      ['2020-04-01', 5000, false],
    ]);
    const over: ViewFilter = { column: 'amountCents', operator: 'after', value: 6000 };
    const undeducted: ViewFilter = { column: 'deducted', operator: 'equals', value: false };
    const filtered = await query('rvp', 'reportCaregiverCashAdvances', { filters: [over, undeducted] });
    expect(filtered.rows.map((r) => r.amountCents)).toEqual([7000]);
  });

  it('links files to their preview and filters them by upload status', async () => {
    const uploaded: ViewFilter = { column: 'status', operator: 'equals', value: 'uploaded' };
    const rows = (await query('rvp', 'reportClientFiles', { filters: [uploaded] })).rows;
    expect(rows.map((r) => r.filename)).toEqual(['cl-boston.pdf']);
    const meta = await t.trpc('query', 'getBackendView', { view: 'reportClientFiles' }, tokens.rvp);
    expect((meta.body.result?.data as { rowLink: string }).rowLink).toBe('/clients/{clientId}/files/{id}');
  });

  it('sorts journals latest first and filters them by subject', async () => {
    const rows = (await query('rvp', 'reportCaregiverJournals')).rows;
    expect(rows.map((r) => r.entryDate)).toEqual(['2020-07-01', '2020-06-02', '2020-06-01']);
    const subject: ViewFilter = { column: 'subject', operator: 'equals', value: 'Orientation' };
    const filtered = await query('branchmanager', 'reportCaregiverJournals', { filters: [subject] });
    expect(filtered.rows.map((r) => r.body)).toEqual(['Completed orientation']);
  });

  it('flags an assessment whose next due date has passed', async () => {
    const overdue: ViewFilter = { column: 'overdue', operator: 'equals', value: true };
    const rows = (await query('rvp', 'reportNurseAssessments', { filters: [overdue] })).rows;
    expect(rows.map((r) => [r.assessmentType, r.nextDueOn])).toEqual([['initial', '2020-04-10']]);
  });

  // Last: it moves the branch manager to Worcester for the rest of this file's database.
  it.each(REPORTS)('$view: a Worcester manager never sees Boston rows', async ({ view, worcester }) => {
    const db = t.database.db;
    const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'branchmanager'));
    const [wor] = await db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Worcester'));
    await db.update(branchUsers).set({ branchId: wor!.id }).where(eq(branchUsers.userId, manager!.id));
    const rows = (await query('branchmanager', view)).rows;
    expect(rows.map((r) => r.branchName)).toEqual(Array(worcester).fill('Worcester'));
  });
});
