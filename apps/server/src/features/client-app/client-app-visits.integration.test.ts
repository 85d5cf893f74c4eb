import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type {
  ClientAppCareSheetPdf,
  ClientAppHome,
  ClientAppRating,
  ClientAppVisitDetail,
  ClientAppVisitsPage,
  VisitRating,
} from '@hearth/shared/client-app/client-app-visits.schema';
import type { TestApp } from '../../test/test-app';
import { caregivers } from '../caregivers/caregivers.schema';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { clients } from '../clients/clients.schema';
import { openLiveStream, type LiveStreamReader } from '../live/live.test-support';
import { inAppNotifications } from '../notifications/notifications.schema';
import { payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { visitRatings } from './client-app-visits.schema';
import { STAFF_LOGINS, startClientAppTests, type ClientAppApi, type ClientAppFixtures } from './client-app.test-support';

/**
 * The client app's home and visits on a controlled server clock: "now" is 2032-03-14 10:00 in Boston, the day the
 * clocks go forward (a 23-hour day), so "today" must be the client's calendar day, not 24 hours from midnight. The
 * visits are the demo client's, worked by the demo caregiver through the caregiver app's own check-in call.
 */
let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
let serverNow: Date | null = null;
const NOW = new Date('2032-03-14T14:00:00Z');
const ids = {} as { morning: number; late: number; tomorrow: number; cancelled: number; other: number; stranger: number };
const past: number[] = [];
let sheetShift: number;
let otherSheetShift: number;
let caregiverUserId: number;
let serviceDescription: string;

type Login = Parameters<ClientAppApi['ok']>[3];
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ({ t, f, api } = await startClientAppTests({ now: () => serverNow ?? new Date() }));
  const db = t.database.db;
  const [caregiver] = await db
    .select({ id: caregivers.id, userId: caregivers.userId })
    .from(caregivers)
    .where(eq(caregivers.userId, f.userIds.caregiver));
  caregiverUserId = caregiver!.userId!;
  await db.update(users).set({ image: 'https://photos.example/caregiver.jpg' }).where(eq(users.id, caregiverUserId));
  const [service] = await db.select().from(payerSourceServices).where(isNotNull(payerSourceServices.description)).limit(1);
  serviceDescription = service!.description!;
  const [client] = await db.select({ branchId: clients.branchId }).from(clients).where(eq(clients.id, f.clientId));
  const visit = (
    clientId: number,
    branchId: number,
    startAt: string,
    endAt: string,
    extra: Partial<typeof shifts.$inferInsert> = {},
  ) =>
    db
      .insert(shifts)
      .values({
        clientId,
        branchId,
        caregiverId: caregiver!.id,
        startAt: at(startAt),
        endAt: at(endAt),
        serviceCode: 'T1019',
        ...extra,
      })
      .returning({ id: shifts.id })
      .then((rows) => rows[0]!.id);
  const own = (startAt: string, endAt: string, extra: Partial<typeof shifts.$inferInsert> = {}) =>
    visit(f.clientId, client!.branchId, startAt, endAt, extra);
  // 9:30-11:30 EDT: worked through the caregiver app below; its service is a payer's described service.
  ids.morning = await own('2032-03-14T13:30:00Z', '2032-03-14T15:30:00Z', {
    payerSourceId: service!.payerSourceId,
    serviceCode: service!.serviceCode,
    modifiers: service!.modifiers,
  });
  ids.late = await own('2032-03-15T03:00:00Z', '2032-03-15T03:45:00Z'); // 23:00 EDT, still the 14th
  ids.tomorrow = await own('2032-03-15T04:30:00Z', '2032-03-15T05:00:00Z'); // 00:30 EDT on the 15th
  ids.cancelled = await own('2032-03-16T14:00:00Z', '2032-03-16T15:00:00Z', { status: 'cancelled', cancelledAt: NOW });
  // 25 past days, one visit each, checked in and out: two pages of the visits list.
  for (let day = 1; day <= 25; day++) {
    const d = String(day).padStart(2, '0');
    past.push(
      await own(`2032-02-${d}T14:00:00Z`, `2032-02-${d}T16:00:00Z`, {
        status: 'completed',
        checkInAt: at(`2032-02-${d}T14:02:00Z`),
        checkOutAt: at(`2032-02-${d}T16:01:00Z`),
      }),
    );
  }
  sheetShift = past[24]!;
  await db
    .update(clients)
    .set({ carePlanTasks: ['Bathing', 'Meal preparation'] })
    .where(eq(clients.id, f.clientId));
  await db.insert(careSheets).values({
    shiftId: sheetShift,
    caregiverId: caregiver!.id,
    completedTasks: ['Bathing', 'Walk outside'],
    caregiverComment: 'Ate well, short walk in the garden.',
    clientInitials: null,
    clientUnableToSignReason: 'Asleep at check-out',
    caregiverInitials: null,
    submittedAt: at('2032-02-25T16:05:00Z'),
  });
  const [otherClient] = await db.select({ branchId: clients.branchId }).from(clients).where(eq(clients.id, f.otherClientId));
  ids.other = await visit(f.otherClientId, otherClient!.branchId, '2032-02-10T20:00:00Z', '2032-02-10T21:00:00Z', {
    status: 'completed',
    checkInAt: at('2032-02-10T20:00:00Z'),
    checkOutAt: at('2032-02-10T21:00:00Z'),
  });
  otherSheetShift = ids.other;
  await db.insert(careSheets).values({
    shiftId: ids.other,
    caregiverId: caregiver!.id,
    caregiverComment: 'Other client',
    submittedAt: at('2032-02-10T21:05:00Z'),
  });
  const [strangerClient] = await db
    .select({ branchId: clients.branchId })
    .from(clients)
    .where(eq(clients.id, f.strangerClientId));
  ids.stranger = await visit(f.strangerClientId, strangerClient!.branchId, '2032-03-14T18:00:00Z', '2032-03-14T19:00:00Z');
});
afterAll(() => t.close());

