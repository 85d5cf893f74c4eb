import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { decryptPush, newBrowserKeys, startTestPushService, type TestPushService } from '../../test/push-service';
import { users } from '../users/users.schema';
import { pushSubscriptions } from './push.schema';
import { createPushDriver, NO_PUSH_SUBSCRIPTION } from './push.driver';
import { PermanentDeliveryError, registerDriver, type OutboxMessage } from './notify.drivers';
import { hasPushSubscription } from './push.service';
import { notify } from './notify.service';
import { outbox } from './notify.schema';

/**
 * Web push (issue 21 item 4): POST /notifications/register-device stores a browser's subscription per user and
 * device, replacing the device's old one; unregister forgets it; nobody registers for, reads or removes another's;
 * a malformed deviceToken is a 400. The push driver sends to every subscription of the row's user through a local
 * HTTPS push service, with VAPID and an encrypted payload, and drops subscriptions answered 404 or 410.
 */

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
let push: TestPushService;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  // The workers run the deliver-message jobs of the last test (the whole way from notify() to the push service).
  t = await startTestApp({ workers: true });
  push = await startTestPushService();
  for (const username of ['caregiver', 'client', 'nurse', 'companyadmin']) {
    tokens[username] = await t.signIn(username);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    ids[username] = row!.id;
  }
});

afterAll(async () => {
  registerDriver('push', null);
  await push?.close();
  await t?.close();
});

beforeEach(async () => {
  await t.database.db.delete(pushSubscriptions);
  push.requests.length = 0;
});

/** A subscription's JSON as the browser's PushSubscription.toJSON() gives it, at `path` of the push service. */
function subscriptionAt(path: string, browser = newBrowserKeys()) {
  return { browser, json: { endpoint: push.url(path), expirationTime: null, keys: browser.keys } };
}

async function post(path: string, body: unknown, token?: string, userAgent = CHROME_ANDROID) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': userAgent };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.fetch(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

const register = (username: string, subscription: unknown, userAgent?: string) =>
  post('/notifications/register-device', { deviceToken: JSON.stringify(subscription) }, tokens[username], userAgent);

const unregister = (username: string, subscription: unknown) =>
  post('/notifications/unregister-device', { deviceToken: JSON.stringify(subscription) }, tokens[username]);

