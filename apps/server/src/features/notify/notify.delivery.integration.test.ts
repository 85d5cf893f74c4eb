import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { OutboxEntry } from '@hearth/shared/notify/notify.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { sendInTransaction, sendManyInTransaction } from '../../jobs/jobs.queue';
import { inTransaction } from '../../db/transaction';
import { users } from '../users/users.schema';
import { outbox } from './notify.schema';
import { copyOutboxTo, notify } from './notify.service';
import { failLostDeliveries, startDelivery } from './notify.delivery';
import { registerDriver } from './notify.drivers';
import { TEXTED_CODE_KINDS } from './notify.secrets';

const PUBLIC_URL = 'https://hearth.example';
const FROM = 'Hearth <care@hearth.example>';
const SMS = { sid: 'AC0123456789', token: 'sms-auth-token', from: '+15550009999' };

/** A mail as the SMTP server received it. */
interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** The headers and plain-text body of a raw single-part message (quoted-printable decoded). */
function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  let text = rest.join('\r\n\r\n');
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    text = Buffer.from(
      text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, text: text.replace(/\r\n/g, '\n').trim() };
}

/** A request the stand-in SMS provider received, with the time it arrived (ms). */
interface SmsRequest {
  at: number;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

let t: TestApp;
let smtp: SMTPServer;
let smtpPort = 0;
let smsServer: http.Server;
let smsUrl = '';
const mails: Received[] = [];
const smsRequests: SmsRequest[] = [];
/** How the SMS stand-in answers each recipient: a list of statuses used in turn (the last one repeats). */
const smsAnswers = new Map<string, number[]>();
let delivery: { stop(): void };
const tokens: Record<string, string> = {};
let nurseId = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (to.includes('bounce@hearth.example')) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  smsServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      smsRequests.push({
        at: Date.now(),
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form,
      });
      const answers = smsAnswers.get(form.get('To') ?? '') ?? [201];
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(status, { 'content-type': 'application/json' });
      if (status === 201) res.end(JSON.stringify({ sid: 'SM1', status: 'queued' }));
      else if (status === 400) res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }));
      else res.end(JSON.stringify({ code: 20500, message: 'Service unavailable' }));
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  smsUrl = `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/2010-04-01`;

  t = await startTestApp({ workers: true });
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'caregiver']) tokens[u] = await t.signIn(u);
  const [nurse] = await t.database.db.select().from(users).where(eq(users.username, 'nurse'));
  nurseId = nurse!.id;
});

afterAll(async () => {
  delivery?.stop();
  copyOutboxTo(null);
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => smsServer.close(() => resolve()));
});

function deliverEverything() {
  delivery = startDelivery(
    {
      email: { smtpUrl: `smtp://mailer:secret@127.0.0.1:${smtpPort}`, from: FROM },
      sms: { apiUrl: smsUrl, accountSid: SMS.sid, authToken: SMS.token, from: SMS.from },
    },
    PUBLIC_URL,
  );
}