/** A call received at `receivedAt` on the server's clock (NOW by default). */
async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: Login, receivedAt = NOW) {
  serverNow = receivedAt;
  try {
    return await api.call<T>(kind, path, input, as);
  } finally {
    serverNow = null;
  }
}
async function ok<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: Login, receivedAt = NOW): Promise<T> {
  const res = await call<T>(kind, path, input, as, receivedAt);
  if (res.status !== 200) throw new Error(`${path} as ${as}: ${res.status} ${res.message}`);
  return res.data;
}
const home = (as: Login = 'family', clientId = f.clientId) => ok<ClientAppHome>('query', 'clientAppGetHome', { clientId }, as);

describe('clientAppGetHome', () => {
  it("gives today's visits of the client's calendar day across the DST change, and the next ones without the cancelled", async () => {
    for (const as of ['client', 'family'] as const) {
      const h = await home(as);
      expect(h.today).toBe('2032-03-14');
      expect(h.todayVisits.map((v) => v.shiftId)).toEqual([ids.morning, ids.late]);
      expect(h.nextVisits[0]!.shiftId).toBe(ids.tomorrow);
      expect(h.nextVisits.map((v) => v.shiftId)).not.toContain(ids.cancelled);
      expect(h.nextVisits.length).toBeLessThanOrEqual(10);
    }
  });

  it("names the caregiver by first name with their photo, and the service by its payer's description", async () => {
    const [morning] = (await home()).todayVisits;
    const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, caregiverUserId));
    expect(morning).toEqual({
      shiftId: ids.morning,
      startAt: '2032-03-14T13:30:00.000Z',
      endAt: '2032-03-14T15:30:00.000Z',
      checkInAt: null,
      checkOutAt: null,
      status: 'scheduled',
      serviceName: serviceDescription,
      serviceCode: expect.any(String),
      caregiver: { firstName: caregiver!.firstName, photoUrl: 'https://photos.example/caregiver.jpg' },
    });
  });

  it('follows the caregiver checking in and out, and tells the family at once, not a contact without the schedule', async () => {
    const listen = async (as: Login) => {
      const stream = await openLiveStream(t.baseUrl, api.tokens[as]);
      expect((await stream.next()).topic).toBe('ready');
      return stream;
    };
    const streams: Record<string, LiveStreamReader> = {
      family: await listen('family'),
      client: await listen('client'),
      limited: await listen('limited'),
      stranger: await listen('stranger'),
    };
    const check = async (kind: 'check_in' | 'check_out', iso: string) => {
      const res = await call(
        'mutation',
        'caregiverAppCheckInOut',
        {
          scheduleId: ids.morning,
          kind,
          timestamp: iso,
          position: null,
          outsideGeofenceReason: 'No signal',
          clientRecordId: randomUUID(),
        },
        'caregiver',
        at(iso),
      );
      expect(res.status, res.message).toBe(200);
    };
    await check('check_in', '2032-03-14T13:32:00Z');
    let morning = (await home()).todayVisits[0]!;
    expect(morning).toMatchObject({ status: 'checked_in', checkInAt: '2032-03-14T13:32:00.000Z', checkOutAt: null });
    await check('check_out', '2032-03-14T15:31:00Z');
    morning = (await home('client')).todayVisits[0]!;
    expect(morning).toMatchObject({ status: 'checked_out', checkOutAt: '2032-03-14T15:31:00.000Z' });
    // A marker event to each reader ends what they heard.
    const { publishLiveEvent } = await import('../live/live.publish');
    const marker = 9_999_025;
    await t.database.db.transaction((tx) =>
      publishLiveEvent(tx, { topic: 'counts', userIds: Object.values(f.userIds), refId: marker }),
    );
    const heard = async (stream: LiveStreamReader) =>
      (await stream.collectUntil((e) => e.refId === marker))
        .filter((e) => e.topic === 'visits' || e.topic === 'shifts')
        .map((e) => `${e.topic}:${e.refId === ids.morning ? 'morning' : e.refId}`);
    expect(await heard(streams.family!)).toEqual(['visits:morning', 'visits:morning']);
    expect(await heard(streams.client!)).toEqual(['visits:morning', 'visits:morning']);
    expect(await heard(streams.limited!)).toEqual([]);
    expect(await heard(streams.stranger!)).toEqual([]);
    for (const stream of Object.values(streams)) stream.close();
  });
});