const stored = () =>
  t.database.db
    .select({ userId: pushSubscriptions.userId, device: pushSubscriptions.device, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .orderBy(asc(pushSubscriptions.id));

describe('POST /notifications/register-device', () => {
  it('stores the subscription for the signed-in user and device, and answers only success', async () => {
    const { json } = subscriptionAt('/a');
    const answer = await register('caregiver', json);
    expect(answer).toEqual({ status: 200, text: JSON.stringify({ success: true }) });
    expect(await stored()).toEqual([{ userId: ids.caregiver, device: 'Chrome on Android', endpoint: json.endpoint }]);
    expect(await hasPushSubscription(t.database.db, ids.caregiver!)).toBe(true);
    expect(await hasPushSubscription(t.database.db, ids.nurse!)).toBe(false);
  });

  it("replaces the device's old subscription; another device keeps its own", async () => {
    await register('caregiver', subscriptionAt('/old').json);
    await register('caregiver', subscriptionAt('/laptop').json, FIREFOX_WINDOWS);
    const { json } = subscriptionAt('/new');
    expect((await register('caregiver', json)).status).toBe(200);
    expect(await stored()).toEqual([
      { userId: ids.caregiver, device: 'Firefox on Windows', endpoint: push.url('/laptop') },
      { userId: ids.caregiver, device: 'Chrome on Android', endpoint: json.endpoint },
    ]);
  });

  it('gives a shared browser to whoever registered it last, so the previous user no longer reaches it', async () => {
    const { json } = subscriptionAt('/shared');
    await register('caregiver', json);
    await register('nurse', json, FIREFOX_WINDOWS);
    expect(await stored()).toEqual([{ userId: ids.nurse, device: 'Firefox on Windows', endpoint: json.endpoint }]);
  });

  it('registers for the caller only: a userId in the body is ignored', async () => {
    const { json } = subscriptionAt('/mine');
    const answer = await post(
      '/notifications/register-device',
      { deviceToken: JSON.stringify(json), userId: ids.client },
      tokens.caregiver,
    );
    expect(answer.status).toBe(200);
    expect((await stored()).map((s) => s.userId)).toEqual([ids.caregiver]);
  });

  it('refuses without a session (401) and while impersonating (403)', async () => {
    const { json } = subscriptionAt('/x');
    expect((await post('/notifications/register-device', { deviceToken: JSON.stringify(json) })).status).toBe(401);
    const admin = await t.signIn('companyadmin');
    expect((await t.trpc('mutation', 'startImpersonatingUser', { userId: ids.caregiver }, admin)).status).toBe(200);
    try {
      const answer = await post('/notifications/register-device', { deviceToken: JSON.stringify(json) }, admin);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text).message).toContain('not while impersonating');
    } finally {
      await t.trpc('mutation', 'users.stopImpersonatingUser', undefined, admin);
    }
    expect(await stored()).toEqual([]);
  });

  it('answers a malformed deviceToken with 400 and a message, never a 500, and stores nothing', async () => {
    const { browser } = subscriptionAt('/bad');
    const good = { endpoint: push.url('/bad'), keys: browser.keys };
    const tokensToTry: unknown[] = [
      'not json',
      'null',
      '[]',
      '12',
      JSON.stringify({}),
      JSON.stringify({ ...good, endpoint: 'http://127.0.0.1:9/push' }),
      JSON.stringify({ ...good, endpoint: 'file:///etc/passwd' }),
      JSON.stringify({ ...good, endpoint: 'not a url' }),
      JSON.stringify({ ...good, endpoint: `https://a.example/${'x'.repeat(2100)}` }),
      JSON.stringify({ ...good, endpoint: 'https://a.example/\u0000' }),
      JSON.stringify({ ...good, keys: { p256dh: browser.keys.p256dh } }),
      JSON.stringify({ ...good, keys: { ...browser.keys, auth: 'short' } }),
      JSON.stringify({ ...good, keys: { ...browser.keys, p256dh: 'A'.repeat(87) } }),
      JSON.stringify({ ...good, keys: { ...browser.keys, p256dh: '!'.repeat(87) } }),
      JSON.stringify({ ...good, keys: 'keys' }),
      JSON.stringify({ ...good, expirationTime: 'soon' }),
    ];
    const bodies: string[] = [
      ...tokensToTry.map((deviceToken) => JSON.stringify({ deviceToken })),
      JSON.stringify({ deviceToken: good }),
      JSON.stringify({ deviceToken: 'x'.repeat(1024 * 1024) }),
      JSON.stringify({ deviceToken: 'a\u0000b' }),
      JSON.stringify({ deviceToken: 12345 }),
      'not json',
      '[]',
    ];
    for (const path of ['/notifications/register-device', '/notifications/unregister-device']) {
      for (const body of bodies) {
        const answer = await post(path, body, tokens.caregiver);
        expect(answer.status, `${path} ${body.slice(0, 120)}: ${answer.text.slice(0, 200)}`).toBe(400);
        expect(typeof JSON.parse(answer.text).message).toBe('string');
      }
    }
    expect(await stored()).toEqual([]);
  });
});

describe('POST /notifications/unregister-device', () => {
  it("forgets the caller's own subscription and never another user's", async () => {
    const mine = subscriptionAt('/mine').json;
    const theirs = subscriptionAt('/theirs').json;
    await register('caregiver', mine);
    await register('client', theirs, FIREFOX_WINDOWS);
    // The client names the caregiver's browser: nothing of the caregiver's goes, and the answer says nothing more.
    expect(await unregister('client', mine)).toEqual({ status: 200, text: JSON.stringify({ success: true }) });
    expect((await stored()).map((s) => s.userId)).toEqual([ids.caregiver, ids.client]);
    expect((await unregister('caregiver', mine)).status).toBe(200);
    expect((await stored()).map((s) => s.userId)).toEqual([ids.client]);
  });
});

