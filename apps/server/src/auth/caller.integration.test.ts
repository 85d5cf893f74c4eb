import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RoleOutput } from '@hearth/shared/roles/roles.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp, type TrpcBody } from '../test/test-app';
import { createAuth, type Auth } from './auth';
import { buildApp } from '../app';
import { users } from '../features/users/users.schema';

/**
 * A second server process on the same database: its own better-auth and caller cache, the same secret as
 * startTestApp's (several processes behind a load balancer share BETTER_AUTH_SECRET), so tokens of one work on both.
 * Every change below is made through the first process or straight in the database, and checked on both.
 */
interface OtherProcess {
  auth: Auth;
  app: FastifyInstance;
  trpc(kind: 'query' | 'mutation', path: string, token: string, input?: unknown): Promise<{ status: number; body: TrpcBody }>;
}

let t: TestApp;
let other: OtherProcess;
let admin: string;
let developer: string;

async function startOtherProcess(): Promise<OtherProcess> {
  const origin = 'http://localhost:3000';
  const auth = createAuth({
    db: t.database.db,
    secret: 'test-secret-test-secret-test-secret-0123456789',
    baseUrl: origin,
    trustedOrigins: [origin],
    signInRateLimit: { max: 1000, windowSeconds: 60 },
  });
  const app = await buildApp({
    db: t.database.db,
    auth,
    storage: t.storage,
    jobs: t.jobs,
    keySealingSecret: 'test-key-sealing-secret-test-key-sealing-0123',
    publicUrl: origin,
    logLevel: 'silent',
  });
  return {
    auth,
    app,
    async trpc(kind, path, token, input) {
      const encoded = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const res = await app.inject({
        method: kind === 'query' ? 'GET' : 'POST',
        url: kind === 'query' ? `/api/trpc/${path}${encoded}` : `/api/trpc/${path}`,
        headers: {
          authorization: `Bearer ${token}`,
          origin,
          ...(kind === 'mutation' ? { 'content-type': 'application/json' } : {}),
        },
        ...(kind === 'mutation' && input !== undefined ? { payload: JSON.stringify(input) } : {}),
      });
      return { status: res.statusCode, body: res.json<TrpcBody>() };
    },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  other = await startOtherProcess();
  admin = await t.signIn('companyadmin');
  developer = await t.signIn('developer');
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

const branchNames = (body: TrpcBody) => (body.result?.data as { name: string }[]).map((b) => b.name).sort();

/** Both processes answer `path` for `token` with `status` (and cache the caller when it is 200). */
async function expectBoth(path: string, token: string, status: number) {
  expect((await t.trpc('query', path, undefined, token)).status).toBe(status);
  expect((await other.trpc('query', path, token)).status).toBe(status);
}

describe('resolved callers are reused', () => {
  it('asks better-auth once for repeated calls with the same token', async () => {
    const token = await t.signIn('nurse');
    const getSession = vi.spyOn(other.auth.api, 'getSession');
    try {
      for (let i = 0; i < 3; i++) expect((await other.trpc('query', 'getCurrentUser', token)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
      const second = await t.signIn('nurse');
      expect((await other.trpc('query', 'getCurrentUser', second)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(2);
    } finally {
      getSession.mockRestore();
    }
  });

  it('never lets a forged token ride on a cached one', async () => {
    const token = await t.signIn('nurse');
    expect((await other.trpc('query', 'getCurrentUser', token)).status).toBe(200);
    const [id] = token.split('.');
    expect((await other.trpc('query', 'getCurrentUser', `${id}.forged`)).status).toBe(401);
  });
});

describe('changes take effect on the next request, on this process and on another', () => {
  it('refuses a user deactivated on the users screen', async () => {
    const token = await t.signIn('prn');
    await expectBoth('getCurrentUser', token, 200);
    const id = await userIdOf('prn');
    const user = (await t.trpc('query', 'getUser', { id }, admin)).body.result?.data as Record<string, unknown>;
    const { firstName, lastName, email, phoneNumber, timezone, ssn, adpFileNumber, v2RoleId } = user;
    const saved = await t.trpc(
      'mutation',
      'updateUser',
      { id, firstName, lastName, email, phoneNumber, isActive: false, timezone, ssn, adpFileNumber, v2RoleId },
      admin,
    );
    expect(saved.status).toBe(200);
    const here = await t.trpc('query', 'getCurrentUser', undefined, token);
    expect(here.status).toBe(401);
    expect(here.body.error?.message).toBe('Your account is deactivated');
    expect((await other.trpc('query', 'getCurrentUser', token)).status).toBe(401);
  });

  it('refuses a user deactivated by any other write to the users table', async () => {
    const token = await t.signIn('rvp');
    await expectBoth('getCurrentUser', token, 200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'rvp'));
    await expectBoth('getCurrentUser', token, 401);
    const rest = await t.fetch('/users/current', { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(401);
  });

  it("applies a change of the role's permissions", async () => {
    const nurse = await t.signIn('nurse');
    await expectBoth('getBranches', nurse, 200);
    const roles = (await t.trpc('query', 'getRoles', undefined, developer)).body.result?.data as RoleOutput[];
    const before = roles.find((r) => r.id === ROLE_IDS.nurse)!.actionPermissions;
    expect(before).toContain('getBranches');
    const update = (permissions: string[]) =>
      t.trpc('mutation', 'updateRoleActionPermissions', { roleId: ROLE_IDS.nurse, permissions }, developer);
    expect((await update(before.filter((p) => p !== 'getBranches'))).status).toBe(200);
    try {
      await expectBoth('getBranches', nurse, 403);
    } finally {
      expect((await update(before)).status).toBe(200);
    }
    await expectBoth('getBranches', nurse, 200);
  });

  it('applies a moved and a removed branch link', async () => {
    const manager = await t.signIn('branchmanager');
    const managerId = await userIdOf('branchmanager');
    expect(branchNames((await t.trpc('query', 'getBranches', undefined, manager)).body)).toEqual(['Boston']);
    expect(branchNames((await other.trpc('query', 'getBranches', manager)).body)).toEqual(['Boston']);
    await t.database.db.execute(
      sql`update "_BranchToUser" set "A" = (select id from branches where name = 'Worcester') where "B" = ${managerId}`,
    );
    expect(branchNames((await t.trpc('query', 'getBranches', undefined, manager)).body)).toEqual(['Worcester']);
    expect(branchNames((await other.trpc('query', 'getBranches', manager)).body)).toEqual(['Worcester']);
    await t.database.db.execute(sql`delete from "_BranchToUser" where "B" = ${managerId}`);
    expect(branchNames((await t.trpc('query', 'getBranches', undefined, manager)).body)).toEqual([]);
    expect(branchNames((await other.trpc('query', 'getBranches', manager)).body)).toEqual([]);
  });

  it('refuses a signed-out session', async () => {
    const token = await t.signIn('companyadmin');
    await expectBoth('getCurrentUser', token, 200);
    const out = await t.fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await expectBoth('getCurrentUser', token, 401);
    expect((await t.trpc('query', 'getCurrentUser', undefined, admin)).status).toBe(200);
  });

  it('refuses an expired session', async () => {
    const token = await t.signIn('companyadmin');
    await expectBoth('getCurrentUser', token, 200);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where token = ${token.split('.')[0]!}`,
    );
    await expectBoth('getCurrentUser', token, 401);
  });

  it('follows impersonation started and stopped', async () => {
    const nurseId = await userIdOf('nurse');
    const token = await t.signIn('companyadmin');
    await expectBoth('getCurrentUser', token, 200);
    expect((await t.trpc('mutation', 'startImpersonatingUser', { userId: nurseId }, token)).status).toBe(200);
    const asNurse = await other.trpc('query', 'getCurrentUser', token);
    expect(asNurse.body.result?.data).toMatchObject({ id: nurseId, impersonatedUserId: nurseId });
    expect((await other.trpc('mutation', 'users.stopImpersonatingUser', token)).status).toBe(200);
    const back = await t.trpc('query', 'getCurrentUser', undefined, token);
    expect(back.body.result?.data).toMatchObject({ username: 'companyadmin', impersonatedUserId: null });
  });

  it("follows a change of the impersonated user's role", async () => {
    const nurseId = await userIdOf('nurse');
    const token = await t.signIn('companyadmin');
    expect((await t.trpc('mutation', 'startImpersonatingUser', { userId: nurseId }, token)).status).toBe(200);
    await expectBoth('getBranches', token, 200);
    await t.database.db.update(users).set({ isActive: true, roleId: ROLE_IDS.prn }).where(eq(users.id, nurseId));
    const me = await other.trpc('query', 'getCurrentUser', token);
    expect(me.body.result?.data).toMatchObject({ id: nurseId, role: { id: ROLE_IDS.prn } });
    await t.database.db.update(users).set({ roleId: ROLE_IDS.nurse }).where(eq(users.id, nurseId));
    expect((await t.trpc('mutation', 'users.stopImpersonatingUser', undefined, token)).status).toBe(200);
  });
});
