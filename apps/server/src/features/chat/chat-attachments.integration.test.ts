import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { accessLog } from '../access-log/access-log.schema';
import { caregiverFiles, caregivers } from '../caregivers/caregivers.schema';
import { clientFiles, clients } from '../clients/clients.schema';
import { chatAttachments } from './chat.schema';
import { deleteStaleChatUploads } from './chat-attachments.uploads';
import { addCaregiverUser, addConversation, branchId, callAs, setChatFlags, userId } from './chat-fixtures.test-support';

/**
 * Chat attachments (issue 22 items 2 and 4) over HTTP on the local storage driver: create-then-PUT, sending with a
 * message, signed links (chatDownloadAttachmentEnabled), copies into client and caregiver files
 * (chatCopyAttachmentsEnabled), deletion of unsent ones, the cleanup of stale uploads, and every role, another
 * branch and another caregiver refused as the rules say (404 out of reach, 403 for a missing flag).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let conversation: number;
let bostonClient: number;
let worcesterClient: number;
let bostonCaregiver: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function firstOf(table: typeof clients | typeof caregivers, branch: number): Promise<number> {
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.branchId, branch))
    .orderBy(asc(table.id))
    .limit(1);
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const boston = await branchId(t, 'Boston');
  bostonClient = await firstOf(clients, boston);
  worcesterClient = await firstOf(clients, await branchId(t, 'Worcester'));
  bostonCaregiver = await firstOf(caregivers, boston);
  await addCaregiverUser(t, 'othercarer', 'Boston');
  conversation = await addConversation(t, {
    kind: 'direct',
    memberIds: [await userId(t, 'nurse'), await userId(t, 'caregiver')],
    branch: 'Boston',
    clientId: bostonClient,
  });
  for (const u of ['nurse', 'caregiver', 'othercarer', 'branchmanager', 'companyadmin', 'prn', 'rvp', 'developer', 'client']) {
    tokens[u] = await t.signIn(u);
  }
}, 120_000);
afterAll(() => t.close());

beforeEach(async () => {
  // The default roles give no attachment flags; each test starts from nurse and caregiver with all three.
  const all = { chatUploadAttachmentEnabled: true, chatDownloadAttachmentEnabled: true, chatCopyAttachmentsEnabled: true };
  await setChatFlags(t, ROLE_IDS.nurse, all);
  await setChatFlags(t, ROLE_IDS.caregiver, all);
});

interface Created {
  id: number;
  filename: string;
  size: number;
  contentType: string;
  url: string;
  uploadUrlExpiresAt: string;
}

const create = (as: string, file = { filename: 'Wound.png', size: PNG.length, contentType: 'image/png' }, id = conversation) =>
  callAs<Created>(t, tokens[as]!, 'mutation', 'chat.createAttachment', { conversationId: id, file });

/** A PUT with exactly these headers and body. */
function put(url: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      t.baseUrl + url,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(body.length) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Uploads PNG as `as` and sends it in a message; -> the attachment id. */
async function sent(as = 'nurse'): Promise<number> {
  const created = await create(as);
  expect(await put(created.data.url, PNG, 'image/png')).toBe(200);
  const message = await callAs<ChatMessage>(t, tokens[as]!, 'mutation', 'chat.sendMessage', {
    conversationId: conversation,
    clientMessageId: randomUUID(),
    body: 'The wound today',
    attachmentIds: [created.data.id],
  });
  expect(message.status).toBe(200);
  expect(message.data.attachments).toEqual([
    { id: created.data.id, filename: 'Wound.png', size: PNG.length, contentType: 'image/png' },
  ]);
  return created.data.id;
}

const link = (as: string, attachmentId: number, inline = false) =>
  callAs<{ url: string; filename: string; contentType: string; expiresAt: string }>(
    t,
    tokens[as]!,
    'query',
    'chat.getAttachmentLink',
    {
      attachmentId,
      inline,
    },
  );

describe('the upload flow', () => {
  it('creates a pending attachment under a chat key, takes the PUT and serves the same bytes to the other member', async () => {
    const created = await create('nurse');
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ filename: 'Wound.png', size: PNG.length, contentType: 'image/png' });
    expect(created.data.url).toMatch(new RegExp(`^/api/storage/chat/${conversation}/[0-9a-f-]{36}\\?`));
    expect(created.data).not.toHaveProperty('storageKey');
    const [pending] = await t.database.db.select().from(chatAttachments).where(eq(chatAttachments.id, created.data.id));
    expect(pending).toMatchObject({ status: 'pending', messageId: null });
    // Not yet sent: only its uploader sees it, and the bytes have not arrived.
    expect((await link('caregiver', created.data.id)).status).toBe(404);
    expect((await link('nurse', created.data.id)).status).toBe(409);

    expect(await put(created.data.url, PNG, 'image/png')).toBe(200);
    expect(await put(created.data.url, PNG, 'image/png')).toBe(409);
    const id = await sent();
    const opened = await link('caregiver', id, true);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ filename: 'Wound.png', contentType: 'image/png' });
    const bytes = await t.fetch(opened.data.url);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG);
    expect(bytes.headers.get('content-disposition')).toMatch(/^inline/);
    const logged = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.recordType, 'chat_attachment'), eq(accessLog.recordId, id)));
    expect(logged[0]).toMatchObject({ action: 'file-download', clientId: bostonClient });
  });

  it('sends an upload whose bytes reached the storage without telling Hearth (as on S3), marking it uploaded', async () => {
    const created = await create('nurse');
    const [row] = await t.database.db.select().from(chatAttachments).where(eq(chatAttachments.id, created.data.id));
    // The bytes land in the storage directly, not through Hearth's PUT route: the attachment is still pending.
    await t.storage.write(row!.storageKey, PNG, 'image/png');
    const message = await callAs<ChatMessage>(t, tokens.nurse!, 'mutation', 'chat.sendMessage', {
      conversationId: conversation,
      clientMessageId: randomUUID(),
      body: 'Uploaded straight to the bucket',
      attachmentIds: [created.data.id],
    });
    expect(message.status).toBe(200);
    expect(message.data.attachments.map((a) => a.id)).toEqual([created.data.id]);
    const [after] = await t.database.db.select().from(chatAttachments).where(eq(chatAttachments.id, created.data.id));
    expect(after).toMatchObject({ status: 'uploaded', messageId: message.data.id });
    // An upload whose bytes never arrived is still refused.
    const missing = await create('nurse');
    const refused = await callAs<ChatMessage>(t, tokens.nurse!, 'mutation', 'chat.sendMessage', {
      conversationId: conversation,
      clientMessageId: randomUUID(),
      body: 'Nothing uploaded',
      attachmentIds: [missing.data.id],
    });
    expect(refused.status).toBe(400);
  });

  it('refuses facts record files refuse, and a PUT of other bytes than declared', async () => {
    const big = await create('nurse', { filename: 'huge.pdf', size: 26 * 1024 * 1024, contentType: 'application/pdf' });
    expect(big.status).toBe(400);
    const exe = await create('nurse', { filename: 'run.exe', size: 10, contentType: 'application/x-msdownload' });
    expect(exe.status).toBe(400);
    const created = await create('nurse', { filename: 'Plan.pdf', size: PDF.length, contentType: 'application/pdf' });
    expect(await put(created.data.url, PDF, 'image/png')).toBe(400);
  });

  it('lets only members who may write and hold the upload flag attach', async () => {
    await setChatFlags(t, ROLE_IDS.nurse, { chatUploadAttachmentEnabled: false });
    const refused = await create('nurse');
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Your role may not attach files in chat');
    expect((await create('caregiver')).status).toBe(200);
    // Not members: another caregiver, another branch; the branch manager reads it as a supervisor but may not write.
    expect((await create('othercarer')).status).toBe(404);
    expect((await create('prn')).status).toBe(404);
    expect((await create('branchmanager')).status).toBe(403);
    // A client's chat reaches only their own conversation with the office: this one is out of reach.
    expect((await create('client')).status).toBe(404);
    expect((await create('nurse', undefined, 2_000_000)).status).toBe(404);
  });
});

