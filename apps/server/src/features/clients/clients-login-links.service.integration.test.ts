import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ClientContactOutput, ClientOutput, LoginLinkOutput } from '@hearth/shared/clients/clients.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { TestApp } from '../../test/test-app';
import { branchUsers, users, verifications } from '../users/users.schema';
import { outbox } from '../notify/notify.schema';
import { clientContacts, clients } from './clients.schema';
import { startClientTests, type ClientApi, type ClientFixtures } from './clients.test-support';
import { usernameFromEmail } from './clients-login-links.service';
import { hashOf } from '../../auth/login-links';

let t: TestApp;
let f: ClientFixtures;
let api: ClientApi;
beforeAll(async () => ({ t, f, api } = await startClientTests()));
afterAll(() => t.close());

const createClient = (patch: Record<string, unknown> = {}) =>
  api.ok<ClientOutput>('mutation', 'createClient', { branchId: f.boston.id, firstName: 'Maria', lastName: 'Santos', ...patch });
const userOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const outboxFor = (recipient: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id));
const tokensOf = (userId: number) =>
  t.database.db
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, `login-link:${userId}`));

describe('usernameFromEmail', () => {
  it.each([
    ['Mary.O’Neil+care@x.org', 'mary.oneilcare'],
    ['jo@x.org', 'jouser'],
    ['_a-very-long-local-part-indeed-yes@x.org', 'averylonglocalpartindeed'],
  ])('%s -> %s', (email, username) => expect(usernameFromEmail(email)).toBe(username));
});

describe('sendClientLoginLink', () => {
  it('refuses a client without an email address', async () => {
    const { id } = await createClient();
    const res = await api.fail('mutation', 'sendClientLoginLink', { clientId: id });
    expect(res).toMatchObject({ status: 400, message: 'The client has no email address' });
  });

  it('creates the Client user, stores a one-time token and writes the email to the outbox', async () => {
    const client = await createClient({ email: 'Maria.Santos@Example.com' });
    const before = Date.now();
    const sent = await api.ok<LoginLinkOutput>('mutation', 'sendClientLoginLink', { clientId: client.id });
    expect(sent.recipient).toBe('maria.santos@example.com');
    const expiresIn = Date.parse(sent.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    const user = await userOf(sent.userId);
    expect(user).toMatchObject({
      roleId: ROLE_IDS.client,
      username: 'maria.santos',
      email: 'maria.santos@example.com',
      isActive: true,
    });
    expect(user.companyId).toBe(f.boston.companyId);
    const links = await t.database.db.select().from(branchUsers).where(eq(branchUsers.userId, user.id));
    expect(links.map((l) => l.branchId)).toEqual([f.boston.id]);
    expect((await api.ok<ClientOutput>('query', 'getClient', { id: client.id })).userId).toBe(user.id);

    const [token] = await tokensOf(user.id);
    expect(token!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token!.expiresAt.toISOString()).toBe(sent.expiresAt);
    const [message] = await outboxFor('maria.santos@example.com');
    expect(message).toMatchObject({
      channel: 'email',
      kind: 'client_login_link',
      userId: user.id,
      subject: 'Your Hearth sign-in link',
      link: expect.stringMatching(/^\/login\?token=[A-Za-z0-9_-]{43}$/),
      sentAt: null,
    });
    expect(message!.body).toContain('Hello Maria');

    const again = await api.ok<LoginLinkOutput>('mutation', 'sendClientLoginLink', { clientId: client.id });
    expect(again.userId).toBe(user.id);
    const tokens = await tokensOf(user.id);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.value).not.toBe(token!.value);
    expect(await outboxFor('maria.santos@example.com')).toHaveLength(2);
  });

  it('makes the username unique and refuses an email another kind of user has', async () => {
    const other = await createClient({ email: 'maria.santos@other.org' });
    const sent = await api.ok<LoginLinkOutput>('mutation', 'sendClientLoginLink', { clientId: other.id });
    expect((await userOf(sent.userId)).username).toBe('maria.santos2');

    const staff = await createClient({ email: 'nurse@demo.hearth.care' });
    const res = await api.fail('mutation', 'sendClientLoginLink', { clientId: staff.id });
    expect(res).toMatchObject({ status: 409, message: 'Another user already has this email' });
    const [row] = await t.database.db.select({ userId: clients.userId }).from(clients).where(eq(clients.id, staff.id));
    expect(row!.userId).toBeNull();
    expect((await outboxFor('nurse@demo.hearth.care')).filter((m) => m.kind === 'client_login_link')).toEqual([]);
  });

  it('deactivates the sign-in of a discharged client and refuses links until active again', async () => {
    const client = await createClient({ email: 'rui.lopes@example.com', firstName: 'Rui' });
    const { userId } = await api.ok<LoginLinkOutput>('mutation', 'sendClientLoginLink', { clientId: client.id });
    await api.ok('mutation', 'updateClient', { id: client.id, status: 'on_hold' });
    expect((await userOf(userId)).isActive).toBe(true);
    await api.ok('mutation', 'updateClient', { id: client.id, status: 'discharged' });
    expect((await userOf(userId)).isActive).toBe(false);
    const res = await api.fail('mutation', 'sendClientLoginLink', { clientId: client.id });
    expect(res).toMatchObject({ status: 400, message: 'The client is discharged: only active or on-hold clients can sign in' });
    await api.ok('mutation', 'updateClient', { id: client.id, status: 'active' });
    expect((await userOf(userId)).isActive).toBe(true);
  });

  it('is 404 for another branch’s client and 403 without the action', async () => {
    expect(await api.fail('mutation', 'sendClientLoginLink', { clientId: f.worcesterClientId })).toMatchObject({
      status: 404,
      message: `Client ${f.worcesterClientId} not found`,
    });
    expect((await api.fail('mutation', 'sendClientLoginLink', { clientId: f.bostonClientId }, 'nurse')).status).toBe(403);
  });
});