/** The row once its job has finished with it (state no longer `queued`), polling the database, up to 30 s. */
async function settled(id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    if (row && row.state !== 'queued') return row;
    if (Date.now() > deadline) throw new Error(`outbox row ${id} still queued`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobsFor(id: number): Promise<number> {
  const rows = await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'deliver-message' and (data->>'outboxId')::int = ${id}`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function outboxRows(as: string): Promise<{ status: number; rows: OutboxEntry[] }> {
  const res = await t.trpc('query', 'getOutbox', { pageSize: 20 }, tokens[as]);
  return { status: res.status, rows: (res.body.result?.data as { rows: OutboxEntry[] } | undefined)?.rows ?? [] };
}

describe('the outbox driver, the default', () => {
  it('keeps messages in the outbox: no job, no attempt, shown as kept', async () => {
    const { id } = await notify({ db: t.database.db, channel: 'email', kind: 'test', recipient: 'a@b.example', body: 'Hi' });
    const { id: smsId } = await notify({ db: t.database.db, channel: 'sms', kind: 'test', recipient: '+15550001', body: 'Yo' });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ state: 'kept', attempts: 0, sentAt: null, failureReason: null });
    expect(await jobsFor(id)).toBe(0);
    expect(await jobsFor(smsId)).toBe(0);
    const { rows } = await outboxRows('developer');
    expect(rows.find((r) => r.id === id)).toMatchObject({ state: 'kept', attempts: 0, failureReason: null });
    expect(mails).toHaveLength(0);
    expect(smsRequests).toHaveLength(0);
  });
});

describe('real delivery', () => {
  beforeAll(() => deliverEverything());
  afterAll(() => delivery.stop());

  it('emails a message over SMTP with its link made absolute, and records it sent', async () => {
    const { id } = await notify({
      db: t.database.db,
      channel: 'email',
      kind: 'client_login_link',
      recipient: 'client@family.example',
      userId: nurseId,
      subject: 'Your Hearth sign-in link',
      body: 'Hello Ann,\n\nUse the link below to sign in.',
      link: '/login?token=tok-123',
    });
    const row = await settled(id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, failureReason: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['client@family.example']);
    expect(mail.from).toBe('care@hearth.example');
    expect(mail.user).toBe('mailer');
    const { headers, text } = parseMail(mail.raw);
    expect(headers.subject).toBe('Your Hearth sign-in link');
    expect(headers.to).toBe('client@family.example');
    expect(text).toBe('Hello Ann,\n\nUse the link below to sign in.\n\nhttps://hearth.example/login?token=tok-123');
  });

  it('fails a message the SMTP server refuses (5xx) at once, with its answer as the reason', async () => {
    const { id } = await notify({
      db: t.database.db,
      channel: 'email',
      kind: 'test',
      recipient: 'bounce@hearth.example',
      subject: 'S',
      body: 'B',
    });
    const row = await settled(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, sentAt: null });
    expect(row.failureReason).toMatch(/^SMTP: 550 Mailbox unavailable/);
  });

  it('texts through the provider: form-encoded To, From, Body with basic auth', async () => {
    const before = smsRequests.length;
    const { id } = await notify({
      db: t.database.db,
      channel: 'sms',
      kind: 'shift_reminder',
      recipient: '+16175550100',
      body: 'Visit at 9:00 with Ann. Details: /app/pickup',
      link: '/app/pickup',
    });
    expect(await settled(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(smsRequests).toHaveLength(before + 1);
    const request = smsRequests.at(-1)!;
    expect(request.url).toBe(`/2010-04-01/Accounts/${SMS.sid}/Messages.json`);
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SMS.sid}:${SMS.token}`).toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+16175550100',
      From: SMS.from,
      Body: 'Visit at 9:00 with Ann. Details: https://hearth.example/app/pickup',
    });
  });

  it('retries with backoff, then records failed with the reason after the last attempt; a retry that succeeds is sent', async () => {
    smsAnswers.set('+15550000503', [503]);
    smsAnswers.set('+15550000504', [503, 201]);
    const failing = await notify({ db: t.database.db, channel: 'sms', kind: 'test', recipient: '+15550000503', body: 'Down' });
    const recovering = await notify({ db: t.database.db, channel: 'sms', kind: 'test', recipient: '+15550000504', body: 'Back' });
    const recovered = await settled(recovering.id);
    expect(recovered).toMatchObject({ state: 'sent', attempts: 2, failureReason: null });

    // The test queue allows 2 retries (3 attempts), the first after 1-2 s and the next after 2-4 s (doubling).
    const failed = await settled(failing.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, sentAt: null });
    expect(failed.failureReason).toBe('SMS provider 503: Service unavailable (20500)');
    const times = smsRequests.filter((r) => r.form.get('To') === '+15550000503').map((r) => r.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2000);
  });

  it('fails a number the provider refuses (4xx) without retrying', async () => {
    smsAnswers.set('+15550000400', [400]);
    const { id } = await notify({ db: t.database.db, channel: 'sms', kind: 'test', recipient: '+1 555 000 0400', body: 'Nope' });
    const row = await settled(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.failureReason).toBe("SMS provider 400: The 'To' number is not a valid phone number. (21211)");
    expect(smsRequests.filter((r) => r.form.get('To') === '+15550000400')).toHaveLength(1);
  });

  it('texts a number stored as typed in E.164, and fails what is no number without asking the provider', async () => {
    const typed = await notify({ db: t.database.db, channel: 'sms', kind: 'test', recipient: '(617) 555-0142', body: 'Hi' });
    expect(await settled(typed.id)).toMatchObject({ state: 'sent' });
    expect(smsRequests.at(-1)!.form.get('To')).toBe('+16175550142');
    const before = smsRequests.length;
    const bad = await notify({ db: t.database.db, channel: 'sms', kind: 'test', recipient: 'call the office', body: 'Hi' });
    expect(await settled(bad.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      failureReason: 'call the office is not a phone number that can be texted',
    });
    expect(smsRequests).toHaveLength(before);
  });

  it('sends nothing for a notify() whose transaction rolls back', async () => {
    let rolledBackId = 0;
    await expect(
      inTransaction(t.database.db, async (tx) => {
        rolledBackId = (
          await notify({ db: tx, channel: 'email', kind: 'test', recipient: 'ghost@hearth.example', subject: 'G', body: 'Ghost' })
        ).id;
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    // A message written after it is delivered: the worker has run since, and the rolled-back one left no trace.
    const { id } = await notify({
      db: t.database.db,
      channel: 'email',
      kind: 'test',
      recipient: 'after@hearth.example',
      subject: 'A',
      body: 'After',
    });
    expect(await settled(id)).toMatchObject({ state: 'sent' });
    expect(rolledBackId).toBeGreaterThan(0);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.id, rolledBackId))).toEqual([]);
    expect(await jobsFor(rolledBackId)).toBe(0);
    expect(mails.flatMap((m) => m.to)).not.toContain('ghost@hearth.example');
  });

  it('queues many jobs in one statement with the transaction that writes their messages', async () => {
    const ids = await inTransaction(t.database.db, async (tx) => {
      const rows = await tx
        .insert(outbox)
        .values(
          [1, 2, 3].map((n) => ({
            channel: 'email' as const,
            kind: 'test',
            recipient: `many${n}@hearth.example`,
            subject: 'M',
            body: `Many ${n}`,
            state: 'queued' as const,
          })),
        )
        .returning({ id: outbox.id });
      await sendManyInTransaction(
        tx,
        'deliver-message',
        rows.map((r) => ({ outboxId: r.id })),
      );
      return rows.map((r) => r.id);
    });
    for (const id of ids) expect(await settled(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(mails.flatMap((m) => m.to)).toEqual(expect.arrayContaining(['many1@hearth.example', 'many3@hearth.example']));
  });

  it('queues the job with the transaction that commits the message', async () => {
    const id = await inTransaction(t.database.db, async (tx) => {
      const written = await notify({
        db: tx,
        channel: 'email',
        kind: 'test',
        recipient: 'tx@hearth.example',
        subject: 'T',
        body: 'In a transaction',
      });
      return written.id;
    });
    expect(await settled(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(mails.flatMap((m) => m.to)).toContain('tx@hearth.example');
  });
});

describe('a delivery whose job was lost', () => {
  it('is failed with the reason, while a message whose job still waits is left queued', async () => {
    const queuedRow = (db: typeof t.database.db) =>
      db
        .insert(outbox)
        .values({ channel: 'email', kind: 'test', recipient: 'lost@hearth.example', body: 'x', state: 'queued', attempts: 3 })
        .returning()
        .then((rows) => rows[0]!);
    const lost = await queuedRow(t.database.db);
    const sent = await t.database.db
      .insert(outbox)
      .values({ channel: 'email', kind: 'test', recipient: 's@hearth.example', body: 'x', state: 'sent', sentAt: new Date() })
      .returning();
    expect((await failLostDeliveries(t.database.db)).failed).toBeGreaterThanOrEqual(1);
    // A row written with its job in one transaction has a live job: it is left queued (then rolled back).
    await expect(
      inTransaction(t.database.db, async (tx) => {
        const waiting = await queuedRow(tx);
        await sendInTransaction(tx, 'deliver-message', { outboxId: waiting.id });
        await failLostDeliveries(tx);
        const [still] = await tx.select().from(outbox).where(eq(outbox.id, waiting.id));
        expect(still!.state).toBe('queued');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [failed] = await t.database.db.select().from(outbox).where(eq(outbox.id, lost.id));
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      failureReason: 'Delivery stopped before a result (its process ended); not sent',
    });
    const [untouched] = await t.database.db.select().from(outbox).where(eq(outbox.id, sent[0]!.id));
    expect(untouched!.state).toBe('sent');
  });
});

describe('secrets in /mocks', () => {
  const code = '482913';
  const codeMessage = (body: string) =>
    notify({
      db: t.database.db,
      channel: 'sms',
      kind: TEXTED_CODE_KINDS.signIn,
      recipient: '+16175550199',
      userId: nurseId,
      body,
    });

  it('shows a texted code only to system level, and only while SMS stays in the outbox', async () => {
    const kept = await codeMessage(`Your Hearth verification code is ${code}. It expires in 3 minutes.`);
    const developer = await outboxRows('developer');
    expect(developer.rows.find((r) => r.id === kept.id)?.body).toBe(
      `Your Hearth verification code is ${code}. It expires in 3 minutes.`,
    );
    const admin = await outboxRows('companyadmin');
    expect(admin.status).toBe(200);
    expect(admin.rows.find((r) => r.id === kept.id)?.body).toBe(
      'Your Hearth verification code is [hidden]. It expires in 3 minutes.',
    );
    for (const role of ['branchmanager', 'caregiver']) expect((await outboxRows(role)).status).toBe(403);

    deliverEverything();
    try {
      const delivered = await codeMessage(`Your Hearth verification code is ${code}. It expires in 3 minutes.`);
      expect(await settled(delivered.id)).toMatchObject({ state: 'sent' });
      expect(smsRequests.at(-1)!.form.get('Body')).toContain(code);
      for (const role of ['developer', 'companyadmin']) {
        const { rows } = await outboxRows(role);
        const shown = JSON.stringify(rows.filter((r) => r.id === delivered.id || r.id === kept.id));
        expect(shown).not.toContain(code);
        expect(rows.find((r) => r.id === delivered.id)).toMatchObject({ state: 'sent', attempts: 1 });
      }
    } finally {
      delivery.stop();
    }
  });

  it('hides login-link tokens from every reader, delivered or not', async () => {
    deliverEverything();
    try {
      const { id } = await notify({
        db: t.database.db,
        channel: 'email',
        kind: 'client_login_link',
        recipient: 'fam@hearth.example',
        userId: nurseId,
        subject: 'Link',
        body: 'Sign in: /login?token=secret-token-1',
        link: '/login?token=secret-token-1',
      });
      await settled(id);
      expect(parseMail(mails.at(-1)!.raw).text).toContain('https://hearth.example/login?token=secret-token-1');
      for (const role of ['developer', 'companyadmin']) {
        const row = (await outboxRows(role)).rows.find((r) => r.id === id)!;
        expect(row).toMatchObject({ link: '/login?token=[hidden]', body: 'Sign in: /login?token=[hidden]' });
      }
    } finally {
      delivery.stop();
    }
  });

  it('writes no secret to the development copy file for a delivered channel', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-copy-')), 'outbox.jsonl');
    copyOutboxTo(file);
    try {
      await codeMessage(`Code ${code}`);
      deliverEverything();
      try {
        const delivered = await codeMessage(`Code ${code}`);
        await settled(delivered.id);
      } finally {
        delivery.stop();
      }
      const lines = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { body: string });
      expect(lines.map((l) => l.body)).toEqual([`Code ${code}`, 'Code [hidden]']);
    } finally {
      copyOutboxTo(null);
    }
  });

  it('translates the reasons Hearth words itself for a Spanish reader', async () => {
    registerDriver('email', null);
    const [row] = await t.database.db
      .insert(outbox)
      .values({
        channel: 'email',
        kind: 'test',
        recipient: 'x@hearth.example',
        body: 'x',
        state: 'failed',
        attempts: 3,
        failureReason: 'No driver delivers email messages on this server',
      })
      .returning();
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.username, 'developer'));
    const { rows } = await outboxRows('developer');
    await t.database.db.update(users).set({ language: null }).where(eq(users.username, 'developer'));
    expect(rows.find((r) => r.id === row!.id)?.failureReason).toBe(
      'Ningún controlador entrega los mensajes de email en este servidor',
    );
  });
});