describe('clientAppGetVisits', () => {
  it('pages past visits newest first with their check-in and check-out, none twice', async () => {
    const first = await ok<ClientAppVisitsPage>('query', 'clientAppGetVisits', { clientId: f.clientId }, 'family');
    expect(first.visits).toHaveLength(20);
    // The morning visit (started before now) leads; then February from the 25th down.
    expect(first.visits[0]!.shiftId).toBe(ids.morning);
    expect(first.visits[1]).toMatchObject({
      shiftId: past[24],
      checkInAt: '2032-02-25T14:02:00.000Z',
      checkOutAt: '2032-02-25T16:01:00.000Z',
      status: 'checked_out',
    });
    expect(first.nextBefore).toBe(first.visits[19]!.startAt);
    const second = await ok<ClientAppVisitsPage>(
      'query',
      'clientAppGetVisits',
      { clientId: f.clientId, before: first.nextBefore },
      'client',
    );
    const seen = [...first.visits, ...second.visits].map((v) => v.shiftId);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of past) expect(seen).toContain(id);
    expect(seen).not.toContain(ids.late);
    expect(second.visits.every((v, i, all) => i === 0 || all[i - 1]!.startAt >= v.startAt)).toBe(true);
  });
});

describe('clientAppGetVisit', () => {
  it('gives the care notes of a submitted sheet with the careNotes permission: plan tasks done or not, extras, comment', async () => {
    const visit = await ok<ClientAppVisitDetail>(
      'query',
      'clientAppGetVisit',
      { clientId: f.clientId, shiftId: sheetShift },
      'family',
    );
    expect(visit).toMatchObject({ careNotesAllowed: true, canRate: true, myRating: null });
    expect(visit.careNotes).toEqual({
      tasks: [
        { name: 'Bathing', done: true },
        { name: 'Meal preparation', done: false },
        { name: 'Walk outside', done: true },
      ],
      caregiverComment: 'Ate well, short walk in the garden.',
      submittedAt: '2032-02-25T16:05:00.000Z',
    });
  });

  it('gives no care notes to a contact with the schedule only, and none of a draft sheet', async () => {
    const other = await ok<ClientAppVisitDetail>(
      'query',
      'clientAppGetVisit',
      { clientId: f.otherClientId, shiftId: ids.other },
      'family',
    );
    expect(other).toMatchObject({ careNotesAllowed: false, careNotes: null, status: 'checked_out' });
    await t.database.db.update(careSheets).set({ submittedAt: null }).where(eq(careSheets.shiftId, sheetShift));
    const draft = await ok<ClientAppVisitDetail>(
      'query',
      'clientAppGetVisit',
      { clientId: f.clientId, shiftId: sheetShift },
      'client',
    );
    expect(draft.careNotes).toBeNull();
    await t.database.db
      .update(careSheets)
      .set({ submittedAt: at('2032-02-25T16:05:00Z') })
      .where(eq(careSheets.shiftId, sheetShift));
  });
});

