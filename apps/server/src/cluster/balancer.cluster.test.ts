import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { ClientFile, CreatedFileUpload, FileDownloadLink } from '@hearth/shared/files/files.schema';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { openPostgres, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { openLiveStream } from '../features/live/live.test-support';
import { clients } from '../features/clients/clients.schema';
import { branchUsers, users } from '../features/users/users.schema';
import { copyOfTemplate } from './cluster.global-setup';
import { pinnedUrl, SERVED_BY_HEADER, startHaproxy, type Balancer } from './haproxy.test-support';
import { freePorts, signIn, startServer, trpc, type ServerProcess } from './server.test-support';

/**
 * Two real server processes (src/main.ts) on one PostgreSQL database and one DATA_DIR, behind HAProxy (round robin,
 * no sticky sessions), as docs/architecture.md "Running several processes" describes: sessions, live updates,
 * files, jobs and advisory locks hold across them. `/via/s1` and `/via/s2` send a request to one process through
 * the balancer (haproxy.test-support.ts).
 */

const SMS = { sid: 'ACcluster', token: 'cluster-token', from: '+16175550000' };
let drop: () => Promise<void>;
let database: Database;
let balancer: Balancer;
let dataDir: string;
const servers: ServerProcess[] = [];
let s1: string;
let s2: string;

/**
 * A stand-in SMS provider (Twilio's Messages API shape) that records each message and answers none until two are
 * waiting at once: a process works one job of a queue at a time, so two messages in flight are two processes.
 */
const texts: string[] = [];
let inFlight: (() => void)[] = [];
let barrierOpen = false;
const sms = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    texts.push(new URLSearchParams(Buffer.concat(chunks).toString()).get('To') ?? '');
    const answer = () => res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
    if (barrierOpen) return answer();
    inFlight.push(answer);
    if (inFlight.length >= 2) {
      barrierOpen = true;
      for (const release of inFlight) release();
      inFlight = [];
    }
  });
});

beforeAll(async () => {
  const copy = await copyOfTemplate(inject('clusterTemplate'));
  drop = copy.drop;
  database = openPostgres(copy.url, 2);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-cluster-'));
  const [smsPort, lbPort, port1, port2] = (await freePorts(4)) as [number, number, number, number];
  sms.listen(smsPort, '127.0.0.1');
  const shared = {
    DATABASE_URL: copy.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    SIGN_IN_RATE_LIMIT_MAX: '1000',
    SMS_API_URL: `http://127.0.0.1:${smsPort}`,
    SMS_ACCOUNT_SID: SMS.sid,
    SMS_AUTH_TOKEN: SMS.token,
    SMS_FROM: SMS.from,
  };
  // Started at once, as a deployment restarts them: the upgrade at start takes turns (cluster/start-lock.ts).
  servers.push(
    ...(await Promise.all([startServer({ ...shared, PORT: String(port1) }), startServer({ ...shared, PORT: String(port2) })])),
  );
  balancer = await startHaproxy(lbPort, [
    { name: 's1', port: port1 },
    { name: 's2', port: port2 },
  ]);
  s1 = pinnedUrl(balancer.url, 's1');
  s2 = pinnedUrl(balancer.url, 's2');
});

afterAll(async () => {
  await balancer?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  sms.close();
  await database?.close();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The first row of `query` on the test's own connection to the database. */
async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await database.db.execute(query));
  if (!row) throw new Error('no row');
  return row;
}

