import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { BackendViewMeta, FrontendView, QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
});
afterAll(() => t.close());

async function query(as: string, input: Record<string, unknown>) {
  const res = await t.trpc('query', 'queryView', input, tokens[as]);
  return { status: res.status, data: res.body.result?.data as QueryViewOutput, error: res.body.error };
}
async function exportFile(as: string, view: string, format: string, state: unknown) {
  return t.fetch(`/api/views/${view}/export?format=${format}&state=${encodeURIComponent(JSON.stringify(state))}`, {
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
}

describe('backend views', () => {
  it('describes a view: columns with types, search, default sort, row link', async () => {
    const res = await t.trpc('query', 'getBackendView', { view: 'users' }, tokens.companyadmin);
    const meta = res.body.result?.data as BackendViewMeta;
    expect(meta).toMatchObject({ name: 'users', searchable: true, rowLink: '/admin/users/{id}' });
    expect(meta.columns.find((c) => c.key === 'roleName')).toMatchObject({ type: 'enum', filterable: true });
    expect(meta.columns.find((c) => c.key === 'branchNames')).toMatchObject({ sortable: false });
  });

  it('guards a view by the role view permissions', async () => {
    const denied = await t.trpc('query', 'getBackendView', { view: 'users' }, tokens.nurse);
    expect(denied.status).toBe(403);
    expect(denied.body.error?.message).toBe('Your role may not read the users view');
    expect((await query('nurse', { view: 'branches' })).status).toBe(200);
    const unknown = await t.trpc('query', 'queryView', { view: 'secrets' }, tokens.developer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe('Unknown view: secrets');
  });

  it('answers 400 with a message for an unknown column or operator, and an out-of-range page size', async () => {
    const column = await query('companyadmin', { view: 'users', filters: [{ column: 'ssn', operator: 'equals', value: '1' }] });
    expect(column.status).toBe(400);
    expect(column.error?.message).toBe('Unknown column "ssn" in view users');
    const operator = await query('companyadmin', { view: 'users', filters: [{ column: 'email', operator: 'near', value: 'x' }] });
    expect(operator.status).toBe(400);
    const sort = await query('companyadmin', { view: 'users', sort: [{ column: 'users.ssn', direction: 'asc' }] });
    expect(sort.error?.message).toBe('Unknown column "users.ssn" in view users');
    const size = await query('companyadmin', { view: 'users', pageSize: 501 });
    expect(size.error?.message).toBe('pageSize: pageSize must be between 1 and 500');
  });

  it('filters, sorts and searches the users view', async () => {
    const nurses = await query('companyadmin', {
      view: 'users',
      filters: [{ column: 'roleName', operator: 'in', value: ['Nurse', 'PRN'] }],
      sort: [{ column: 'username', direction: 'desc' }],
    });
    expect(nurses.data.rows.map((r) => r.username)).toEqual(['prn', 'nurse']);
    const search = await query('companyadmin', { view: 'users', search: 'BRANCHMAN' });
    expect(search.data.rows.map((r) => r.username)).toEqual(['branchmanager']);
  });
});

describe('clients view', () => {
  it('lists clients in scope: all for system level, one branch for a branch manager', async () => {
    const all = await query('developer', {
      view: 'clients',
      filters: [{ column: 'status', operator: 'equals', value: 'active' }],
      pageSize: 5,
    });
    expect(all.status).toBe(200);
    expect(all.data.totalCount).toBeGreaterThan(0);
    expect(all.data.rows[0]).toEqual(
      expect.objectContaining({ status: 'active', branchName: expect.any(String), city: expect.any(String) }),
    );
    const boston = await query('branchmanager', { view: 'clients', pageSize: 500 });
    expect(boston.data.totalCount).toBeGreaterThan(0);
    expect(new Set(boston.data.rows.map((r) => r.branchName))).toEqual(new Set(['Boston']));
  });
});

describe('branch scope', () => {
  it('never shows a branch manager another branch, in rows, options or export', async () => {
    const branches = await query('branchmanager', { view: 'branches' });
    expect(branches.data.rows.map((r) => r.name)).toEqual(['Boston']);
    const users = await query('branchmanager', { view: 'users', pageSize: 500 });
    expect(users.data.rows.map((r) => r.username)).not.toContain('prn');
    expect(users.data.rows.every((r) => String(r.branchNames).includes('Boston'))).toBe(true);

    const options = await t.trpc('query', 'queryOptionsView', { view: 'branches', value: 'o' }, tokens.branchmanager);
    expect(options.body.result?.data).toEqual([{ value: '1', label: 'Boston' }]);
    const all = await t.trpc('query', 'queryOptionsView', { view: 'branches', value: 'o' }, tokens.companyadmin);
    expect((all.body.result?.data as unknown[]).length).toBe(3);

    const csv = await (await exportFile('branchmanager', 'branches', 'csv', {})).text();
    const lines = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(lines.map((l) => l[0])).toEqual(['Name', 'Boston']);
  });

  it('refuses queryOptionsView for empty text', async () => {
    const res = await t.trpc('query', 'queryOptionsView', { view: 'branches', value: ' ' }, tokens.companyadmin);
    expect(res.status).toBe(400);
  });
});

describe('export', () => {
  it('exports all pages of the current state as CSV with labels, in the chosen column order', async () => {
    const state = {
      filters: [{ column: 'isActive', operator: 'equals', value: true }],
      sort: [{ column: 'username', direction: 'asc' }],
      columns: ['username', 'roleName', 'isActive'],
    };
    const res = await exportFile('companyadmin', 'users', 'csv', state);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Username', 'Role', 'Active']);
    const total = (await query('companyadmin', { view: 'users', filters: state.filters, pageSize: 1 })).data.totalCount;
    expect(rows.length - 1).toBe(total);
    expect(rows.slice(1).map((r) => r[0])).toEqual([...rows.slice(1).map((r) => r[0]!)].sort());
    expect(rows.find((r) => r[0] === 'nurse')).toEqual(['nurse', 'Nurse', 'Yes']);
  });

  it('exports XLSX that a spreadsheet library reads back', async () => {
    const res = await exportFile('companyadmin', 'branches', 'xlsx', { sort: [{ column: 'name', direction: 'desc' }] });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual(['Worcester', 'Springfield', 'Boston']);
    expect(sheet.getRow(2).getCell(7).value).toBe(150);
  });

  it('answers 400 before streaming for a bad state, 401 without a token', async () => {
    const bad = await exportFile('companyadmin', 'users', 'csv', { filters: [{ column: 'nope', operator: 'equals', value: 1 }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Unknown column "nope" in view users');
    const format = await exportFile('companyadmin', 'users', 'pdf', {});
    expect(format.status).toBe(400);
    expect((await t.fetch('/api/views/users/export?format=csv')).status).toBe(401);
  });
});

describe('saved views and preferences', () => {
  const preset = {
    view: 'users',
    columns: ['username', 'email'],
    widths: { username: 180 },
    filters: [{ column: 'isActive', operator: 'equals', value: true }],
    sort: [{ column: 'email', direction: 'desc' }],
  };
  async function save(as: string, body: Record<string, unknown>) {
    return t.trpc('mutation', 'upsertFrontendView', { ...preset, ...body }, tokens[as]);
  }
  async function list(as: string) {
    return (await t.trpc('query', 'getFrontendViews', { view: 'users' }, tokens[as])).body.result?.data as FrontendView[];
  }

  it('keeps a private view to its owner, shares by branch and company', async () => {
    const mine = await save('branchmanager', { name: 'Mine only' });
    expect(mine.status).toBe(200);
    const branch = await save('branchmanager', { name: 'Boston team', sharedWith: 'branch', branchId: 1 });
    expect(branch.status).toBe(200);
    const company = await save('companyadmin', { name: 'Everyone', sharedWith: 'company' });
    expect(company.status).toBe(200);

    expect((await list('branchmanager')).map((v) => v.name)).toEqual(['Boston team', 'Everyone', 'Mine only']);
    expect((await list('rvp')).map((v) => v.name)).toEqual(['Boston team', 'Everyone']);
    expect((await list('companyadmin')).map((v) => v.name)).toEqual(['Boston team', 'Everyone']);
    const bostonTeam = (await list('rvp')).find((v) => v.name === 'Boston team')!;
    expect(bostonTeam).toMatchObject({ canEdit: false, columns: ['username', 'email'], widths: { username: 180 } });
  });

  it('keeps what an edit of a saved view leaves out: a shared view stays shared, its filters and sort stay', async () => {
    const created = (await save('companyadmin', { name: 'Shared then renamed', sharedWith: 'company' })).body.result
      ?.data as FrontendView;
    const renamed = await t.trpc(
      'mutation',
      'upsertFrontendView',
      { id: created.id, view: 'users', name: 'Renamed', columns: ['username'] },
      tokens.companyadmin,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.result?.data).toMatchObject({
      name: 'Renamed',
      sharedWith: 'company',
      columns: ['username'],
      widths: preset.widths,
      filters: preset.filters,
      sort: preset.sort,
    });
    await t.trpc('mutation', 'deleteFrontendView', { id: created.id }, tokens.companyadmin);
  });

  it('refuses sharing outside the scope and edits by others', async () => {
    const outside = await save('branchmanager', { name: 'Worcester', sharedWith: 'branch', branchId: 2 });
    expect(outside.status).toBe(403);
    const company = await save('branchmanager', { name: 'All', sharedWith: 'company' });
    expect(company.status).toBe(403);
    const theirs = (await list('rvp')).find((v) => v.name === 'Boston team')!;
    expect((await save('rvp', { id: theirs.id, name: 'Hijacked' })).status).toBe(403);
    expect((await t.trpc('mutation', 'deleteFrontendView', { id: theirs.id }, tokens.rvp)).status).toBe(403);
    const bad = await save('branchmanager', { name: 'Bad', columns: ['ssn'] });
    expect(bad.body.error?.message).toBe('Unknown columns in view users: ssn');
  });

  it('applies a saved view in queryView and remembers the last view and page size per user', async () => {
    const saved = (
      await save('companyadmin', { name: 'Nurses', filters: [{ column: 'roleName', operator: 'equals', value: 'Nurse' }] })
    ).body.result?.data as FrontendView;
    const rows = await query('companyadmin', { view: 'users', frontendView: saved.id });
    expect(rows.data.rows.map((r) => r.username)).toEqual(['nurse']);
    const other = await query('branchmanager', { view: 'users', frontendView: saved.id });
    expect(other.status).toBe(404);

    const pref = await t.trpc(
      'mutation',
      'upsertFrontendViewUserPreference',
      { view: 'users', frontendViewId: saved.id, pageSize: 100 },
      tokens.companyadmin,
    );
    expect(pref.body.result?.data).toEqual({ view: 'users', frontendViewId: saved.id, pageSize: 100 });
    await t.trpc('mutation', 'upsertFrontendViewUserPreference', { view: 'users', pageSize: 25 }, tokens.companyadmin);
    const read = await t.trpc('query', 'getFrontendViewUserPreferences', { view: 'users' }, tokens.companyadmin);
    expect(read.body.result?.data).toEqual({ view: 'users', frontendViewId: saved.id, pageSize: 25 });
    const fresh = await t.trpc('query', 'getFrontendViewUserPreferences', { view: 'users' }, tokens.rvp);
    expect(fresh.body.result?.data).toEqual({ view: 'users', frontendViewId: null, pageSize: 50 });

    expect((await t.trpc('mutation', 'deleteFrontendView', { id: saved.id }, tokens.companyadmin)).status).toBe(200);
    const cleared = await t.trpc('query', 'getFrontendViewUserPreferences', { view: 'users' }, tokens.companyadmin);
    expect(cleared.body.result?.data).toMatchObject({ frontendViewId: null });
  });
});
