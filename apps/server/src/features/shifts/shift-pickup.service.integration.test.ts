import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { distanceMetres } from '@hearth/shared/visits/geofence';
import type {
  AcceptPickupInvitationOutput,
  CaregiverPickupOfferOutput,
  PickupCandidateOutput,
  PickupInvitationOutput,
  SendPickupInvitationsOutput,
} from '@hearth/shared/shifts/pickup-invitations.schema';
import type { CaregiverPasswordOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregiverAddresses, caregivers } from '../caregivers/caregivers.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { outbox } from '../notify/notify.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { users } from '../users/users.schema';
import { payPeriodLockTimes } from '../pay-periods/pay-periods.schema';
import { shiftPickupInvitations, shifts } from './shifts.schema';
import { rankedPickupCandidates } from './shift-pickup.rank';

/**
 * Every record here lives in a branch of its own ("Pickup Test", in the demo company), with shifts in 2031 and
 * past visits in 2020, so demo data never meets these assertions.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let branchId: number;
let bostonId: number;
let clientId: number;
const HOME = { lat: 42.3016, lon: -71.0676 };
const PASSWORD = 'Pickup-pass-1';
/** The fixture caregivers by role in the story. */
type Fixture = 'near' | 'regular' | 'frequent' | 'unknown' | 'inactive' | 'applicant' | 'busy' | 'elsewhere';
const cg = {} as Record<Fixture, number>;

const db = () => t.database.db;

async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: string) {
  const res = await t.trpc(kind, path, input, tokens[as]);
  return {
    status: res.status,
    data: res.body.result?.data as T,
    message: res.body.error?.message,
    fieldErrors: res.body.error?.data.fieldErrors,
  };
}

async function addCaregiver(
  name: string,
  fields: Partial<typeof caregivers.$inferInsert> = {},
  position: { lat: number; lon: number } | null = null,
): Promise<number> {
  const [row] = await db()
    .insert(caregivers)
    .values({ branchId, firstName: name, lastName: 'Tester', status: 'active', ...fields })
    .returning({ id: caregivers.id });
  if (position) {
    await db()
      .insert(caregiverAddresses)
      .values({ caregiverId: row!.id, line1: '1 Test St', city: 'Boston', state: 'MA', zip: '02125', ...position });
  }
  return row!.id;
}

async function addShift(fields: Partial<typeof shifts.$inferInsert> & { startAt: Date; endAt: Date }): Promise<number> {
  const [row] = await db()
    .insert(shifts)
    .values({ branchId, clientId, serviceCode: 'T1019', ...fields })
    .returning({ id: shifts.id });
  return row!.id;
}

/** Gives a caregiver a sign-in user with PASSWORD (setCaregiverPassword) and signs them in as `key`. */
async function signInCaregiver(key: string, caregiverId: number): Promise<number> {
  const res = await call<CaregiverPasswordOutput>(
    'mutation',
    'setCaregiverPassword',
    { caregiverId, password: PASSWORD },
    'companyadmin',
  );
  expect(res.message).toBeUndefined();
  tokens[key] = await t.signIn(res.data.username, PASSWORD);
  return res.data.userId;
}

const at = (iso: string) => new Date(iso);
/** Moves a point `metres` north. */
const north = (p: { lat: number; lon: number }, metres: number) => ({ lat: p.lat + metres / 111_195, lon: p.lon });

