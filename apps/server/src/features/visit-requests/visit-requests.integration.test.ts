import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type {
  ClientAppRequestsOutput,
  ClientAppVisitRequest,
  VisitRequestOutput,
} from '@hearth/shared/visit-requests/visit-requests.schema';
import type { TestApp } from '../../test/test-app';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { visitRequests } from './visit-requests.schema';
import {
  STAFF_LOGINS,
  startClientAppTests,
  type ClientAppApi,
  type ClientAppFixtures,
  type ClientAppLogin,
} from '../client-app/client-app.test-support';

/*
 * Visit requests over real HTTP on a real database (issue 25 item 3): the family asks, the office answers, the
 * schedule changes through the shifts service, both sides are told; every caller out of reach is refused.
 * Times are real future instants (the service compares them with the real clock), a day apart per test.
 */

let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
let caregiverId: number;
const branchOf: Record<number, number> = {};

/** A whole hour `days` days from now, plus `hours`, as a Date. */
function ahead(days: number, hours = 0): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCMinutes(0, 0, 0);
  d.setUTCHours(14 + hours);
  return d;
}

/** A scheduled visit of `clientId` from `start` for two hours (with the test caregiver unless `open`). */
async function visit(clientId: number, start: Date, open = false): Promise<number> {
  const [row] = await t.database.db
    .insert(shifts)
    .values({
      branchId: branchOf[clientId]!,
      clientId,
      caregiverId: open ? null : caregiverId,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * 3_600_000),
    })
    .returning({ id: shifts.id });
  return row!.id;
}

beforeAll(async () => {
  ({ t, f, api } = await startClientAppTests());
  const db = t.database.db;
  for (const id of [f.clientId, f.otherClientId, f.strangerClientId]) {
    const [c] = await db.select({ branchId: clients.branchId }).from(clients).where(eq(clients.id, id));
    branchOf[id] = c!.branchId;
  }
  const [cg] = await db
    .insert(caregivers)
    .values({ branchId: f.bostonBranchId, firstName: 'Rosa', lastName: 'Requests', status: 'active' })
    .returning({ id: caregivers.id });
  caregiverId = cg!.id;
});
afterAll(() => t.close());

const iso = (d: Date) => d.toISOString();
const create = (input: Record<string, unknown>, as: ClientAppLogin = 'family') =>
  api.call<ClientAppVisitRequest>('mutation', 'clientAppCreateRequest', { clientId: f.clientId, ...input }, as);
const okCreate = (input: Record<string, unknown>, as: ClientAppLogin = 'family') =>
  api.ok<ClientAppVisitRequest>('mutation', 'clientAppCreateRequest', { clientId: f.clientId, ...input }, as);
const decide = (input: Record<string, unknown>, as: ClientAppLogin = 'branchmanager') =>
  api.call<VisitRequestOutput>('mutation', 'visitRequests.decide', input, as);
const list = (input: Record<string, unknown> = {}, as: ClientAppLogin = 'branchmanager') =>
  api.ok<VisitRequestOutput[]>('query', 'visitRequests.list', input, as);
const shiftRow = async (id: number) => (await t.database.db.select().from(shifts).where(eq(shifts.id, id)))[0];
const notices = (kind: string, userIds: number[]) =>
  t.database.db
    .select()
    .from(inAppNotifications)
    .where(and(eq(inAppNotifications.kind, kind as never), inArray(inAppNotifications.userId, userIds)));

