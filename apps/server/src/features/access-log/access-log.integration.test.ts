import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { plantRecords } from '../../test/planted-records';
import { users } from '../users/users.schema';
import { companies } from '../companies/companies.schema';
import { accessLog } from './access-log.schema';
import { deleteExpiredAccessLog } from './access-log.retention';
import { rowsOf } from '../../db/rows';

let t: TestApp;
let demoCompany: number;
/** A client, caregiver and file in a branch of the demo company no branch user is linked to. */
const OWN_COMPANY_BRANCH = 910_001;
/** The same in another company. */
const OTHER_COMPANY = 910_002;

beforeAll(async () => {
  t = await startTestApp();
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'companyadmin'));
  demoCompany = admin!.companyId!;
  await plantRecords(t.database.db, { id: OWN_COMPANY_BRANCH, marker: 'Own', companyId: demoCompany });
  await plantRecords(t.database.db, { id: OTHER_COMPANY, marker: 'Other', companyId: null });
  // A key of the form uploads are given, so the storage signs a link for it.
  await t.database.db.execute(sql`update client_files set storage_key = ${`client/${OWN_COMPANY_BRANCH}/${randomUUID()}`}
    where id = ${OWN_COMPANY_BRANCH}`);
});
afterAll(() => t.close());

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** The newest access log entry of an action. */
async function lastEntry(action: (typeof accessLog.$inferSelect)['action']) {
  const [row] = await t.database.db
    .select()
    .from(accessLog)
    .where(eq(accessLog.action, action))
    .orderBy(desc(accessLog.id))
    .limit(1);
  return row;
}

