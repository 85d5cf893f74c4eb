import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClientAppCarePlan } from '@hearth/shared/client-app/client-app-care-plan.schema';
import type { TestApp } from '../../test/test-app';
import { clients } from '../clients/clients.schema';
import { STAFF_LOGINS, startClientAppTests, type ClientAppApi, type ClientAppFixtures } from './client-app.test-support';

/** The care plan in the client app: the office's tasks for the client, to those holding careNotes only. */
let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
const TASKS = ['Bathing', 'Meal preparation', 'Medication reminders', 'Walk in the garden'];

beforeAll(async () => {
  ({ t, f, api } = await startClientAppTests());
  await t.database.db
    .update(clients)
    .set({ carePlanTasks: TASKS, accessNotes: 'Key under the blue pot, alarm 4471' })
    .where(eq(clients.id, f.clientId));
  await t.database.db
    .update(clients)
    .set({ carePlanTasks: ['Laundry'] })
    .where(eq(clients.id, f.otherClientId));
});
afterAll(() => t.close());

const call = (as: Parameters<ClientAppApi['call']>[3], clientId = f.clientId) =>
  api.call<ClientAppCarePlan>('query', 'clientAppGetCarePlan', { clientId }, as);

describe('clientAppGetCarePlan', () => {
  it('gives the client and a contact with careNotes the tasks in the office order, and nothing else', async () => {
    for (const as of ['client', 'family'] as const) {
      const res = await call(as);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ clientId: f.clientId, tasks: TASKS });
      expect(JSON.stringify(res.data)).not.toContain('4471');
    }
  });

  it('follows the office: an empty care plan is an empty list', async () => {
    await t.database.db.update(clients).set({ carePlanTasks: [] }).where(eq(clients.id, f.clientId));
    expect((await call('client')).data).toEqual({ clientId: f.clientId, tasks: [] });
    await t.database.db.update(clients).set({ carePlanTasks: TASKS }).where(eq(clients.id, f.clientId));
  });

  it.each(['limited', 'former', 'stranger', 'developer'] as const)('answers 404 to %s for the demo client', async (as) => {
    expect(await call(as)).toMatchObject({ status: 404, message: `Client ${f.clientId} not found` });
  });

  it('answers 404 to a contact without careNotes for that client, and to the client for another client', async () => {
    expect((await call('family', f.otherClientId)).status).toBe(404);
    expect((await call('client', f.otherClientId)).status).toBe(404);
    expect((await call('stranger', f.strangerClientId)).status).toBe(200);
  });

  it.each(STAFF_LOGINS.filter((l) => l !== 'developer'))('refuses %s (403)', async (as) => {
    expect((await call(as)).status).toBe(403);
  });

  it('answers 400 naming clientId for a bad id', async () => {
    for (const clientId of [0, 2 ** 31, 'one', 1.5]) {
      const res = await api.call('query', 'clientAppGetCarePlan', { clientId }, 'client');
      expect(res.status).toBe(400);
      expect(res.message).toContain('clientId');
    }
  });
});
