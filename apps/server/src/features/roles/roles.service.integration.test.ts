import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { RoleOutput } from '@hearth/shared/roles/roles.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.schema';
import { roles, roleDefaultGrants } from './roles.schema';
import { ensureRoles } from './roles.seed';

let t: TestApp;
let developer: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  developer = await t.signIn('developer');
  admin = await t.signIn('companyadmin');
});
afterAll(() => t.close());

describe('roles', () => {
  it('lists the seeded roles with the spec picker ids and defaults', async () => {
    const res = await t.trpc('query', 'getRoles', undefined, admin);
    const roles = res.body.result?.data as RoleOutput[];
    expect(roles.map((r) => [r.id, r.name])).toEqual([
      [1, 'Branch Manager'],
      [2, 'Company Admin'],
      [3, 'Caregiver'],
      [4, 'Developer'],
      [5, 'Nurse'],
      [6, 'RVP'],
      [7, 'PRN'],
      [8, 'Client'],
      [9, 'Trusted Contact'],
    ]);
    expect(roles.every((r) => r.pgRole === 'crm_default')).toBe(true);
    // Clients message their office from the client app (chat/chat.family-reach.ts), but start nothing and attach nothing.
    expect(roles.find((r) => r.id === ROLE_IDS.client)).toMatchObject({
      chatEnabled: true,
      chatSendMessageEnabled: true,
      chatInitiateConversationEnabled: false,
      chatUploadAttachmentEnabled: false,
    });
  });

  it('offers a catalog of every procedure path', async () => {
    const res = await t.trpc('query', 'getPermissionCatalog', undefined, admin);
    const catalog = res.body.result?.data as { actions: string[] };
    expect(catalog.actions).toEqual(
      expect.arrayContaining(['getUsers', 'updateRoleActionPermissions', 'users.stopImpersonatingUser', 'getUserHistory']),
    );
  });

  it('lets only system-level roles change roles, even when granted the action', async () => {
    const grant = await t.trpc(
      'mutation',
      'updateRoleActionPermissions',
      { roleId: ROLE_IDS.companyAdmin, permissions: ['getRoles', 'updateRoleActionPermissions'] },
      developer,
    );
    expect(grant.status).toBe(200);
    const res = await t.trpc(
      'mutation',
      'updateRoleActionPermissions',
      { roleId: ROLE_IDS.nurse, permissions: ['getUsers'] },
      admin,
    );
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe('Only system-level roles may change roles');
  });

  it('refuses unknown permission names', async () => {
    const res = await t.trpc(
      'mutation',
      'updateRoleTablePermissions',
      { roleId: ROLE_IDS.nurse, permissions: ['secrets'] },
      developer,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Unknown permissions: secrets');
  });

  it('replaces a set, takes effect at once, and is audited with the changer', async () => {
    const nurse = await t.signIn('nurse');
    expect((await t.trpc('query', 'getUsers', {}, nurse)).status).toBe(403);
    const res = await t.trpc(
      'mutation',
      'updateRoleActionPermissions',
      { roleId: ROLE_IDS.nurse, permissions: ['getBranches', 'getBranch', 'getUsers'] },
      developer,
    );
    expect(res.status).toBe(200);
    expect((res.body.result?.data as RoleOutput).actionPermissions).toEqual(['getBranch', 'getBranches', 'getUsers']);
    expect((await t.trpc('query', 'getUsers', {}, nurse)).status).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'roles'), eq(auditLog.rowId, ROLE_IDS.nurse), eq(auditLog.operation, 'UPDATE')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.changedBy).toBeGreaterThan(0);
    expect(audit?.newRow?.action_permissions).toEqual(['getBranch', 'getBranches', 'getUsers']);
  });
});

describe('default grants', () => {
  it('grants a default once: an admin removal survives a restart, a new default arrives', async () => {
    const db = t.database.db;
    const nurseActions = async () => (await db.select().from(roles).where(eq(roles.id, ROLE_IDS.prn)))[0]!.actionPermissions;
    expect(await nurseActions()).toContain('getClient');
    await db
      .update(roles)
      .set({ actionPermissions: (await nurseActions()).filter((a) => a !== 'getClient') })
      .where(eq(roles.id, ROLE_IDS.prn));
    await ensureRoles(db);
    expect(await nurseActions()).not.toContain('getClient');
    // As if getClient were new in this release: never granted before, so it is granted now.
    await db
      .delete(roleDefaultGrants)
      .where(and(eq(roleDefaultGrants.roleId, ROLE_IDS.prn), eq(roleDefaultGrants.name, 'getClient')));
    await ensureRoles(db);
    expect(await nurseActions()).toContain('getClient');
  });
});
