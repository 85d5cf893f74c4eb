import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { UserHistoryEntry } from '@hearth/shared/users/users.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { users, branchUsers } from './users.schema';
import type { UserDetail } from './users.service';

// Who may manage whom (issue 28): every escalation the probe found through updateUser and startImpersonatingUser
// is refused, and the allowed paths still work. Tests run in order on one database copy; each restores what it
// changes unless the next one builds on it.

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const DEMO = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client'];

beforeAll(async () => {
  t = await startTestApp();
  for (const u of DEMO) tokens[u] = await t.signIn(u);
  const rows = await t.database.db.select({ id: users.id, username: users.username }).from(users);
  for (const r of rows) ids[r.username] = r.id;
});
afterAll(() => t.close());

/** The user as `as` reads them (by default the developer, who sees everyone). */
async function read(username: string, as = 'developer'): Promise<UserDetail> {
  const res = await t.trpc('query', 'getUser', { id: ids[username] }, tokens[as]);
  return res.body.result?.data as UserDetail;
}

/** updateUser on `username` as `as`, sending the user's current values with `patch` over them. */
async function edit(username: string, patch: Record<string, unknown>, as: string, reader = 'developer') {
  const { id, firstName, lastName, email, phoneNumber, isActive, timezone, ssn, adpFileNumber, v2RoleId } = await read(
    username,
    reader,
  );
  const input = { id, firstName, lastName, email, phoneNumber, isActive, timezone, ssn, adpFileNumber, v2RoleId };
  return t.trpc('mutation', 'updateUser', { ...input, ...patch }, tokens[as]);
}