describe('what the access log records', () => {
  it('a sign-in with method, MFA, address and device; failures with the reason, known account or not; a sign-out', async () => {
    const token = await t.signIn('nurse');
    const signIn = await lastEntry('sign-in');
    expect(signIn).toMatchObject({ userId: await userIdOf('nurse'), companyId: demoCompany });
    // The demo users sign in with a password then an authenticator code: the code's step is the sign-in.
    expect([signIn?.method, signIn?.mfaUsed]).toEqual(signIn?.method === 'password' ? ['password', false] : ['totp', true]);
    expect(signIn?.ipAddress).toBe('127.0.0.1');
    expect(signIn?.userAgent).toBeTruthy();

    const wrong = await t.fetch('/api/auth/sign-in/username', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nurse', password: 'Wrong-password-1!' }),
    });
    expect(wrong.status).toBe(401);
    expect(await lastEntry('sign-in-failed')).toMatchObject({
      userId: await userIdOf('nurse'),
      reason: 'invalid-username-or-password',
    });
    await t.fetch('/api/auth/sign-in/username', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-at-all', password: 'Wrong-password-1!' }),
    });
    const unknown = await lastEntry('sign-in-failed');
    expect(unknown).toMatchObject({ userId: null, companyId: null });
    expect(unknown?.reason).toMatch(/^invalid-username/);
    expect(JSON.stringify(unknown)).not.toContain('nobody-at-all');

    const out = await t.fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await lastEntry('sign-out')).toMatchObject({ userId: await userIdOf('nurse') });
  });

  it('a profile read of a client and of a caregiver, and a file download, by the signed-in user', async () => {
    const admin = await t.signIn('companyadmin');
    expect((await t.trpc('query', 'getClient', { id: OWN_COMPANY_BRANCH }, admin)).status).toBe(200);
    expect(await lastEntry('record-read')).toMatchObject({
      userId: await userIdOf('companyadmin'),
      recordType: 'client',
      recordId: OWN_COMPANY_BRANCH,
      clientId: OWN_COMPANY_BRANCH,
      detail: 'getClient',
    });
    expect((await t.trpc('query', 'getCaregiver', { id: OWN_COMPANY_BRANCH }, admin)).status).toBe(200);
    expect(await lastEntry('record-read')).toMatchObject({ recordType: 'caregiver', caregiverId: OWN_COMPANY_BRANCH });
    const link = await t.trpc('query', 'getClientFileDownloadLink', { id: OWN_COMPANY_BRANCH }, admin);
    expect(link.body.error?.message ?? 'ok').toBe('ok');
    expect(await lastEntry('file-download')).toMatchObject({
      recordType: 'file',
      recordId: OWN_COMPANY_BRANCH,
      clientId: OWN_COMPANY_BRANCH,
      detail: 'downloaded Own file.pdf',
    });
  });

  it("a read through a part of the record (a client's contacts, a caregiver's journal) is a read of that person", async () => {
    const nurse = await t.signIn('nurse');
    const [client] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from clients where branch_id = 1 limit 1`));
    expect((await t.trpc('query', 'getClientContacts', { clientId: client!.id }, nurse)).status).toBe(200);
    expect(await lastEntry('record-read')).toMatchObject({
      userId: await userIdOf('nurse'),
      recordType: 'client',
      recordId: client!.id,
      clientId: client!.id,
      detail: 'getClientContacts',
    });
    const admin = await t.signIn('companyadmin');
    const journal = await t.trpc('query', 'getCaregiverJournalEntries', { caregiverId: OWN_COMPANY_BRANCH }, admin);
    expect(journal.status).toBe(200);
    expect(await lastEntry('record-read')).toMatchObject({
      recordType: 'caregiver',
      caregiverId: OWN_COMPANY_BRANCH,
      detail: 'getCaregiverJournalEntries',
    });
    // A list about no one person is not a read of a record; a refused part leaves nothing.
    const before = (await lastEntry('record-read'))!.id;
    expect((await t.trpc('query', 'getUsers', { search: 'a', page: 1, pageSize: 5 }, admin)).status).toBe(200);
    expect((await t.trpc('query', 'getClientContacts', { clientId: OTHER_COMPANY }, admin)).status).toBe(404);
    expect((await lastEntry('record-read'))!.id).toBe(before);
  });

  it('no read entry for a record out of scope (the 404 rolls back)', async () => {
    const admin = await t.signIn('companyadmin');
    const count = async () => (await t.database.db.select().from(accessLog).where(eq(accessLog.clientId, OTHER_COMPANY))).length;
    const before = await count();
    expect((await t.trpc('query', 'getClient', { id: OTHER_COMPANY }, admin)).status).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the application', async () => {
    await t.signIn('rvp');
    const db = t.database.db;
    await expect(db.execute(sql`update access_log set detail = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from access_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate access_log`)).rejects.toThrow();
    const failure = await db
      .execute(sql`delete from access_log where id = (select max(id) from access_log)`)
      .catch((e: unknown) => e);
    expect(String((failure as Error).cause ?? failure)).toContain('append-only');
    expect((await db.select().from(accessLog)).length).toBeGreaterThan(0);
  });

  it('the retention setting only counts inside a transaction that set it (the job’s)', async () => {
    const db = t.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.access_log_retention', 'on', true)`);
    });
    await expect(db.execute(sql`delete from access_log`)).rejects.toThrow();
  });
});

describe('retention (daily job)', () => {
  it("removes only entries older than the company's retention: six years by default, longer when set", async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    const db = t.database.db;
    await db
      .update(companies)
      .set({ securitySettings: { accessLogRetentionYears: 10 } })
      .where(eq(companies.id, OTHER_COMPANY));
    await db.insert(accessLog).values([
      { action: 'record-read', companyId: demoCompany, at: at('2020-11-25T12:00:00Z'), detail: 'demo past six years' },
      { action: 'record-read', companyId: demoCompany, at: at('2020-11-27T12:00:00Z'), detail: 'demo within six years' },
      { action: 'record-read', companyId: OTHER_COMPANY, at: at('2018-01-01T00:00:00Z'), detail: 'other within ten years' },
      { action: 'record-read', companyId: OTHER_COMPANY, at: at('2016-11-25T00:00:00Z'), detail: 'other past ten years' },
      { action: 'sign-in-failed', companyId: null, at: at('2019-01-01T00:00:00Z'), detail: 'no company past six years' },
    ]);
    const { deleted } = await deleteExpiredAccessLog(db, now);
    expect(deleted).toBe(3);
    const left = (await db.select({ detail: accessLog.detail }).from(accessLog)).map((r) => r.detail);
    expect(left).toContain('demo within six years');
    expect(left).toContain('other within ten years');
    expect(left).not.toContain('demo past six years');
    expect(left).not.toContain('other past ten years');
    expect(left).not.toContain('no company past six years');
  });
});

