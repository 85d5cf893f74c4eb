import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 28: the cause of every 500 is logged, for tRPC (the onError of the tRPC plugin in app.ts) and REST (the
 * error handler in app.ts), with the request id and the path, and never the input's values (they can be health
 * data). The log is read back from the app at error level.
 */

let t: TestApp;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'error', logStream: { write: (line) => void lines.push(line) } });
  token = await t.signIn('developer');
  // The clients table goes away under the running app: the next read of it fails in a way no input caused.
  await t.database.db.execute(sql`alter table clients rename to clients_gone`);
});

afterAll(async () => {
  await t?.close();
});

function entries(message: string): Record<string, unknown>[] {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === message);
}

describe('the log of a 500', () => {
  it('holds a tRPC call’s cause, request id and procedure, not its input', async () => {
    const res = await t.trpc('query', 'queryView', { view: 'clients', search: 'Rivera' }, token);
    expect(res.status).toBe(500);
    expect(res.body.error?.message).toBe('Internal server error');
    const [entry] = entries('tRPC call failed');
    expect(entry).toMatchObject({ path: 'queryView', type: 'query', reqId: expect.any(String), err: { sqlState: '42P01' } });
    expect(JSON.stringify(entry)).toContain('clients');
    expect(lines.join('\n')).not.toContain('Rivera');
  });

  it('holds a REST request’s cause, request id and route, not its query', async () => {
    const state = encodeURIComponent(JSON.stringify({ search: 'Okafor' }));
    const res = await t.fetch(`/api/views/clients/export?format=csv&state=${state}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal server error' });
    const [entry] = entries('Request failed');
    expect(entry).toMatchObject({ path: '/api/views/:view/export', reqId: expect.any(String), err: { sqlState: '42P01' } });
    expect(lines.join('\n')).not.toContain('Okafor');
  });
});