describe('links and copies by right and reach', () => {
  it('gives a link to members and supervisors of the branch with the download flag, 404 to anyone else', async () => {
    const id = await sent();
    await setChatFlags(t, ROLE_IDS.caregiver, { chatDownloadAttachmentEnabled: false });
    const refused = await link('caregiver', id);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Your role may not open chat attachments');
    // The branch manager (chatReadBranchConversationsEnabled) reads the Boston conversation, once given the flag.
    expect((await link('branchmanager', id)).status).toBe(403);
    await setChatFlags(t, ROLE_IDS.branchManager, { chatDownloadAttachmentEnabled: true });
    try {
      expect((await link('branchmanager', id)).status).toBe(200);
    } finally {
      await setChatFlags(t, ROLE_IDS.branchManager, { chatDownloadAttachmentEnabled: false });
    }
    for (const as of ['othercarer', 'prn']) expect((await link(as, id)).status).toBe(404);
    // Roles with chat but no supervisor reach and no membership: 404, a client too.
    expect((await link('rvp', id)).status).toBe(404);
    expect((await link('client', id)).status).toBe(404);
    expect((await link('nurse', 2_000_000)).status).toBe(404);
  });

  it('copies an attachment into a client and a caregiver of the caller scope, and refuses others', async () => {
    const id = await sent();
    const copy = (as: string, to: 'client' | 'caregiver', ownerId: number) =>
      callAs<{ fileId: number; to: string; ownerId: number }>(t, tokens[as]!, 'mutation', 'chat.copyAttachment', {
        attachmentId: id,
        to,
        ownerId,
      });
    const toClient = await copy('nurse', 'client', bostonClient);
    expect(toClient.status).toBe(200);
    expect(toClient.data).toMatchObject({ to: 'client', ownerId: bostonClient });
    const [file] = await t.database.db.select().from(clientFiles).where(eq(clientFiles.id, toClient.data.fileId));
    expect(file).toMatchObject({ clientId: bostonClient, filename: 'Wound.png', status: 'uploaded', size: PNG.length });
    expect(file!.storageKey).toMatch(new RegExp(`^client/${bostonClient}/`));
    const stored = await t.storage.read(file!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(PNG);

    const toCaregiver = await copy('nurse', 'caregiver', bostonCaregiver);
    expect(toCaregiver.status).toBe(200);
    const [cgFile] = await t.database.db.select().from(caregiverFiles).where(eq(caregiverFiles.id, toCaregiver.data.fileId));
    expect(cgFile).toMatchObject({ caregiverId: bostonCaregiver, status: 'uploaded' });

    expect((await copy('nurse', 'client', worcesterClient)).status).toBe(404);
    expect((await copy('nurse', 'client', 2_000_000)).status).toBe(404);
    // The caregiver is a member with the flag, but no client is in a caregiver's branch scope.
    expect((await copy('caregiver', 'client', bostonClient)).status).toBe(404);
    await setChatFlags(t, ROLE_IDS.nurse, { chatCopyAttachmentsEnabled: false });
    const refused = await copy('nurse', 'client', bostonClient);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Your role may not copy chat attachments into files');
    expect((await copy('othercarer', 'client', bostonClient)).status).toBe(404);
    expect((await copy('prn', 'client', bostonClient)).status).toBe(404);
  });
});

describe('removing attachments', () => {
  it('deletes the caller own unsent attachment with its bytes, never a sent one or another', async () => {
    const created = await create('nurse');
    expect(await put(created.data.url, PNG, 'image/png')).toBe(200);
    const [row] = await t.database.db.select().from(chatAttachments).where(eq(chatAttachments.id, created.data.id));
    expect(await t.storage.exists(row!.storageKey)).toBe(true);
    expect(
      (await callAs(t, tokens.caregiver!, 'mutation', 'chat.deleteAttachment', { attachmentId: created.data.id })).status,
    ).toBe(404);
    const gone = await callAs(t, tokens.nurse!, 'mutation', 'chat.deleteAttachment', { attachmentId: created.data.id });
    expect(gone).toMatchObject({ status: 200, data: { ok: true } });
    expect(await t.storage.exists(row!.storageKey)).toBe(false);
    // A PUT to the deleted attachment's URL finds nothing.
    expect(await put(created.data.url, PNG, 'image/png')).toBe(404);

    const id = await sent();
    const kept = await callAs(t, tokens.nurse!, 'mutation', 'chat.deleteAttachment', { attachmentId: id });
    expect(kept.status).toBe(409);
  });

  it('cleans uploads never sent after a day, keeping sent ones', async () => {
    const unsent = await create('nurse');
    const id = await sent();
    const done = await deleteStaleChatUploads({
      db: t.database.db,
      storage: t.storage,
      olderThan: new Date(Date.now() + 60_000),
    });
    expect(done.deleted).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ id: chatAttachments.id }).from(chatAttachments);
    expect(left.map((r) => r.id)).toContain(id);
    expect(left.map((r) => r.id)).not.toContain(unsent.data.id);
  });
});