describe('clientAppGetCareSheetPdf', () => {
  it('gives the submitted care sheet as a PDF to whom holds careNotes', async () => {
    const pdf = await ok<ClientAppCareSheetPdf>(
      'query',
      'clientAppGetCareSheetPdf',
      { clientId: f.clientId, shiftId: sheetShift },
      'family',
    );
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toMatch(/^care-sheet-[a-z0-9-]+-2032-02-25\.pdf$/);
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is a 404 without careNotes, for a visit without a submitted sheet, and for another client', async () => {
    const status = async (input: unknown, as: Login) => (await call('query', 'clientAppGetCareSheetPdf', input, as)).status;
    expect(await status({ clientId: f.otherClientId, shiftId: otherSheetShift }, 'family')).toBe(404);
    expect(await status({ clientId: f.clientId, shiftId: past[0] }, 'family')).toBe(404);
    expect(await status({ clientId: f.clientId, shiftId: otherSheetShift }, 'family')).toBe(404);
    expect(await status({ clientId: f.clientId, shiftId: sheetShift }, 'limited')).toBe(404);
  });
});

describe('clientAppRateVisit', () => {
  it('refuses a visit that has not taken place, naming the field', async () => {
    const res = await call('mutation', 'clientAppRateVisit', { clientId: f.clientId, shiftId: ids.late, rating: 5 }, 'family');
    expect(res.status).toBe(400);
    expect(res.message).toBe('Only a visit that took place can be rated');
    const cancelled = await call(
      'mutation',
      'clientAppRateVisit',
      { clientId: f.clientId, shiftId: ids.cancelled, rating: 1 },
      'client',
    );
    expect(cancelled.status).toBe(400);
  });

  it('keeps one rating per visit and user, changeable, and tells the office, which reads it on the visit', async () => {
    const input = { clientId: f.clientId, shiftId: sheetShift };
    const first = await ok<ClientAppRating>(
      'mutation',
      'clientAppRateVisit',
      { ...input, rating: 3, comment: '  Late again ' },
      'family',
    );
    expect(first).toMatchObject({ rating: 3, comment: 'Late again' });
    const changed = await ok<ClientAppRating>('mutation', 'clientAppRateVisit', { ...input, rating: 5, comment: '' }, 'family');
    expect(changed).toMatchObject({ rating: 5, comment: null });
    await ok('mutation', 'clientAppRateVisit', { ...input, rating: 4, comment: 'Lovely' }, 'client');
    const rows = await t.database.db.select().from(visitRatings).where(eq(visitRatings.shiftId, sheetShift));
    expect(rows.map((r) => r.rating).sort()).toEqual([4, 5]);
    const mine = await ok<ClientAppVisitDetail>('query', 'clientAppGetVisit', input, 'family');
    expect(mine.myRating).toMatchObject({ rating: 5, comment: null });
    const notes = await t.database.db
      .select()
      .from(inAppNotifications)
      .where(and(eq(inAppNotifications.userId, f.userIds.branchmanager), eq(inAppNotifications.kind, 'visit_rated')));
    expect(notes).toHaveLength(3);
    expect(notes.at(-1)).toMatchObject({ title: 'Visit rated 4 of 5', link: `/clients/${f.clientId}/schedule` });
    expect(notes.at(-1)!.body).toMatch(/rated the visit of .+ on Wed 02\/25\/32 9:00 AM-11:00 AM EST: 4 of 5\./);
    const ratings = await ok<VisitRating[]>('query', 'getVisitRatings', { shiftId: sheetShift }, 'branchmanager');
    expect(ratings).toEqual([
      expect.objectContaining({ rating: 4, comment: 'Lovely', relation: 'client' }),
      expect.objectContaining({ rating: 5, comment: null, relation: 'Daughter', raterName: 'Family Family' }),
    ]);
  });

  it('gives the office the ratings of visits in its scope only, and no family member the office call', async () => {
    expect((await call('query', 'getVisitRatings', { shiftId: ids.other }, 'branchmanager')).status).toBe(404);
    expect((await call('query', 'getVisitRatings', { shiftId: sheetShift }, 'companyadmin')).status).toBe(200);
    for (const as of ['client', 'family', 'caregiver'] as const) {
      expect((await call('query', 'getVisitRatings', { shiftId: sheetShift }, as)).status).toBe(403);
    }
  });
});