describe('who may read the log and a record’s history', () => {
  const viewQuery = (token: string, filters: unknown[] = []) =>
    t.trpc('query', 'queryView', { view: 'accessLog', filters, pageSize: 100 }, token);

  it('the /admin/logging view: system level only, with the audit trail’s changes and filters', async () => {
    const developer = await t.signIn('developer');
    const reads = await viewQuery(developer, [{ column: 'action', operator: 'equals', value: 'record-read' }]);
    expect(reads.status).toBe(200);
    const rows = (reads.body.result?.data as { rows: { action: string; recordId: number }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.action === 'record-read')).toBe(true);
    const changes = await viewQuery(developer, [{ column: 'action', operator: 'equals', value: 'change' }]);
    expect((changes.body.result?.data as { rows: { detail: string }[] }).rows.some((r) => r.detail.includes('companies'))).toBe(
      true,
    );
    const csv = await t.fetch(`/api/views/accessLog/export?format=csv&state=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${developer}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Record read');
    expect(await lastEntry('export-download')).toMatchObject({ userId: await userIdOf('developer'), recordType: 'view' });
    for (const role of ['companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client']) {
      const token = await t.signIn(role);
      expect({ role, status: (await viewQuery(token)).status }).toEqual({ role, status: 403 });
    }
  });

  it("a record's history: company admins and system level; other roles 403; another company's record 404", async () => {
    const admin = await t.signIn('companyadmin');
    const history = await t.trpc('query', 'getRecordAccessHistory', { recordType: 'client', id: OWN_COMPANY_BRANCH }, admin);
    expect(history.status).toBe(200);
    const rows = (history.body.result?.data as { rows: { action: string; userName: string | null }[] }).rows;
    expect(rows.some((r) => r.action === 'record-read' && r.userName)).toBe(true);
    expect(rows.some((r) => r.action === 'file-download')).toBe(true);
    const developer = await t.signIn('developer');
    expect(
      (await t.trpc('query', 'getRecordAccessHistory', { recordType: 'caregiver', id: OWN_COMPANY_BRANCH }, developer)).status,
    ).toBe(200);
    const other = await t.trpc('query', 'getRecordAccessHistory', { recordType: 'client', id: OTHER_COMPANY }, admin);
    expect(other.status).toBe(404);
    expect(other.body.error?.message).toBe(`Client ${OTHER_COMPANY} not found`);
    for (const role of ['branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client']) {
      const token = await t.signIn(role);
      const res = await t.trpc('query', 'getRecordAccessHistory', { recordType: 'client', id: OWN_COMPANY_BRANCH }, token);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
    const bad = await t.trpc('query', 'getRecordAccessHistory', { recordType: 'shift', id: 1 }, admin);
    expect(bad.status).toBe(400);
  });
});

describe('impersonation', () => {
  it('logs its start and stop', async () => {
    const admin = await t.signIn('companyadmin');
    const nurseId = await userIdOf('nurse');
    expect((await t.trpc('mutation', 'startImpersonatingUser', { userId: nurseId }, admin)).status).toBe(200);
    expect(await lastEntry('impersonation-start')).toMatchObject({
      userId: await userIdOf('companyadmin'),
      impersonatedUserId: nurseId,
    });
    expect((await t.trpc('mutation', 'users.stopImpersonatingUser', undefined, admin)).status).toBe(200);
    expect(await lastEntry('impersonation-stop')).toMatchObject({ impersonatedUserId: nurseId });
    const [row] = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.action, 'impersonation-stop'), eq(accessLog.impersonatedUserId, nurseId)));
    expect(row).toBeTruthy();
  });
});
