import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionCall, ActionList, ActionResultEntry } from '@hearth/shared/actions/actions.schema';
import { startTestApp, type TestApp } from '../test/test-app';
import { appRouter } from './app.router';
import { publicErrorOf } from './init';
import { AppError } from '../errors/app-error';
import type { UserDetail, UserListRow } from '../features/users/users.service';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'nurse', 'caregiver']) tokens[u] = await t.signIn(u);
});
afterAll(() => t.close());

function auth(as?: string): Record<string, string> {
  return as ? { authorization: `Bearer ${tokens[as]}` } : {};
}

async function post(calls: ActionCall[] | unknown, as?: string) {
  const res = await t.fetch('/api/actions', {
    method: 'POST',
    headers: { ...auth(as), 'content-type': 'application/json' },
    body: JSON.stringify({ calls }),
  });
  return { status: res.status, body: (await res.json()) as ActionResultEntry[] & { message?: string } };
}

/** Runs the calls and returns each entry's data, or `{error}` for an error entry. */
async function run(calls: ActionCall[], as = 'developer') {
  const res = await post(calls, as);
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(calls.length);
  return res.body.map((entry) => ('data' in entry.result ? entry.result.data : { error: entry.result.error }));
}

async function list(as: string) {
  const res = await t.fetch('/api/actions', { headers: auth(as) });
  expect(res.status).toBe(200);
  return ((await res.json()) as ActionList).actions;
}

async function userNamed(username: string): Promise<UserDetail> {
  const [page] = await run([{ name: 'getUsers', input: { search: username } }]);
  const id = (page as { rows: UserListRow[] }).rows.find((r) => r.username === username)!.id;
  const [detail] = await run([{ name: 'getUser', input: { id } }]);
  return detail as UserDetail;
}

/** The updateUser input that saves a user as they are, plus `patch`. */
function editOf(user: UserDetail, patch: Record<string, unknown> = {}) {
  const { id, firstName, lastName, email, phoneNumber, isActive, timezone, ssn, adpFileNumber, v2RoleId } = user;
  return { id, firstName, lastName, email, phoneNumber, isActive, timezone, ssn, adpFileNumber, v2RoleId, ...patch };
}

describe('sign-in', () => {
  it('answers 401 with a message without a session, on both routes', async () => {
    const get = await t.fetch('/api/actions');
    expect(get.status).toBe(401);
    expect(await get.json()).toEqual({ message: 'Sign in to continue' });
    const res = await post([{ name: 'getCurrentUser' }]);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sign in to continue');
  });
});

describe('GET /api/actions', () => {
  it('lists every query and mutation of the router for a developer', async () => {
    const actions = await list('developer');
    // Subscriptions (live.onEvent) are event streams, not calls a batch can run: the catalogue leaves them out.
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const calls = Object.keys(procedures).filter((name) => procedures[name]!._def.type !== 'subscription');
    expect(calls).not.toContain('live.onEvent');
    expect(actions.map((a) => a.name)).toEqual(calls.sort((a, b) => a.localeCompare(b)));
    expect(actions).toContainEqual({ name: 'getUsers', type: 'query' });
    expect(actions).toContainEqual({ name: 'updateUser', type: 'mutation' });
    expect(actions).toContainEqual({ name: 'users.stopImpersonatingUser', type: 'mutation' });
  });

  it("filters by the role's action permissions, keeping what any signed-in user may call", async () => {
    const nurse = (await list('nurse')).map((a) => a.name);
    expect(nurse).not.toContain('getUsers');
    expect(nurse).not.toContain('updateUser');
    expect(nurse).toEqual(expect.arrayContaining(['getBranches', 'getCurrentUser', 'users.stopImpersonatingUser']));
    const caregiver = (await list('caregiver')).map((a) => a.name);
    expect(caregiver).toEqual(expect.arrayContaining(['getCurrentUser', 'users.stopImpersonatingUser']));
    expect(caregiver).not.toContain('getBranches');
  });
});

