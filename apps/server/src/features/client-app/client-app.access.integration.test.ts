import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { TestApp } from '../../test/test-app';
import { clientContacts, clients } from '../clients/clients.schema';
import { STAFF_LOGINS, startClientAppTests, type ClientAppApi, type ClientAppFixtures } from './client-app.test-support';

let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
beforeAll(async () => ({ t, f, api } = await startClientAppTests()));
afterAll(() => t.close());

const clientsOf = (as: Parameters<ClientAppApi['ok']>[3]) =>
  api.ok<ClientAppClient[]>('query', 'clientAppGetClients', undefined, as);

describe('clientAppGetClients', () => {
  it('gives the client themselves with every permission', async () => {
    const list = await clientsOf('client');
    expect(list).toEqual([
      expect.objectContaining({
        clientId: f.clientId,
        relation: 'self',
        contactId: null,
        timezone: 'America/New_York',
        permissions: { schedule: true, careNotes: true, messages: true, alerts: true, statements: true },
      }),
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['clientId', 'contactId', 'firstName', 'lastName', 'permissions', 'relation', 'timezone'].sort(),
    );
  });

  it('gives a contact of two clients both, each with the permissions the office set on that contact', async () => {
    const list = await clientsOf('family');
    const byId = new Map(list.map((c) => [c.clientId, c]));
    expect([...byId.keys()].sort()).toEqual([f.clientId, f.otherClientId].sort());
    expect(byId.get(f.clientId)).toMatchObject({ relation: 'contact', contactId: f.contactIds.family });
    expect(byId.get(f.otherClientId)!.permissions).toEqual({
      schedule: true,
      careNotes: false,
      messages: false,
      alerts: false,
      statements: false,
    });
  });

  it('gives nothing of a client whose contact lost portal access, or who was discharged', async () => {
    expect(await clientsOf('former')).toEqual([]);
    await t.database.db.update(clients).set({ status: 'discharged' }).where(eq(clients.id, f.otherClientId));
    expect((await clientsOf('family')).map((c) => c.clientId)).toEqual([f.clientId]);
    await t.database.db.update(clients).set({ status: 'active' }).where(eq(clients.id, f.otherClientId));
  });

  it('follows a change of permissions at once', async () => {
    await t.database.db.update(clientContacts).set({ portalStatements: true }).where(eq(clientContacts.id, f.contactIds.limited));
    expect((await clientsOf('limited'))[0]!.permissions.statements).toBe(true);
    await t.database.db
      .update(clientContacts)
      .set({ portalStatements: false })
      .where(eq(clientContacts.id, f.contactIds.limited));
  });

  it.each(STAFF_LOGINS.filter((l) => l !== 'developer'))('refuses %s: the client app is for clients and families', async (as) => {
    expect((await api.call('query', 'clientAppGetClients', undefined, as)).status).toBe(403);
  });

  it('gives the developer (who may call everything) no client', async () => {
    expect(await clientsOf('developer')).toEqual([]);
  });
});
