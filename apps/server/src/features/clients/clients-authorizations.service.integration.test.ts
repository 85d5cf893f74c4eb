import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientOutput } from '@hearth/shared/clients/clients.schema';
import type {
  ClientAuthMetric,
  ClientAuthorizationCodeCombo,
  ClientAuthorizationOutput,
} from '@hearth/shared/clients/client-authorizations.schema';
import type { TestApp } from '../../test/test-app';
import { startClientTests, type ClientApi, type ClientFixtures } from './clients.test-support';
import { caregivers } from '../caregivers/caregivers.schema';

let t: TestApp;
let f: ClientFixtures;
let api: ClientApi;
let clientId: number;

/** Runs `call` with the branch manager (the callers' default user) reading Spanish, then back to no setting. */
async function inSpanish<T>(call: () => Promise<T>): Promise<T> {
  expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, api.tokens.branchmanager)).status).toBe(200);
  try {
    return await call();
  } finally {
    await t.trpc('mutation', 'setMyLanguage', { language: null }, api.tokens.branchmanager);
  }
}
beforeAll(async () => {
  ({ t, f, api } = await startClientTests());
  clientId = (
    await api.ok<ClientOutput>('mutation', 'createClient', { branchId: f.boston.id, firstName: 'Eva', lastName: 'Costa' })
  ).id;
});
afterAll(() => t.close());

const authorization = (patch: Record<string, unknown> = {}) => ({
  clientId,
  payerSourceId: f.payer.id,
  serviceCode: 'T1019',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  unitsPerWeek: 20,
  authorizationNumber: 'MH-2025-001',
  ...patch,
});
const create = (patch: Record<string, unknown> = {}) =>
  api.ok<ClientAuthorizationOutput>('mutation', 'createClientAuthorization', authorization(patch));