describe('several server processes behind HAProxy', () => {
  it('signs in through the balancer, a session made on one process holds on the other, and requests spread', async () => {
    const token = await signIn(s1, 'branchmanager');
    const me = await fetch(`${s2}/users/current`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get(SERVED_BY_HEADER)).toBe('s2');
    expect(((await me.json()) as { username: string }).username).toBe('branchmanager');

    const servedBy: Record<string, number> = {};
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${balancer.url}/users/current`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const server = res.headers.get(SERVED_BY_HEADER) ?? 'none';
      servedBy[server] = (servedBy[server] ?? 0) + 1;
    }
    expect(servedBy).toEqual({ s1: 5, s2: 5 });
  });

  it('a shift created through one process reaches a live subscriber held on the other, and back', async () => {
    const token = await signIn(balancer.url, 'branchmanager');
    const [client] = await database.db
      .select({ id: clients.id })
      .from(clients)
      .innerJoin(branchUsers, eq(branchUsers.branchId, clients.branchId))
      .innerJoin(users, eq(users.id, branchUsers.userId))
      .where(eq(users.username, 'branchmanager'))
      .orderBy(clients.id)
      .limit(1);
    const clientId = client!.id;
    const origin = balancer.url;
    const onS2 = await openLiveStream(s2, token, { origin });
    const onS1 = await openLiveStream(s1, token, { origin });
    expect((await onS2.next()).topic).toBe('ready');
    expect((await onS1.next()).topic).toBe('ready');

    const create = (base: string, day: number) =>
      trpc<{ shift: { id: number } }>(
        base,
        'mutation',
        'createShift',
        { clientId, startTimestamp: `2031-06-0${day}T13:00:00Z`, endTimestamp: `2031-06-0${day}T15:00:00Z` },
        token,
      );
    const onFirst = await create(s1, 3);
    expect(onFirst.headers.get(SERVED_BY_HEADER)).toBe('s1');
    expect(await onS2.next()).toMatchObject({ topic: 'shifts', refId: onFirst.data.shift.id });
    const onSecond = await create(s2, 4);
    expect(onSecond.headers.get(SERVED_BY_HEADER)).toBe('s2');
    const heard = await onS1.collectUntil((e) => e.topic === 'shifts' && e.refId === onSecond.data.shift.id);
    expect(heard.map((e) => e.refId)).toContain(onFirst.data.shift.id);
    onS1.close();
    onS2.close();
  });

  it('a file uploaded through one process downloads through the other', async () => {
    const token = await signIn(balancer.url, 'companyadmin');
    const { id: clientId } = await one<{ id: number }>(sql`select id from clients order by id limit 1`);
    const bytes = Buffer.from(`%PDF-1.4\n% ${randomBytes(16).toString('hex')}\n%%EOF\n`);
    const created = await trpc<ClientFile & CreatedFileUpload>(
      s1,
      'mutation',
      'createClientFile',
      { clientId, filename: 'Care plan.pdf', size: bytes.length, contentType: 'application/pdf' },
      token,
    );
    expect(created.status).toBe(200);
    const put = await fetch(`${s1}${created.data.url}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: bytes,
    });
    expect([put.status, put.headers.get(SERVED_BY_HEADER)]).toEqual([200, 's1']);

    const link = await trpc<FileDownloadLink>(s2, 'query', 'getClientFileDownloadLink', { id: created.data.id }, token);
    expect(link.status).toBe(200);
    const download = await fetch(`${s2}${link.data.url}`);
    expect([download.status, download.headers.get(SERVED_BY_HEADER)]).toEqual([200, 's2']);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('each job runs exactly once, with both processes working the queue', async () => {
    const token = await signIn(balancer.url, 'companyadmin');
    const shifts = rowsOf<{ id: number }>(
      await database.db.execute(sql`select s.id from shifts s join caregivers c on c.id = s.caregiver_id
        where s.status <> 'cancelled' and coalesce(trim(c.phone_number), '') <> '' order by s.id limit 6`),
    );
    expect(shifts).toHaveLength(6);
    const sent = await Promise.all(
      shifts.map((shift, i) =>
        trpc<{ channel: string }>(i % 2 ? s2 : s1, 'mutation', 'sendShiftReminder', { scheduleId: shift.id }, token),
      ),
    );
    expect(sent.map((answer) => answer.data?.channel)).toEqual(Array(6).fill('sms'));

    // Sent once each: six rows sent after one attempt, their six deliver-message jobs completed on their first, and
    // the provider got one text per attempt of every text message (earlier tests' messages included).
    const settled = async () => ({
      rows: rowsOf(await database.db.execute(sql`select state, attempts from outbox where kind = 'shift_reminder'`)),
      jobs: rowsOf(
        await database.db.execute(sql`select j.state, j.retry_count from (
          select data, state, retry_count from pgboss.job where name = 'deliver-message'
          union all select data, state, retry_count from pgboss.archive where name = 'deliver-message') j
          join outbox o on o.id = (j.data->>'outboxId')::bigint where o.kind = 'shift_reminder'`),
      ),
      textsMissing:
        (await one<{ n: number }>(sql`select coalesce(sum(attempts), 0)::int as n from outbox where channel = 'sms'`)).n -
        texts.length,
    });
    await expect.poll(settled, { timeout: 60_000 }).toEqual({
      rows: Array(6).fill({ state: 'sent', attempts: 1 }),
      jobs: Array(6).fill({ state: 'completed', retry_count: 0 }),
      textsMissing: 0,
    });
    // The provider answered nothing until two texts were in flight at once: two processes were delivering.
    expect(barrierOpen).toBe(true);
  });

  it("computing one pay period through both processes at once takes turns on the period's advisory lock", async () => {
    const token = await signIn(balancer.url, 'companyadmin');
    const { from, to } = await one<{ from: string; to: string }>(sql`select
      to_char(min(start_at) at time zone 'UTC', 'YYYY-MM-DD') as "from",
      to_char(min(start_at) at time zone 'UTC' + interval '13 days', 'YYYY-MM-DD') as "to"
      from shifts where check_in_at is not null`);
    const computes = await Promise.all(
      [s1, s2, s1, s2].map((base) => trpc<PayrollReportOutput>(base, 'mutation', 'computePayrollReport', { from, to }, token)),
    );
    expect(computes.map((c) => [c.status, c.headers.get(SERVED_BY_HEADER)])).toEqual([
      [200, 's1'],
      [200, 's2'],
      [200, 's1'],
      [200, 's2'],
    ]);
    const [first] = computes;
    expect(first!.data.caregivers).toBeGreaterThan(0);
    for (const c of computes) expect(c.data.totals).toEqual(first!.data.totals);
    const stored = await one<{ lines: number; caregivers: number }>(sql`select count(*)::int as lines,
      count(distinct caregiver_id)::int as caregivers from payroll_lines where period_from = ${from} and period_to = ${to}`);
    expect(stored).toEqual({ lines: first!.data.caregivers, caregivers: first!.data.caregivers });
  });
});