describe('clientAppCreateRequest and clientAppGetRequests', () => {
  it('lets the client and a contact with the schedule ask to cancel, move or add, and shows both the requests', async () => {
    const a = await visit(f.clientId, ahead(3));
    const b = await visit(f.clientId, ahead(4));
    const cancel = await okCreate({ kind: 'cancel', shiftId: a, note: 'At the doctor' }, 'client');
    const move = await okCreate({ kind: 'move', shiftId: b, start: iso(ahead(4, 2)), end: iso(ahead(4, 4)) });
    const add = await okCreate({ kind: 'add', start: iso(ahead(5)), end: iso(ahead(5, 3)) });
    expect(cancel).toMatchObject({ kind: 'cancel', status: 'pending', shiftId: a, start: null, note: 'At the doctor' });
    expect(move).toMatchObject({ kind: 'move', shiftId: b, start: iso(ahead(4, 2)), visitStart: iso(ahead(4)), mine: true });
    expect(add).toMatchObject({ kind: 'add', shiftId: null, visitStart: null, end: iso(ahead(5, 3)) });
    expect(Object.keys(move).sort()).toEqual(
      [
        ...['id', 'clientId', 'kind', 'status', 'shiftId', 'visitStart', 'visitEnd', 'start', 'end', 'note', 'createdAt'],
        ...['decidedAt', 'decisionReason', 'requestedByName', 'mine', 'canWithdraw'],
      ].sort(),
    );
    const seen = await api.ok<ClientAppRequestsOutput>('query', 'clientAppGetRequests', { clientId: f.clientId }, 'client');
    const byId = new Map(seen.requests.map((r) => [r.id, r]));
    expect(byId.get(cancel.id)).toMatchObject({ mine: true, canWithdraw: true });
    // The client may withdraw a contact's request; the office user who decides is never named to the family.
    expect(byId.get(move.id)).toMatchObject({ mine: false, canWithdraw: true, requestedByName: 'Family' });
    expect(seen.visits.find((v) => v.shiftId === a)).toMatchObject({ pending: true, caregiverFirstName: 'Rosa' });
    const forFamily = await api.ok<ClientAppRequestsOutput>('query', 'clientAppGetRequests', { clientId: f.clientId }, 'family');
    expect(forFamily.requests.find((r) => r.id === cancel.id)).toMatchObject({ mine: false, canWithdraw: false });
  });

  it('tells the office of the branch who may answer, not the nurse, with the summary in their language', async () => {
    const a = await visit(f.clientId, ahead(6));
    const r = await okCreate({ kind: 'cancel', shiftId: a });
    const told = await notices('visit_request_received', [f.userIds.branchmanager, f.userIds.nurse, f.userIds.prn]);
    const mine = told.filter((n) => n.link === `/visit-requests?request=${r.id}`);
    expect(mine.map((n) => n.userId)).toEqual([f.userIds.branchmanager]);
    expect(mine[0]!.title).toBe('Request from Family Family');
    expect(mine[0]!.body).toMatch(/^Family Family asks about a visit of .+: cancel the visit of \w{3} \d\d\/\d\d\/\d\d /);
  });

  it('refuses a visit started, cancelled or asked about already, a time passed, the same times, naming the field', async () => {
    const past = await visit(f.clientId, ahead(-1));
    const cancelled = await visit(f.clientId, ahead(7));
    await t.database.db.update(shifts).set({ status: 'cancelled' }).where(eq(shifts.id, cancelled));
    const asked = await visit(f.clientId, ahead(8));
    await okCreate({ kind: 'cancel', shiftId: asked });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ kind: 'cancel', shiftId: past }, 'shiftId', /still to come/],
      [{ kind: 'cancel', shiftId: cancelled }, 'shiftId', /still to come/],
      [{ kind: 'move', shiftId: asked, start: iso(ahead(9)), end: iso(ahead(9, 1)) }, 'shiftId', /already has a request/],
      [{ kind: 'add', start: iso(ahead(-2)), end: iso(ahead(-2, 1)) }, 'start', /future/],
      [{ kind: 'add', start: iso(ahead(400)), end: iso(ahead(400, 1)) }, 'start', /within a year/],
      [{ kind: 'move', shiftId: cancelled + 1000000, start: iso(ahead(9)), end: iso(ahead(9, 1)) }, '', /Shift \d+ not found/],
    ];
    for (const [input, field, message] of cases) {
      const res = await create(input);
      expect(res.message, JSON.stringify(input)).toMatch(message);
      expect(res.status).toBe(field ? 400 : 404);
    }
    const same = await visit(f.clientId, ahead(10));
    const res = await create({ kind: 'move', shiftId: same, start: iso(ahead(10)), end: iso(ahead(10, 2)) });
    expect([res.status, res.message]).toEqual([400, "Choose a time different from the visit's"]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const a = await visit(f.clientId, ahead(11));
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'move', shiftId: a }, 'start'],
      [{ kind: 'cancel' }, 'shiftId'],
      [{ kind: 'add', shiftId: a, start: iso(ahead(11)), end: iso(ahead(11, 1)) }, 'shiftId'],
      [{ kind: 'add', start: iso(ahead(11, 2)), end: iso(ahead(11)) }, 'end'],
      [{ kind: 'add', start: iso(ahead(11)), end: iso(ahead(12, 1)) }, 'end'],
      [{ kind: 'swap', shiftId: a }, 'kind'],
      [{ kind: 'cancel', shiftId: a, note: 'a\u0000b' }, 'note'],
      [{ kind: 'cancel', shiftId: a, note: 'x'.repeat(1001) }, 'note'],
      [{ kind: 'cancel', shiftId: 2 ** 31 }, 'shiftId'],
      [{ kind: 'add', start: 'tomorrow', end: iso(ahead(11, 1)) }, 'start'],
      [{ kind: 'cancel', shiftId: a, clientId: 'one' }, 'clientId'],
    ];
    for (const [input, field] of bad) {
      const res = await create(input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.message, JSON.stringify(input)).toContain(field);
    }
  });

  it('is a 404 for a contact without the schedule, another client’s contact, a former contact, and another client’s visit', async () => {
    const a = await visit(f.clientId, ahead(12));
    for (const as of ['limited', 'stranger', 'former', 'developer'] as const) {
      expect((await create({ kind: 'cancel', shiftId: a }, as)).status, as).toBe(404);
      const res = await api.call('query', 'clientAppGetRequests', { clientId: f.clientId }, as);
      expect([res.status, res.message], as).toEqual([404, `Client ${f.clientId} not found`]);
    }
    const strangers = await visit(f.strangerClientId, ahead(12), true);
    expect((await create({ kind: 'cancel', shiftId: strangers })).message).toBe(`Shift ${strangers} not found`);
    // The other client (Worcester) of `family`, whose contact record holds the schedule only: asking is allowed.
    const other = await visit(f.otherClientId, ahead(12), true);
    expect((await create({ kind: 'cancel', shiftId: other, clientId: f.otherClientId })).status).toBe(200);
    expect((await create({ kind: 'cancel', shiftId: a, clientId: f.otherClientId })).status).toBe(404);
  });

  it.each(STAFF_LOGINS.filter((l) => l !== 'developer'))('refuses %s (403): the family calls are not staff calls', async (as) => {
    expect((await create({ kind: 'add', start: iso(ahead(13)), end: iso(ahead(13, 1)) }, as)).status).toBe(403);
    expect((await api.call('query', 'clientAppGetRequests', { clientId: f.clientId }, as)).status).toBe(403);
    expect((await api.call('mutation', 'clientAppWithdrawRequest', { clientId: f.clientId, requestId: 1 }, as)).status).toBe(403);
  });
});