let openShift: number;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'nurse', 'caregiver']) tokens[u] = await t.signIn(u);
  const [boston] = await db().select().from(branches).where(eq(branches.name, 'Boston'));
  bostonId = boston!.id;
  const [branch] = await db()
    .insert(branches)
    .values({ companyId: boston!.companyId, name: 'Pickup Test', timezone: 'America/New_York' })
    .returning({ id: branches.id });
  branchId = branch!.id;
  const [client] = await db()
    .insert(clients)
    .values({ branchId, firstName: 'Rosa', lastName: 'Pickup' })
    .returning({ id: clients.id });
  clientId = client!.id;
  await db()
    .insert(clientAddresses)
    .values([
      { clientId, line1: '9 Old Rd', city: 'Quincy', state: 'MA', zip: '02169', lat: 42.25, lon: -71.0, isPrimary: false },
      { clientId, line1: '12 Adams St', city: 'Dorchester', state: 'MA', zip: '02122', ...HOME, isPrimary: true },
    ]);

  cg.near = await addCaregiver('Near', {}, north(HOME, 500));
  cg.regular = await addCaregiver('Regular', { phoneNumber: '(617) 555-0101' }, north(HOME, 3000));
  cg.frequent = await addCaregiver('Frequent', {}, north(HOME, 3000));
  cg.unknown = await addCaregiver('Unknown', { email: 'unknown.pickup@example.com' });
  cg.inactive = await addCaregiver('Inactive', { status: 'inactive' }, north(HOME, 100));
  cg.applicant = await addCaregiver('Applicant', { status: 'applicant' }, north(HOME, 100));
  cg.busy = await addCaregiver('Busy', {}, north(HOME, 100));
  const [elsewhere] = await db()
    .insert(caregivers)
    .values({ branchId: bostonId, firstName: 'Elsewhere', lastName: 'Tester', status: 'active' })
    .returning({ id: caregivers.id });
  cg.elsewhere = elsewhere!.id;

  openShift = await addShift({ startAt: at('2031-03-04T14:00:00Z'), endAt: at('2031-03-04T18:00:00Z') });
  // Busy overlaps the open shift by an hour; Near's shift ends as it starts (half-open ranges: still free).
  await addShift({ caregiverId: cg.busy, startAt: at('2031-03-04T17:00:00Z'), endAt: at('2031-03-04T20:00:00Z') });
  await addShift({ caregiverId: cg.near, startAt: at('2031-03-04T10:00:00Z'), endAt: at('2031-03-04T14:00:00Z') });
  // Past visits: Frequent 3, Regular 2 completed ones; a cancelled one does not count.
  const visit = (caregiverId: number, day: number, status: 'completed' | 'cancelled') => ({
    caregiverId,
    status,
    startAt: at(`2020-06-${String(day).padStart(2, '0')}T14:00:00Z`),
    endAt: at(`2020-06-${String(day).padStart(2, '0')}T16:00:00Z`),
  });
  for (const v of [
    visit(cg.frequent, 1, 'completed'),
    visit(cg.frequent, 2, 'completed'),
    visit(cg.frequent, 3, 'completed'),
    visit(cg.regular, 1, 'completed'),
    visit(cg.regular, 2, 'completed'),
    visit(cg.regular, 3, 'cancelled'),
    visit(cg.regular, 4, 'cancelled'),
  ]) {
    await addShift(v);
  }
  await signInCaregiver('near', cg.near);
});
afterAll(() => t.close());

describe('getPickupCandidates', () => {
  it('ranks eligible caregivers by distance, then past visits, then name; unknown distance last', async () => {
    const res = await call<PickupCandidateOutput[]>('query', 'getPickupCandidates', { scheduleId: openShift }, 'companyadmin');
    expect(res.message).toBeUndefined();
    expect(res.data.map((c) => c.caregiverId)).toEqual([cg.near, cg.frequent, cg.regular, cg.unknown]);
    expect(res.data.map((c) => c.rank)).toEqual([1, 2, 3, 4]);
    const [near, frequent, regular, unknown] = res.data;
    expect(near).toMatchObject({ caregiverName: 'Near Tester', pastVisits: 0 });
    expect(near!.distanceMetres).toBe(Math.round(distanceMetres(HOME, north(HOME, 500))!));
    expect(near!.distanceMetres).toBeGreaterThan(495);
    expect(near!.distanceMetres).toBeLessThan(505);
    expect(frequent).toMatchObject({ pastVisits: 3 });
    expect(regular).toMatchObject({ pastVisits: 2, distanceMetres: frequent!.distanceMetres });
    expect(unknown).toMatchObject({ distanceMetres: null, pastVisits: 0 });
  });

  it('keeps the best of the ranking when limited (getPickupCandidates lists the best 50)', async () => {
    const [shift] = await db().select().from(shifts).where(eq(shifts.id, openShift));
    const all = await rankedPickupCandidates(db(), shift!);
    const best = await rankedPickupCandidates(db(), shift!, { limit: 2 });
    expect(all.length).toBeGreaterThan(2);
    expect(best).toEqual(all.slice(0, 2));
  });

  it('leaves out inactive, applicant, busy and other-branch caregivers', async () => {
    const res = await call<PickupCandidateOutput[]>('query', 'getPickupCandidates', { scheduleId: openShift }, 'developer');
    const ids = res.data.map((c) => c.caregiverId);
    for (const key of ['inactive', 'applicant', 'busy', 'elsewhere'] as const) expect(ids).not.toContain(cg[key]);
  });

  it('refuses a shift that is not open (taken, cancelled, started) with 400', async () => {
    const taken = await addShift({
      caregiverId: cg.unknown,
      startAt: at('2031-04-01T14:00:00Z'),
      endAt: at('2031-04-01T15:00:00Z'),
    });
    const cancelled = await addShift({
      status: 'cancelled',
      startAt: at('2031-04-02T14:00:00Z'),
      endAt: at('2031-04-02T15:00:00Z'),
    });
    const started = await addShift({ startAt: at('2020-07-01T14:00:00Z'), endAt: at('2020-07-01T15:00:00Z') });
    for (const [id, message] of [
      [taken, `Shift ${taken} already has a caregiver`],
      [cancelled, `Shift ${cancelled} is cancelled`],
      [started, `Shift ${started} has already started`],
    ] as const) {
      const res = await call('query', 'getPickupCandidates', { scheduleId: id }, 'companyadmin');
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
    }
  });

  it("is 404 for another branch's shift and for a missing one", async () => {
    const res = await call('query', 'getPickupCandidates', { scheduleId: openShift }, 'branchmanager');
    expect(res.status).toBe(404);
    expect(res.message).toBe(`Shift ${openShift} not found`);
    expect((await call('query', 'getPickupCandidates', { scheduleId: 999_999 }, 'companyadmin')).status).toBe(404);
  });
});

