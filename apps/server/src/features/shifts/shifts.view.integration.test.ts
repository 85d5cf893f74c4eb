import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  ROW_TIME_ZONE_KEY,
  type BackendViewMeta,
  type FrontendView,
  type QueryViewOutput,
  type ViewFilter,
} from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { clients } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { shifts } from './shifts.schema';

/**
 * The shifts view on its own rows: shifts of fresh clients and caregivers in 2020 (past, so missing entries count)
 * and 2031 (future), in Boston (branch 1) and Worcester (branch 2). Every query narrows to those years or rows.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const id: Record<string, number> = {};
let payerName = '';

const YEAR_2020: ViewFilter = {
  column: 'startTimestamp',
  operator: 'between',
  value: ['2020-01-01T00:00:00Z', '2020-12-31T23:59:59Z'],
};
const MARCH_2031: ViewFilter = {
  column: 'startTimestamp',
  operator: 'between',
  value: ['2031-03-01T00:00:00Z', '2031-03-31T23:59:59Z'],
};

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'branchmanager', 'rvp', 'prn']) tokens[u] = await t.signIn(u);
  const db = t.database.db;
  const [payer] = await db.select({ id: payerSources.id, name: payerSources.name }).from(payerSources).limit(1);
  payerName = payer!.name;
  const [ada, bo, wanda] = await db
    .insert(clients)
    .values([
      { branchId: 1, firstName: 'Ada', lastName: 'Shiftview' },
      { branchId: 1, firstName: 'Bo', lastName: 'Shiftview' },
      { branchId: 2, firstName: 'Wanda', lastName: 'Shiftview' },
    ])
    .returning({ id: clients.id });
  const [xena, yuri, vera] = await db
    .insert(caregivers)
    .values([
      { branchId: 1, firstName: 'Xena', lastName: 'Carer' },
      { branchId: 1, firstName: 'Yuri', lastName: 'Carer' },
      { branchId: 2, firstName: 'Vera', lastName: 'Carer' },
    ])
    .returning({ id: caregivers.id });
  Object.assign(id, { ada: ada!.id, bo: bo!.id, wanda: wanda!.id, xena: xena!.id, yuri: yuri!.id, vera: vera!.id });

  const at = (iso: string) => new Date(iso);
  const rows: (typeof shifts.$inferInsert & { key: string })[] = [
    // 2020: completed with both times and tasks done: nothing missing.
    {
      key: 'p1',
      branchId: 1,
      clientId: id.ada!,
      caregiverId: id.xena!,
      startAt: at('2020-02-03T14:00:00Z'),
      endAt: at('2020-02-03T18:00:00Z'),
      status: 'completed',
      checkInAt: at('2020-02-03T14:01:00Z'),
      checkOutAt: at('2020-02-03T18:02:00Z'),
    },
    // 2020: completed, no check-out: time entry missing.
    {
      key: 'p2',
      branchId: 1,
      clientId: id.ada!,
      caregiverId: id.xena!,
      startAt: at('2020-02-04T14:00:00Z'),
      endAt: at('2020-02-04T18:00:00Z'),
      status: 'completed',
      checkInAt: at('2020-02-04T14:00:00Z'),
    },
    // 2020: completed with both times but tasks missing.
    {
      key: 'p3',
      branchId: 1,
      clientId: id.bo!,
      caregiverId: id.yuri!,
      startAt: at('2020-02-05T14:00:00Z'),
      endAt: at('2020-02-05T16:00:00Z'),
      status: 'completed',
      checkInAt: at('2020-02-05T14:00:00Z'),
      checkOutAt: at('2020-02-05T16:00:00Z'),
      tasksMissing: true,
    },
    // 2020: missed, never checked in.
    {
      key: 'p4',
      branchId: 1,
      clientId: id.bo!,
      caregiverId: id.yuri!,
      startAt: at('2020-02-06T14:00:00Z'),
      endAt: at('2020-02-06T16:00:00Z'),
      status: 'missed',
    },
    // 2020: a cancelled open shift: a cancelled visit misses nothing.
    {
      key: 'p5',
      branchId: 1,
      clientId: id.ada!,
      caregiverId: null,
      startAt: at('2020-02-07T14:00:00Z'),
      endAt: at('2020-02-07T16:00:00Z'),
      status: 'cancelled',
      cancelReason: 'Client in hospital',
    },
    // 2020: still scheduled after its time, no check-in.
    {
      key: 'p6',
      branchId: 1,
      clientId: id.ada!,
      caregiverId: id.xena!,
      startAt: at('2020-02-08T14:00:00Z'),
      endAt: at('2020-02-08T16:00:00Z'),
      status: 'scheduled',
    },
    // 2020, Worcester: completed without check-out.
    {
      key: 'w1',
      branchId: 2,
      clientId: id.wanda!,
      caregiverId: id.vera!,
      startAt: at('2020-02-04T14:00:00Z'),
      endAt: at('2020-02-04T18:00:00Z'),
      status: 'completed',
      checkInAt: at('2020-02-04T14:00:00Z'),
    },
    // March 2031.
    {
      key: 'f1',
      branchId: 1,
      clientId: id.ada!,
      caregiverId: id.xena!,
      startAt: at('2031-03-03T14:00:00Z'),
      endAt: at('2031-03-03T18:30:00Z'),
      status: 'scheduled',
      serviceCode: 'T1019',
      payerSourceId: payer!.id,
      notes: 'Door code 1234',
    },
    {
      key: 'w2',
      branchId: 2,
      clientId: id.wanda!,
      caregiverId: id.vera!,
      startAt: at('2031-03-03T15:00:00Z'),
      endAt: at('2031-03-03T17:00:00Z'),
      status: 'scheduled',
      serviceCode: 'T1019',
    },
    {
      key: 'f2',
      branchId: 1,
      clientId: id.bo!,
      caregiverId: null,
      startAt: at('2031-03-04T14:00:00Z'),
      endAt: at('2031-03-04T16:00:00Z'),
      status: 'scheduled',
      serviceCode: 'S5130',
    },
    {
      key: 'f3',
      branchId: 1,
      clientId: id.bo!,
      caregiverId: id.yuri!,
      startAt: at('2031-03-05T14:00:00Z'),
      endAt: at('2031-03-05T16:00:00Z'),
      status: 'scheduled',
      serviceCode: 'S5130',
    },
    {
      key: 'f4',
      branchId: 1,
      clientId: id.ada!,
      caregiverId: id.xena!,
      startAt: at('2031-03-06T14:00:00Z'),
      endAt: at('2031-03-06T16:00:00Z'),
      status: 'cancelled',
      serviceCode: 'T1019',
    },
  ];
  for (const { key, ...row } of rows) {
    const [inserted] = await db.insert(shifts).values(row).returning({ id: shifts.id });
    id[key] = inserted!.id;
  }
});
afterAll(() => t.close());

async function query(as: string, input: Record<string, unknown>): Promise<QueryViewOutput> {
  const res = await t.trpc('query', 'queryView', { view: 'shifts', pageSize: 500, ...input }, tokens[as]);
  if (res.status !== 200) throw new Error(`queryView answered ${res.status}: ${res.body.error?.message}`);
  return res.body.result?.data as QueryViewOutput;
}

/** The test's own shift keys a query returns, in order. */
async function keys(as: string, filters: ViewFilter[], sort: unknown[] = [{ column: 'startTimestamp', direction: 'asc' }]) {
  const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]));
  return (await query(as, { filters, sort })).rows.map((r) => byId.get(r.id as number) ?? `other ${String(r.id)}`);
}