describe('clientAppWithdrawRequest', () => {
  const withdraw = (requestId: number, as: ClientAppLogin, clientId = f.clientId) =>
    api.call<ClientAppVisitRequest>('mutation', 'clientAppWithdrawRequest', { clientId, requestId }, as);

  it('lets who asked, or the client, withdraw a pending request; not another contact, nor twice', async () => {
    const byClient = await okCreate({ kind: 'add', start: iso(ahead(14)), end: iso(ahead(14, 1)) }, 'client');
    expect((await withdraw(byClient.id, 'family')).status).toBe(403);
    const byFamily = await okCreate({ kind: 'add', start: iso(ahead(15)), end: iso(ahead(15, 1)) });
    const res = await withdraw(byFamily.id, 'client');
    expect([res.status, res.data.status]).toEqual([200, 'withdrawn']);
    expect((await withdraw(byFamily.id, 'client')).message).toBe('This request was already answered or withdrawn');
    expect((await withdraw(byClient.id, 'client')).data.status).toBe('withdrawn');
  });

  it('is a 404 out of reach or for another client’s request', async () => {
    const r = await okCreate({ kind: 'add', start: iso(ahead(16)), end: iso(ahead(16, 1)) });
    for (const as of ['limited', 'stranger', 'former'] as const) expect((await withdraw(r.id, as)).status, as).toBe(404);
    expect((await withdraw(r.id, 'family', f.otherClientId)).message).toBe(`Visit request ${r.id} not found`);
    expect((await api.call('mutation', 'clientAppWithdrawRequest', { clientId: f.clientId }, 'family')).status).toBe(400);
  });
});

