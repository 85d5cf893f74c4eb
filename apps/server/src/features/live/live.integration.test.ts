import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { plantRecords } from '../../test/planted-records';
import { users } from '../users/users.schema';
import { branches } from '../branches/branches.schema';
import { rowsOf } from '../../db/rows';
import { publishLiveEvent } from './live.publish';
import { pruneLiveEvents } from './live.prune';
import { liveEventStream } from './live.stream';
import { currentSubscriber } from './live.session';
import { openLiveStream, type LiveStreamReader, type ReceivedEvent } from './live.test-support';

/** Another company's branch (and its id), planted far above the seed's ids. */
const OTHER_COMPANY_BRANCH = 940_001;

let t: TestApp;
let tokens: Record<string, string>;
let userIds: Record<string, number>;
let branchIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  const names = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client'];
  tokens = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await t.signIn(name)] as const)));
  userIds = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
        return [name, row!.id] as const;
      }),
    ),
  );
  branchIds = (await t.database.db.select({ id: branches.id }).from(branches).orderBy(branches.id)).map((b) => b.id);
  await plantRecords(t.database.db, { id: OTHER_COMPANY_BRANCH, marker: 'LIVE-PLANTED', companyId: null });
});

afterAll(async () => {
  await t?.close();
});

/** A stream opened for `username`, read up to its 'ready' marker (live from there). */
async function listen(username: string): Promise<{ stream: LiveStreamReader; ready: ReceivedEvent }> {
  const stream = await openLiveStream(t.baseUrl, tokens[username]!);
  expect(stream.status).toBe(200);
  const ready = await stream.next();
  expect(ready.topic).toBe('ready');
  return { stream, ready };
}

/** Publishes in a transaction of its own that commits. */
const publish = (event: Parameters<typeof publishLiveEvent>[1]) => t.database.db.transaction((tx) => publishLiveEvent(tx, event));

/** The refIds of events up to the marker `refId`. */
async function refIdsUntil(stream: LiveStreamReader, marker: number): Promise<(number | null)[]> {
  return (await stream.collectUntil((e) => e.refId === marker)).map((e) => e.refId);
}