function status(value: string | string[]): ViewFilter {
  return Array.isArray(value) ? { column: 'status', operator: 'in', value } : { column: 'status', operator: 'equals', value };
}

describe('shifts view', () => {
  it('describes its columns: status by label, notes hidden, rows open the client schedule', async () => {
    const res = await t.trpc('query', 'getBackendView', { view: 'shifts' }, tokens.branchmanager);
    expect(res.status).toBe(200);
    const meta = res.body.result?.data as BackendViewMeta;
    expect(meta).toMatchObject({ name: 'shifts', searchable: true, rowLink: '/clients/{clientId}/schedule' });
    expect(meta.columns.find((c) => c.key === 'status')?.options).toContainEqual({ value: 'in_progress', label: 'In progress' });
    expect(meta.columns.find((c) => c.key === 'notes')?.visibleByDefault).toBe(false);
    expect(meta.columns.find((c) => c.key === 'startTimestamp')?.type).toBe('datetime');
  });

  it('returns a row with names, flags and hours in one shape on both engines', async () => {
    const page = await query('branchmanager', { filters: [MARCH_2031, { column: 'id', operator: 'equals', value: id.f1 }] });
    expect(page.totalCount).toBe(1);
    expect(page.rows[0]).toEqual({
      id: id.f1,
      startTimestamp: '2031-03-03T14:00:00.000Z',
      endTimestamp: '2031-03-03T18:30:00.000Z',
      branchId: 1,
      branchName: 'Boston',
      clientId: id.ada,
      clientName: 'Shiftview, Ada',
      caregiverId: id.xena,
      caregiverName: 'Carer, Xena',
      serviceCode: 'T1019',
      payerName,
      status: 'scheduled',
      openShift: false,
      checkIn: null,
      checkOut: null,
      tasksMissing: false,
      timeEntryMissing: false,
      scheduledHours: 4.5,
      notes: 'Door code 1234',
      // The row's time zone (its branch's), which its datetimes are written in.
      [ROW_TIME_ZONE_KEY]: 'America/New_York',
    });
  });

  it('filters by date range, branch, status, caregiver, client, service and open shifts', async () => {
    expect(await keys('developer', [MARCH_2031])).toEqual(['f1', 'w2', 'f2', 'f3', 'f4']);
    expect(await keys('developer', [MARCH_2031, { column: 'branchName', operator: 'equals', value: 'Worcester' }])).toEqual([
      'w2',
    ]);
    expect(await keys('developer', [MARCH_2031, { column: 'branchId', operator: 'equals', value: 2 }])).toEqual(['w2']);
    expect(await keys('developer', [MARCH_2031, status('scheduled')])).toEqual(['f1', 'w2', 'f2', 'f3']);
    expect(await keys('developer', [MARCH_2031, { column: 'caregiverId', operator: 'equals', value: id.xena }])).toEqual([
      'f1',
      'f4',
    ]);
    expect(await keys('developer', [MARCH_2031, { column: 'caregiverName', operator: 'contains', value: 'yuri' }])).toEqual([
      'f3',
    ]);
    expect(await keys('developer', [MARCH_2031, { column: 'clientName', operator: 'equals', value: 'Shiftview, Bo' }])).toEqual([
      'f2',
      'f3',
    ]);
    expect(await keys('developer', [MARCH_2031, { column: 'serviceCode', operator: 'equals', value: 'S5130' }])).toEqual([
      'f2',
      'f3',
    ]);
    expect(await keys('developer', [MARCH_2031, { column: 'openShift', operator: 'equals', value: true }])).toEqual(['f2']);
    // The range is inclusive and on the start: a shift starting after its end is out.
    const narrow: ViewFilter = {
      column: 'startTimestamp',
      operator: 'between',
      value: ['2031-03-03T14:00:00Z', '2031-03-04T13:59:59Z'],
    };
    expect(await keys('developer', [narrow])).toEqual(['f1', 'w2']);
  });

  it('sorts by any column, empty values last, and defaults to the latest start first', async () => {
    expect(await keys('branchmanager', [MARCH_2031], [{ column: 'caregiverName', direction: 'asc' }])).toEqual([
      'f1',
      'f4',
      'f3',
      'f2',
    ]);
    expect(await keys('branchmanager', [MARCH_2031], [{ column: 'clientName', direction: 'desc' }])).toEqual([
      'f2',
      'f3',
      'f1',
      'f4',
    ]);
    expect(await keys('branchmanager', [MARCH_2031], [])).toEqual(['f4', 'f3', 'f2', 'f1']);
  });

  it('computes the missing-entry flags', async () => {
    const rows = (await query('branchmanager', { filters: [YEAR_2020] })).rows;
    const flags = Object.fromEntries(
      rows.map((r) => [Object.entries(id).find(([, v]) => v === r.id)?.[0], [r.tasksMissing, r.timeEntryMissing]]),
    );
    expect(flags).toEqual({
      p1: [false, false],
      p2: [false, true],
      p3: [true, false],
      p4: [false, true],
      p5: [false, false],
      p6: [false, true],
    });
  });
});

