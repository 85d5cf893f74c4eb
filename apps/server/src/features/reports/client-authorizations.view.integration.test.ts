import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAuthMetric } from '@hearth/shared/clients/client-authorizations.schema';
import type { QueryViewOutput, ViewFilter } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts } from '../shifts/shifts.schema';

/**
 * The client authorizations report against getClientAuthMetrics, the service it restates in SQL: fresh clients
 * "Authreport" in Boston and Worcester with authorizations in 2020 (per week, per month, total, none) and shifts
 * of every status on them, under a payer service with 60-minute units rounded up and the default rule.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const SEARCH = 'Authreport';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
  const db = t.database.db;
  const branchRows = await db.select().from(branches);
  const boston = branchRows.find((b) => b.name === 'Boston')!;
  const worcester = branchRows.find((b) => b.name === 'Worcester')!;
  const [payer] = await db
    .insert(payerSources)
    .values({ companyId: boston.companyId, name: 'Authreport Health', payerType: 'medicaid' })
    .returning();
  // Two services of one code: the authorization with modifier U1 takes the U1 row (hourly, up), not the first.
  await db.insert(payerSourceServices).values([
    { payerSourceId: payer!.id, serviceCode: 'S5130', modifiers: [], billRateCents: 700, unitMinutes: 30, roundingRule: 'down' },
    {
      payerSourceId: payer!.id,
      serviceCode: 'S5130',
      modifiers: ['U1'],
      billRateCents: 2800,
      unitMinutes: 60,
      roundingRule: 'up',
    },
  ]);
  const [ann, wes] = await db
    .insert(clients)
    .values([
      { branchId: boston.id, firstName: 'Ann', lastName: SEARCH },
      { branchId: worcester.id, firstName: 'Wes', lastName: SEARCH },
    ])
    .returning({ id: clients.id });
  const [cg] = await db
    .insert(caregivers)
    .values({ branchId: boston.id, firstName: 'Cy', lastName: SEARCH })
    .returning({ id: caregivers.id });
  const auth = (clientId: number, code: string, modifiers: string[], limits: object, startDate: string, endDate: string) => ({
    clientId,
    payerSourceId: payer!.id,
    serviceCode: code,
    modifiers,
    startDate,
    endDate,
    unitsPerWeek: null,
    unitsPerMonth: null,
    unitsTotal: null,
    ...limits,
  });
  const rows = await db
    .insert(clientAuthorizations)
    .values([
      // Wednesday Jan 1 to Monday Feb 3, 2020: 6 calendar weeks, 2 months: per week 40 (240) vs month 100 (200).
      auth(ann!.id, 'T1019', [], { unitsPerWeek: 40, unitsPerMonth: 100 }, '2020-01-01', '2020-02-03'),
      auth(ann!.id, 'S5130', ['U1'], { unitsTotal: 30 }, '2020-03-01', '2020-03-31'),
      auth(ann!.id, 'S5130', [], { unitsPerWeek: 10 }, '2020-04-05', '2020-04-11'),
      auth(ann!.id, 'T1020', [], {}, '2020-05-01', '2020-05-31'),
      auth(wes!.id, 'T1019', [], { unitsTotal: 50 }, '2020-01-01', '2020-12-31'),
    ])
    .returning({ id: clientAuthorizations.id });
  Object.assign(ids, { ann: ann!.id, wes: wes!.id, t1019: rows[0]!.id, u1: rows[1]!.id, s5130: rows[2]!.id });
  const at = (iso: string) => new Date(iso);
  const shift = (authorizationId: number, status: string, start: string, end: string, checkIn?: string, checkOut?: string) => ({
    branchId: boston.id,
    clientId: ann!.id,
    caregiverId: cg!.id,
    authorizationId,
    status: status as 'scheduled',
    startAt: at(start),
    endAt: at(end),
    checkInAt: checkIn ? at(checkIn) : null,
    checkOutAt: checkOut ? at(checkOut) : null,
  });
  await db.insert(shifts).values([
    // T1019, default rule (15 minutes, 8-minute rule): worked 2h08 -> 9 units used (8 minutes make a
    // unit); scheduled 1h -> 4 units.
    shift(
      ids.t1019!,
      'completed',
      '2020-01-06T14:00:00Z',
      '2020-01-06T16:00:00Z',
      '2020-01-06T14:00:00Z',
      '2020-01-06T16:08:00Z',
    ),
    shift(ids.t1019!, 'scheduled', '2020-01-07T14:00:00Z', '2020-01-07T15:00:00Z'),
    // Completed without check-out: its scheduled 1h07 counts (4 units, 7 minutes do not make a unit).
    shift(ids.t1019!, 'completed', '2020-01-08T14:00:00Z', '2020-01-08T15:07:00Z', '2020-01-08T14:00:00Z'),
    shift(ids.t1019!, 'cancelled', '2020-01-09T14:00:00Z', '2020-01-09T18:00:00Z'),
    shift(ids.t1019!, 'missed', '2020-01-10T14:00:00Z', '2020-01-10T18:00:00Z'),
    // 23:30 Boston time on Feb 3 (UTC Feb 4): within the dates by local date.
    shift(ids.t1019!, 'in_progress', '2020-02-04T04:30:00Z', '2020-02-04T05:00:00Z'),
    // 22:00 Boston time on Dec 31, 2019 (UTC Jan 1): before the dates by local date, not counted.
    shift(ids.t1019!, 'scheduled', '2020-01-01T03:00:00Z', '2020-01-01T05:00:00Z'),
    // S5130 U1: hourly, up: 61 worked minutes -> 2 units; 30 scheduled minutes -> 1 unit.
    shift(ids.u1!, 'completed', '2020-03-02T14:00:00Z', '2020-03-02T15:00:00Z', '2020-03-02T14:00:00Z', '2020-03-02T15:01:00Z'),
    shift(ids.u1!, 'scheduled', '2020-03-03T14:00:00Z', '2020-03-03T14:30:00Z'),
    // S5130: 30 minutes, down: 89 minutes -> 2 units; over the week's 10 units with six of them.
    ...Array.from({ length: 6 }, (_, i) => {
      const day = `2020-04-${String(5 + i).padStart(2, '0')}`;
      return shift(ids.s5130!, 'scheduled', `${day}T14:00:00Z`, `${day}T15:29:00Z`);
    }),
  ]);
});
afterAll(() => t.close());

async function query(as: string, input: Record<string, unknown> = {}): Promise<QueryViewOutput> {
  const res = await t.trpc(
    'query',
    'queryView',
    { view: 'reportClientAuthorizations', search: SEARCH, pageSize: 100, ...input },
    tokens[as],
  );
  if (res.status !== 200) throw new Error(`queryView answered ${res.status}: ${res.body.error?.message}`);
  return res.body.result?.data as QueryViewOutput;
}

describe('client authorizations report', () => {
  it('computes authorized, scheduled, used and remaining units as getClientAuthMetrics over each authorization', async () => {
    const rows = (await query('rvp')).rows.filter((r) => r.clientId === ids.ann);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const res = await t.trpc(
        'query',
        'getClientAuthMetrics',
        { clientId: ids.ann, startDate: row.startDate, endDate: row.endDate },
        tokens.rvp,
      );
      expect(res.status).toBe(200);
      const metric = (res.body.result?.data as ClientAuthMetric[]).find((m) => m.authorizationId === row.id)!;
      const { authorized, scheduled, used, remaining } = metric;
      expect({
        id: row.id,
        authorized: row.authorized,
        scheduled: row.scheduled,
        used: row.used,
        remaining: row.remaining,
      }).toEqual({
        id: row.id,
        authorized,
        scheduled,
        used,
        remaining,
      });
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids.t1019!)).toMatchObject({ authorized: 200, used: 13, scheduled: 6, remaining: 181 });
    expect(byId.get(ids.u1!)).toMatchObject({ serviceCode: 'S5130 U1', authorized: 30, used: 2, scheduled: 1, remaining: 27 });
    expect(byId.get(ids.s5130!)).toMatchObject({ authorized: 10, scheduled: 12, remaining: -2 });
  });

  it('filters on the units and sorts by remaining', async () => {
    const over: ViewFilter = { column: 'remaining', operator: 'before', value: 0 };
    expect((await query('rvp', { filters: [over] })).rows.map((r) => r.id)).toEqual([ids.s5130]);
    const sorted = await query('rvp', { sort: [{ column: 'remaining', direction: 'desc' }] });
    expect(sorted.rows.map((r) => r.remaining)).toEqual([181, 50, 27, 0, -2]);
  });

  it('keeps each manager to their branches and lets the nurse read it, refusing PRN staff', async () => {
    expect((await query('branchmanager')).rows.map((r) => r.branchName)).toEqual(Array(4).fill('Boston'));
    expect((await query('nurse')).totalCount).toBe(4);
    expect((await query('companyadmin')).totalCount).toBe(5);
    const res = await t.trpc('query', 'queryView', { view: 'reportClientAuthorizations' }, tokens.prn);
    expect(res.status).toBe(403);
  });
});
