import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { UserHistoryEntry } from '@hearth/shared/users/users.schema';
import type { UserDetail, UserListRow } from './users.service';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'nurse', 'prn', 'caregiver']) tokens[u] = await t.signIn(u);
});
afterAll(() => t.close());

async function listUsers(as: string, search?: string) {
  const res = await t.trpc('query', 'getUsers', { search, pageSize: 100 }, tokens[as]);
  return res.body.result?.data as { rows: UserListRow[]; totalCount: number };
}
async function userId(username: string) {
  const list = await listUsers('developer', username);
  return list.rows.find((r) => r.username === username)!.id;
}
interface HistoryBody {
  message: string;
  history: UserHistoryEntry[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
}
async function history(id: number | string, query = '', as = 'companyadmin') {
  const res = await t.fetch(`/users/${id}/history${query}`, { headers: { authorization: `Bearer ${tokens[as]}` } });
  return { status: res.status, body: (await res.json()) as HistoryBody };
}

describe('permissions', () => {
  it('denies a procedure the role lacks with 403 naming it', async () => {
    const res = await t.trpc('query', 'getUsers', {}, tokens.nurse);
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe('Your role may not use getUsers');
    const rest = await history(1, '', 'nurse');
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe('Your role may not use getUserHistory');
  });

  it('lets a caregiver call nothing of the office', async () => {
    expect((await t.trpc('query', 'getBranches', undefined, tokens.caregiver)).status).toBe(403);
    const me = await t.trpc('query', 'getCurrentUser', undefined, tokens.caregiver);
    expect(me.body.result?.data).toMatchObject({ isCaregiver: true, isAdmin: false });
  });
});

describe('branch scope', () => {
  it('shows a branch manager only the users of their branch', async () => {
    const mine = await listUsers('branchmanager');
    expect(mine.rows.length).toBeGreaterThan(0);
    for (const row of mine.rows) expect(row.branchNames).toContain('Boston');
    expect(mine.rows.map((r) => r.username)).not.toContain('prn');
    const all = await listUsers('companyadmin');
    expect(all.rows.map((r) => r.username)).toEqual(expect.arrayContaining(['prn', 'developer', 'branchmanager']));
    expect(all.rows.map((r) => r.username)).not.toContain('caregiver');
  });

  it('answers 404 for a user outside the scope, on read, edit and history', async () => {
    const prnId = await userId('prn');
    const read = await t.trpc('query', 'getUser', { id: prnId }, tokens.branchmanager);
    expect(read.status).toBe(404);
    expect(read.body.error?.message).toBe(`User ${prnId} not found`);
    const edit = await t.trpc(
      'mutation',
      'updateUser',
      { id: prnId, firstName: 'X', lastName: 'Y', email: 'prn@demo.hearth.care', isActive: true },
      tokens.branchmanager,
    );
    expect(edit.status).toBe(404);
    expect((await history(prnId, '', 'branchmanager')).status).toBe(404);
  });

  it('shows a branch manager only their branches', async () => {
    const res = await t.trpc('query', 'getBranches', undefined, tokens.branchmanager);
    expect((res.body.result?.data as { name: string }[]).map((b) => b.name)).toEqual(['Boston']);
    const other = await t.trpc('query', 'getBranches', undefined, tokens.companyadmin);
    expect((other.body.result?.data as unknown[]).length).toBe(3);
  });
});

describe('user edit rules', () => {
  async function edit(patch: Record<string, unknown>, as = 'companyadmin') {
    const id = await userId('nurse');
    const current = (await t.trpc('query', 'getUser', { id }, tokens[as])).body.result?.data as UserDetail;
    const { firstName, lastName, email, phoneNumber, isActive, timezone, ssn, adpFileNumber, v2RoleId } = current;
    return t.trpc(
      'mutation',
      'updateUser',
      { id, firstName, lastName, email, phoneNumber, isActive, timezone, ssn, adpFileNumber, v2RoleId, ...patch },
      tokens[as],
    );
  }

  it.each([3, 4, 8, -2])('refuses v2RoleId %s with "Invalid role"', async (v2RoleId) => {
    const res = await edit({ v2RoleId });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('v2RoleId: Invalid role');
    expect(res.body.error?.data.fieldErrors).toEqual({ v2RoleId: ['Invalid role'] });
  });

  it('keeps the time zone and role an edit leaves out, instead of resetting them', async () => {
    const set = await edit({ timezone: 'America/Chicago', v2RoleId: 5 });
    expect(set.body.result?.data).toMatchObject({ timezone: 'America/Chicago', v2RoleId: 5 });
    const kept = await edit({ timezone: undefined, v2RoleId: undefined, firstName: 'Neve' });
    expect(kept.body.result?.data).toMatchObject({ firstName: 'Neve', timezone: 'America/Chicago', v2RoleId: 5 });
  });

  it('refuses an id past the integer range and a NUL byte as input', async () => {
    expect((await edit({ id: 2 ** 31 })).body.error?.message).toBe('id: Ids go from 1 to 2147483647');
    expect((await edit({ lastName: 'A\u0000B' })).status).toBe(400);
  });

  it('requires a valid email; the phone is optional', async () => {
    expect((await edit({ email: '' })).body.error?.message).toBe('email: Email is required');
    expect((await edit({ email: 'not-an-email' })).body.error?.message).toBe('email: Invalid email');
    // Another user's phone is changed only by a system-level admin (users.management.ts rule 5).
    const ok = await edit({ phoneNumber: null }, 'developer');
    expect(ok.status).toBe(200);
    expect((ok.body.result?.data as UserDetail).phoneNumber).toBeNull();
  });

  it('refuses an email another user has', async () => {
    const res = await edit({ email: 'prn@demo.hearth.care' }, 'developer');
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe('Another user already has this email');
  });

  it('does not let a branch manager grant Company Admin', async () => {
    const res = await edit({ v2RoleId: 2 }, 'branchmanager');
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe('Your role may not grant the Company Admin role');
  });

  it('saves, masks the SSN, keeps it when sent back masked, and records who changed what', async () => {
    const saved = await edit({ firstName: 'Nora', ssn: '123-45-6789', v2RoleId: 7 });
    expect(saved.body.error?.message).toBeUndefined();
    const detail = saved.body.result?.data as UserDetail;
    expect(detail).toMatchObject({ firstName: 'Nora', ssn: '***-**-6789', roleId: 7, roleName: 'PRN' });
    const again = await edit({ lastName: 'Okafor' });
    expect((again.body.result?.data as UserDetail).ssn).toBe('***-**-6789');
    const { body } = await history(detail.id);
    const latest = body.history[0]!;
    expect(latest).toMatchObject({ operation: 'UPDATE', tableName: 'users', changerName: expect.any(String) });
    expect(latest.oldRow?.lastName).not.toBe('Okafor');
    expect(latest.newRow?.lastName).toBe('Okafor');
    expect(latest.newRow?.ssn).toBe('***-**-6789');
    expect(latest.newRow).not.toHaveProperty('pushNotificationDeviceToken');
    await edit({ v2RoleId: 5 });
  });
});

describe('user history paging and validation', () => {
  it('pages newest first with totals, and includes branch links with the branch name', async () => {
    const id = await userId('rvp');
    const first = await history(id, '?page=1&pageSize=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 1, totalCount: 3, totalPages: 3 });
    expect(first.body.history).toHaveLength(1);
    const all = await history(id);
    expect(all.body).toMatchObject({ page: 1, pageSize: 50, totalCount: 3 });
    const links = all.body.history.filter((h) => h.tableName === '_BranchToUser');
    expect(links.map((h) => h.branchName).sort()).toEqual(['Boston', 'Worcester']);
    expect(Object.keys(links[0]!.newRow!).sort()).toEqual(['A', 'B', 'id']);
    const beyond = await history(id, '?page=4&pageSize=1');
    expect(beyond.body.history).toEqual([]);
  });

  it.each([
    ['0', '', 'userId: userId must be a positive integer'],
    ['abc', '', undefined],
    ['1', '?page=0', 'page: page must be at least 1'],
    ['1', '?pageSize=101', 'pageSize: pageSize must be between 1 and 100'],
    ['1', '?pageSize=0', 'pageSize: pageSize must be between 1 and 100'],
  ])('answers 400 for user %s with %s', async (id, query, message) => {
    const res = await history(id, query);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
  });
});

describe('impersonation', () => {
  it('acts as the impersonated user until stopped', async () => {
    const nurseId = await userId('nurse');
    const start = await t.trpc('mutation', 'startImpersonatingUser', { userId: nurseId }, tokens.companyadmin);
    expect(start.status).toBe(200);
    const me = await t.trpc('query', 'getCurrentUser', undefined, tokens.companyadmin);
    expect(me.body.result?.data).toMatchObject({ id: nurseId, impersonatedUserId: nurseId, isAdmin: false });
    expect((await t.trpc('query', 'getUsers', {}, tokens.companyadmin)).status).toBe(403);
    const stop = await t.trpc('mutation', 'users.stopImpersonatingUser', undefined, tokens.companyadmin);
    expect(stop.status).toBe(200);
    const back = await t.trpc('query', 'getCurrentUser', undefined, tokens.companyadmin);
    expect(back.body.result?.data).toMatchObject({ username: 'companyadmin', impersonatedUserId: null });
  });

  it('refuses impersonating a wider-reaching role', async () => {
    const res = await t.trpc('mutation', 'startImpersonatingUser', { userId: await userId('developer') }, tokens.companyadmin);
    expect(res.status).toBe(403);
  });
});