describe('live.onEvent', () => {
  // live.onEvent is left out of the scope-matrix and malformed-input sweeps (test/procedure-inputs.ts,
  // test/malformed-inputs.ts): they call queries and mutations and read one JSON answer, while a subscription answers
  // an event stream. This file tries it the same way instead: no session, malformed inputs, and each role and scope
  // (every demo role, another branch, another company's branch, caregiver and client by user id only).
  // An event stream answers 200 and then reports the refusal as its one event (tRPC's serialized-error), with the
  // status it stands for; the client does not retry a 401 or a 400.
  it('refuses a caller without a session, and a malformed lastEventId, with no event', async () => {
    const refusal = async (token: string | null, input?: unknown) => {
      const stream = await openLiveStream(t.baseUrl, token, { input });
      const error = await stream.next().then(
        () => null,
        (e: Error) => JSON.parse(e.message.replace(/^stream error: /, '')) as { data: { httpStatus: number } },
      );
      stream.close();
      return error?.data.httpStatus;
    };
    expect(await refusal(null)).toBe(401);
    expect(await refusal('not-a-session-token')).toBe(401);
    expect(await refusal(tokens.developer!, { lastEventId: 'abc' })).toBe(400);
    expect(await refusal(tokens.developer!, { lastEventId: '1', topic: 'x' })).toBe(400);
    expect(await refusal(tokens.developer!, { lastEventId: '9'.repeat(40) })).toBe(400);
  });

  it('delivers an event on commit, never one whose transaction rolled back', async () => {
    const { stream } = await listen('branchmanager');
    await publish({ topic: 'shifts', branchIds: [branchIds[0]!], refId: 101 });
    await t.database.db
      .transaction(async (tx) => {
        await publishLiveEvent(tx, { topic: 'shifts', branchIds: [branchIds[0]!], refId: 102 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await publish({ topic: 'visits', branchIds: [branchIds[0]!], refId: 103 });
    const received = await stream.collectUntil((e) => e.refId === 103);
    expect(received.map((e) => [e.topic, e.refId])).toEqual([
      ['shifts', 101],
      ['visits', 103],
    ]);
    expect(Number(received[1]!.id)).toBeGreaterThan(Number(received[0]!.id));
    stream.close();
  });

  it('a stream that drops resumes after lastEventId and loses nothing, twice nothing', async () => {
    const { stream } = await listen('branchmanager');
    await publish({ topic: 'shifts', branchIds: [branchIds[0]!], refId: 201 });
    const [first] = await stream.collectUntil((e) => e.refId === 201);
    stream.close();
    // Written while the stream is down: one for another branch (not for this manager), two for theirs.
    await publish({ topic: 'shifts', branchIds: [branchIds[0]!], refId: 202 });
    await publish({ topic: 'shifts', branchIds: [branchIds[1]!], refId: 203 });
    await publish({ topic: 'counts', userIds: [userIds.branchmanager!], refId: 204 });
    const resumed = await openLiveStream(t.baseUrl, tokens.branchmanager!, { lastEventId: first!.id });
    await publish({ topic: 'shifts', branchIds: [branchIds[0]!], refId: 205 });
    expect(await refIdsUntil(resumed, 205)).toEqual([202, 204, 205]);
    resumed.close();
  });

  it('a stream that drops before its first event resumes from its ready position', async () => {
    const { stream, ready } = await listen('prn');
    stream.close();
    await publish({ topic: 'shifts', branchIds: [branchIds[1]!], refId: 301 });
    const resumed = await openLiveStream(t.baseUrl, tokens.prn!, { lastEventId: ready.id });
    expect(await refIdsUntil(resumed, 301)).toEqual([301]);
    resumed.close();
  });

  it('reaches the listed users and the staff whose scope covers a listed branch, no one else', async () => {
    const names = ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn', 'caregiver', 'client'] as const;
    const streams = Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await listen(n)).stream] as const)));
    const [first, second] = branchIds as [number, number];
    await publish({ topic: 'shifts', branchIds: [first], refId: 401 });
    await publish({ topic: 'shifts', branchIds: [second], refId: 402 });
    await publish({ topic: 'shifts', branchIds: [OTHER_COMPANY_BRANCH], refId: 403 });
    await publish({ topic: 'visits', userIds: [userIds.caregiver!], refId: 404 });
    await publish({ topic: 'notifications', userIds: [userIds.client!], branchIds: [second], refId: 405 });
    const done = 499;
    await publish({ topic: 'counts', userIds: Object.values(userIds), refId: done });
    const heard = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await refIdsUntil(streams[n]!, done)] as const)),
    );
    expect(heard).toEqual({
      // System level: every branch, another company's too.
      developer: [401, 402, 403, 405, done],
      // Company level: the branches of their company only.
      companyadmin: [401, 402, 405, done],
      // Branch level: their own branches.
      branchmanager: [401, done],
      rvp: [401, 402, 405, done],
      nurse: [401, done],
      prn: [402, 405, done],
      // No branch scope: by user id only, though linked to the first branch.
      caregiver: [404, done],
      client: [405, done],
    });
    for (const stream of Object.values(streams)) stream.close();
  });

  it('replays missed events with the same audience rule', async () => {
    const { stream, ready } = await listen('caregiver');
    stream.close();
    await publish({ topic: 'shifts', branchIds: branchIds, refId: 501 });
    await publish({ topic: 'shifts', branchIds: [OTHER_COMPANY_BRANCH], userIds: [userIds.caregiver!], refId: 502 });
    const resumedCaregiver = await openLiveStream(t.baseUrl, tokens.caregiver!, { lastEventId: ready.id });
    const resumedAdmin = await openLiveStream(t.baseUrl, tokens.companyadmin!, { lastEventId: ready.id });
    await publish({ topic: 'counts', userIds: [userIds.caregiver!, userIds.companyadmin!], refId: 599 });
    expect(await refIdsUntil(resumedCaregiver, 599)).toEqual([502, 599]);
    expect(await refIdsUntil(resumedAdmin, 599)).toEqual([501, 599]);
    resumedCaregiver.close();
    resumedAdmin.close();
  });

  it('numbers events in commit order, not insert order', async () => {
    const { stream } = await listen('developer');
    const me = userIds.developer!;
    // On PostgreSQL a transaction that inserts first but commits last gets the later position. PGlite has one
    // connection, so its transactions run one after another and the two orders are the same by construction.
    if (t.database.engine === 'postgres') {
      let releaseSlow!: () => void;
      const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
      let slowInserted!: () => void;
      const inserted = new Promise<void>((resolve) => (slowInserted = resolve));
      const slow = t.database.db.transaction(async (tx) => {
        await publishLiveEvent(tx, { topic: 'shifts', userIds: [me], refId: 601 });
        slowInserted();
        await slowMayCommit;
      });
      await inserted;
      await publish({ topic: 'shifts', userIds: [me], refId: 602 });
      releaseSlow();
      await slow;
    } else {
      await publish({ topic: 'shifts', userIds: [me], refId: 602 });
      await publish({ topic: 'shifts', userIds: [me], refId: 601 });
    }
    const events = await stream.collectUntil((e) => e.refId === 601);
    expect(events.map((e) => e.refId)).toEqual([602, 601]);
    expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
    const rows = rowsOf<{ id: string; ref_id: number }>(
      await t.database.db.execute(sql`select id, ref_id from live_events where ref_id in (601, 602) order by seq`),
    );
    expect(rows.map((r) => r.ref_id)).toEqual([602, 601]);
    stream.close();
  });
});