describe('visitRequests.list and visitRequests.decide', () => {
  it('lists the requests of the caller’s branches only: Boston’s for the branch manager, both for the RVP', async () => {
    const boston = await okCreate({ kind: 'add', start: iso(ahead(17)), end: iso(ahead(17, 1)) });
    const other = await okCreate({ kind: 'add', clientId: f.otherClientId, start: iso(ahead(17)), end: iso(ahead(17, 1)) });
    const ids = async (as: ClientAppLogin) => (await list({}, as)).map((r) => r.id);
    expect(await ids('branchmanager')).toContain(boston.id);
    expect(await ids('branchmanager')).not.toContain(other.id);
    expect(await ids('rvp')).toEqual(expect.arrayContaining([boston.id, other.id]));
    expect(await ids('companyadmin')).toEqual(expect.arrayContaining([boston.id, other.id]));
    const row = (await list({ clientId: f.clientId })).find((r) => r.id === boston.id)!;
    expect(row).toMatchObject({
      requestedByName: 'Family Family',
      requestedByRelation: 'Daughter',
      timezone: 'America/New_York',
    });
    for (const as of ['nurse', 'prn', 'caregiver', 'client', 'family'] as const)
      expect((await api.call('query', 'visitRequests.list', {}, as)).status, as).toBe(403);
    expect((await decide({ id: other.id, decision: 'decline', reason: 'No' })).status).toBe(404);
    for (const as of ['nurse', 'prn', 'caregiver', 'client', 'family'] as const)
      expect((await decide({ id: boston.id, decision: 'decline', reason: 'No' }, as)).status, as).toBe(403);
    expect((await api.call('query', 'visitRequests.list', { status: 'open' }, 'branchmanager')).status).toBe(400);
  });

  it('approves a move: the visit moves, the request is approved, the family is told, and it cannot be decided again', async () => {
    const a = await visit(f.clientId, ahead(18));
    const r = await okCreate({ kind: 'move', shiftId: a, start: iso(ahead(18, 3)), end: iso(ahead(18, 6)) });
    const res = await decide({ id: r.id, decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'approved', decidedByName: expect.stringMatching(/\S/), shiftId: a });
    const moved = await shiftRow(a);
    expect([moved!.startAt.toISOString(), moved!.endAt.toISOString(), moved!.caregiverId]).toEqual([
      iso(ahead(18, 3)),
      iso(ahead(18, 6)),
      caregiverId,
    ]);
    const told = await notices('visit_request_decided', [f.userIds.client, f.userIds.family, f.userIds.limited]);
    expect(
      told
        .filter((n) => n.body.includes('approved, move the visit'))
        .map((n) => n.userId)
        .sort(),
    ).toEqual([f.userIds.client, f.userIds.family].sort());
    expect((await decide({ id: r.id, decision: 'decline', reason: 'Late' })).message).toBe(
      'This request was already answered or withdrawn',
    );
    const seen = await api.ok<ClientAppRequestsOutput>('query', 'clientAppGetRequests', { clientId: f.clientId }, 'family');
    expect(seen.requests.find((x) => x.id === r.id)).toMatchObject({ status: 'approved', canWithdraw: false });
  });

  it('approves a cancel and an addition through the shifts service', async () => {
    const a = await visit(f.clientId, ahead(19));
    const cancel = await okCreate({ kind: 'cancel', shiftId: a, note: 'Away' });
    expect((await decide({ id: cancel.id, decision: 'approve' })).data.status).toBe('approved');
    expect(await shiftRow(a)).toMatchObject({ status: 'cancelled', cancelReason: expect.stringContaining('family') });
    const add = await okCreate({ kind: 'add', start: iso(ahead(20)), end: iso(ahead(20, 2)) });
    const res = await decide({ id: add.id, decision: 'approve' }, 'rvp');
    const added = await shiftRow(res.data.shiftId!);
    expect(added).toMatchObject({ clientId: f.clientId, caregiverId: null, status: 'scheduled', startAt: ahead(20) });
  });

  it('refuses a move the shift rules refuse (the caregiver busy then) with a 400, deciding nothing', async () => {
    const a = await visit(f.clientId, ahead(21));
    const busy = await visit(f.strangerClientId, ahead(21, 4));
    const r = await okCreate({ kind: 'move', shiftId: a, start: iso(ahead(21, 4)), end: iso(ahead(21, 6)) });
    const res = await decide({ id: r.id, decision: 'approve' });
    expect([res.status, res.message]).toEqual([400, expect.stringMatching(/already has a shift/)]);
    expect((await shiftRow(a))!.startAt).toEqual(ahead(21));
    const [row] = await t.database.db.select().from(visitRequests).where(eq(visitRequests.id, r.id));
    expect(row).toMatchObject({ status: 'pending', decidedAt: null });
    expect(busy).toBeGreaterThan(0);
  });

  it('declines only with a reason, which the family reads', async () => {
    const r = await okCreate({ kind: 'add', start: iso(ahead(22)), end: iso(ahead(22, 1)) }, 'client');
    const noReason = await decide({ id: r.id, decision: 'decline' });
    expect([noReason.status, noReason.message]).toEqual([400, expect.stringContaining('reason')]);
    expect((await decide({ id: r.id, decision: 'decline', reason: 'No caregiver free that evening' })).data.status).toBe(
      'declined',
    );
    const [n] = (await notices('visit_request_decided', [f.userIds.client])).filter((x) => x.body.includes('No caregiver'));
    expect(n!.body).toMatch(/declined, add a visit on .+ Reason: No caregiver free that evening\.$/);
    expect(n!.link).toBe('/client-mobile-app/requests');
    const seen = await api.ok<ClientAppRequestsOutput>('query', 'clientAppGetRequests', { clientId: f.clientId }, 'client');
    expect(seen.requests.find((x) => x.id === r.id)).toMatchObject({
      status: 'declined',
      decisionReason: 'No caregiver free that evening',
    });
    expect((await decide({ id: 2 ** 31, decision: 'approve' })).status).toBe(400);
    expect((await decide({ id: r.id + 100000, decision: 'approve' })).status).toBe(404);
  });

  it('refuses to apply a request whose time has passed or whose visit has started', async () => {
    const a = await visit(f.clientId, ahead(23));
    const r = await okCreate({ kind: 'cancel', shiftId: a });
    await t.database.db.update(shifts).set({ status: 'in_progress' }).where(eq(shifts.id, a));
    expect((await decide({ id: r.id, decision: 'approve' })).message).toMatch(/has started or was cancelled/);
    expect((await decide({ id: r.id, decision: 'decline', reason: 'Visit under way' })).status).toBe(200);
  });
});
