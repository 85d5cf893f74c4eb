import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { ROW_TIME_ZONE_KEY, type QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * Times of the view engine in each row's branch time zone (issue 18 item 6): Worcester is moved to Chicago, and a
 * 9:00 AM visit on each side of a daylight saving change in Boston (New York) and Worcester (Chicago) must read
 * 9:00 AM in its own zone, in rows and in CSV and XLSX exports, for every staff role that may see it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const STAFF = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn'];
const shiftIds: Record<'bostonWinter' | 'worcesterWinter' | 'worcesterSummer', number> = {
  bostonWinter: 0,
  worcesterWinter: 0,
  worcesterSummer: 0,
};

async function query(as: string, input: Record<string, unknown>) {
  const res = await t.trpc('query', 'queryView', input, tokens[as]);
  return { status: res.status, data: res.body.result?.data as QueryViewOutput, error: res.body.error };
}

async function exportFile(as: string, view: string, format: string, state: unknown) {
  return t.fetch(`/api/views/${view}/export?format=${format}&state=${encodeURIComponent(JSON.stringify(state))}`, {
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
}

async function clientOf(branchName: string): Promise<number> {
  const page = await query('companyadmin', {
    view: 'clients',
    filters: [{ column: 'branchName', operator: 'equals', value: branchName }],
    pageSize: 1,
  });
  return page.data.rows[0]!.id as number;
}

async function createShift(clientId: number, start: string, end: string): Promise<number> {
  const res = await t.trpc(
    'mutation',
    'createShift',
    { clientId, startTimestamp: start, endTimestamp: end },
    tokens.companyadmin,
  );
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return (res.body.result!.data as { shift: { id: number } }).shift.id;
}

const byIds = () => ({
  filters: [{ column: 'id', operator: 'in', value: Object.values(shiftIds) }],
  sort: [{ column: 'startTimestamp', direction: 'asc' }],
  columns: ['id', 'branchName', 'startTimestamp'],
});

beforeAll(async () => {
  t = await startTestApp();
  for (const u of STAFF) tokens[u] = await t.signIn(u);
  await t.database.db.execute(sql`update branches set timezone = 'America/Chicago' where name = 'Worcester'`);
  await t.database.db.execute(sql`update users set timezone = 'America/Denver' where username = 'companyadmin'`);
  const boston = await clientOf('Boston');
  const worcester = await clientOf('Worcester');
  // 9:00 AM EST (14:00 UTC) in January; 9:00 AM CST (15:00 UTC) in January and CDT (14:00 UTC) in July, 2031.
  shiftIds.bostonWinter = await createShift(boston, '2031-01-14T14:00:00Z', '2031-01-14T18:00:00Z');
  shiftIds.worcesterWinter = await createShift(worcester, '2031-01-14T15:00:00Z', '2031-01-14T19:00:00Z');
  shiftIds.worcesterSummer = await createShift(worcester, '2031-07-15T14:00:00Z', '2031-07-15T18:00:00Z');
});
afterAll(() => t.close());

describe('the time zone of each row', () => {
  it('gives every row its branch zone, and each staff role only the rows of its branches', async () => {
    const expected = new Map([
      [shiftIds.bostonWinter, 'America/New_York'],
      [shiftIds.worcesterWinter, 'America/Chicago'],
      [shiftIds.worcesterSummer, 'America/Chicago'],
    ]);
    for (const role of STAFF) {
      const page = await query(role, { view: 'shifts', ...byIds() });
      expect(page.status, role).toBe(200);
      const seen = new Map(page.data.rows.map((r) => [r.id as number, r[ROW_TIME_ZONE_KEY]]));
      for (const [id, zone] of seen) expect(zone, `${role} shift ${id}`).toBe(expected.get(id));
      // The Boston branch manager never sees Worcester's visits, zone or not.
      if (role === 'branchmanager') expect([...seen.keys()]).toEqual([shiftIds.bostonWinter]);
      if (role === 'developer' || role === 'companyadmin') expect(seen.size).toBe(3);
    }
  });

  it("uses the signed-in user's own zone for rows of no branch", async () => {
    const users = await query('companyadmin', { view: 'users', pageSize: 3 });
    expect(users.data.rows.length).toBeGreaterThan(0);
    expect(users.data.rows.every((r) => r[ROW_TIME_ZONE_KEY] === 'America/Denver')).toBe(true);
    const mine = await query('developer', { view: 'users', pageSize: 3 });
    expect(mine.data.rows.every((r) => r[ROW_TIME_ZONE_KEY] === 'America/New_York')).toBe(true);
  });

  it("tells the web app the signed-in user's own zone, for the times of no branch", async () => {
    const me = await t.trpc('query', 'getCurrentUser', undefined, tokens.companyadmin);
    expect(me.body.result?.data).toMatchObject({ username: 'companyadmin', timezone: 'America/Denver' });
  });

  it('keeps the zone out of the columns: it cannot be filtered, sorted or exported as one', async () => {
    const filter = await query('companyadmin', {
      view: 'shifts',
      filters: [{ column: ROW_TIME_ZONE_KEY, operator: 'equals', value: 'x' }],
    });
    expect(filter.status).toBe(400);
    expect(filter.error?.message).toBe(`Unknown column "${ROW_TIME_ZONE_KEY}" in view shifts`);
    const exported = await exportFile('companyadmin', 'shifts', 'csv', { columns: [ROW_TIME_ZONE_KEY] });
    expect(exported.status).toBe(400);
  });
});

describe('exports in the branch zone', () => {
  it('writes CSV times on each row’s branch clock with the abbreviation of that date', async () => {
    const res = await exportFile('companyadmin', 'shifts', 'csv', byIds());
    expect(res.status).toBe(200);
    const rows = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['ID', 'Branch', 'Start'],
      [String(shiftIds.bostonWinter), 'Boston', '01/14/2031 9:00 AM EST'],
      [String(shiftIds.worcesterWinter), 'Worcester', '01/14/2031 9:00 AM CST'],
      [String(shiftIds.worcesterSummer), 'Worcester', '07/15/2031 9:00 AM CDT'],
    ]);
    const mine = await exportFile('branchmanager', 'shifts', 'csv', byIds());
    const own = Papa.parse<string[]>((await mine.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(own.slice(1)).toEqual([[String(shiftIds.bostonWinter), 'Boston', '01/14/2031 9:00 AM EST']]);
  });

  it('writes XLSX times as spreadsheet dates of the branch clock, formatted with the abbreviation', async () => {
    const res = await exportFile('companyadmin', 'shifts', 'xlsx', byIds());
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = [2, 3, 4].map((r) => sheet.getRow(r).getCell(3));
    expect(cells.map((c) => (c.value as Date).toISOString())).toEqual([
      '2031-01-14T09:00:00.000Z',
      '2031-01-14T09:00:00.000Z',
      '2031-07-15T09:00:00.000Z',
    ]);
    expect(cells.map((c) => c.numFmt)).toEqual([
      'mm/dd/yyyy h:mm AM/PM "EST"',
      'mm/dd/yyyy h:mm AM/PM "CST"',
      'mm/dd/yyyy h:mm AM/PM "CDT"',
    ]);
  });
});
