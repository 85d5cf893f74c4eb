import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROW_TIME_ZONE_KEY, type ViewFilter, type ViewSort } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { NO_CHAT, type Scope } from '../../auth/scope';
import type { ViewDefinition } from './views.registry';
import { iterateViewRows, runViewOptions, runViewPage } from './views.query';

/** A fixture view over literal rows with one column of every type. */
const fixture: ViewDefinition = {
  name: 'fixture',
  label: 'Fixture',
  tables: [],
  source: () => ({
    from: sql`(values
      (1, 'Alice', 12, 1250::bigint, '2026-03-07'::date, '2026-03-08 06:30:00+00'::timestamptz, 'active', true),
      (2, 'bob', 7, 99::bigint, '2026-03-09'::date, '2026-03-08 07:30:00+00'::timestamptz, 'on_hold', false),
      (3, 'Carla 50%_off', null, null, null, null, 'discharged', null),
      (4, '', 30, 100000::bigint, '2025-12-31'::date, '2026-11-01 05:59:59+00'::timestamptz, 'active', true)
    ) as t(id, name, visits, balance, start_date, checked_in, status, verified)`,
    where: sql`true`,
  }),
  id: sql`t.id`,
  optionLabel: sql`t.name`,
  columns: [
    { key: 'name', label: 'Name', type: 'text', sql: sql`t.name`, searchable: true },
    { key: 'visits', label: 'Visits', type: 'number', sql: sql`t.visits` },
    { key: 'balance', label: 'Balance', type: 'money', sql: sql`t.balance` },
    { key: 'startDate', label: 'Start', type: 'date', sql: sql`t.start_date` },
    { key: 'checkedIn', label: 'Checked in', type: 'datetime', sql: sql`t.checked_in` },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`t.status`,
      options: ['active', 'on_hold', 'discharged'].map((value) => ({ value, label: value })),
    },
    { key: 'verified', label: 'Verified', type: 'boolean', sql: sql`t.verified` },
  ],
  defaultSort: [{ column: 'name', direction: 'asc' }],
  rowLink: null,
};

let t: TestApp;
let scope: Scope;
beforeAll(async () => {
  t = await startTestApp();
  scope = {
    db: t.database.db,
    userId: 1,
    actorUserId: 1,
    roleId: 4,
    level: 'system',
    companyId: 1,
    branchIds: [],
    viewPermissions: [],
    tablePermissions: [],
    hasPayPeriodLockOverride: true,
    chat: NO_CHAT,
  };
});
afterAll(() => t.close());

async function ids(filters: ViewFilter[], sort: ViewSort[] = [], search?: string) {
  const page = await runViewPage(scope, fixture, { filters, sort, search }, 1, 50);
  return page.rows.map((r) => r.id);
}

describe('filters per column type', () => {
  it.each<[string, ViewFilter, number[]]>([
    ['text contains (case-insensitive)', { column: 'name', operator: 'contains', value: 'AL' }, [1]],
    ['text equals', { column: 'name', operator: 'equals', value: 'bob' }, [2]],
    ['text in', { column: 'name', operator: 'in', value: ['bob', 'Alice'] }, [1, 2]],
    ['text isEmpty (null or blank)', { column: 'name', operator: 'isEmpty' }, [4]],
    ['text contains treats % and _ literally', { column: 'name', operator: 'contains', value: '50%_' }, [3]],
    ['number between', { column: 'visits', operator: 'between', value: [7, 12] }, [2, 1]],
    ['number open-ended between', { column: 'visits', operator: 'between', value: [null, 10] }, [2]],
    ['number after', { column: 'visits', operator: 'after', value: 12 }, [4]],
    ['number isEmpty', { column: 'visits', operator: 'isEmpty' }, [3]],
    ['money equals in cents', { column: 'balance', operator: 'equals', value: 1250 }, [1]],
    ['money before', { column: 'balance', operator: 'before', value: 1000 }, [2]],
    ['date equals', { column: 'startDate', operator: 'equals', value: '2026-03-09' }, [2]],
    ['date between is inclusive', { column: 'startDate', operator: 'between', value: ['2026-03-07', '2026-03-09'] }, [1, 2]],
    ['date before', { column: 'startDate', operator: 'before', value: '2026-01-01' }, [4]],
    ['datetime across the DST change', { column: 'checkedIn', operator: 'after', value: '2026-03-08T07:00:00Z' }, [2, 4]],
    ['enum in', { column: 'status', operator: 'in', value: ['active'] }, [1, 4]],
    ['enum isNotEmpty', { column: 'status', operator: 'isNotEmpty' }, [1, 2, 3, 4]],
    ['boolean equals false', { column: 'verified', operator: 'equals', value: false }, [2]],
    ['boolean equals "true" from a URL', { column: 'verified', operator: 'equals', value: 'true' }, [1, 4]],
    ['boolean isEmpty', { column: 'verified', operator: 'isEmpty' }, [3]],
  ])('%s', async (_name, filter, expected) => {
    expect((await ids([filter], [{ column: 'visits', direction: 'asc' }])).sort()).toEqual([...expected].sort());
  });

  it('combines filters with and, plus search', async () => {
    expect(await ids([{ column: 'status', operator: 'equals', value: 'active' }], [], 'ali')).toEqual([1]);
  });
});

