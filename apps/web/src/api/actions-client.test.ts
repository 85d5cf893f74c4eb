import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionResultEntry } from '@hearth/shared/actions/actions.schema';

// The real transport's module chain reads browser globals; these tests only need to see what it is given.
vi.mock('./rest', () => ({ restJson: vi.fn(async () => []) }));

import { restJson } from './rest';
import { ActionError, actionQueryKey, createActionsClient, postActions, type ActionCallBody } from './actions-client';

/** A transport that records each batch and answers every call with its name and input, or an error for `fail*`. */
function fakeTransport() {
  const batches: ActionCallBody[][] = [];
  const transport = vi.fn(async (calls: ActionCallBody[]): Promise<ActionResultEntry[]> => {
    batches.push(calls);
    return calls.map((c) =>
      c.name.startsWith('fail')
        ? { result: { error: `${c.name} failed` } }
        : { result: { data: { name: c.name, input: c.input } } },
    );
  });
  return { batches, transport };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createActionsClient', () => {
  it('groups calls made within 50 ms into one batch, in call order', async () => {
    const { batches, transport } = fakeTransport();
    const client = createActionsClient({ transport });
    const a = client.call('getUsers', { page: 1 });
    await vi.advanceTimersByTimeAsync(20);
    const b = client.call('getBranches');
    await vi.advanceTimersByTimeAsync(29);
    const c = client.call('updateUser', { id: 1 }, { parseOnly: true });
    expect(transport).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { name: 'getUsers', input: { page: 1 }, parseOnly: false },
        { name: 'getBranches', input: undefined, parseOnly: false },
        { name: 'updateUser', input: { id: 1 }, parseOnly: true },
      ],
    ]);
    await expect(a).resolves.toEqual({ name: 'getUsers', input: { page: 1 } });
    await expect(b).resolves.toEqual({ name: 'getBranches', input: undefined });
    await expect(c).resolves.toEqual({ name: 'updateUser', input: { id: 1 } });
  });

  it('starts a new batch for a call after the window', async () => {
    const { batches, transport } = fakeTransport();
    const client = createActionsClient({ transport });
    const first = client.call('getUsers');
    await vi.advanceTimersByTimeAsync(50);
    const second = client.call('getBranches');
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(batches.map((batch) => batch.map((c) => c.name))).toEqual([['getUsers'], ['getBranches']]);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('sends a call with batch: false alone and at once', async () => {
    const { batches, transport } = fakeTransport();
    const client = createActionsClient({ transport });
    const batched = client.call('getUsers');
    const alone = client.call('getBranches', undefined, { batch: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((batch) => batch.map((c) => c.name))).toEqual([['getBranches']]);
    await expect(alone).resolves.toEqual({ name: 'getBranches', input: undefined });
    await vi.advanceTimersByTimeAsync(50);
    expect(batches.map((batch) => batch.map((c) => c.name))).toEqual([['getBranches'], ['getUsers']]);
    await expect(batched).resolves.toMatchObject({ name: 'getUsers' });
  });

  it('rejects only the call whose entry has an error, with its message', async () => {
    const { transport } = fakeTransport();
    const client = createActionsClient({ transport });
    const ok = client.call('getUsers');
    const failed = client.call('failUpdate').catch((error: unknown) => error);
    const alsoOk = client.call('getBranches');
    await vi.advanceTimersByTimeAsync(50);
    await expect(ok).resolves.toMatchObject({ name: 'getUsers' });
    const error = await failed;
    expect(error).toBeInstanceOf(ActionError);
    expect(error).toMatchObject({ message: 'failUpdate failed', action: 'failUpdate' });
    await expect(alsoOk).resolves.toMatchObject({ name: 'getBranches' });
  });

  it('rejects every call of a batch the transport failed, and a call missing from the answer', async () => {
    const down = createActionsClient({ transport: async () => Promise.reject(new Error('Network down')) });
    const a = down.call('getUsers');
    const b = down.call('getBranches');
    const settled = Promise.allSettled([a, b]);
    await vi.advanceTimersByTimeAsync(50);
    expect((await settled).map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual([
      'Network down',
      'Network down',
    ]);

    const short = createActionsClient({ transport: async () => [{ result: { data: 1 } }] });
    const one = short.call('getUsers');
    const two = short.call('getBranches');
    const both = Promise.allSettled([one, two]);
    await vi.advanceTimersByTimeAsync(50);
    const [r1, r2] = await both;
    expect(r1).toEqual({ status: 'fulfilled', value: 1 });
    expect(r2?.status === 'rejected' && (r2.reason as Error).message).toBe('Batch not found');
  });

  it('sends a full batch at once without waiting for the window', async () => {
    const { batches, transport } = fakeTransport();
    const client = createActionsClient({ transport, maxBatchSize: 3 });
    const calls = ['a', 'b', 'c', 'd'].map((name) => client.call(name));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((batch) => batch.map((c) => c.name))).toEqual([['a', 'b', 'c']]);
    await vi.advanceTimersByTimeAsync(50);
    expect(batches.map((batch) => batch.map((c) => c.name))).toEqual([['a', 'b', 'c'], ['d']]);
    await expect(Promise.all(calls)).resolves.toHaveLength(4);
  });
});

describe('postActions', () => {
  it('posts the calls to /api/actions', async () => {
    await postActions([{ name: 'getUsers', input: {}, parseOnly: false }]);
    expect(restJson).toHaveBeenCalledWith('POST', '/api/actions', {
      calls: [{ name: 'getUsers', input: {}, parseOnly: false }],
    });
  });
});

describe('actionQueryKey', () => {
  it('keys by name, parse-only flag and input', () => {
    expect(actionQueryKey('updateUser', { id: 1 }, true)).toEqual(['updateUser', true, { id: 1 }]);
    expect(actionQueryKey('getBranches', undefined)).toEqual(['getBranches', false, null]);
  });
});