describe('what anyone can read', () => {
  it('gives out the VAPID public key, without a session', async () => {
    const res = await t.fetch('/notifications/push-public-key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: t.vapid.publicKey });
  });

  it('never shows an endpoint or key: not in the current user, nor to staff reading the user', async () => {
    const { json } = subscriptionAt('/secret');
    await register('caregiver', json);
    const secrets = [json.endpoint, json.keys.p256dh, json.keys.auth, '/secret'];
    const current = await t.fetch('/users/current', { headers: { authorization: `Bearer ${tokens.caregiver}` } });
    const user = await t.trpc('query', 'getUser', { id: ids.caregiver }, tokens.companyadmin);
    const outbox = await t.trpc('query', 'getOutbox', { page: 1, pageSize: 100 }, tokens.companyadmin);
    expect([current.status, user.status, outbox.status]).toEqual([200, 200, 200]);
    const answers = [await current.text(), JSON.stringify(user.body), JSON.stringify(outbox.body)];
    for (const answer of answers) for (const secret of secrets) expect(answer).not.toContain(secret);
  });
});

/** An outbox row of channel push for `userId`, as the deliver-message job hands it to the driver. */
function pushRow(userId: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: 1,
    channel: 'push',
    kind: 'visit_assigned',
    recipient: `user:${userId}`,
    userId,
    subject: null,
    body: 'Mon 12/1 9:00 AM with Dana',
    link: '/app',
    attempts: 1,
    ...overrides,
  };
}

