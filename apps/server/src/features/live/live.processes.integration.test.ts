import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { openPostgres, type Database } from '../../db/client';
import { databaseUrl } from '../../test/test-database';
import { rowsOf } from '../../db/rows';
import { clients } from '../clients/clients.schema';
import { branches } from '../branches/branches.schema';
import { publishLiveEvent } from './live.publish';
import { openLiveStream } from './live.test-support';

/**
 * Two server processes on one database (issue 21: "an event written through one reaches a subscriber on the
 * other"): a second app with its own pool and its own listening connection on PostgreSQL, over real HTTP. The
 * embedded database serves one process (its data directory is locked, db/lock.ts), so on PGlite the second app
 * shares the first one's database and only its hub is its own: the same path through LISTEN, minus the network.
 */
let a: TestApp;
let b: TestApp;

/** A second handle on the database of `first`: a new pool on PostgreSQL, the same PGlite otherwise. */
async function secondHandle(first: TestApp): Promise<Database> {
  if (first.database.engine === 'pglite') return { ...first.database, close: async () => {} };
  const [row] = rowsOf<{ name: string }>(await first.database.db.execute(sql`select current_database() as name`));
  return openPostgres(databaseUrl(inject('postgresTemplate')!.serverUrl, row!.name), 5);
}

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({ database: await secondHandle(a) });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('live updates across server processes', () => {
  it('a shift created through one process reaches a subscriber of the other over SSE, and back', async () => {
    const token = await a.signIn('branchmanager');
    const [branch] = await a.database.db.select({ id: branches.id }).from(branches).orderBy(branches.id).limit(1);
    const [client] = await a.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.branchId, branch!.id))
      .limit(1);
    const onB = await openLiveStream(b.baseUrl, token);
    const onA = await openLiveStream(a.baseUrl, token);
    expect((await onB.next()).topic).toBe('ready');
    expect((await onA.next()).topic).toBe('ready');

    const created = await a.trpc(
      'mutation',
      'createShift',
      { clientId: client!.id, startTimestamp: '2031-06-03T13:00:00Z', endTimestamp: '2031-06-03T15:00:00Z' },
      token,
    );
    expect(created.status).toBe(200);
    const shiftId = (created.body.result?.data as { shift: { id: number } }).shift.id;
    expect(await onB.next()).toMatchObject({ topic: 'shifts', refId: shiftId });
    expect(await onA.next()).toMatchObject({ topic: 'shifts', refId: shiftId });

    // Written through the second process's own pool, heard on the first.
    await b.database.db.transaction((tx) => publishLiveEvent(tx, { topic: 'counts', branchIds: [branch!.id], refId: 7 }));
    expect(await onA.next()).toMatchObject({ topic: 'counts', refId: 7 });
    expect(await onB.next()).toMatchObject({ topic: 'counts', refId: 7 });
    onA.close();
    onB.close();
  });
});