describe('the spec rule: filtered to a status other than scheduled, only shifts missing an entry', () => {
  it('keeps only shifts with tasksMissing or timeEntryMissing', async () => {
    expect(await keys('branchmanager', [YEAR_2020])).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(await keys('branchmanager', [YEAR_2020, status('completed')])).toEqual(['p2', 'p3']);
    expect(await keys('branchmanager', [YEAR_2020, status('missed')])).toEqual(['p4']);
    expect(await keys('branchmanager', [YEAR_2020, status('cancelled')])).toEqual([]);
    expect(await keys('branchmanager', [YEAR_2020, status(['completed', 'cancelled'])])).toEqual(['p2', 'p3']);
  });

  it('keeps every scheduled shift the filter asks for', async () => {
    expect(await keys('branchmanager', [MARCH_2031, status('scheduled')])).toEqual(['f1', 'f2', 'f3']);
    expect(await keys('branchmanager', [MARCH_2031, status(['scheduled', 'cancelled'])])).toEqual(['f1', 'f2', 'f3']);
    expect(await keys('branchmanager', [YEAR_2020, status(['scheduled', 'completed'])])).toEqual(['p2', 'p3', 'p6']);
  });

  it('applies to a saved view, the count and the export too', async () => {
    const saved = await t.trpc(
      'mutation',
      'upsertFrontendView',
      {
        view: 'shifts',
        name: 'Completed 2020',
        columns: ['startTimestamp', 'clientName'],
        filters: [YEAR_2020, status('completed')],
        sort: [{ column: 'startTimestamp', direction: 'asc' }],
      },
      tokens.branchmanager,
    );
    expect(saved.status).toBe(200);
    const page = await query('branchmanager', { frontendView: (saved.body.result?.data as FrontendView).id, pageSize: 1 });
    expect(page).toMatchObject({ totalCount: 2, totalPages: 2 });
    expect(page.rows.map((r) => r.id)).toEqual([id.p2]);

    const state = {
      filters: [YEAR_2020, status('completed')],
      sort: [{ column: 'startTimestamp', direction: 'asc' }],
      columns: ['startTimestamp', 'clientName'],
    };
    const csv = await exportCsv('branchmanager', state);
    expect(csv.slice(1).map((r) => r[1])).toEqual(['Shiftview, Ada', 'Shiftview, Bo']);
  });
});