describe('authorizations', () => {
  it('creates, lists, edits and deletes authorizations', async () => {
    const created = await create({
      modifiers: ['u1', 'tt'],
      serviceCode: 's5130',
      startDate: '2024-01-01',
      endDate: '2024-06-30',
    });
    expect(created).toMatchObject({
      clientId,
      payerSourceId: f.payer.id,
      payerSourceName: 'MassHealth',
      serviceCode: 'S5130',
      modifiers: ['U1', 'TT'],
      unitsPerWeek: 20,
      unitsPerMonth: null,
      unitsTotal: null,
      authorizationNumber: 'MH-2025-001',
    });
    const edited = await api.ok<ClientAuthorizationOutput>('mutation', 'updateClientAuthorization', {
      id: created.id,
      unitsPerWeek: null,
      unitsTotal: 300,
      authorizationNumber: '',
    });
    expect(edited).toMatchObject({ unitsPerWeek: null, unitsTotal: 300, authorizationNumber: null, serviceCode: 'S5130' });
    const list = await api.ok<ClientAuthorizationOutput[]>('query', 'getClientAuthorizations', { clientId }, 'nurse');
    expect(list.map((a) => a.id)).toContain(created.id);
    expect(await api.ok('mutation', 'deleteClientAuthorization', { id: created.id })).toEqual({ id: created.id });
    const after = await api.ok<ClientAuthorizationOutput[]>('query', 'getClientAuthorizations', { clientId });
    expect(after.map((a) => a.id)).not.toContain(created.id);
  });

  it.each([
    [{ endDate: '2024-12-31' }, 'endDate: The end date must be on or after the start date'],
    [{ unitsPerWeek: null }, 'unitsPerWeek: Give units per week, per month or in total'],
    [{ serviceCode: 'personal care' }, 'serviceCode: Service code must be a HCPCS code such as T1019'],
    [{ modifiers: ['U1', 'U2', 'U3', 'U4', 'U5'] }, 'modifiers: At most 4 modifiers'],
    [{ startDate: '2025-02-29' }, 'startDate: Use a real date written YYYY-MM-DD'],
  ])('refuses %o', async (patch, message) => {
    const res = await api.fail('mutation', 'createClientAuthorization', authorization(patch));
    expect(res).toMatchObject({ status: 400, message });
  });

  it('answers the form’s parse-only check with field errors and runs nothing', async () => {
    const res = await t.fetch('/api/actions', {
      method: 'POST',
      headers: { authorization: `Bearer ${api.tokens.branchmanager}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        calls: [
          {
            name: 'createClientAuthorization',
            input: authorization({ endDate: '2024-01-01', unitsPerWeek: null }),
            parseOnly: true,
          },
          { name: 'createClientAuthorization', input: authorization({ serviceCode: 'T2025' }), parseOnly: true },
        ],
      }),
    });
    const body = (await res.json()) as { result: { data: unknown } }[];
    expect(body.map((r) => r.result.data)).toEqual([
      { endDate: 'The end date must be on or after the start date', unitsPerWeek: 'Give units per week, per month or in total' },
      {},
    ]);
    const list = await api.ok<ClientAuthorizationOutput[]>('query', 'getClientAuthorizations', { clientId });
    expect(list.map((a) => a.serviceCode)).not.toContain('T2025');
  });

  it('takes only payer sources of the client’s company', async () => {
    const res = await api.fail('mutation', 'createClientAuthorization', authorization({ payerSourceId: f.foreignPayer.id }));
    expect(res).toMatchObject({
      status: 400,
      message: `Payer source ${f.foreignPayer.id} not found`,
      fieldErrors: { payerSourceId: ['Unknown payer source'] },
    });
  });

  it('applies the rules to the edited record', async () => {
    const a = await create({ serviceCode: 'S5125', startDate: '2023-01-01', endDate: '2023-12-31' });
    const order = await api.fail('mutation', 'updateClientAuthorization', { id: a.id, endDate: '2022-12-31' });
    expect(order).toMatchObject({ status: 400, message: 'endDate: The end date must be on or after the start date' });
    const units = await api.fail('mutation', 'updateClientAuthorization', { id: a.id, unitsPerWeek: null });
    expect(units).toMatchObject({ status: 400, message: 'unitsPerWeek: Give units per week, per month or in total' });
  });

  it('refuses overlapping authorizations of the same payer, code and modifiers', async () => {
    const a = await create({ serviceCode: 'G0156', startDate: '2026-01-01', endDate: '2026-06-30' });
    const overlapping = await api.fail(
      'mutation',
      'createClientAuthorization',
      authorization({ serviceCode: 'G0156', startDate: '2026-06-30', endDate: '2026-12-31' }),
    );
    expect(overlapping).toMatchObject({
      status: 409,
      message: 'Another G0156 authorization of this payer covers 2026-01-01 to 2026-06-30',
    });
    // A Spanish reader gets the dates in es-US's day-first format.
    const spanish = await inSpanish(() =>
      api.fail(
        'mutation',
        'createClientAuthorization',
        authorization({ serviceCode: 'G0156', startDate: '2026-06-30', endDate: '2026-12-31' }),
      ),
    );
    const overlapEs = 'Otra autorización G0156 de este pagador cubre del 1/1/2026 al 30/6/2026';
    expect(spanish).toMatchObject({ status: 409, message: overlapEs, fieldErrors: { startDate: [overlapEs] } });
    const next = await create({ serviceCode: 'G0156', startDate: '2026-07-01', endDate: '2026-12-31' });
    await create({ serviceCode: 'G0156', modifiers: ['U2'], startDate: '2026-03-01', endDate: '2026-03-31' });
    await create({ serviceCode: 'G0156', payerSourceId: f.secondPayer.id, startDate: '2026-03-01', endDate: '2026-03-31' });
    const moved = await api.fail('mutation', 'updateClientAuthorization', { id: next.id, startDate: '2026-06-01' });
    expect(moved.status).toBe(409);
    expect(
      (await api.ok<ClientAuthorizationOutput>('mutation', 'updateClientAuthorization', { id: a.id, unitsPerMonth: 60 }))
        .unitsPerMonth,
    ).toBe(60);
  });

  it('is 404 for another branch’s client or authorization, and 403 without the action', async () => {
    const worcesterClientId = f.worcesterClientId;
    const theirs = await api.ok<ClientAuthorizationOutput>(
      'mutation',
      'createClientAuthorization',
      authorization({ clientId: worcesterClientId, serviceCode: 'T1020' }),
      'developer',
    );
    expect(await api.fail('mutation', 'updateClientAuthorization', { id: theirs.id, unitsPerWeek: 5 })).toMatchObject({
      status: 404,
      message: `Authorization ${theirs.id} not found`,
    });
    expect(await api.fail('mutation', 'deleteClientAuthorization', { id: theirs.id })).toMatchObject({ status: 404 });
    const match = await api.fail('query', 'getClientAuthorizationMatch', {
      clientId: worcesterClientId,
      payerSourceId: f.payer.id,
      startDate: '2025-03-01',
      endDate: '2025-03-01',
    });
    expect(match).toMatchObject({ status: 404, message: `Client ${worcesterClientId} not found` });
    expect((await api.fail('mutation', 'createClientAuthorization', authorization(), 'nurse')).status).toBe(403);
  });
});

describe('matching, metrics and code combos', () => {
  let matchClientId: number;
  let weekly: ClientAuthorizationOutput;
  let monthly: ClientAuthorizationOutput;
  beforeAll(async () => {
    matchClientId = (
      await api.ok<ClientOutput>('mutation', 'createClient', { branchId: f.boston.id, firstName: 'Lia', lastName: 'Rocha' })
    ).id;
    const add = (patch: Record<string, unknown>) => create({ clientId: matchClientId, ...patch });
    weekly = await add({ serviceCode: 'T1019', startDate: '2025-01-01', endDate: '2025-03-15', unitsPerWeek: 20 });
    monthly = await add({
      serviceCode: 'S5130',
      startDate: '2025-02-01',
      endDate: '2099-12-31',
      unitsPerWeek: null,
      unitsPerMonth: 80,
    });
    await add({
      serviceCode: 'S5130',
      startDate: '2020-01-01',
      endDate: '2020-12-31',
      payerSourceId: f.secondPayer.id,
      unitsTotal: 500,
    });
    await add({
      serviceCode: 'T1019',
      modifiers: ['U1'],
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      payerSourceId: f.secondPayer.id,
    });
    await add({
      serviceCode: 'T1019',
      modifiers: ['U1'],
      startDate: '2031-01-01',
      endDate: '2031-12-31',
      payerSourceId: f.secondPayer.id,
    });
  });

  const match = (patch: Record<string, unknown>) =>
    api.ok<ClientAuthorizationOutput | null>('query', 'getClientAuthorizationMatch', {
      clientId: matchClientId,
      payerSourceId: f.payer.id,
      ...patch,
    });

  it('finds the authorization covering the whole period, or null', async () => {
    expect((await match({ startDate: '2025-01-10', endDate: '2025-01-10' }))?.id).toBe(weekly.id);
    // Both cover March 1st; the one starting latest wins unless the code narrows it.
    expect((await match({ startDate: '2025-03-01', endDate: '2025-03-01' }))?.id).toBe(monthly.id);
    expect((await match({ startDate: '2025-03-01', endDate: '2025-03-01', serviceCode: 'T1019' }))?.id).toBe(weekly.id);
    expect(await match({ startDate: '2025-03-10', endDate: '2025-03-20', serviceCode: 'T1019' })).toBeNull();
    expect(await match({ startDate: '2024-12-31', endDate: '2024-12-31' })).toBeNull();
    expect(await match({ startDate: '2025-03-01', endDate: '2025-03-01', payerSourceId: f.secondPayer.id })).toBeNull();
    const reversed = await api.fail('query', 'getClientAuthorizationMatch', {
      clientId: matchClientId,
      payerSourceId: f.payer.id,
      startDate: '2025-03-02',
      endDate: '2025-03-01',
    });
    expect(reversed).toMatchObject({ status: 400, message: 'endDate: The end date must be on or after the start date' });
  });

  it('gives authorized, scheduled, used and remaining units per authorization for a period', async () => {
    // March 2025: Saturday 1st to Monday 31st. The weekly one ends Saturday 15th: weeks of Mar 1, 2-8, 9-15.
    const metrics = await api.ok<ClientAuthMetric[]>(
      'query',
      'getClientAuthMetrics',
      { clientId: matchClientId, startDate: '2025-03-01', endDate: '2025-03-31' },
      'nurse',
    );
    expect(metrics).toEqual([
      expect.objectContaining({
        authorizationId: monthly.id,
        serviceCode: 'S5130',
        authorized: 80,
        scheduled: 0,
        used: 0,
        remaining: 80,
      }),
      expect.objectContaining({
        authorizationId: weekly.id,
        serviceCode: 'T1019',
        authorized: 60,
        scheduled: 0,
        used: 0,
        remaining: 60,
      }),
    ]);
    expect(metrics[1]).toMatchObject({
      payerSourceName: 'MassHealth',
      modifiers: [],
      startDate: '2025-01-01',
      endDate: '2025-03-15',
    });
    const none = await api.ok<ClientAuthMetric[]>('query', 'getClientAuthMetrics', {
      clientId: matchClientId,
      startDate: '2019-01-01',
      endDate: '2019-12-31',
    });
    expect(none).toEqual([]);
    const tooLong = await api.fail('query', 'getClientAuthMetrics', {
      clientId: matchClientId,
      startDate: '2025-01-01',
      endDate: '2026-06-30',
    });
    expect(tooLong).toMatchObject({ status: 400, message: 'endDate: The period must be at most 366 days' });
  });

  it('lists the distinct payer and code pairs of current authorizations', async () => {
    const combos = await api.ok<ClientAuthorizationCodeCombo[]>('query', 'getClientAuthorizationCodeCombos', {
      clientId: matchClientId,
    });
    expect(combos).toEqual([
      { payerSourceId: f.secondPayer.id, payerSourceName: 'Commonwealth Care Alliance', serviceCode: 'T1019', modifiers: ['U1'] },
      { payerSourceId: f.payer.id, payerSourceName: 'MassHealth', serviceCode: 'S5130', modifiers: [] },
    ]);
  });
});

describe('metrics from shifts', () => {
  it('counts units of shifts not yet worked as scheduled and of completed ones as used, by worked minutes', async () => {
    const client = await api.ok<ClientOutput>('mutation', 'createClient', {
      branchId: f.boston.id,
      firstName: 'Ida',
      lastName: 'Moss',
    });
    const auth = await create({ clientId: client.id, startDate: '2025-01-01', endDate: '2025-12-31', unitsPerWeek: 40 });
    const [aide] = await t.database.db
      .insert(caregivers)
      .values({ branchId: f.boston.id, firstName: 'Ada', lastName: 'Roy' })
      .returning();
    // Wall-clock times of March 2025 in New York (EST, UTC-5).
    const shift = async (day: string, hours = 1) => {
      const saved = await api.ok<{ shift: { id: number; authorizationId: number | null } }>('mutation', 'createShift', {
        clientId: client.id,
        caregiverId: aide!.id,
        payerSourceId: f.payer.id,
        serviceCode: 'T1019',
        startTimestamp: `2025-${day}T14:00:00Z`,
        endTimestamp: `2025-${day}T${14 + hours}:00:00Z`,
      });
      expect(saved.shift.authorizationId).toBe(auth.id);
      return saved.shift.id;
    };
    const first = await shift('03-04', 2); // scheduled: 8 units
    const worked = await shift('03-05');
    // Worked 82 minutes: 5 units by the 8-minute rule (7 minutes left over do not count), not the 4 scheduled.
    await api.ok('mutation', 'saveShiftTimesheet', {
      scheduleId: worked,
      checkIn: '2025-03-05T14:00:00Z',
      checkOut: '2025-03-05T15:22:00Z',
      reasonCode: 'caregiver_forgot',
    });
    const cancelled = await shift('03-06');
    await api.ok('mutation', 'deleteShift', { id: cancelled, reason: 'Client away' });
    const missed = await shift('03-07');
    await api.ok('mutation', 'updateShift', { id: missed, status: 'missed' });
    const underway = await shift('03-08'); // in progress: its 4 scheduled units
    await api.ok('mutation', 'saveShiftTimesheet', {
      scheduleId: underway,
      checkIn: '2025-03-08T14:00:00Z',
      reasonCode: 'other',
    });
    const later = await shift('04-01', 3); // after the period

    const [metric] = await api.ok<ClientAuthMetric[]>('query', 'getClientAuthMetrics', {
      clientId: client.id,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    // March 2025 touches 6 Sunday-to-Saturday weeks: 240 units authorized.
    expect(metric).toMatchObject({ authorizationId: auth.id, authorized: 240, scheduled: 12, used: 5, remaining: 223 });

    // The visits count and bill their units against it: deleting it is refused naming them (the first five by start,
    // with their dates on the branch's clock, and how many more), and it stays.
    const refused = await api.fail('mutation', 'deleteClientAuthorization', { id: auth.id });
    expect(refused).toMatchObject({
      status: 409,
      message:
        `Authorization ${auth.id} is used by 6 visits: ${first} on 2025-03-04, ${worked} on 2025-03-05, ` +
        `${cancelled} on 2025-03-06, ${missed} on 2025-03-07, ${underway} on 2025-03-08 and 1 more. ` +
        'Move those visits to another authorization first, or end this one instead of deleting it.',
    });
    const refusedEs = await inSpanish(() => api.fail('mutation', 'deleteClientAuthorization', { id: auth.id }));
    expect(refusedEs.message).toMatch(new RegExp(`^La autorización ${auth.id} la usan 6 visitas: ${first} el 4/3/2025, `));
    expect(later).toBeGreaterThan(underway);
    const still = await api.ok<ClientAuthorizationOutput[]>('query', 'getClientAuthorizations', { clientId: client.id });
    expect(still.map((a) => a.id)).toEqual([auth.id]);
  });
});