describe('sort per column type', () => {
  it.each<[string, ViewSort, number[]]>([
    ['number desc, nulls last', { column: 'visits', direction: 'desc' }, [4, 1, 2, 3]],
    ['money asc', { column: 'balance', direction: 'asc' }, [2, 1, 4, 3]],
    ['date desc', { column: 'startDate', direction: 'desc' }, [2, 1, 4, 3]],
    ['datetime asc', { column: 'checkedIn', direction: 'asc' }, [1, 2, 4, 3]],
    ['enum asc', { column: 'status', direction: 'asc' }, [1, 4, 3, 2]],
    ['boolean desc', { column: 'verified', direction: 'desc' }, [1, 4, 2, 3]],
  ])('%s', async (_name, sort, expected) => {
    expect(await ids([], [sort])).toEqual(expected);
  });

  it('text: desc is the reverse of asc, the empty text first (order within depends on the collation)', async () => {
    const asc = await ids([], [{ column: 'name', direction: 'asc' }]);
    expect(asc[0]).toBe(4);
    expect(await ids([], [{ column: 'name', direction: 'desc' }])).toEqual([...asc].reverse());
  });

  it('returns each type in one shape on both engines', async () => {
    const page = await runViewPage(
      scope,
      fixture,
      { filters: [{ column: 'name', operator: 'equals', value: 'Alice' }], sort: [] },
      1,
      10,
    );
    expect(page.rows[0]).toEqual({
      id: 1,
      name: 'Alice',
      visits: 12,
      balance: 1250,
      startDate: '2026-03-07',
      checkedIn: '2026-03-08T06:30:00.000Z',
      status: 'active',
      verified: true,
      [ROW_TIME_ZONE_KEY]: 'America/New_York',
    });
  });

  it("gives each row its own time zone, the signed-in user's where the row names none", async () => {
    await t.database.db.execute(sql`update users set timezone = 'America/Denver' where id = ${scope.userId}`);
    const zoned = { ...fixture, timeZone: sql`case when t.id = 1 then 'America/Chicago' end` };
    const page = await runViewPage(scope, zoned, { filters: [], sort: [{ column: 'visits', direction: 'asc' }] }, 1, 10);
    expect(page.rows.map((r) => [r.id, r[ROW_TIME_ZONE_KEY]])).toEqual([
      [2, 'America/Denver'],
      [1, 'America/Chicago'],
      [4, 'America/Denver'],
      [3, 'America/Denver'],
    ]);
    await t.database.db.execute(sql`update users set timezone = 'America/New_York' where id = ${scope.userId}`);
  });
});