describe('pruneLiveEvents', () => {
  it('deletes events older than a day but the newest; a client resuming from before them is told to resync', async () => {
    const { stream, ready } = await listen('developer');
    stream.close();
    const old = await publish({ topic: 'shifts', userIds: [userIds.developer!], refId: 701 });
    await publish({ topic: 'shifts', userIds: [userIds.developer!], refId: 702 });
    // A day later: every event so far is past its retention.
    await t.database.db.execute(sql`update live_events set created_at = now() - interval '25 hours'`);
    const { deleted } = await pruneLiveEvents(t.database.db);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ ref_id: number }>(
      await t.database.db.execute(sql`select ref_id from live_events where id >= ${old.id} order by seq`),
    );
    expect(left.map((r) => r.ref_id)).toEqual([702]);
    const resumed = await openLiveStream(t.baseUrl, tokens.developer!, { lastEventId: ready.id });
    expect(await resumed.next()).toMatchObject({ topic: 'resync', refId: null });
    resumed.close();
  });
});

describe('an open stream and its session', () => {
  it('currentSubscriber answers the subscriber while the session holds, null once it is signed out', async () => {
    const token = await t.signIn('nurse');
    const headers = new Headers({ authorization: `Bearer ${token}` });
    const deps = { db: t.database.db, auth: t.auth };
    expect(await currentSubscriber(deps, headers, Date.now())).toMatchObject({ userId: userIds.nurse, level: 'branch' });
    // Past the inactivity limit (30 minutes) the session no longer holds, without being touched by the check.
    expect(await currentSubscriber(deps, headers, Date.now() + 31 * 60_000)).toBeNull();
    const signOut = await t.fetch('/api/auth/sign-out', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(signOut.status).toBe(200);
    expect(await currentSubscriber(deps, headers, Date.now())).toBeNull();
  });

  it('follows a changed scope found by its recheck, and ends with UNAUTHORIZED once the session is gone', async () => {
    const me = userIds.branchmanager!;
    let secondCheckStarted!: () => void;
    const secondCheck = new Promise<void>((resolve) => (secondCheckStarted = resolve));
    let endSession!: () => void;
    const sessionGone = new Promise<null>((resolve) => (endSession = () => resolve(null)));
    let calls = 0;
    const stream = liveEventStream({
      hub: t.live,
      db: t.database.db,
      subscriber: { userId: me, level: 'branch', companyId: 1, branchIds: [branchIds[0]!] },
      lastEventId: null,
      recheckEveryMs: 1,
      recheck: async () => {
        calls += 1;
        // First check: the manager was moved to the second branch. Second: held until the test ends the session.
        if (calls === 1) return { userId: me, level: 'branch', companyId: 1, branchIds: [branchIds[1]!] };
        secondCheckStarted();
        return sessionGone;
      },
    });
    expect((await stream.next()).value).toMatchObject({ event: { topic: 'ready' } });
    const pending = stream.next();
    await secondCheck;
    await publish({ topic: 'shifts', branchIds: [branchIds[0]!], refId: 801 });
    await publish({ topic: 'shifts', branchIds: [branchIds[1]!], refId: 802 });
    expect((await pending).value).toMatchObject({ event: { topic: 'shifts', refId: 802 } });
    const ended = stream.next();
    endSession();
    await expect(ended).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
