import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { users } from '../users/users.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { publishLiveEvent } from '../live/live.publish';
import { openLiveStream, type LiveStreamReader } from '../live/live.test-support';

/** Shift changes tell the open screens of the shift's branch and of its caregivers, current and former (issue 21). */
let t: TestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['branchmanager', 'prn', 'caregiver']) {
    tokens[name] = await t.signIn(name);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    userIds[name] = row!.id;
  }
});

afterAll(async () => {
  await t?.close();
});

/** Opens a stream for `name`, read past its 'ready' marker. */
async function listen(name: string): Promise<LiveStreamReader> {
  const stream = await openLiveStream(t.baseUrl, tokens[name]!);
  expect((await stream.next()).topic).toBe('ready');
  return stream;
}

describe('shift changes as live events', () => {
  it('create, unassign and cancel reach the branch and the caregiver, not another branch', async () => {
    const [caregiver] = await t.database.db
      .select({ id: caregivers.id, branchId: caregivers.branchId })
      .from(caregivers)
      .where(eq(caregivers.userId, userIds.caregiver!));
    const [client] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.branchId, caregiver!.branchId))
      .limit(1);
    const streams = {
      branchmanager: await listen('branchmanager'),
      prn: await listen('prn'),
      caregiver: await listen('caregiver'),
    };
    const call = async (kind: 'mutation', path: string, input: unknown) => {
      const res = await t.trpc(kind, path, input, tokens.branchmanager);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result?.data as { shift?: { id: number } };
    };
    const created = await call('mutation', 'createShift', {
      clientId: client!.id,
      caregiverId: caregiver!.id,
      startTimestamp: '2031-07-01T13:00:00Z',
      endTimestamp: '2031-07-01T15:00:00Z',
    });
    const id = created.shift!.id;
    await call('mutation', 'updateShift', { id, caregiverId: null });
    await call('mutation', 'deleteShift', { id, reason: 'Client in hospital' });
    const marker = 9_999_001;
    await t.database.db.transaction((tx) =>
      publishLiveEvent(tx, { topic: 'counts', userIds: Object.values(userIds), refId: marker }),
    );
    // Only the schedule's topics: the caregiver's in-app notifications of the same changes come on 'notifications'.
    const heard = async (stream: LiveStreamReader) =>
      (await stream.collectUntil((e) => e.refId === marker))
        .filter((e) => e.topic !== 'notifications')
        .map((e) => `${e.topic}:${e.refId === id ? 'shift' : e.refId}`);
    const shift3 = ['shifts:shift', 'shifts:shift', 'shifts:shift', `counts:${marker}`];
    expect(await heard(streams.branchmanager)).toEqual(shift3);
    // Taken off the shift by the update, the caregiver still hears it: their schedule lost a visit.
    expect(await heard(streams.caregiver)).toEqual(['shifts:shift', 'shifts:shift', `counts:${marker}`]);
    expect(await heard(streams.prn)).toEqual([`counts:${marker}`]);
    for (const stream of Object.values(streams)) stream.close();
  });
});