describe('sendClientContactLoginLink', () => {
  const addContact = (clientId: number, patch: Record<string, unknown> = {}) =>
    api.ok<ClientContactOutput>('mutation', 'createClientContact', {
      clientId,
      firstName: 'Clara',
      lastName: 'Santos',
      relationship: 'Daughter',
      ...patch,
    });

  it('needs an email and portal access', async () => {
    const { id: clientId } = await createClient();
    const noEmail = await addContact(clientId);
    expect(await api.fail('mutation', 'sendClientContactLoginLink', { contactId: noEmail.id })).toMatchObject({
      status: 400,
      message: 'The contact has no email address',
    });
    const noPortal = await addContact(clientId, { email: 'clara@example.com' });
    expect(await api.fail('mutation', 'sendClientContactLoginLink', { contactId: noPortal.id })).toMatchObject({
      status: 400,
      message: 'Give the contact portal access first',
    });
  });

  it('creates one Trusted Contact user per person, linked to each contact record, in step with portal access', async () => {
    const mother = await createClient({ firstName: 'Ines' });
    const father = await createClient({ firstName: 'Jorge' });
    const first = await addContact(mother.id, { email: 'clara.santos@example.com', hasPortalAccess: true });
    const second = await addContact(father.id, { email: 'clara.santos@example.com', hasPortalAccess: true });

    const sent = await api.ok<LoginLinkOutput>('mutation', 'sendClientContactLoginLink', { contactId: first.id });
    const user = await userOf(sent.userId);
    expect(user).toMatchObject({ roleId: ROLE_IDS.trustedContact, username: 'clara.santos', isActive: true });
    const [message] = await outboxFor('clara.santos@example.com');
    expect(message).toMatchObject({ kind: 'client_contact_login_link', userId: user.id });
    expect(message!.body).toContain('for Ines Santos');
    expect(hashOf(new URLSearchParams(message!.link!.split('?')[1]).get('token')!)).toBe((await tokensOf(user.id))[0]!.value);

    const again = await api.ok<LoginLinkOutput>('mutation', 'sendClientContactLoginLink', { contactId: second.id });
    expect(again.userId).toBe(user.id);
    const linked = await t.database.db
      .select({ userId: clientContacts.userId })
      .from(clientContacts)
      .where(eq(clientContacts.userId, user.id));
    expect(linked).toHaveLength(2);

    await api.ok('mutation', 'updateClientContact', { id: first.id, hasPortalAccess: false });
    expect((await userOf(user.id)).isActive).toBe(true);
    await api.ok('mutation', 'deleteClientContact', { id: second.id });
    expect((await userOf(user.id)).isActive).toBe(false);
  });

  it('is 404 for another branch’s contact', async () => {
    const theirs = await api.ok<ClientContactOutput>(
      'mutation',
      'createClientContact',
      {
        clientId: f.worcesterClientId,
        firstName: 'Ana',
        lastName: 'Reis',
        relationship: 'Niece',
        email: 'ana.reis@example.com',
        hasPortalAccess: true,
      },
      'developer',
    );
    expect(await api.fail('mutation', 'sendClientContactLoginLink', { contactId: theirs.id })).toMatchObject({
      status: 404,
      message: `Contact ${theirs.id} not found`,
    });
  });
});