describe('the push driver', () => {
  const clock = new Date('2026-03-02T15:00:00Z');
  const driver = () => createPushDriver({ db: t.database.db, vapid: t.vapid, agent: push.agent, now: () => clock });

  it('sends the encrypted payload with VAPID to every browser of the user, and drops those answered 404 or 410', async () => {
    const phone = subscriptionAt('/phone');
    const laptop = subscriptionAt('/laptop');
    const gone = subscriptionAt('/gone');
    const missing = subscriptionAt('/missing');
    const otherUser = subscriptionAt('/other');
    await register('caregiver', phone.json);
    await register('caregiver', laptop.json, FIREFOX_WINDOWS);
    await register('caregiver', gone.json, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15');
    await register('caregiver', missing.json, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36');
    await register('client', otherUser.json);
    push.answer('/gone', 410);
    push.answer('/missing', 404);

    await driver().deliver(pushRow(ids.caregiver!));

    // Each of the caregiver's four browsers was tried; the client's was not.
    expect(push.requests.map((r) => r.path).sort()).toEqual(['/gone', '/laptop', '/missing', '/phone']);
    const request = push.requests.find((r) => r.path === '/phone')!;
    expect(request.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.vapid.publicKey}$`));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe(String(12 * 60 * 60));
    expect(request.body.toString('utf8')).not.toContain('Dana');
    expect(JSON.parse(decryptPush(request.body, phone.browser))).toEqual({
      title: 'Hearth: your visits',
      body: 'Mon 12/1 9:00 AM with Dana',
      link: '/app',
      kind: 'visit_assigned',
    });

    const rows = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint, lastSuccessAt: pushSubscriptions.lastSuccessAt })
      .from(pushSubscriptions)
      .orderBy(asc(pushSubscriptions.id));
    expect(rows).toEqual([
      { endpoint: phone.json.endpoint, lastSuccessAt: clock },
      { endpoint: laptop.json.endpoint, lastSuccessAt: clock },
      { endpoint: otherUser.json.endpoint, lastSuccessAt: null },
    ]);
  });

  it('words the push for its audience in the reader’s language: clients, and office staff in Spanish', async () => {
    const client = subscriptionAt('/client');
    const nurse = subscriptionAt('/nurse');
    await register('client', client.json);
    await register('nurse', nurse.json);
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, ids.nurse!));
    try {
      await driver().deliver(pushRow(ids.client!, { link: null }));
      await driver().deliver(pushRow(ids.nurse!, { recipient: `user:${ids.nurse}`, userId: null }));
      await driver().deliver(pushRow(ids.nurse!, { subject: 'Visita asignada' }));
    } finally {
      await t.database.db.update(users).set({ language: null }).where(eq(users.id, ids.nurse!));
    }
    const payloads = push.requests.map((r) =>
      JSON.parse(decryptPush(r.body, r.path === '/client' ? client.browser : nurse.browser)),
    );
    expect(payloads.map((p: { title: string }) => p.title)).toEqual([
      'Hearth: your care',
      'Oficina de Hearth',
      'Visita asignada',
    ]);
    expect(payloads[0].link).toBeNull();
  });

  it('fails permanently, saying email or SMS must stand in, when the user has no browser left', async () => {
    await expect(driver().deliver(pushRow(ids.nurse!))).rejects.toThrow(PermanentDeliveryError);
    await expect(driver().deliver(pushRow(ids.nurse!))).rejects.toThrow(NO_PUSH_SUBSCRIPTION);
    expect(NO_PUSH_SUBSCRIPTION).toContain('iPhone');

    const gone = subscriptionAt('/gone-too');
    await register('nurse', gone.json);
    push.answer('/gone-too', 410);
    await expect(driver().deliver(pushRow(ids.nurse!))).rejects.toThrow(PermanentDeliveryError);
    expect(await stored()).toEqual([]);

    await expect(driver().deliver(pushRow(ids.nurse!, { userId: null, recipient: 'some-device-token' }))).rejects.toThrow(
      PermanentDeliveryError,
    );
  });

  it('throws a retried failure, keeping the subscription, when the push service fails otherwise', async () => {
    const flaky = subscriptionAt('/flaky');
    await register('nurse', flaky.json);
    push.answer('/flaky', 503);
    const failure = await driver()
      .deliver(pushRow(ids.nurse!))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toBe('Push not delivered: push service answered 503');
    expect((failure as Error).message).not.toContain('127.0.0.1');
    expect((await stored()).map((s) => s.endpoint)).toEqual([flaky.json.endpoint]);
  });
});

describe('a push message from notify() to the browser', () => {
  /** The row once its deliver-message job has finished with it, polling the database, up to 30 s. */
  async function settled(id: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
      if (row && row.state !== 'queued') return row;
      if (Date.now() > deadline) throw new Error(`outbox row ${id} still queued`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('is queued, delivered by the job through the push driver, and marked sent; without a browser, failed saying why', async () => {
    registerDriver('push', createPushDriver({ db: t.database.db, vapid: t.vapid, agent: push.agent }));
    const phone = subscriptionAt('/job');
    await register('caregiver', phone.json);
    const message = { channel: 'push' as const, kind: 'pickup_invitation', body: 'Open shift Tue 9:00 AM', link: '/app/pickup' };

    const sent = await notify({ db: t.database.db, ...message, recipient: `user:${ids.caregiver}`, userId: ids.caregiver });
    expect(await settled(sent.id)).toMatchObject({ state: 'sent', attempts: 1, failureReason: null });
    expect(push.requests.map((r) => r.path)).toEqual(['/job']);
    expect(JSON.parse(decryptPush(push.requests[0]!.body, phone.browser))).toMatchObject({
      body: 'Open shift Tue 9:00 AM',
      link: '/app/pickup',
    });

    const unreachable = await notify({ db: t.database.db, ...message, recipient: `user:${ids.nurse}`, userId: ids.nurse });
    expect(await settled(unreachable.id)).toMatchObject({ state: 'failed', attempts: 1, failureReason: NO_PUSH_SUBSCRIPTION });
  });
});