describe('sendPickupInvitations', () => {
  it('refuses ineligible caregivers, naming each and why', async () => {
    const res = await call(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: openShift, caregiverIds: [cg.near, cg.busy, cg.inactive, cg.elsewhere, 999_999] },
      'companyadmin',
    );
    expect(res.status).toBe(400);
    expect(res.message).toBe(
      `These caregivers cannot pick up shift ${openShift}: Busy Tester (busy at that time), Inactive Tester (inactive), ` +
        'Elsewhere Tester (another branch), caregiver 999999 (not found)',
    );
    expect(res.fieldErrors?.caregiverIds).toEqual([res.message]);
    const rows = await db().select().from(shiftPickupInvitations).where(eq(shiftPickupInvitations.shiftId, openShift));
    expect(rows).toEqual([]);
  });

  it('gives a Spanish reader every reason in Spanish', async () => {
    expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, tokens.companyadmin)).status).toBe(200);
    try {
      const res = await call(
        'mutation',
        'sendPickupInvitations',
        { scheduleId: openShift, caregiverIds: [cg.busy, cg.inactive, cg.applicant, cg.elsewhere, 999_999] },
        'companyadmin',
      );
      expect(res.status).toBe(400);
      expect(res.message).toBe(
        `Estos cuidadores no pueden tomar el turno ${openShift}: Busy Tester (ocupado a esa hora), Inactive Tester ` +
          '(inactivo), Applicant Tester (aspirante), Elsewhere Tester (otra sucursal), cuidador 999999 (no encontrado)',
      );
      expect(res.fieldErrors?.caregiverIds).toEqual([res.message]);
    } finally {
      await t.trpc('mutation', 'setMyLanguage', { language: null }, tokens.companyadmin);
    }
  });

  it('is not for nurses (403)', async () => {
    const res = await call('mutation', 'sendPickupInvitations', { scheduleId: openShift }, 'nurse');
    expect(res.status).toBe(403);
  });

  it('invites the named caregivers, then the best eligible, never twice, each through the notifier', async () => {
    const first = await call<SendPickupInvitationsOutput>(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: openShift, caregiverIds: [cg.regular] },
      'companyadmin',
    );
    expect(first.message).toBeUndefined();
    expect(first.data.sent).toBe(1);
    expect(first.data.invitations).toHaveLength(1);
    expect(first.data.invitations[0]).toMatchObject({ caregiverId: cg.regular, rank: 3, pastVisits: 2, status: 'sent' });

    const rest = await call<SendPickupInvitationsOutput>(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: openShift },
      'companyadmin',
    );
    expect(rest.data.sent).toBe(3);
    expect(rest.data.invitations.map((i) => [i.caregiverId, i.rank, i.status])).toEqual([
      [cg.near, 1, 'sent'],
      [cg.frequent, 2, 'sent'],
      [cg.regular, 3, 'sent'],
      [cg.unknown, 4, 'sent'],
    ]);

    const again = await call<SendPickupInvitationsOutput>(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: openShift },
      'companyadmin',
    );
    expect(again.data.sent).toBe(0);
    expect(again.data.invitations).toHaveLength(4);

    const rows = await db().select().from(shiftPickupInvitations).where(eq(shiftPickupInvitations.shiftId, openShift));
    expect(rows).toHaveLength(4);
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'companyadmin'));
    expect(rows.map((r) => r.sentBy)).toEqual(Array<number>(4).fill(admin!.id));

    const messages = await db().select().from(outbox).where(eq(outbox.kind, 'pickup_invitation'));
    const body = 'Open shift Tue 03/04/31 9:00 AM-1:00 PM EST near Dorchester (T1019). Open Hearth to pick it up.';
    // Near has a sign-in user (the in-app notification below; no browser with push on, no phone, no real address: no
    // message), Regular a phone (SMS), Unknown only an email; Frequent no way to reach.
    const [nearUser] = await db().select({ userId: caregivers.userId }).from(caregivers).where(eq(caregivers.id, cg.near));
    expect(messages.map((m) => [m.channel, m.recipient, m.body, m.link]).sort()).toEqual(
      [
        ['sms', '(617) 555-0101', body, '/app/pickup'],
        ['email', 'unknown.pickup@example.com', body, '/app/pickup'],
      ].sort(),
    );
    expect(messages.find((m) => m.channel === 'email')?.subject).toBe('Open shift Tue 03/04/31');
    // The caregiver with a sign-in user also finds it among their notifications, opening the pickup screen.
    const inApp = await db().select().from(inAppNotifications).where(eq(inAppNotifications.userId, nearUser!.userId!));
    expect(inApp.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      ['pickup_invitation', 'Open visit you can pick up', body, '/app/pickup'],
    ]);
  });
});