describe('datetime filters by calendar day on each row’s own wall clock', () => {
  // Row 1 in Los Angeles, the others in New York: 2026-03-08 06:30Z is 10:30 PM on the 7th in Los Angeles, and
  // 07:30Z is 3:30 AM EDT on the 8th in New York, the night clocks sprang forward.
  const zoned = { ...fixture, timeZone: sql`case when t.id = 1 then 'America/Los_Angeles' else 'America/New_York' end` };
  const zonedIds = async (filter: ViewFilter) =>
    (await runViewPage(scope, zoned, { filters: [filter], sort: [] }, 1, 50)).rows.map((r) => r.id as number).sort();

  it.each<[string, ViewFilter, number[]]>([
    [
      'the 7th is the Los Angeles row only',
      { column: 'checkedIn', operator: 'between', value: ['2026-03-07', '2026-03-07'] },
      [1],
    ],
    ['the 8th is the New York row only', { column: 'checkedIn', operator: 'between', value: ['2026-03-08', '2026-03-08'] }, [2]],
    ['after the 7th', { column: 'checkedIn', operator: 'after', value: '2026-03-07' }, [2, 4]],
    ['before the 8th', { column: 'checkedIn', operator: 'before', value: '2026-03-08' }, [1]],
    // 1 November 2026 05:59:59Z is 1:59:59 AM EDT, inside New York's 25-hour fall-back day.
    ['the fall-back day', { column: 'checkedIn', operator: 'between', value: ['2026-11-01', null] }, [4]],
    ['an instant is still an instant', { column: 'checkedIn', operator: 'after', value: '2026-03-08T07:00:00Z' }, [2, 4]],
  ])('%s', async (_name, filter, expected) => {
    expect(await zonedIds(filter)).toEqual(expected);
  });
});

