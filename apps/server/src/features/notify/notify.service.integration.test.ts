import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { OutboxEntry } from '@hearth/shared/notify/notify.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { users } from '../users/users.schema';
import { companies } from '../companies/companies.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { outbox } from './notify.schema';
import { copyOutboxTo, notify } from './notify.service';
import { withTokensHidden } from './notify.secrets';

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

describe('sign-in tokens never leave through the outbox API', () => {
  it('hides a live login link’s token from every reader, system level included, yet shows the link was sent', async () => {
    const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.branchId, 1)).limit(1);
    const sent = await t.trpc('mutation', 'sendCaregiverLoginLink', { caregiverId: caregiver!.id }, tokens.companyadmin);
    expect(sent.status).toBe(200);
    const [stored] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    const token = new URL(stored!.link!, 'http://x').searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    // Links are refused to a caregiver with no second factor (issue 20); this one has enrolled.
    await t.enrolMfa(stored!.userId!);

    for (const reader of ['companyadmin', 'developer']) {
      const { data } = await outboxPage(reader, { pageSize: 5 });
      const row = data.rows.find((r) => r.id === stored!.id)!;
      expect(row).toMatchObject({ kind: 'caregiver_login_link', link: '/login?token=[hidden]' });
      expect(row.body).toContain('/login?token=[hidden]');
      expect(JSON.stringify(data)).not.toContain(token);
    }
    // The hidden link cannot be redeemed; the real one still works for its recipient.
    const redeem = (value: string) =>
      t.fetch('/api/login-links/redeem', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: value }),
      });
    expect((await redeem('[hidden]'.padEnd(24, 'x'))).status).toBe(400);
    expect((await redeem(token)).status).toBe(200);
  });

  it('hides every token parameter of a text, whatever follows it', () => {
    expect(withTokensHidden('Open /login?token=abc-DEF_123 now')).toBe('Open /login?token=[hidden] now');
    expect(withTokensHidden('/x?a=1&token=abc#frag and /y?token=zzz&b=2')).toBe(
      '/x?a=1&token=[hidden]#frag and /y?token=[hidden]&b=2',
    );
    expect(withTokensHidden('no link here')).toBe('no link here');
  });

  it('copies every message with its link intact to the configured file (development and tests only)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-outbox-'));
    const file = path.join(dir, 'outbox.jsonl');
    copyOutboxTo(file);
    try {
      await notify({
        db: t.database.db,
        channel: 'email',
        kind: 'test',
        recipient: 'a@example.com',
        body: 'Hi',
        link: '/login?token=secret-1',
      });
      const [line] = fs.readFileSync(file, 'utf8').trim().split('\n');
      expect(JSON.parse(line!)).toMatchObject({ kind: 'test', recipient: 'a@example.com', link: '/login?token=secret-1' });
      expect(fs.statSync(file).mode & 0o077).toBe(0);
    } finally {
      copyOutboxTo(null);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
