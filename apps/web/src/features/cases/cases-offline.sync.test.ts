import { describe, expect, it } from 'vitest';
import type { CaseDetail, ReportCaseInput } from '@hearth/shared/cases/cases.schema';
import { syncOutcome } from '@/api/sync-outcome';
import { reportKey } from './cases-offline.records';
import { CasesOfflineBox, type CasesSender, type CasesStore, type CasesSyncResult } from './cases-offline.sync';

const DAY_MS = 24 * 60 * 60 * 1000;
const LABEL = { typeName: 'Incident', clientName: 'Edith Marlow' };

function memoryStore(): CasesStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: <T>(key: string) => Promise.resolve(entries.has(key) ? (JSON.parse(entries.get(key)!) as T) : undefined),
    set: (key, value) => Promise.resolve(void entries.set(key, JSON.stringify(value))),
    delete: (key) => Promise.resolve(void entries.delete(key)),
    list: <T>(prefix: string) =>
      Promise.resolve(
        [...entries].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => ({ key, value: JSON.parse(value) as T })),
      ),
  };
}

function apiError(message: string, code: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/** A fake cases.report: idempotent on clientRecordId, offline or refusing on demand. */
function setup() {
  const state = {
    online: true,
    refusal: null as Error | null,
    clock: Date.parse('2026-11-20T10:00:00Z'),
    cases: new Map<string, number>(),
    calls: [] as string[],
    gate: null as Promise<void> | null,
  };
  const sender: CasesSender = {
    report: async (input: ReportCaseInput) => {
      state.calls.push(input.title);
      if (state.gate) await state.gate;
      if (!state.online) throw new TypeError('Failed to fetch');
      if (state.refusal) throw state.refusal;
      const id = state.cases.get(input.clientRecordId!) ?? state.cases.size + 1;
      state.cases.set(input.clientRecordId!, id);
      return { id } as CaseDetail;
    },
    outcome: syncOutcome,
    reasonOf: (error) => (error instanceof Error ? error.message : String(error)),
    now: () => state.clock,
  };
  const store = memoryStore();
  const box = new CasesOfflineBox(store, sender);
  const queue = (title: string) =>
    box.queue({ caseTypeId: 1, clientId: 5, title, description: 'She slipped', occurredAt: '2026-11-20T09:55:00Z' }, LABEL);
  const sync = async () => (await box.sync()) as CasesSyncResult;
  return { state, store, box, queue, sync };
}

describe('incident reports queued on the phone (issue 24 item 3, offline rules of spec section 4)', () => {
  it('queues a report at once with a clientRecordId, keeps it offline, sends it once online and removes it', async () => {
    const { state, box, queue, sync } = setup();
    const report = await queue('Fall in the bathroom');
    expect(report.input.clientRecordId).toMatch(/^[0-9a-f-]{36}$/);
    expect(box.getSnapshot().queued.map((r) => r.input.title)).toEqual(['Fall in the bathroom']);
    state.online = false;
    expect(await sync()).toMatchObject({ kept: 1, offline: true, sent: {} });
    expect(box.getSnapshot().queued).toHaveLength(1);
    state.online = true;
    expect(await sync()).toMatchObject({ kept: 0, offline: false, sent: { [report.clientRecordId]: 1 } });
    expect(box.getSnapshot().queued).toEqual([]);
  });

  it('stops at a network failure so nothing overtakes what waits, and discards nothing even days later', async () => {
    const { state, box, queue, sync } = setup();
    await queue('First');
    state.clock += 1000;
    await queue('Second');
    state.online = false;
    state.clock += 5 * DAY_MS;
    expect(await sync()).toMatchObject({ kept: 2, offline: true, discarded: [] });
    expect(state.calls).toEqual(['First']);
    state.online = true;
    await sync();
    expect(state.calls).toEqual(['First', 'First', 'Second']);
    expect(box.getSnapshot().queued).toEqual([]);
  });

  it('keeps a young refused report with the server reason and retries it', async () => {
    const { state, box, queue, sync } = setup();
    await queue('Fall');
    state.refusal = apiError('Client 5 not found', 'NOT_FOUND');
    state.clock += DAY_MS;
    expect(await sync()).toMatchObject({ kept: 1, discarded: [] });
    expect(box.getSnapshot().queued[0]!.refusal).toEqual({
      message: 'Client 5 not found',
      at: new Date(state.clock).toISOString(),
    });
    state.refusal = null;
    expect(Object.keys((await sync()).sent)).toHaveLength(1);
    expect(box.getSnapshot().queued).toEqual([]);
  });

  it('discards a refused report older than 2 days with a notice the caregiver sees until dismissed', async () => {
    const { state, box, queue, sync } = setup();
    await queue('Old fall');
    // Queued a second later, so the oldest-first order of the sync is not left to the random clientRecordIds.
    state.clock += 1000;
    await queue('Other');
    state.refusal = apiError('Give the case a short title', 'BAD_REQUEST');
    state.clock += 2 * DAY_MS + 1;
    const result = await sync();
    expect(result.discarded.map((n) => [n.title, n.message, n.label])).toEqual([
      ['Old fall', 'Give the case a short title', LABEL],
      ['Other', 'Give the case a short title', LABEL],
    ]);
    const snapshot = box.getSnapshot();
    expect(snapshot.queued).toEqual([]);
    expect(snapshot.notices).toHaveLength(2);
    await box.dismissNotice(snapshot.notices[0]!.id);
    expect(box.getSnapshot().notices).toHaveLength(1);
  });

  it('sends a replayed report once (the same clientRecordId), and skips a sync asked while one runs', async () => {
    const { state, store, box, queue, sync } = setup();
    const report = await queue('Fall');
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const first = box.sync();
    expect(await box.sync()).toEqual({ skipped: true });
    open();
    state.gate = null;
    expect(await first).toMatchObject({ sent: { [report.clientRecordId]: 1 } });
    // A copy left behind (the phone closed before the removal) is sent again and answered with the same case.
    await store.set(reportKey(report.clientRecordId), report);
    expect((await sync()).sent).toEqual({ [report.clientRecordId]: 1 });
    expect(state.cases.size).toBe(1);
  });
});