async function latestHistory(username: string, as = 'developer'): Promise<UserHistoryEntry> {
  const res = await t.fetch(`/users/${ids[username]}/history?pageSize=1`, {
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
  const body = (await res.json()) as { history: UserHistoryEntry[] };
  return body.history[0]!;
}

describe('nobody changes their own role or active flag', () => {
  it('refuses a branch manager promoting itself to RVP, and the rollup dashboard stays closed to it', async () => {
    const res = await edit('branchmanager', { v2RoleId: ROLE_IDS.rvp }, 'branchmanager');
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe('You cannot change your own role');
    expect((await read('branchmanager')).roleId).toBe(ROLE_IDS.branchManager);
    expect((await t.trpc('query', 'getRollupDashboard', {}, tokens.branchmanager)).status).toBe(403);
  });

  it('refuses deactivating oneself, and a company admin promoting itself to Developer', async () => {
    const off = await edit('companyadmin', { isActive: false }, 'companyadmin');
    expect(off.status).toBe(403);
    expect(off.body.error?.message).toBe('You cannot deactivate or reactivate yourself');
    const up = await edit('companyadmin', { v2RoleId: ROLE_IDS.developer }, 'companyadmin');
    expect(up.status).toBe(400);
    expect(up.body.error?.message).toBe('v2RoleId: Invalid role');
    expect(await read('companyadmin')).toMatchObject({ isActive: true, roleId: ROLE_IDS.companyAdmin });
  });

  it('still lets a user change their own name, email and phone', async () => {
    const res = await edit(
      'companyadmin',
      { firstName: 'Casey', email: 'casey@demo.hearth.care', phoneNumber: '555-0100' },
      'companyadmin',
    );
    expect(res.body.error?.message).toBeUndefined();
    expect(res.body.result?.data).toMatchObject({ firstName: 'Casey', email: 'casey@demo.hearth.care', phoneNumber: '555-0100' });
    expect((await edit('companyadmin', { email: 'companyadmin@demo.hearth.care' }, 'companyadmin')).status).toBe(200);
  });
});

describe('client, caregiver and trusted contact logins never become staff by an edit', () => {
  it.each(['branchmanager', 'companyadmin', 'developer'])(
    'refuses %s turning the client login into a Branch Manager',
    async (as) => {
      const res = await edit('client', { v2RoleId: ROLE_IDS.branchManager }, as);
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toMatch(/has a Client login, which is changed from their own page, not as a staff user$/);
      expect((await read('client')).roleId).toBe(ROLE_IDS.client);
    },
  );

  it('refuses any edit of the caregiver login, even one that keeps its role', async () => {
    // The login's stored v2RoleId (3) is refused by the schema; with none sent, the server's rule answers.
    const res = await edit('caregiver', { firstName: 'Changed', v2RoleId: null }, 'companyadmin');
    expect(res.body.error?.message).toMatch(/has a Caregiver login/);
    expect(res.status).toBe(403);
    expect((await read('caregiver')).firstName).not.toBe('Changed');
  });

  it.each([ROLE_IDS.caregiver, ROLE_IDS.client, ROLE_IDS.trustedContact])(
    'refuses making a staff user role %s',
    async (v2RoleId) => {
      const res = await edit('nurse', { v2RoleId }, 'developer');
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe('v2RoleId: Invalid role');
    },
  );

  it('tells the form the client login is not editable here', async () => {
    const detail = await read('client');
    expect(detail.management).toMatchObject({ mayChangeAccess: false, mayChangeContact: false, grantableRoleIds: [] });
    expect(detail.management.refusal).toMatch(/Client login/);
  });
});

describe('a branch manager manages only users inside its branches', () => {
  it.each([
    ['edit', { firstName: 'Renamed' }],
    ['deactivate', { isActive: false }],
    ['re-email', { email: 'attacker@example.com' }],
    ['demote', { v2RoleId: ROLE_IDS.nurse }],
  ])('refuses to %s the RVP, who is also linked to Worcester', async (_what, patch) => {
    const before = await read('rvp');
    const res = await edit('rvp', patch, 'branchmanager');
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(
      `You may not change ${before.firstName} ${before.lastName}: ${before.firstName} ${before.lastName} is also linked to Worcester, outside your branches`,
    );
    expect(await read('rvp')).toEqual(before);
  });

  it('answers 404 for the company admin and the developer, who are linked to no branch of its', async () => {
    for (const u of ['companyadmin', 'developer']) expect((await edit(u, { isActive: false }, 'branchmanager')).status).toBe(404);
  });

  it('refuses impersonating the RVP, and allows impersonating a nurse of its branch', async () => {
    // Branch managers lack startImpersonatingUser by default; an agency may grant it, and the reach rule still holds.
    const roles = (await t.trpc('query', 'getRoles', undefined, tokens.developer)).body.result?.data as {
      id: number;
      actionPermissions: string[];
    }[];
    const granted = roles.find((r) => r.id === ROLE_IDS.branchManager)!.actionPermissions;
    const grant = { roleId: ROLE_IDS.branchManager, permissions: [...granted, 'startImpersonatingUser'] };
    expect((await t.trpc('mutation', 'updateRoleActionPermissions', grant, tokens.developer)).status).toBe(200);
    const rvp = await t.trpc('mutation', 'startImpersonatingUser', { userId: ids.rvp }, tokens.branchmanager);
    expect(rvp.status).toBe(403);
    expect(rvp.body.error?.message).toMatch(/^You may not impersonate .* outside your branches$/);
    const nurse = await t.trpc('mutation', 'startImpersonatingUser', { userId: ids.nurse }, tokens.branchmanager);
    expect(nurse.status).toBe(200);
    expect((await t.trpc('mutation', 'users.stopImpersonatingUser', undefined, tokens.branchmanager)).status).toBe(200);
    const restore = { roleId: ROLE_IDS.branchManager, permissions: granted };
    expect((await t.trpc('mutation', 'updateRoleActionPermissions', restore, tokens.developer)).status).toBe(200);
  });

  it('edits a nurse of its branch, grants only branch-level roles, and may not re-email them', async () => {
    const renamed = await edit('nurse', { lastName: 'Branchedit' }, 'branchmanager');
    expect(renamed.status).toBe(200);
    const grant = await edit('nurse', { v2RoleId: ROLE_IDS.companyAdmin }, 'branchmanager');
    expect(grant.status).toBe(403);
    expect(grant.body.error?.message).toBe('Your role may not grant the Company Admin role');
    const email = await edit('nurse', { email: 'elsewhere@example.com' }, 'branchmanager');
    expect(email.status).toBe(403);
    expect(email.body.error?.data.fieldErrors).toEqual({ email: ['Only a system-level administrator may change this'] });
    const detail = (await t.trpc('query', 'getUser', { id: ids.nurse }, tokens.branchmanager)).body.result?.data as UserDetail;
    expect(detail.management).toMatchObject({ refusal: null, mayChangeAccess: true, mayChangeContact: false });
    expect(detail.management.grantableRoleIds).toEqual([ROLE_IDS.branchManager, ROLE_IDS.nurse, ROLE_IDS.rvp, ROLE_IDS.prn]);
  });
});

describe('a company admin manages its company below system level', () => {
  it.each([
    ['demote', { v2RoleId: ROLE_IDS.companyAdmin }],
    ['deactivate', { isActive: false }],
    ['re-email', { email: 'attacker@example.com' }],
  ])('refuses to %s the Developer', async (_what, patch) => {
    const before = await read('developer');
    const res = await edit('developer', patch, 'companyadmin');
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toMatch(/is a Developer, whose access reaches further than yours$/);
    expect(await read('developer')).toEqual(before);
  });

  it('words the refusal and the form’s reason in a Spanish reader’s language, the role named in Spanish', async () => {
    expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, tokens.companyadmin)).status).toBe(200);
    try {
      const res = await edit('developer', { isActive: false }, 'companyadmin');
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toMatch(
        /^No puede cambiar a .+: .+ tiene el rol Desarrollador, cuyo acceso llega más lejos que el suyo$/,
      );
      const impersonate = await t.trpc('mutation', 'startImpersonatingUser', { userId: ids.developer }, tokens.companyadmin);
      expect(impersonate.body.error?.message).toMatch(/^No puede suplantar a .+: .+ tiene el rol Desarrollador, cuyo acceso/);
      const form = await read('developer', 'companyadmin');
      expect(form.management.refusal).toMatch(/^.+ tiene el rol Desarrollador, cuyo acceso llega más lejos que el suyo$/);
      expect(form.management.mayChangeAccess).toBe(false);
    } finally {
      await t.trpc('mutation', 'setMyLanguage', { language: null }, tokens.companyadmin);
    }
    expect((await read('developer', 'companyadmin')).management.refusal).toMatch(/ is a Developer, whose access reaches/);
  });

  it('refuses impersonating the Developer', async () => {
    const res = await t.trpc('mutation', 'startImpersonatingUser', { userId: ids.developer }, tokens.companyadmin);
    expect(res.status).toBe(403);
  });

  it('edits a nurse: name, role and active flag, each recorded with who changed it', async () => {
    const saved = await edit('nurse', { firstName: 'Nadia', v2RoleId: ROLE_IDS.prn, isActive: false }, 'companyadmin');
    expect(saved.body.error?.message).toBeUndefined();
    expect(saved.body.result?.data).toMatchObject({ firstName: 'Nadia', roleId: ROLE_IDS.prn, isActive: false });
    const entry = await latestHistory('nurse');
    const admin = await read('companyadmin');
    expect(entry).toMatchObject({ operation: 'UPDATE', tableName: 'users', changerName: `${admin.firstName} ${admin.lastName}` });
    expect(entry.oldRow).toMatchObject({ roleId: ROLE_IDS.nurse, isActive: true });
    expect(entry.newRow).toMatchObject({ roleId: ROLE_IDS.prn, isActive: false, firstName: 'Nadia' });
    expect((await edit('nurse', { v2RoleId: ROLE_IDS.nurse, isActive: true }, 'companyadmin')).status).toBe(200);
  });

  it("refuses changing a nurse's email or phone, which a system-level admin may do (and is recorded)", async () => {
    const email = await edit('nurse', { email: 'nurse.new@demo.hearth.care' }, 'companyadmin');
    expect(email.status).toBe(403);
    expect(email.body.error?.message).toMatch(/^Only a system-level administrator may change .*'s email or phone number/);
    const phone = await edit('nurse', { phoneNumber: '555-0199' }, 'companyadmin');
    expect(phone.status).toBe(403);
    expect(phone.body.error?.data.fieldErrors).toEqual({ phoneNumber: ['Only a system-level administrator may change this'] });

    const byDeveloper = await edit('nurse', { email: 'nurse.new@demo.hearth.care', phoneNumber: '555-0199' }, 'developer');
    expect(byDeveloper.body.result?.data).toMatchObject({ email: 'nurse.new@demo.hearth.care', phoneNumber: '555-0199' });
    const entry = await latestHistory('nurse');
    const developer = await read('developer');
    expect(entry.changerName).toBe(`${developer.firstName} ${developer.lastName}`);
    expect(entry.oldRow?.email).toBe('nurse@demo.hearth.care');
    expect(entry.newRow?.email).toBe('nurse.new@demo.hearth.care');
    expect((await edit('nurse', { email: 'nurse@demo.hearth.care' }, 'developer')).status).toBe(200);
  });

  it("answers 404 for another company's users", async () => {
    const db = t.database.db;
    const [other] = await db.insert(companies).values({ name: 'Other Agency' }).returning();
    const [branch] = await db.insert(branches).values({ name: 'Elsewhere', companyId: other!.id }).returning();
    const [stranger] = await db
      .insert(users)
      .values({
        name: 'Sam Other',
        firstName: 'Sam',
        lastName: 'Other',
        email: 'sam@other.example',
        username: 'samother',
        companyId: other!.id,
        roleId: ROLE_IDS.nurse,
      })
      .returning();
    await db.insert(branchUsers).values({ branchId: branch!.id, userId: stranger!.id });
    const input = { id: stranger!.id, firstName: 'Sam', lastName: 'Other', email: 'sam@other.example', isActive: false };
    expect((await t.trpc('mutation', 'updateUser', input, tokens.companyadmin)).status).toBe(404);
    expect((await t.trpc('mutation', 'startImpersonatingUser', { userId: stranger!.id }, tokens.companyadmin)).status).toBe(404);
  });
});