describe('POST /api/actions', () => {
  it('answers in call order and runs the calls one after the other', async () => {
    const nurse = await userNamed('nurse');
    const phone = `555-01${String(Date.now()).slice(-2)}`;
    const [me, branches, before, saved, after] = await run([
      { name: 'getCurrentUser' },
      { name: 'getBranches' },
      { name: 'getUser', input: { id: nurse.id } },
      { name: 'updateUser', input: editOf(nurse, { phoneNumber: phone }) },
      { name: 'getUser', input: { id: nurse.id } },
    ]);
    expect(me).toMatchObject({ username: 'developer' });
    expect((branches as { name: string }[]).length).toBe(3);
    expect(before).toMatchObject({ id: nurse.id, phoneNumber: nurse.phoneNumber });
    expect(saved).toMatchObject({ id: nurse.id, phoneNumber: phone });
    // The read after the edit sees it: calls do not overlap.
    expect(after).toMatchObject({ id: nurse.id, phoneNumber: phone });
  });

  it('audits a mutation as the signed-in user', async () => {
    const nurse = await userNamed('nurse');
    await run([{ name: 'updateUser', input: editOf(nurse, { adpFileNumber: 'ADP-ACT-1' }) }], 'companyadmin');
    const res = await t.fetch(`/users/${nurse.id}/history?pageSize=1`, { headers: auth('companyadmin') });
    const { history } = (await res.json()) as { history: { newRow: Record<string, unknown>; changerName: string }[] };
    expect(history[0]?.newRow.adpFileNumber).toBe('ADP-ACT-1');
    expect(history[0]?.changerName).toEqual(expect.any(String));
  });

  it('rolls back only the failing call', async () => {
    const nurse = await userNamed('nurse');
    const [saved, conflict] = await run([
      { name: 'updateUser', input: editOf(nurse, { adpFileNumber: 'ADP-ACT-2' }) },
      { name: 'updateUser', input: editOf(nurse, { adpFileNumber: 'ADP-ACT-3', email: 'prn@demo.hearth.care' }) },
    ]);
    expect(saved).toMatchObject({ adpFileNumber: 'ADP-ACT-2' });
    expect(conflict).toEqual({ error: 'Another user already has this email' });
    expect((await userNamed('nurse')).adpFileNumber).toBe('ADP-ACT-2');
  });

  it('parse-only validates with the input schema and runs nothing', async () => {
    const nurse = await userNamed('nurse');
    const [valid, badRole, badFields, missing] = await run([
      { name: 'updateUser', input: editOf(nurse, { firstName: 'Changed' }), parseOnly: true },
      { name: 'updateUser', input: editOf(nurse, { v2RoleId: 3 }), parseOnly: true },
      { name: 'updateUser', input: editOf(nurse, { email: 'not-an-email', firstName: ' ' }), parseOnly: true },
      { name: 'getUser', parseOnly: true },
    ]);
    expect(valid).toEqual({});
    expect(badRole).toEqual({ v2RoleId: 'Invalid role' });
    expect(badFields).toEqual({ email: 'Invalid email', firstName: 'First name is required' });
    expect(missing).toEqual({ '': expect.any(String) });
    const [noInput] = await run([{ name: 'getCurrentUser', parseOnly: true }]);
    expect(noInput).toEqual({});
    expect((await userNamed('nurse')).firstName).toBe(nurse.firstName);
  });

  it('answers an unknown action as an error entry among good ones', async () => {
    const [first, unknown, namespace, last] = await run([
      { name: 'getCurrentUser' },
      { name: 'noSuchAction', input: { id: 1 } },
      { name: 'users', parseOnly: true },
      { name: 'getBranches' },
    ]);
    expect(first).toMatchObject({ username: 'developer' });
    expect(unknown).toEqual({ error: 'Unknown action: noSuchAction' });
    expect(namespace).toEqual({ error: 'Unknown action: users' });
    expect((last as unknown[]).length).toBe(3);
  });

  it('answers a refused action as an error entry, parse-only too', async () => {
    const [denied, deniedParse, allowed, open] = await run(
      [
        { name: 'getUsers', input: {} },
        { name: 'updateUser', input: {}, parseOnly: true },
        { name: 'getBranches' },
        { name: 'getCurrentUser' },
      ],
      'nurse',
    );
    expect(denied).toEqual({ error: 'Your role may not use getUsers' });
    expect(deniedParse).toEqual({ error: 'Your role may not use updateUser' });
    expect((allowed as { name: string }[]).map((b) => b.name)).toEqual(['Boston']);
    expect(open).toMatchObject({ username: 'nurse' });
  });

  it('answers invalid input and not-found with their messages', async () => {
    const [invalid, missing] = await run([
      { name: 'getUser', input: { id: -1 } },
      { name: 'getUser', input: { id: 999999 } },
    ]);
    expect(invalid).toEqual({ error: expect.stringMatching(/^id: /) });
    expect(missing).toEqual({ error: 'User 999999 not found' });
  });

  it('refuses a malformed batch or more than 50 calls with 400', async () => {
    const tooMany = await post(
      Array.from({ length: 51 }, () => ({ name: 'getCurrentUser' })),
      'developer',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('calls: At most 50 calls per batch');
    const malformed = await post([{ input: 1 }], 'developer');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^calls\.0\.name: /);
    const fifty = await post(
      Array.from({ length: 50 }, () => ({ name: 'getCurrentUser' })),
      'developer',
    );
    expect(fifty.status).toBe(200);
    expect(fifty.body).toHaveLength(50);
  });
});

describe('publicErrorOf', () => {
  it('hides unexpected errors and keeps AppError messages', () => {
    expect(publicErrorOf(new Error('connection reset'))).toEqual({ message: 'Internal server error', unexpected: true });
    expect(publicErrorOf(new AppError('CONFLICT', 'Taken'))).toEqual({ message: 'Taken', unexpected: false });
  });
});
