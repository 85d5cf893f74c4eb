import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 28 "No answer of 500 to bad input", the REST counterpart of trpc/malformed-input.integration.test.ts: every
 * REST path (http/*.routes.ts) gets ids past the integer columns' range, NUL bytes, 1 MB texts, the wrong types,
 * impossible dates and bodies that are not JSON. No answer is a 500, and each refusal is JSON with a message. A view
 * export with bad input answers 400 before streaming, never a 200 cut short.
 */

const NUL = 'a\u0000b';
const MB = 'x'.repeat(1024 * 1024);
const BAD_IDS = ['2147483648', '1e20', '100000000000000000000', 'abc', '-1', '0', '1.5', '%00'];

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await startTestApp();
  token = await testApp.signIn('developer');
});

afterAll(async () => {
  await testApp?.close();
});

interface Answer {
  status: number;
  body: { message?: unknown } | null;
  text: string;
}

async function send(path: string, init: RequestInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  const res = await testApp.fetch(path, { ...init, headers });
  const text = await res.text();
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    body = null;
  }
  return { status: res.status, body, text };
}

function postJson(path: string, body: string): Promise<Answer> {
  return send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/** The answer is a refusal (4xx), JSON with a message; `label` names the call in a failure. */
function expectRefusal(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  expect(typeof answer.body?.message, `${label}: ${answer.text.slice(0, 200)}`).toBe('string');
}

const BAD_BODIES = [
  'not json',
  'null',
  '[]',
  '"text"',
  '{}',
  JSON.stringify({ zzUnknown: 1 }),
  JSON.stringify({ deviceToken: NUL, token: NUL, calls: NUL }),
  JSON.stringify({ deviceToken: MB, token: MB }),
  JSON.stringify({ deviceToken: 12345, token: 12345, calls: 12345 }),
  JSON.stringify({ deviceToken: null, token: null, calls: null }),
  JSON.stringify({ deviceToken: [], token: {}, calls: {} }),
];

describe('REST paths refuse bad input with a 4xx and a message, never a 500', () => {
  it('GET /users/{userId}/history: ids out of range, not numbers; bad paging', async () => {
    for (const id of BAD_IDS) expectRefusal(await send(`/users/${id}/history`), `history ${id}`);
    // A page past the end is an empty page, not an error: only a 500 is wrong here.
    for (const query of ['page=2147483648', 'page=abc', 'pageSize=1e20', `from=2025-02-30`, 'to=%00']) {
      const answer = await send(`/users/1/history?${query}`);
      expect(answer.status, `history ?${query}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('GET /api/file-imports/{id}/progress: ids out of range, not numbers', async () => {
    for (const id of BAD_IDS) expectRefusal(await send(`/api/file-imports/${id}/progress`), `progress ${id}`);
  });

  it('POST bodies of every REST write: not JSON, wrong types, NUL bytes, 1 MB texts', async () => {
    const paths = [
      '/notifications/register-device',
      '/notifications/unregister-device',
      '/api/login-links/redeem',
      '/api/actions',
    ];
    for (const path of paths) {
      for (const body of BAD_BODIES) expectRefusal(await postJson(path, body), `${path} ${body.slice(0, 60)}`);
    }
  });

  it('POST /api/actions: each call with bad input answers its own 400, the batch never a 500', async () => {
    const calls = [
      { name: 'getClient', input: { id: 2 ** 31 } },
      { name: 'getClient', input: { id: 1e20 } },
      { name: 'getUsers', input: { search: NUL } },
      { name: 'createClientJournalEntry', input: { clientId: 1, entryDate: '2025-02-30', subject: NUL, body: 'b' } },
      { name: NUL, input: {} },
    ];
    const answer = await postJson('/api/actions', JSON.stringify({ calls }));
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    expect(answer.text).not.toContain('Internal server error');
  });

  it('POST /api/auth/sign-in/username: NUL bytes, 1 MB texts, wrong types', async () => {
    for (const body of [
      JSON.stringify({ username: NUL, password: 'x' }),
      JSON.stringify({ username: 'developer', password: NUL }),
      JSON.stringify({ username: MB, password: 'x' }),
      JSON.stringify({ username: 12345, password: [] }),
      'not json',
    ]) {
      const answer = await postJson('/api/auth/sign-in/username', body);
      expect(answer.status, `sign-in ${body.slice(0, 60)}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('local storage links: malformed signatures and sizes', async () => {
    for (const query of ['expires=1e20&sig=%00', 'expires=abc&size=abc&type=%00&sig=x', '']) {
      expectRefusal(await send(`/api/storage/a/b?${query}`), `storage GET ?${query}`);
      expectRefusal(await send(`/api/storage/a/b?${query}`, { method: 'PUT', body: 'x' }), `storage PUT ?${query}`);
    }
  });
});

describe('view filters and exports', () => {
  const exportPath = (view: string, state: unknown, format = 'csv') =>
    `/api/views/${view}/export?format=${format}&state=${encodeURIComponent(JSON.stringify(state))}`;

  it('an impossible date in a view filter is refused naming the filter, in queryView and its export', async () => {
    const filters = [{ column: 'hireDate', operator: 'after', value: '2025-02-30' }];
    const page = await testApp.trpc('query', 'queryView', { view: 'caregivers', filters }, token);
    expect(page.status).toBe(400);
    expect(page.body.error?.message).toBe('Filter on "hireDate" needs a real date written YYYY-MM-DD, got "2025-02-30"');

    for (const format of ['csv', 'xlsx']) {
      const answer = await send(exportPath('caregivers', { filters }, format));
      expect(answer.status, answer.text.slice(0, 200)).toBe(400);
      expect(answer.body?.message).toBe('Filter on "hireDate" needs a real date written YYYY-MM-DD, got "2025-02-30"');
    }
  });

  it('a datetime filter given an impossible day or time is refused naming the filter', async () => {
    for (const value of ['2025-02-30', '2025-02-30T10:00:00Z', '2025-13-01T00:00:00Z']) {
      const filters = [{ column: 'createdAt', operator: 'before', value }];
      const page = await testApp.trpc('query', 'queryView', { view: 'caregivers', filters }, token);
      expect(page.status, value).toBe(400);
      expect(page.body.error?.message, value).toContain('Filter on "createdAt" needs a real date');
    }
  });

  it('every bad export state answers 400 with a message before streaming', async () => {
    const states: unknown[] = [
      { filters: [{ column: 'lastName', operator: 'equals', value: NUL }] },
      { filters: [{ column: 'lastName', operator: 'contains', value: NUL }] },
      { filters: [{ column: 'hireDate', operator: 'between', value: ['2025-01-01', '2025-02-30'] }] },
      { filters: [{ column: 'id', operator: 'equals', value: 1e20 }] },
      { filters: [{ column: 'nope', operator: 'equals', value: 'x' }] },
      { filters: 'x' },
      { sort: [{ column: NUL }] },
      { search: NUL },
      { search: MB.slice(0, 5000) },
      { columns: [12] },
      { columns: ['nope'] },
    ];
    for (const state of states) {
      for (const format of ['csv', 'xlsx'])
        expectRefusal(await send(exportPath('caregivers', state, format)), `export ${format} ${JSON.stringify(state)}`);
    }
    expectRefusal(await send(`/api/views/caregivers/export?format=csv&state=not-json`), 'state not JSON');
    expectRefusal(await send(`/api/views/caregivers/export?format=pdf`), 'format pdf');
    expectRefusal(await send(`/api/views/a%00b/export?format=csv`), 'view with NUL');
  });

  it('a good export still streams its file', async () => {
    const answer = await send(
      exportPath('caregivers', { filters: [{ column: 'hireDate', operator: 'after', value: '2020-02-29' }] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.text.split('\r\n')[0]).toContain('Last name');
  });
});
