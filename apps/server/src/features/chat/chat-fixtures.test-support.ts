import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { roles } from '../roles/roles.schema';
import { accounts, users } from '../users/users.schema';
import { chatConversations, chatMembers } from './chat.schema';

/*
 * Fixtures of the chat integration tests: caregiver sign-ins in a branch, role chat flags, conversations written
 * straight into the tables (so a test of one part does not depend on another's procedures).
 */

/** The id of the demo branch named `name` (Boston, Worcester, Springfield). */
export async function branchId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, name));
  return row!.id;
}

/** The id of the user `username`. */
export async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/**
 * A caregiver sign-in `username` (demo password) on an active caregiver record of `branch` that has none yet.
 * @returns the user's and the caregiver record's ids.
 */
export async function addCaregiverUser(
  t: TestApp,
  username: string,
  branch: string,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<{ userId: number; caregiverId: number }> {
  const db = t.database.db;
  const id = await branchId(t, branch);
  const [caregiver] = await db
    .select({ id: caregivers.id })
    .from(caregivers)
    .where(and(eq(caregivers.branchId, id), isNull(caregivers.userId), eq(caregivers.status, 'active')))
    .orderBy(asc(caregivers.id))
    .limit(1);
  const [company] = await db.select({ companyId: branches.companyId }).from(branches).where(eq(branches.id, id));
  const [user] = await db
    .insert(users)
    .values({
      name: `Carer ${username}`,
      email: `${username}@example.com`,
      username,
      firstName: 'Carer',
      lastName: username,
      companyId: company!.companyId,
      roleId: ROLE_IDS.caregiver,
      ...extra,
    })
    .returning({ id: users.id });
  await db.insert(accounts).values({
    accountId: String(user!.id),
    providerId: 'credential',
    userId: user!.id,
    password: await hashPassword(DEMO_PASSWORD),
  });
  await db.update(caregivers).set({ userId: user!.id }).where(eq(caregivers.id, caregiver!.id));
  return { userId: user!.id, caregiverId: caregiver!.id };
}

/** The chat flags a test turns on or off on a role (roles.schema.ts chat* columns). */
export type ChatFlags = Partial<
  Pick<
    typeof roles.$inferInsert,
    | 'chatEnabled'
    | 'chatSendMessageEnabled'
    | 'chatUploadAttachmentEnabled'
    | 'chatDownloadAttachmentEnabled'
    | 'chatCopyAttachmentsEnabled'
    | 'chatBroadcastEnabled'
    | 'chatBroadcastAllEnabled'
    | 'chatReadBranchConversationsEnabled'
  >
>;

/** Sets chat flags of role `roleId` (the next request of its users sees them: the caller cache checks the row). */
export async function setChatFlags(t: TestApp, roleId: number, flags: ChatFlags): Promise<void> {
  await t.database.db.update(roles).set(flags).where(eq(roles.id, roleId));
}

/**
 * A conversation of `kind` written straight into the tables, with `memberIds` as members, created by the first.
 * @returns its id.
 */
export async function addConversation(
  t: TestApp,
  input: { kind: 'direct' | 'group' | 'office'; memberIds: number[]; branch: string | null; clientId?: number; title?: string },
): Promise<number> {
  const db = t.database.db;
  const branch = input.branch === null ? null : await branchId(t, input.branch);
  const companyId = Number(
    ((await db.execute(sql`select id from companies order by id limit 1`)) as unknown as { rows: { id: number }[] }).rows[0]!.id,
  );
  const [conversation] = await db
    .insert(chatConversations)
    .values({
      companyId,
      kind: input.kind,
      title: input.title ?? null,
      branchId: branch,
      clientId: input.clientId ?? null,
      createdByUserId: input.memberIds[0]!,
    })
    .returning({ id: chatConversations.id });
  await db.insert(chatMembers).values(input.memberIds.map((id) => ({ conversationId: conversation!.id, userId: id })));
  return conversation!.id;
}

/** A tRPC call as `token` -> {status, data, error}. */
export async function callAs<T>(t: TestApp, token: string, kind: 'query' | 'mutation', path: string, input?: unknown) {
  const res = await t.trpc(kind, path, input, token);
  return { status: res.status, data: res.body.result?.data as T, error: res.body.error };
}
