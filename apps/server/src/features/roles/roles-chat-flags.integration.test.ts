import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ROLE_CHAT_FLAGS, type RoleOutput, type UpdateRoleChatFlagsInput } from '@hearth/shared/roles/roles.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.schema';
import { branchId, callAs, userId } from '../chat/chat-fixtures.test-support';
import { roles } from './roles.schema';

/**
 * updateRoleChatFlags (issue 22: the chat flags of spec section 3 "Role") over HTTP on a real database: a
 * system-level caller sets a role's nine flags, the role's users get the change at their next request (their chat
 * rights are read per request), the change is audited with the changer; every role below system level is refused
 * (roles are shared by every company: docs/decisions/0007-who-may-manage-whom.md), an unknown role is 404 and bad
 * input a 400 naming the field.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let boston: number;
const CALLERS = ['developer', 'companyadmin', 'branchmanager', 'nurse', 'rvp', 'prn', 'caregiver', 'client'];

beforeAll(async () => {
  t = await startTestApp();
  boston = await branchId(t, 'Boston');
  for (const u of CALLERS) tokens[u] = await t.signIn(u);
}, 120_000);
afterAll(() => t.close());

/** The role's nine chat flags as stored now, as an updateRoleChatFlags input. */
async function chatFlagsOf(roleId: number): Promise<UpdateRoleChatFlagsInput> {
  const [row] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
  return { roleId, ...Object.fromEntries(ROLE_CHAT_FLAGS.map((f) => [f, row![f]])) } as UpdateRoleChatFlagsInput;
}

const update = (as: string, input: unknown) => callAs<RoleOutput>(t, tokens[as]!, 'mutation', 'updateRoleChatFlags', input);
const broadcastAsNurse = () =>
  callAs(t, tokens.nurse!, 'mutation', 'chat.broadcast', {
    audience: 'branch',
    branchId: boston,
    clientMessageId: randomUUID(),
    body: 'Team meeting moved to 3 pm.',
  });

describe('updateRoleChatFlags', () => {
  it('turns a flag on and off, applying at the users’ next request, and is audited with the changer', async () => {
    const before = await chatFlagsOf(ROLE_IDS.nurse);
    expect(before.chatBroadcastEnabled).toBe(false);
    expect((await broadcastAsNurse()).status).toBe(403);

    const on = await update('developer', { ...before, chatBroadcastEnabled: true });
    expect(on.status).toBe(200);
    expect(on.data).toMatchObject({ id: ROLE_IDS.nurse, name: 'Nurse', chatBroadcastEnabled: true, chatEnabled: true });
    // The whole role as getRoles returns it: the permission sets are untouched.
    const listed = (await callAs<RoleOutput[]>(t, tokens.developer!, 'query', 'getRoles')).data;
    expect(listed.find((r) => r.id === ROLE_IDS.nurse)).toEqual(on.data);
    // Same session, no new sign-in: the next request reads the role afresh.
    const sent = await broadcastAsNurse();
    expect(sent.status).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'roles'), eq(auditLog.rowId, ROLE_IDS.nurse), eq(auditLog.operation, 'UPDATE')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.changedBy).toBe(await userId(t, 'developer'));
    expect(audit?.oldRow?.chat_broadcast_enabled).toBe(false);
    expect(audit?.newRow?.chat_broadcast_enabled).toBe(true);

    const off = await update('developer', { ...before, chatBroadcastEnabled: false });
    expect(off.status).toBe(200);
    expect(off.data.chatBroadcastEnabled).toBe(false);
    const refused = await broadcastAsNurse();
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Your role may not broadcast to a branch');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const valid = await chatFlagsOf(ROLE_IDS.nurse);
    const { chatCopyAttachmentsEnabled: _missing, ...withoutOne } = valid;
    const missing = await update('developer', withoutOne);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.error?.data.fieldErrors ?? {})).toEqual(['chatCopyAttachmentsEnabled']);
    const text = await update('developer', { ...valid, chatEnabled: 'yes' });
    expect(text.status).toBe(400);
    expect(Object.keys(text.error?.data.fieldErrors ?? {})).toEqual(['chatEnabled']);
    const badId = await update('developer', { ...valid, roleId: 2 ** 40 });
    expect(badId.status).toBe(400);
    expect(badId.error?.data.fieldErrors).toHaveProperty('roleId');
    expect((await update('developer', { ...valid, chatEverythingEnabled: true })).status).toBe(400);
    expect(await chatFlagsOf(ROLE_IDS.nurse)).toEqual(valid);
  });

  it('refuses every role below system level with 403, even the company admin, and changes nothing', async () => {
    const before = await chatFlagsOf(ROLE_IDS.nurse);
    for (const caller of CALLERS.filter((c) => c !== 'developer')) {
      const res = await update(caller, { ...before, chatBroadcastEnabled: true, chatReadBranchConversationsEnabled: true });
      expect(res.status, caller).toBe(403);
    }
    // Granting the company admin the action does not let it change roles: roles are shared by every company.
    const admin = await chatFlagsOf(ROLE_IDS.companyAdmin);
    const [adminRole] = await t.database.db.select().from(roles).where(eq(roles.id, ROLE_IDS.companyAdmin));
    await t.database.db
      .update(roles)
      .set({ actionPermissions: [...adminRole!.actionPermissions, 'updateRoleChatFlags'] })
      .where(eq(roles.id, ROLE_IDS.companyAdmin));
    try {
      const own = await update('companyadmin', { ...admin, chatEnabled: false });
      expect(own.status).toBe(403);
      expect(own.error?.message).toBe('Only system-level roles may change roles');
    } finally {
      await t.database.db
        .update(roles)
        .set({ actionPermissions: adminRole!.actionPermissions })
        .where(eq(roles.id, ROLE_IDS.companyAdmin));
    }
    expect(await chatFlagsOf(ROLE_IDS.nurse)).toEqual(before);
    expect(await chatFlagsOf(ROLE_IDS.companyAdmin)).toEqual(admin);
  });

  it('answers 404 for an unknown role', async () => {
    const res = await update('developer', { ...(await chatFlagsOf(ROLE_IDS.nurse)), roleId: 999 });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe('Role 999 not found');
  });

  it('is in the action catalogue', async () => {
    const res = await callAs<{ actions: string[] }>(t, tokens.developer!, 'query', 'getPermissionCatalog');
    expect(res.data.actions).toContain('updateRoleChatFlags');
  });
});
