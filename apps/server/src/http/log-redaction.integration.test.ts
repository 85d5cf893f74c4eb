import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { signedDownloadLink } from '../storage/storage';
import { REDACTED, redactedUrl } from './log-redaction';

/**
 * The server log holds no health data and no secrets, at every level (http/log-redaction.ts): the app runs at
 * trace level with its log written to a stream the test reads back.
 */
let t: TestApp;
const lines: string[] = [];
const log = () => lines.join('');
const CLIENT = { firstName: 'Perpetua', lastName: 'Logsearchley' };
let token: string;

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } });
  token = await t.signIn('developer');
});
afterAll(() => t?.close());

describe('redactedUrl', () => {
  it('keeps the path and the query keys, never a value', () => {
    expect(redactedUrl('/api/trpc/queryView?input=%7B%22search%22%3A%22Smith%22%7D')).toBe(
      `/api/trpc/queryView?input=${REDACTED}`,
    );
    expect(redactedUrl('/api/storage/a/b?expires=1&sig=abc&sig=def')).toBe(
      `/api/storage/a/b?expires=${REDACTED}&sig=${REDACTED}`,
    );
    expect(redactedUrl('/api/health')).toBe('/api/health');
  });
});

describe('the server log', () => {
  it('holds neither a searched client’s name, nor a tRPC input, nor a signed URL’s signature or file name', async () => {
    const { body } = await t.trpc('mutation', 'createClient', { branchId: 1, ...CLIENT }, token);
    expect(body.error).toBeUndefined();
    const search = await t.trpc('query', 'queryView', { view: 'clients', search: CLIENT.lastName }, token);
    expect(search.status).toBe(200);
    // A failing call logs too (its input is not logged).
    expect((await t.trpc('query', 'getClient', { id: 2_000_000_000, note: CLIENT.lastName }, token)).status).not.toBe(200);

    await t.storage.write('client/1/log-test', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const filename = `${CLIENT.lastName} assessment.pdf`;
    const { url } = await signedDownloadLink(
      t.storage,
      'client/1/log-test',
      { filename, contentType: 'application/pdf', inline: false },
      60,
    );
    const signature = new URL(url, 'http://localhost').searchParams.get('sig')!;
    expect(signature.length).toBeGreaterThan(20);
    expect((await t.fetch(url)).status).toBe(200);

    const text = log();
    // The requests were logged (the check below is not vacuous), by path with the query values redacted.
    expect(text).toContain(`/api/trpc/queryView?input=${REDACTED}`);
    expect(text).toContain(`sig=${REDACTED}`);
    for (const secret of [CLIENT.lastName, CLIENT.firstName, signature, encodeURIComponent(signature), token]) {
      expect({ secret, logged: text.includes(secret) }).toEqual({ secret, logged: false });
    }
  });
});