async function exportCsv(as: string, state: unknown): Promise<string[][]> {
  const res = await t.fetch(`/api/views/shifts/export?format=csv&state=${encodeURIComponent(JSON.stringify(state))}`, {
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
  expect(res.status).toBe(200);
  return Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

describe('branch scope', () => {
  it('never shows a Boston branch manager Worcester shifts, in rows, counts, options or export', async () => {
    const both = { column: 'clientName', operator: 'contains', value: 'Shiftview' } satisfies ViewFilter;
    expect(await keys('branchmanager', [both])).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'f1', 'f2', 'f3', 'f4']);
    const wanda = await query('branchmanager', { filters: [{ column: 'clientId', operator: 'equals', value: id.wanda }] });
    expect(wanda).toMatchObject({ totalCount: 0, rows: [] });
    expect(await keys('branchmanager', [both, { column: 'branchId', operator: 'equals', value: 2 }])).toEqual([]);
    expect(await keys('rvp', [both, { column: 'branchId', operator: 'equals', value: 2 }])).toEqual(['w1', 'w2']);
    expect(await keys('prn', [both])).toEqual(['w1', 'w2']);

    const options = async (as: string) =>
      (
        (await t.trpc('query', 'queryOptionsView', { view: 'shifts', value: 'Shiftview' }, tokens[as])).body.result?.data as {
          value: string;
          label: string;
        }[]
      ).map((o) => Number(o.value));
    const bostonOptions = await options('branchmanager');
    expect(bostonOptions).toContain(id.f1);
    expect(bostonOptions).not.toContain(id.w1);
    expect(bostonOptions).not.toContain(id.w2);
    expect(await options('rvp')).toContain(id.w2);

    const csv = await exportCsv('branchmanager', { filters: [both], columns: ['id', 'branchName', 'clientName'] });
    expect(csv[0]).toEqual(['ID', 'Branch', 'Client']);
    expect(csv.slice(1).map((r) => r[1])).toEqual(Array(10).fill('Boston'));
    expect(csv.slice(1).map((r) => r[2])).not.toContain('Shiftview, Wanda');
  });

  it('refuses the view to a caregiver', async () => {
    const caregiver = await t.signIn('caregiver');
    const res = await t.trpc('query', 'queryView', { view: 'shifts' }, caregiver);
    expect(res.status).toBe(403);
  });
});
