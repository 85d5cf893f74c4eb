import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOverdue } from '@hearth/shared/cases/case-deadlines';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caseTypes, cases } from '../cases/cases.schema';
import { clients } from '../clients/clients.schema';
import { users } from '../users/users.schema';

/**
 * The cases reports (reportCasesOpen, reportCaseResolution) on their own rows: case types "Casereport fall" and
 * "Casereport complaint" and clients "Casereport" in Boston and Worcester. Open cases are due hours before or after
 * the real clock (the views read the database's now()), so the overdue counts hold however long the test takes;
 * each count is also checked against isOverdue of packages/shared/src/cases/case-deadlines.ts, the rule the SQL
 * restates. Resolved cases are dated 2020.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const SEARCH = 'Casereport';
const HOUR = 3_600_000;
type NewCase = typeof cases.$inferInsert;
const inserted: NewCase[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  for (const u of ['companyadmin', 'branchmanager', 'rvp', 'prn']) tokens[u] = await t.signIn(u);
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!;
  const [reporter] = await db.select({ id: users.id }).from(users).limit(1);
  const [fall, complaint] = await db
    .insert(caseTypes)
    .values([
      { companyId: boston.companyId, name: `${SEARCH} fall`, acknowledgeWithinHours: 2 },
      { companyId: boston.companyId, name: `${SEARCH} complaint` },
    ])
    .returning({ id: caseTypes.id });
  const [ann, wes] = await db
    .insert(clients)
    .values([
      { branchId: boston.id, firstName: 'Ann', lastName: SEARCH },
      { branchId: worcester.id, firstName: 'Wes', lastName: SEARCH },
    ])
    .returning({ id: clients.id });
  const now = Date.now();
  const at = (hours: number) => new Date(now + hours * HOUR);
  let number = 90_000;
  const make = (branch: 'boston' | 'worcester', typeId: number, fields: Partial<NewCase>): NewCase => ({
    companyId: boston.companyId,
    number: ++number,
    caseTypeId: typeId,
    status: 'requested',
    priority: 'routine',
    branchId: branch === 'boston' ? boston.id : worcester.id,
    clientId: branch === 'boston' ? ann!.id : wes!.id,
    title: `Case ${number}`,
    occurredAt: at(-30),
    reportedByUserId: reporter!.id,
    reportedAt: at(-20),
    ...fields,
  });
  inserted.push(
    // Boston falls, open: overdue to acknowledge; on time; state report made late but made; state report owed.
    make('boston', fall!.id, { reportedAt: at(-50), acknowledgeDueAt: at(-1) }),
    make('boston', fall!.id, { status: 'accepted', acknowledgeDueAt: at(-1), acknowledgedAt: at(-3), resolveDueAt: at(5) }),
    make('boston', fall!.id, {
      status: 'in-progress',
      acknowledgedAt: at(-19),
      stateReportDueAt: at(-2),
      stateReportedAt: at(-1),
      resolveDueAt: at(24),
    }),
    make('boston', fall!.id, { status: 'in-progress', acknowledgedAt: at(-19), stateReportDueAt: at(-1) }),
    make('boston', fall!.id, { status: 'draft' }),
    // Boston falls, closed: resolved in 60.5 hours, inside the deadline; cancelled past every deadline.
    make('boston', fall!.id, {
      status: 'completed',
      reportedAt: new Date('2020-01-01T00:00:00Z'),
      acknowledgedAt: new Date('2020-01-01T01:00:00Z'),
      resolveDueAt: new Date('2020-01-04T00:00:00Z'),
      completedAt: new Date('2020-01-03T12:30:00Z'),
    }),
    make('boston', fall!.id, { status: 'cancelled', acknowledgeDueAt: at(-10), resolveDueAt: at(-5), cancelledAt: at(-12) }),
    // A Boston complaint past its resolution.
    make('boston', complaint!.id, { status: 'in-progress', acknowledgedAt: at(-19), resolveDueAt: at(-1) }),
    // Worcester: an open fall on time; a complaint resolved late (96 hours, 72 allowed); one with no deadline.
    make('worcester', fall!.id, { reportedAt: at(-1), acknowledgeDueAt: at(1) }),
    make('worcester', complaint!.id, {
      status: 'completed',
      reportedAt: new Date('2020-02-01T00:00:00Z'),
      resolveDueAt: new Date('2020-02-04T00:00:00Z'),
      completedAt: new Date('2020-02-05T00:00:00Z'),
    }),
    make('worcester', complaint!.id, {
      status: 'completed',
      reportedAt: new Date('2020-03-01T00:00:00Z'),
      completedAt: new Date('2020-03-01T09:20:00Z'),
    }),
  );
  await db.insert(cases).values(inserted);
});
afterAll(() => t.close());

async function query(as: string, view: string, input: Record<string, unknown> = {}): Promise<QueryViewOutput> {
  const res = await t.trpc('query', 'queryView', { view, search: SEARCH, pageSize: 100, ...input }, tokens[as]);
  if (res.status !== 200) throw new Error(`queryView ${view} answered ${res.status}: ${res.body.error?.message}`);
  return res.body.result?.data as QueryViewOutput;
}

const facts = (c: NewCase) => ({
  status: c.status,
  acknowledgeDueAt: c.acknowledgeDueAt ?? null,
  stateReportDueAt: c.stateReportDueAt ?? null,
  resolveDueAt: c.resolveDueAt ?? null,
  acknowledgedAt: c.acknowledgedAt ?? null,
  stateReportedAt: c.stateReportedAt ?? null,
  completedAt: c.completedAt ?? null,
  cancelledAt: c.cancelledAt ?? null,
});

describe('reportCasesOpen', () => {
  it('counts open and overdue cases per type and branch, by the shared overdue rule', async () => {
    const rows = (await query('rvp', 'reportCasesOpen')).rows;
    expect(rows.map((r) => [r.caseTypeName, r.branchName, r.openCount, r.overdueCount])).toEqual([
      [`${SEARCH} fall`, 'Boston', 5, 2],
      [`${SEARCH} complaint`, 'Boston', 1, 1],
      [`${SEARCH} fall`, 'Worcester', 1, 0],
    ]);
    const fallBoston = rows[0]!;
    expect(fallBoston.oldestReportedAt).toBe(inserted[0]!.reportedAt!.toISOString());
    // The same counts from the TypeScript rule.
    const now = new Date();
    const open = inserted.filter((c) => c.status !== 'completed' && c.status !== 'cancelled');
    expect(open.filter((c) => isOverdue(facts(c), now))).toHaveLength(3);
    expect(rows.reduce((sum, r) => sum + (r.overdueCount as number), 0)).toBe(3);
  });

  it('the branch manager sees Boston only; the company admin both; PRN staff are refused (403)', async () => {
    expect((await query('branchmanager', 'reportCasesOpen')).rows.map((r) => r.branchName)).toEqual(['Boston', 'Boston']);
    expect((await query('companyadmin', 'reportCasesOpen')).totalCount).toBe(3);
    const res = await t.trpc('query', 'queryView', { view: 'reportCasesOpen' }, tokens.prn);
    expect(res.status).toBe(403);
  });

  it('filters and sorts by its counts', async () => {
    const filters = [{ column: 'overdueCount', operator: 'between', value: [1, 1000] }];
    const rows = (await query('rvp', 'reportCasesOpen', { filters, sort: [{ column: 'openCount', direction: 'asc' }] })).rows;
    expect(rows.map((r) => [r.caseTypeName, r.openCount])).toEqual([
      [`${SEARCH} complaint`, 1],
      [`${SEARCH} fall`, 5],
    ]);
  });
});

describe('reportCaseResolution', () => {
  it('lists completed cases with the hours from report to completion and whether the deadline was met', async () => {
    const rows = (await query('rvp', 'reportCaseResolution')).rows;
    expect(rows.map((r) => [r.caseTypeName, r.branchName, r.firstName, r.hoursToResolve, r.metDeadline])).toEqual([
      [`${SEARCH} complaint`, 'Worcester', 'Wes', 9.3, null],
      [`${SEARCH} complaint`, 'Worcester', 'Wes', 96, false],
      [`${SEARCH} fall`, 'Boston', 'Ann', 60.5, true],
    ]);
    expect(rows[2]).toMatchObject({
      caseNumber: `CASE-0${inserted[5]!.number}`,
      reportedAt: '2020-01-01T00:00:00.000Z',
      completedAt: '2020-01-03T12:30:00.000Z',
    });
  });

  it('the branch manager sees Boston only; PRN staff are refused (403)', async () => {
    expect((await query('branchmanager', 'reportCaseResolution')).rows.map((r) => r.hoursToResolve)).toEqual([60.5]);
    const res = await t.trpc('query', 'queryView', { view: 'reportCaseResolution' }, tokens.prn);
    expect(res.status).toBe(403);
  });
});
