import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OutboxEntry } from '@hearth/shared/notify/notify.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { users } from '../users/users.schema';
import { companies } from '../companies/companies.schema';
import { notify } from './notify.service';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager']) tokens[u] = await t.signIn(u);
});
afterAll(() => t.close());

async function outboxPage(as: string, input: Record<string, unknown> = {}) {
  const res = await t.trpc('query', 'getOutbox', input, tokens[as]);
  return {
    status: res.status,
    body: res.body,
    data: res.body.result?.data as { rows: OutboxEntry[]; totalCount: number; totalPages: number },
  };
}

describe('notify and getOutbox', () => {
  it('writes messages to the outbox and pages them newest first, within the caller’s company', async () => {
    const db = t.database.db;
    const [nurse] = await db.select().from(users).where(eq(users.username, 'nurse'));
    const [other] = await db.insert(companies).values({ name: 'Another Agency' }).returning();
    const [stranger] = await db
      .insert(users)
      .values({ username: 'stranger', email: 'stranger@example.com', name: 'S T', companyId: other!.id, roleId: 5 })
      .returning();
    const baseline = {
      mine: (await outboxPage('companyadmin')).data.totalCount,
      all: (await outboxPage('developer')).data.totalCount,
    };
    const first = await notify({
      db,
      channel: 'email',
      kind: 'test',
      recipient: 'nurse@demo.hearth.care',
      userId: nurse!.id,
      body: 'One',
    });
    const second = await notify({
      db,
      channel: 'sms',
      kind: 'test',
      recipient: '+16175550100',
      userId: nurse!.id,
      body: 'Two',
      link: '/x',
    });
    await notify({ db, channel: 'push', kind: 'test', recipient: 'device-token', userId: stranger!.id, body: 'Elsewhere' });
    await notify({ db, channel: 'email', kind: 'test', recipient: 'ops@example.com', body: 'No user' });

    const mine = await outboxPage('companyadmin', { pageSize: 1 });
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ totalCount: baseline.mine + 2, totalPages: baseline.mine + 2 });
    expect(mine.data.rows[0]).toMatchObject({
      id: second.id,
      channel: 'sms',
      body: 'Two',
      link: '/x',
      subject: null,
      sentAt: null,
    });
    expect(mine.data.rows[0]!.createdAt).toMatch(/Z$/);
    const page2 = await outboxPage('companyadmin', { page: 2, pageSize: 1 });
    expect(page2.data.rows.map((r) => r.id)).toEqual([first.id]);

    const all = await outboxPage('developer', { pageSize: 4 });
    expect(all.data.totalCount).toBe(baseline.all + 4);
    expect(all.data.rows.map((r) => r.body)).toEqual(['No user', 'Elsewhere', 'Two', 'One']);
  });

  it('is for roles with the action, and checks paging', async () => {
    expect((await outboxPage('branchmanager')).status).toBe(403);
    const bad = await outboxPage('developer', { pageSize: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('pageSize: pageSize must be between 1 and 100');
  });
});