describe('invitation statuses and the caregiver app', () => {
  it('shows invitations as expired once their shift has started', async () => {
    const soon = await addShift({ startAt: at('2031-05-06T14:00:00Z'), endAt: at('2031-05-06T15:00:00Z') });
    const sent = await call<SendPickupInvitationsOutput>(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: soon, caregiverIds: [cg.frequent, cg.unknown] },
      'companyadmin',
    );
    expect(sent.data.invitations.map((i) => i.status)).toEqual(['sent', 'sent']);
    await db()
      .update(shifts)
      .set({ startAt: at('2020-08-01T14:00:00Z'), endAt: at('2020-08-01T15:00:00Z') })
      .where(eq(shifts.id, soon));
    const res = await call<PickupInvitationOutput[]>('query', 'getShiftPickupInvitations', { scheduleId: soon }, 'nurse');
    expect(res.status).toBe(404); // nurse is a Boston user; this branch is not theirs
    const admin = await call<PickupInvitationOutput[]>(
      'query',
      'getShiftPickupInvitations',
      { scheduleId: soon },
      'companyadmin',
    );
    expect(admin.data.map((i) => i.status)).toEqual(['expired', 'expired']);
  });

  it('shows a caregiver only their own live offers, soonest first, and marks them seen', async () => {
    const later = await addShift({ startAt: at('2031-06-10T14:00:00Z'), endAt: at('2031-06-10T16:00:00Z') });
    await call('mutation', 'sendPickupInvitations', { scheduleId: later, caregiverIds: [cg.near, cg.regular] }, 'companyadmin');
    const res = await call<CaregiverPickupOfferOutput[]>('query', 'caregiverAppGetPickupInvitations', undefined, 'near');
    expect(res.message).toBeUndefined();
    expect(res.data.map((o) => o.scheduleId)).toEqual([openShift, later]);
    expect(res.data[0]).toMatchObject({
      status: 'seen',
      startTimestamp: '2031-03-04T14:00:00.000Z',
      endTimestamp: '2031-03-04T18:00:00.000Z',
      timezone: 'America/New_York',
      serviceCode: 'T1019',
      clientDisplayName: 'Rosa P.',
      city: 'Dorchester',
    });
    expect(Object.keys(res.data[0]!).sort()).toEqual(
      [
        'id',
        'scheduleId',
        'status',
        'startTimestamp',
        'endTimestamp',
        'timezone',
        'serviceCode',
        'clientDisplayName',
        'city',
        'distanceMetres',
        'sentAt',
      ].sort(),
    );
    const staff = await call<PickupInvitationOutput[]>(
      'query',
      'getShiftPickupInvitations',
      { scheduleId: later },
      'companyadmin',
    );
    expect(staff.data.map((i) => [i.caregiverId, i.status, i.seenAt !== null])).toEqual([
      [cg.near, 'seen', true],
      [cg.regular, 'sent', false],
    ]);

    // The demo caregiver (a Boston caregiver) sees none of these; staff are not caregivers.
    const demo = await call<CaregiverPickupOfferOutput[]>('query', 'caregiverAppGetPickupInvitations', undefined, 'caregiver');
    expect(demo.status).toBe(200);
    expect(demo.data.some((o) => o.scheduleId === openShift || o.scheduleId === later)).toBe(false);
    const developer = await call('query', 'caregiverAppGetPickupInvitations', undefined, 'developer');
    expect(developer.status).toBe(403);
    expect(developer.message).toBe('Only caregivers have pickup invitations');
    expect((await call('query', 'caregiverAppGetPickupInvitations', undefined, 'companyadmin')).status).toBe(403);
  });

  it("declines an offer, which leaves the live list; another caregiver's invitation is 404", async () => {
    const offers = await call<CaregiverPickupOfferOutput[]>('query', 'caregiverAppGetPickupInvitations', undefined, 'near');
    const offer = offers.data.find((o) => o.scheduleId !== openShift)!;
    const declined = await call('mutation', 'caregiverAppDeclinePickupInvitation', { id: offer.id }, 'near');
    expect(declined.data).toEqual({ id: offer.id, status: 'declined' });
    const after = await call<CaregiverPickupOfferOutput[]>('query', 'caregiverAppGetPickupInvitations', undefined, 'near');
    expect(after.data.map((o) => o.scheduleId)).toEqual([openShift]);

    const [others] = await db()
      .select({ id: shiftPickupInvitations.id })
      .from(shiftPickupInvitations)
      .where(and(eq(shiftPickupInvitations.shiftId, openShift), eq(shiftPickupInvitations.caregiverId, cg.frequent)));
    for (const path of ['caregiverAppAcceptPickupInvitation', 'caregiverAppDeclinePickupInvitation']) {
      const res = await call('mutation', path, { id: others!.id }, 'near');
      expect(res.status).toBe(404);
      expect(res.message).toBe(`Pickup invitation ${others!.id} not found`);
    }
  });
});