describe('bad input is a 400 naming the problem, never SQL', () => {
  it.each<[string, ViewFilter | null, ViewSort | null, string]>([
    [
      'unknown filter column',
      { column: 'password', operator: 'equals', value: 'x' },
      null,
      'Unknown column "password" in view fixture',
    ],
    [
      'operator not allowed for the type',
      { column: 'verified', operator: 'contains', value: 'x' },
      null,
      'Operator contains is not allowed on boolean column "verified"',
    ],
    [
      'wrong value type',
      { column: 'visits', operator: 'equals', value: 'ten' },
      null,
      'Filter on "visits" needs a number value, got "ten"',
    ],
    [
      'bad date',
      { column: 'startDate', operator: 'equals', value: '2026-13-45' },
      null,
      'Filter on "startDate" needs a real date written YYYY-MM-DD, got "2026-13-45"',
    ],
    [
      'enum value outside the options',
      { column: 'status', operator: 'equals', value: 'gone' },
      null,
      'Filter on "status" needs a enum value, got "gone"',
    ],
    [
      'empty in list',
      { column: 'status', operator: 'in', value: [] },
      null,
      'Filter "in" on "status" needs a list of 1 to 200 values',
    ],
    [
      'unknown sort column',
      null,
      { column: 'name; drop table users', direction: 'asc' },
      'Unknown column "name; drop table users" in view fixture',
    ],
  ])('%s', async (_name, filter, sort, message) => {
    await expect(
      runViewPage(scope, fixture, { filters: filter ? [filter] : [], sort: sort ? [sort] : [] }, 1, 10),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message,
    });
  });

  it('binds an injection attempt in a value as plain text', async () => {
    expect(await ids([{ column: 'name', operator: 'equals', value: "x' or '1'='1" }])).toEqual([]);
    expect(await ids([{ column: 'name', operator: 'contains', value: "'; drop table users; --" }])).toEqual([]);
    const users = await t.database.db.execute(sql`select count(*)::int as n from users`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('paging', () => {
  it('pages with totals; a next page exists while page < totalPages', async () => {
    const first = await runViewPage(scope, fixture, { filters: [], sort: [{ column: 'visits', direction: 'asc' }] }, 1, 3);
    expect(first).toMatchObject({ totalCount: 4, page: 1, pageSize: 3, totalPages: 2 });
    expect(first.rows.map((r) => r.id)).toEqual([2, 1, 4]);
    const second = await runViewPage(scope, fixture, { filters: [], sort: [{ column: 'visits', direction: 'asc' }] }, 2, 3);
    expect(second.rows.map((r) => r.id)).toEqual([3]);
    const beyond = await runViewPage(scope, fixture, { filters: [], sort: [] }, 9, 3);
    expect(beyond.rows).toEqual([]);
    const none = await runViewPage(
      scope,
      fixture,
      { filters: [{ column: 'name', operator: 'equals', value: 'nobody' }], sort: [] },
      1,
      3,
    );
    expect(none).toMatchObject({ totalCount: 0, totalPages: 0, rows: [] });
  });

  it('reads a page and its count in one statement, counting apart only past the last page', async () => {
    let statements = 0;
    const counting: Scope = {
      ...scope,
      db: new Proxy(scope.db, {
        get(target, property, receiver) {
          if (property === 'execute') statements += 1;
          return Reflect.get(target, property, receiver) as unknown;
        },
      }),
    };
    const state = { filters: [{ column: 'visits', operator: 'after', value: 8 }] satisfies ViewFilter[], sort: [] };
    const page = await runViewPage(counting, fixture, state, 1, 1);
    expect(statements).toBe(1);
    expect(page).toMatchObject({ totalCount: 2, totalPages: 2 });
    expect(Object.keys(page.rows[0]!).sort()).toEqual(
      ['id', 'name', 'visits', 'balance', 'startDate', 'checkedIn', 'status', 'verified', ROW_TIME_ZONE_KEY].sort(),
    );
    statements = 0;
    const beyond = await runViewPage(counting, fixture, state, 5, 1);
    expect(statements).toBe(2);
    expect(beyond).toMatchObject({ rows: [], totalCount: 2, totalPages: 2 });
  });

  it('offers options by typed text', async () => {
    expect(await runViewOptions(scope, fixture, 'bo')).toEqual([{ value: '2', label: 'bob' }]);
  });
});

describe('a view refining its own rows', () => {
  /** Filtered by status, the refined fixture keeps only verified rows: the rule sees the filters, not the SQL. */
  const refined: ViewDefinition = {
    ...fixture,
    refine: (filters) => (filters.some((f) => f.column === 'status') ? sql`t.verified` : undefined),
  };

  it('adds the condition to rows, counts, options and exports when its filters call for it', async () => {
    const status: ViewFilter = { column: 'status', operator: 'in', value: ['active', 'on_hold'] };
    const sort: ViewSort[] = [{ column: 'visits', direction: 'asc' }];
    const page = await runViewPage(scope, refined, { filters: [status], sort }, 1, 10);
    expect(page.rows.map((r) => r.id)).toEqual([1, 4]);
    expect(page.totalCount).toBe(2);
    const chunks: unknown[] = [];
    for await (const rows of iterateViewRows(scope, refined, { filters: [status], sort }, ['name'])) chunks.push(...rows);
    expect(chunks).toEqual([
      { id: 1, name: 'Alice', [ROW_TIME_ZONE_KEY]: 'America/New_York' },
      { id: 4, name: '', [ROW_TIME_ZONE_KEY]: 'America/New_York' },
    ]);
    const unfiltered = await runViewPage(scope, refined, { filters: [], sort: [] }, 1, 10);
    expect(unfiltered.totalCount).toBe(4);
  });

  it('keeps the condition apart from an or in the filters it follows', async () => {
    const page = await runViewPage(
      scope,
      { ...fixture, refine: () => sql`t.id = 2 or t.id = 3` },
      { filters: [{ column: 'status', operator: 'equals', value: 'on_hold' }], sort: [] },
      1,
      10,
    );
    expect(page.rows.map((r) => r.id)).toEqual([2]);
  });
});

describe('number values', () => {
  it('compares whole and fractional values alike (whole ones bind as bigint to keep integer indexes usable)', async () => {
    expect(await ids([{ column: 'visits', operator: 'equals', value: 12 }])).toEqual([1]);
    expect(await ids([{ column: 'visits', operator: 'in', value: [7, '30'] }], [{ column: 'visits', direction: 'asc' }])).toEqual(
      [2, 4],
    );
    expect(
      await ids([{ column: 'visits', operator: 'between', value: [6.5, 12.5] }], [{ column: 'visits', direction: 'asc' }]),
    ).toEqual([2, 1]);
  });
});