describe('system-level users', () => {
  it('keeps the last active system-level user: no demotion, no deactivation', async () => {
    for (const patch of [{ v2RoleId: ROLE_IDS.companyAdmin }, { isActive: false }]) {
      const res = await edit('developer', patch, 'developer');
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toMatch(/is the last active system-level user and cannot be demoted or deactivated/);
    }
    expect(await read('developer')).toMatchObject({ roleId: ROLE_IDS.developer, isActive: true });
  });

  it('lets a developer grant Developer, restore a demoted developer, and never demote itself', async () => {
    const grant = await edit('companyadmin', { v2RoleId: ROLE_IDS.developer }, 'developer');
    expect(grant.body.error?.message).toBeUndefined();
    expect(grant.body.result?.data).toMatchObject({ roleId: ROLE_IDS.developer, roleName: 'Developer' });

    // With a second system-level user, demoting oneself is refused by the self rule.
    const self = await edit('developer', { v2RoleId: ROLE_IDS.companyAdmin }, 'developer');
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe('You cannot change your own role');

    // The probe's case: the developer wrongly demoted and deactivated, then restored by another system-level admin.
    const demote = await edit('developer', { v2RoleId: ROLE_IDS.companyAdmin, isActive: false }, 'companyadmin');
    expect(demote.body.error?.message).toBeUndefined();
    expect(await read('developer', 'companyadmin')).toMatchObject({ roleId: ROLE_IDS.companyAdmin, isActive: false });
    const restored = await edit('developer', { v2RoleId: ROLE_IDS.developer, isActive: true }, 'companyadmin', 'companyadmin');
    expect(restored.body.error?.message).toBeUndefined();
    expect(restored.body.result?.data).toMatchObject({ roleId: ROLE_IDS.developer, isActive: true });
    const entry = await latestHistory('developer');
    expect(entry.oldRow).toMatchObject({ roleId: ROLE_IDS.companyAdmin, isActive: false });
    expect(entry.newRow).toMatchObject({ roleId: ROLE_IDS.developer, isActive: true });

    expect((await edit('companyadmin', { v2RoleId: ROLE_IDS.companyAdmin }, 'developer')).status).toBe(200);
    expect((await read('companyadmin')).roleId).toBe(ROLE_IDS.companyAdmin);
  });

  it('lets only one of two developers demoting each other at once succeed', async () => {
    expect((await edit('companyadmin', { v2RoleId: ROLE_IDS.developer }, 'developer')).status).toBe(200);
    const [a, b] = await Promise.all([
      edit('companyadmin', { v2RoleId: ROLE_IDS.companyAdmin }, 'developer'),
      edit('developer', { v2RoleId: ROLE_IDS.companyAdmin }, 'companyadmin'),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    const rows = await t.database.db.select({ username: users.username, roleId: users.roleId }).from(users);
    const left = rows.filter((u) => u.roleId === ROLE_IDS.developer && ['developer', 'companyadmin'].includes(u.username));
    expect(left).toHaveLength(1);
  });
});