describe('caregiverAppAcceptPickupInvitation', () => {
  it('gives the shift to exactly one of many caregivers accepting at once', async () => {
    const shiftId = await addShift({ startAt: at('2031-09-09T13:00:00Z'), endAt: at('2031-09-09T17:00:00Z') });
    const crowd: { key: string; caregiverId: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const key = `crowd${i}`;
      const caregiverId = await addCaregiver(`Crowd${i}`, {}, north(HOME, 1000 + i * 100));
      await signInCaregiver(key, caregiverId);
      crowd.push({ key, caregiverId });
    }
    const sent = await call<SendPickupInvitationsOutput>(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: shiftId, caregiverIds: crowd.map((c) => c.caregiverId) },
      'companyadmin',
    );
    expect(sent.data.sent).toBe(8);
    const invitationOf = new Map(sent.data.invitations.map((i) => [i.caregiverId, i.id]));

    const results = await Promise.all(
      crowd.map((c) =>
        t.trpc('mutation', 'caregiverAppAcceptPickupInvitation', { id: invitationOf.get(c.caregiverId) }, tokens[c.key]),
      ),
    );
    const winners = results.flatMap((r, i) => (r.status === 200 ? [crowd[i]!] : []));
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(7);
    for (const r of losers) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe('This shift was already taken by another caregiver');
    }
    const won = results.find((r) => r.status === 200)!.body.result?.data as AcceptPickupInvitationOutput;
    expect(won).toEqual({
      scheduleId: shiftId,
      startTimestamp: '2031-09-09T13:00:00.000Z',
      endTimestamp: '2031-09-09T17:00:00.000Z',
    });

    const [shift] = await db().select().from(shifts).where(eq(shifts.id, shiftId));
    expect(shift!.caregiverId).toBe(winners[0]!.caregiverId);
    const staff = await call<PickupInvitationOutput[]>(
      'query',
      'getShiftPickupInvitations',
      { scheduleId: shiftId },
      'companyadmin',
    );
    const statuses = staff.data.map((i) => i.status).sort();
    expect(statuses).toEqual(['accepted', ...Array<string>(7).fill('expired')]);
    const accepted = staff.data.find((i) => i.status === 'accepted')!;
    expect(accepted.caregiverId).toBe(winners[0]!.caregiverId);
    expect(accepted.respondedAt).not.toBeNull();
    const stored = await db()
      .select({ status: shiftPickupInvitations.status })
      .from(shiftPickupInvitations)
      .where(and(eq(shiftPickupInvitations.shiftId, shiftId), inArray(shiftPickupInvitations.status, ['sent', 'seen'])));
    expect(stored).toEqual([]);

    // Accepting again a shift already yours changes nothing; it no longer shows as an offer to the others.
    const winnerKey = winners[0]!.key;
    const again = await t.trpc(
      'mutation',
      'caregiverAppAcceptPickupInvitation',
      { id: invitationOf.get(winners[0]!.caregiverId) },
      tokens[winnerKey],
    );
    expect(again.status).toBe(200);
    const loser = crowd.find((c) => c.key !== winnerKey)!;
    const offers = await call<CaregiverPickupOfferOutput[]>('query', 'caregiverAppGetPickupInvitations', undefined, loser.key);
    expect(offers.data.some((o) => o.scheduleId === shiftId)).toBe(false);
  });

  it('refuses a caregiver who got another shift at that time meanwhile (the EXCLUDE constraint)', async () => {
    const shiftId = await addShift({ startAt: at('2031-10-01T13:00:00Z'), endAt: at('2031-10-01T17:00:00Z') });
    await call('mutation', 'sendPickupInvitations', { scheduleId: shiftId, caregiverIds: [cg.near] }, 'companyadmin');
    await addShift({ caregiverId: cg.near, startAt: at('2031-10-01T16:00:00Z'), endAt: at('2031-10-01T18:00:00Z') });
    const [invitation] = await db()
      .select({ id: shiftPickupInvitations.id })
      .from(shiftPickupInvitations)
      .where(eq(shiftPickupInvitations.shiftId, shiftId));
    const res = await call('mutation', 'caregiverAppAcceptPickupInvitation', { id: invitation!.id }, 'near');
    expect(res.status).toBe(409);
    expect(res.message).toBe('You already have a shift at that time');
    const [shift] = await db().select().from(shifts).where(eq(shifts.id, shiftId));
    expect(shift!.caregiverId).toBeNull();
  });

  it('refuses a shift in a locked pay period, and a cancelled shift', async () => {
    const locked = await addShift({ startAt: at('2031-11-05T14:00:00Z'), endAt: at('2031-11-05T15:00:00Z') });
    const cancelled = await addShift({ startAt: at('2031-11-20T14:00:00Z'), endAt: at('2031-11-20T15:00:00Z') });
    await call('mutation', 'sendPickupInvitations', { scheduleId: locked, caregiverIds: [cg.near] }, 'companyadmin');
    await call('mutation', 'sendPickupInvitations', { scheduleId: cancelled, caregiverIds: [cg.near] }, 'companyadmin');
    await db()
      .insert(payPeriodLockTimes)
      .values({ branchId, periodStart: '2031-11-01', periodEnd: '2031-11-15', locksAt: at('2020-01-01T00:00:00Z') });
    await db().update(shifts).set({ status: 'cancelled' }).where(eq(shifts.id, cancelled));
    const invitations = await db()
      .select({ id: shiftPickupInvitations.id, shiftId: shiftPickupInvitations.shiftId })
      .from(shiftPickupInvitations)
      .where(inArray(shiftPickupInvitations.shiftId, [locked, cancelled]));
    const idOf = (shiftId: number) => invitations.find((i) => i.shiftId === shiftId)!.id;

    const lockedRes = await call('mutation', 'caregiverAppAcceptPickupInvitation', { id: idOf(locked) }, 'near');
    expect(lockedRes.status).toBe(409);
    expect(lockedRes.message).toBe(
      'The pay period 2031-11-01 to 2031-11-15 of Pickup Test is locked: you cannot change a shift in it',
    );
    const cancelledRes = await call('mutation', 'caregiverAppAcceptPickupInvitation', { id: idOf(cancelled) }, 'near');
    expect(cancelledRes.status).toBe(409);
    expect(cancelledRes.message).toBe('This shift was cancelled');
    const rows = await db()
      .select()
      .from(shifts)
      .where(inArray(shifts.id, [locked, cancelled]));
    expect(rows.map((r) => r.caregiverId)).toEqual([null, null]);
  });
});
