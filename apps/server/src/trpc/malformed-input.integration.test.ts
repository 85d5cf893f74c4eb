import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '@hearth/shared/app/input-rules';
import { startTestApp, type TestApp } from '../test/test-app';
import { malformedVariants, requiredOnlySample, routerProcedures, sampleInput, type Variant } from '../test/malformed-inputs';

/**
 * Issue 28 "No answer of 500 to bad input": every procedure of the router, generated from its procedure list (a new
 * procedure is covered without anyone adding it), gets its valid-shaped input with each bad value in turn (ids of
 * 2^31 and 1e20, a NUL byte, an over-long text, the wrong type, an impossible date, null, a field left out, an
 * unknown key), as the Developer (allowed everything) and as a branch manager, over real HTTP to /api/trpc in
 * batches. No answer may be a 500, and every refusal is JSON with a message.
 */

/**
 * Over-long text: 1 MB in the first text field of a mutation, one character over the text rule's maximum in the
 * others; in a query's URL, as long as a URL can carry (Node refuses request heads over 16 KB).
 */
const LONG_BODY_TEXT = { first: 'x'.repeat(1024 * 1024), rest: 'x'.repeat(MAX_TEXT_LENGTH + 1) };
const LONG_URL_TEXT = { first: 'x'.repeat(3000), rest: 'x'.repeat(3000) };
const MAX_BODY_BYTES = 6 * 1024 * 1024;
const MAX_URL_CHARS = 12_000;

interface BatchItem {
  result?: unknown;
  error?: { message?: string; data?: { httpStatus?: number } };
}

interface Call {
  path: string;
  kind: 'query' | 'mutation';
  variant: Variant;
}

let testApp: TestApp;
let calls: Call[];

beforeAll(async () => {
  // The session clock stands still: a valid-shaped updateSecuritySettings shortens the company's inactivity limit to
  // 1 minute, and a loaded machine can take longer than that between two batches, which would end the session.
  const sessionClock = new Date();
  testApp = await startTestApp({ sessionNow: () => sessionClock });
  calls = [];
  for (const procedure of inRunOrder(routerProcedures())) {
    const longText = procedure.kind === 'query' ? LONG_URL_TEXT : LONG_BODY_TEXT;
    const variants: Variant[] = procedure.input
      ? malformedVariants(sampleInput(procedure.input), longText)
      : [
          { label: 'input null', input: null },
          { label: 'input a string', input: 'abc' },
          { label: 'unknown key', input: { zzUnknownKey: 'x' } },
        ];
    const requiredOnly = procedure.input ? requiredOnlySample(procedure.input) : undefined;
    if (requiredOnly !== undefined) variants.push({ label: 'required fields only', input: requiredOnly });
    for (const variant of variants) calls.push({ path: procedure.path, kind: procedure.kind, variant });
  }
});

/**
 * Queries first, then mutations, and those that remove or end a record (delete, cancel, deactivate...) last: the
 * valid-shaped variants run, so an earlier delete of record 1 would leave later procedures only a 404 to answer.
 */
function inRunOrder(procedures: ReturnType<typeof routerProcedures>) {
  const rank = (p: { path: string; kind: string }) =>
    p.kind === 'query'
      ? 0
      : /^(delete|remove|cancel|deactivate|revoke|archive|end|stop)/i.test(p.path.split('.').pop() ?? '')
        ? 2
        : 1;
  return [...procedures].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

afterAll(async () => {
  await testApp?.close();
});

/** Groups one procedure's calls into HTTP batches that fit a body or a URL. */
function batches(all: Call[]): Call[][] {
  const out: Call[][] = [];
  let current: Call[] = [];
  let size = 0;
  for (const call of all) {
    const first = current[0];
    const callSize =
      call.kind === 'query'
        ? encodeURIComponent(JSON.stringify(call.variant.input ?? null)).length + call.path.length + 8
        : JSON.stringify(call.variant.input ?? null).length;
    const limit = call.kind === 'query' ? MAX_URL_CHARS : MAX_BODY_BYTES;
    if (first && (first.path !== call.path || size + callSize > limit || current.length >= 60)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(call);
    size += callSize;
  }
  if (current.length) out.push(current);
  return out;
}

/** Sends one batch; returns one line per call answered 500, 401 (the session lost) or without a JSON message. */
async function sendBatch(batch: Call[], token: string): Promise<string[]> {
  const first = batch[0]!;
  const paths = batch.map((c) => c.path).join(',');
  const inputs = Object.fromEntries(batch.map((c, i) => [String(i), c.variant.input]));
  const headers = { authorization: `Bearer ${token}` };
  const res =
    first.kind === 'query'
      ? await testApp.fetch(`/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`, { headers })
      : await testApp.fetch(`/api/trpc/${paths}?batch=1`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(inputs),
        });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${first.path} (batch of ${batch.length}): ${res.status} not JSON: ${text.slice(0, 120)}`];
  }
  if (!Array.isArray(body)) {
    const message = (body as { error?: { message?: string } }).error?.message;
    return res.status >= 500 || !message ? [`${first.path} (batch): ${res.status} ${message ?? text.slice(0, 120)}`] : [];
  }
  const problems: string[] = [];
  (body as BatchItem[]).forEach((item, i) => {
    const call = batch[i]!;
    if (!item.error) return;
    const status = item.error.data?.httpStatus;
    // A lost session would answer 401 to everything after it and hide the rest: it counts as a problem too.
    if (status === 401) problems.push(`${call.path} [${call.variant.label}]: 401 ${item.error.message ?? ''}`);
    if (status === undefined || status >= 500 || !item.error.message)
      problems.push(`${call.path} [${call.variant.label}]: ${status} ${item.error.message ?? '(no message)'}`);
  });
  return problems;
}

async function runAll(username: string): Promise<{ problems: string[]; count: number }> {
  const token = await testApp.signIn(username);
  const problems: string[] = [];
  for (const batch of batches(calls)) problems.push(...(await sendBatch(batch, token)));
  return { problems, count: calls.length };
}

describe('malformed input to every procedure', () => {
  for (const username of ['developer', 'branchmanager']) {
    it(`never answers 500, as ${username}`, { timeout: 120_000 }, async () => {
      const { problems, count } = await runAll(username);
      expect(count).toBeGreaterThan(1000);
      expect(problems, `${problems.length} of ${count} calls answered 500 or without a message`).toEqual([]);
    });
  }
});