describe('who reaches what', () => {
  const procedures = [
    ['query', 'clientAppGetHome', (clientId: number) => ({ clientId })],
    ['query', 'clientAppGetVisits', (clientId: number) => ({ clientId })],
    ['query', 'clientAppGetVisit', (clientId: number) => ({ clientId, shiftId: sheetShift })],
    ['query', 'clientAppGetCareSheetPdf', (clientId: number) => ({ clientId, shiftId: sheetShift })],
    ['mutation', 'clientAppRateVisit', (clientId: number) => ({ clientId, shiftId: sheetShift, rating: 2 })],
  ] as const;

  it.each(procedures.map(([kind, path, input]) => ({ kind, path, input })))(
    '$path: 404 to a stranger, a former contact and a contact without the permission',
    async ({ kind, path, input }) => {
      for (const as of ['stranger', 'former', 'limited'] as const) {
        expect({ as, status: (await call(kind, path, input(f.clientId), as)).status }).toEqual({ as, status: 404 });
      }
      // The family's other client (schedule only): a visit of the demo client is not that client's, and that
      // client's lists hold none of the demo client's visits.
      const other = await call<unknown>(kind, path, input(f.otherClientId), 'family');
      if ('shiftId' in input(f.otherClientId)) expect(other.status).toBe(404);
      else {
        expect(other.status).toBe(200);
        const shown = JSON.stringify(other.data);
        for (const id of [ids.morning, ids.late, sheetShift]) expect(shown).not.toContain(`"shiftId":${id},`);
      }
    },
  );

  it.each(procedures.map(([kind, path, input]) => ({ kind, path, input })))(
    '$path: 403 to staff, 404 to the developer who reaches no client',
    async ({ kind, path, input }) => {
      for (const as of STAFF_LOGINS.filter((l) => l !== 'developer')) {
        expect({ as, status: (await call(kind, path, input(f.clientId), as)).status }).toEqual({ as, status: 403 });
      }
      expect((await call(kind, path, input(f.clientId), 'developer')).status).toBe(404);
    },
  );

  it("gives a stranger their own client's visits and never the demo client's in them", async () => {
    const h = await home('stranger', f.strangerClientId);
    expect(h.todayVisits.map((v) => v.shiftId)).toEqual([ids.stranger]);
    const res = await call('query', 'clientAppGetVisit', { clientId: f.strangerClientId, shiftId: ids.morning }, 'stranger');
    expect(res.status).toBe(404);
    expect(res.message).toBe(`Shift ${ids.morning} not found`);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const bad = [
      ['mutation', 'clientAppRateVisit', { clientId: f.clientId, shiftId: sheetShift, rating: 6 }, 'rating'],
      ['mutation', 'clientAppRateVisit', { clientId: f.clientId, shiftId: sheetShift, rating: 2.5 }, 'rating'],
      [
        'mutation',
        'clientAppRateVisit',
        { clientId: f.clientId, shiftId: sheetShift, rating: 2, comment: 'a\u0000b' },
        'comment',
      ],
      [
        'mutation',
        'clientAppRateVisit',
        { clientId: f.clientId, shiftId: sheetShift, rating: 2, comment: 'x'.repeat(1001) },
        'comment',
      ],
      ['query', 'clientAppGetVisit', { clientId: f.clientId, shiftId: 2 ** 31 }, 'shiftId'],
      ['query', 'clientAppGetVisits', { clientId: f.clientId, before: 'yesterday' }, 'before'],
      ['query', 'clientAppGetHome', { clientId: 'one' }, 'clientId'],
    ] as const;
    for (const [kind, path, input, field] of bad) {
      const res = await call(kind, path, input, 'family');
      expect({ path, field, status: res.status }).toEqual({ path, field, status: 400 });
      expect(res.message).toContain(field);
    }
  });
});
