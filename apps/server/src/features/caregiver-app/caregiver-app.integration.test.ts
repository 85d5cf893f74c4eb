import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type {
  CaregiverAppCheckInOutOutput,
  CaregiverAppCountsOutput,
  CaregiverShiftsPage,
} from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { nextShiftsPageInput, previousShiftsPageInput } from '@hearth/shared/caregiver-app/shift-pages';
import type { CaregiverPasswordOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { HEADERS } from '@hearth/shared/app/app.constants';
import { startTestApp, type TestApp, type TrpcBody } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { careSheets, caregiverDevices } from '../care-sheets/care-sheets.schema';
import { payPeriodLockTimes } from '../pay-periods/pay-periods.schema';
import { shiftPickupInvitations, shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { clientRecordReceipts } from '../visits/visits.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { missedPeriodStart } from './caregiver-app.shifts';

/**
 * Every record here lives in a branch of its own ("Visit Test", America/New_York, geofence 150 m) with caregivers
 * of its own: schedule pages in 2031, visits checked in and out in 2020, missed visits relative to now. Demo
 * shifts belong to other caregivers, so they never meet these assertions. The server's receipt clock is the
 * test's: an online check arrives two seconds after the phone's time (a phone that sends at once, its clock
 * right), an offline replay today (the EVV time rules are caregiver-app.evv-time.integration.test.ts's).
 */
let t: TestApp;
let serverNow: Date | null = null;
const tokens: Record<string, string> = {};
const TZ = 'America/New_York';
const HOME = { lat: 42.3601, lon: -71.0589 };
const PASSWORD = 'Visit-pass-1';
let branchId: number;
let clientId: number;
/** A client with an empty care plan whose primary address has no coordinates. */
let plainClientId: number;
let me: number;
let other: number;
const visits = {} as Record<
  'inside' | 'outside' | 'order' | 'replay' | 'offline' | 'concurrent' | 'taps' | 'locked' | 'tasks' | 'plain' | 'cancelled',
  number
>;
const missing = {} as Record<'recent' | 'noCheckOut' | 'completed' | 'cancelled' | 'beforePeriod' | 'future', number>;
const future: number[] = [];
let otherToday: number;
let otherOvernight: number;
let otherYesterday: number;

const db = () => t.database.db;
const at = (iso: string) => new Date(iso);
/** Moves a point `metres` north: a degree of latitude is R * pi / 180 = 111,195.08 m on the haversine sphere. */
const north = (p: { lat: number; lon: number }, metres: number) => ({ lat: p.lat + metres / 111_195.08, lon: p.lon });

interface CallResult<T> {
  status: number;
  data: T;
  message: string | undefined;
}

/** A tRPC call as `as`, with optional extra headers (the offline flags). */
async function call<T>(
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  as: string,
  headers: Record<string, string> = {},
): Promise<CallResult<T>> {
  const auth = { authorization: `Bearer ${tokens[as]}`, ...headers };
  const res =
    kind === 'query'
      ? await t.fetch(`/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
          headers: auth,
        })
      : await t.fetch(`/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
  const body = (await res.json()) as TrpcBody;
  return { status: res.status, data: body.result?.data as T, message: body.error?.message };
}

async function addShift(fields: Partial<typeof shifts.$inferInsert> & { startAt: Date; endAt: Date }): Promise<number> {
  const [row] = await db()
    .insert(shifts)
    .values({ branchId, clientId, caregiverId: me, serviceCode: 'T1019', ...fields })
    .returning({ id: shifts.id });
  return row!.id;
}

/** A 2020 visit on July `day`, 14:00-16:00 UTC. */
const visitOn = (day: number, fields: Partial<typeof shifts.$inferInsert> = {}) =>
  addShift({
    startAt: at(`2020-07-${String(day).padStart(2, '0')}T14:00:00Z`),
    endAt: at(`2020-07-${String(day).padStart(2, '0')}T16:00:00Z`),
    ...fields,
  });

async function addCaregiverUser(key: string, firstName: string): Promise<number> {
  const [row] = await db()
    .insert(caregivers)
    .values({ branchId, firstName, lastName: 'Visit', status: 'active' })
    .returning({ id: caregivers.id });
  const res = await call<CaregiverPasswordOutput>(
    'mutation',
    'setCaregiverPassword',
    { caregiverId: row!.id, password: PASSWORD },
    'companyadmin',
  );
  expect(res.message).toBeUndefined();
  tokens[key] = await t.signIn(res.data.username, PASSWORD);
  return row!.id;
}

const checkInOut = (
  shiftId: number,
  kind: 'check_in' | 'check_out',
  timestamp: string,
  extra: {
    position?: { lat: number; lon: number; accuracyMetres: number } | null;
    reason?: string;
    id?: string;
    as?: string;
    headers?: Record<string, string>;
  } = {},
) => {
  const offline = extra.headers?.[HEADERS.offline] !== undefined;
  serverNow = offline ? null : new Date(Date.parse(timestamp) + 2_000);
  return call<CaregiverAppCheckInOutOutput>(
    'mutation',
    'caregiverAppCheckInOut',
    {
      scheduleId: shiftId,
      kind,
      timestamp,
      position: extra.position === undefined ? { ...HOME, accuracyMetres: 8 } : extra.position,
      outsideGeofenceReason: extra.reason,
      clientRecordId: extra.id ?? randomUUID(),
    },
    extra.as ?? 'me',
    extra.headers,
  );
};

const timesheetsOf = (shiftId: number) =>
  db().select().from(shiftTimesheets).where(eq(shiftTimesheets.shiftId, shiftId)).orderBy(asc(shiftTimesheets.id));
const shiftRow = async (shiftId: number) => (await db().select().from(shifts).where(eq(shifts.id, shiftId)))[0]!;

beforeAll(async () => {
  t = await startTestApp({ now: () => serverNow ?? new Date() });
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'nurse', 'rvp', 'prn']) tokens[u] = await t.signIn(u);
  const [boston] = await db().select().from(branches).where(eq(branches.name, 'Boston'));
  const [branch] = await db()
    .insert(branches)
    .values({ companyId: boston!.companyId, name: 'Visit Test', timezone: TZ, geofenceRadiusMetres: 150 })
    .returning({ id: branches.id });
  branchId = branch!.id;
  const [client] = await db()
    .insert(clients)
    .values({ branchId, firstName: 'Ada', lastName: 'Lovelace-Visit', carePlanTasks: ['Bathing', 'Meal preparation'] })
    .returning({ id: clients.id });
  clientId = client!.id;
  await db()
    .insert(clientAddresses)
    .values([
      { clientId, line1: '1 Far Rd', city: 'Quincy', state: 'MA', zip: '02169', lat: 42.25, lon: -71.0, isPrimary: false },
      { clientId, line1: '10 Court St', line2: 'Apt 2', city: 'Boston', state: 'MA', zip: '02108', ...HOME, isPrimary: true },
    ]);
  const [plain] = await db()
    .insert(clients)
    .values({ branchId, firstName: 'Nola', lastName: 'Plain' })
    .returning({ id: clients.id });
  plainClientId = plain!.id;
  await db()
    .insert(clientAddresses)
    .values({ clientId: plainClientId, line1: '5 Unknown Way', city: 'Boston', state: 'MA', zip: '02108' });

  me = await addCaregiverUser('me', 'Mina');
  other = await addCaregiverUser('other', 'Otto');

  // 45 schedule days in 2031 and a cancelled shift among them (hidden unless asked for).
  for (let i = 0; i < 45; i++) {
    const start = DateTime.fromISO('2031-03-01T14:00:00Z').plus({ days: i });
    future.push(await addShift({ startAt: start.toJSDate(), endAt: start.plus({ hours: 1 }).toJSDate() }));
  }
  await addShift({ startAt: at('2031-03-05T14:00:00Z'), endAt: at('2031-03-05T15:00:00Z'), status: 'cancelled' });

  visits.inside = await visitOn(1);
  visits.outside = await visitOn(2);
  visits.order = await visitOn(3);
  visits.replay = await visitOn(4);
  visits.offline = await visitOn(6);
  visits.concurrent = await visitOn(7);
  visits.taps = await visitOn(8);
  visits.tasks = await visitOn(9);
  visits.plain = await visitOn(10, { clientId: plainClientId });
  visits.cancelled = await visitOn(11, { status: 'cancelled' });
  visits.locked = await addShift({ startAt: at('2020-06-10T14:00:00Z'), endAt: at('2020-06-10T16:00:00Z') });
  await db()
    .insert(payPeriodLockTimes)
    .values({ branchId, periodStart: '2020-06-01', periodEnd: '2020-06-15', locksAt: at('2020-06-20T00:00:00Z') });

  // Missed visits are counted from the pay period start (at least 14 days back), so hours ago are always inside.
  const now = DateTime.now();
  const span = (hoursAgo: number) => ({
    startAt: now.minus({ hours: hoursAgo }).toJSDate(),
    endAt: now.minus({ hours: hoursAgo - 1 }).toJSDate(),
  });
  missing.recent = await addShift(span(3));
  missing.completed = await addShift({
    ...span(30),
    status: 'completed',
    checkInAt: now.minus({ hours: 30 }).toJSDate(),
    checkOutAt: now.minus({ hours: 29 }).toJSDate(),
  });
  missing.cancelled = await addShift({ ...span(54), status: 'cancelled' });
  missing.noCheckOut = await addShift({ ...span(78), status: 'in_progress', checkInAt: now.minus({ hours: 78 }).toJSDate() });
  const periodStart = DateTime.fromJSDate(missedPeriodStart(TZ, new Date()));
  missing.beforePeriod = await addShift({
    startAt: periodStart.minus({ hours: 48 }).toJSDate(),
    endAt: periodStart.minus({ hours: 47 }).toJSDate(),
  });
  missing.future = await addShift(span(-5));

  // The other caregiver (their branch's time zone): one across midnight into today, one after it, one yesterday.
  const today = DateTime.now().setZone(TZ).startOf('day');
  otherOvernight = await addShift({
    caregiverId: other,
    startAt: today.minus({ minutes: 45 }).toJSDate(),
    endAt: today.plus({ minutes: 15 }).toJSDate(),
  });
  otherToday = await addShift({
    caregiverId: other,
    startAt: today.plus({ minutes: 15 }).toJSDate(),
    endAt: today.plus({ minutes: 45 }).toJSDate(),
  });
  otherYesterday = await addShift({
    caregiverId: other,
    startAt: today.minus({ hours: 2 }).toJSDate(),
    endAt: today.minus({ hours: 1 }).toJSDate(),
  });

  // Pickup offers to me: one live, one whose shift another caregiver took, one declined.
  const open = await addShift({ caregiverId: null, startAt: at('2031-06-01T14:00:00Z'), endAt: at('2031-06-01T15:00:00Z') });
  const taken = await addShift({ caregiverId: other, startAt: at('2031-06-02T14:00:00Z'), endAt: at('2031-06-02T15:00:00Z') });
  const declined = await addShift({ caregiverId: null, startAt: at('2031-06-03T14:00:00Z'), endAt: at('2031-06-03T15:00:00Z') });
  await db()
    .insert(shiftPickupInvitations)
    .values([
      { shiftId: open, caregiverId: me, rank: 1, status: 'sent' },
      { shiftId: taken, caregiverId: me, rank: 1, status: 'seen' },
      { shiftId: declined, caregiverId: me, rank: 1, status: 'declined' },
    ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('caregiverAppGetShifts', () => {
  /** Every non-cancelled shift of mine, ascending: what walking the pages must give back exactly. */
  const allMine = async () =>
    (
      await db()
        .select({ id: shifts.id })
        .from(shifts)
        .where(and(eq(shifts.caregiverId, me), ne(shifts.status, 'cancelled')))
        .orderBy(asc(shifts.startAt), asc(shifts.id))
    ).map((r) => r.id);

  it('pages forward from a time: 20 per page, flags both ways, the visit details', async () => {
    const first = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', { after: '2031-01-01T00:00:00.000Z' }, 'me');
    expect(first.status).toBe(200);
    expect(first.data.shifts.map((s) => s.id)).toEqual(future.slice(0, 20));
    expect(first.data).toMatchObject({ hasBefore: true, hasAfter: true });
    expect(first.data.shifts[0]).toEqual({
      id: future[0],
      startTimestamp: '2031-03-01T14:00:00.000Z',
      endTimestamp: '2031-03-01T15:00:00.000Z',
      timezone: TZ,
      status: 'scheduled',
      clientId,
      clientName: 'Ada Lovelace-Visit',
      address: { line1: '10 Court St', line2: 'Apt 2', city: 'Boston', state: 'MA', zip: '02108', ...HOME },
      geofenceRadiusMetres: 150,
      serviceCode: 'T1019',
      checkIn: null,
      checkOut: null,
      offlineCheckIn: false,
      offlineCheckOut: false,
      tasksMissing: false,
      timeEntryMissing: false,
      careSheetId: null,
      carePlanId: clientId,
      checkInOpensAt: '2031-03-01T12:00:00.000Z',
      phoneEntriesCloseAt: '2031-03-02T15:00:00.000Z',
    });
    const last = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', { after: '2031-04-10T00:00:00.000Z' }, 'me');
    expect(last.data.shifts.map((s) => s.id)).toEqual(future.slice(40));
    expect(last.data).toMatchObject({ hasBefore: true, hasAfter: false });
  });

  it('walks every page forward and backward with no overlap and no gap', async () => {
    const expected = await allMine();
    expect(expected.length).toBeGreaterThan(40);

    const forward: number[] = [];
    let input: ReturnType<typeof nextShiftsPageInput> = { after: '2000-01-01T00:00:00.000Z' };
    let pages = 0;
    while (input) {
      const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', input, 'me');
      expect(page.data.shifts.length).toBeLessThanOrEqual(20);
      expect(page.data.hasBefore).toBe(pages > 0);
      forward.push(...page.data.shifts.map((s) => s.id));
      input = nextShiftsPageInput(page.data);
      pages++;
    }
    expect(pages).toBe(Math.ceil(expected.length / 20));
    expect(forward).toEqual(expected);

    const backward: number[][] = [];
    input = { before: '2040-01-01T00:00:00.000Z' };
    while (input) {
      const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', input, 'me');
      expect(page.data.hasAfter).toBe(backward.length > 0);
      backward.unshift(page.data.shifts.map((s) => s.id));
      input = previousShiftsPageInput(page.data);
    }
    expect(backward.flat()).toEqual(expected);
    expect(backward.at(-1)).toHaveLength(20);
  });

  it('starts at the beginning of today in the caregiver’s time zone by default, with a visit still running then', async () => {
    const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', undefined, 'other');
    expect(page.data.shifts.slice(0, 2).map((s) => s.id)).toEqual([otherOvernight, otherToday]);
    expect(page.data.shifts.map((s) => s.id)).not.toContain(otherYesterday);
    expect(page.data.hasBefore).toBe(true);
    const before = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', previousShiftsPageInput(page.data), 'other');
    expect(before.data.shifts.map((s) => s.id)).toEqual([otherYesterday]);
    expect(before.data).toMatchObject({ hasBefore: false, hasAfter: true });
  });

  it('lists the missed visits since the pay period start with status missing', async () => {
    const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', { status: 'missing' }, 'me');
    expect(page.data.shifts.map((s) => s.id)).toEqual([missing.noCheckOut, missing.recent]);
    expect(page.data.shifts.every((s) => s.timeEntryMissing)).toBe(true);
    expect(page.data).toMatchObject({ hasBefore: false, hasAfter: false });
  });

  it('filters by a status, cancelled ones only when asked for', async () => {
    const page = await call<CaregiverShiftsPage>(
      'query',
      'caregiverAppGetShifts',
      { status: 'cancelled', after: '2031-01-01T00:00:00.000Z' },
      'me',
    );
    expect(page.data.shifts).toHaveLength(1);
    expect(page.data.shifts[0]).toMatchObject({ status: 'cancelled', startTimestamp: '2031-03-05T14:00:00.000Z' });
  });
});

describe('caregiverAppGetCounts', () => {
  it('counts the missed visits and the live pickup offers', async () => {
    const counts = await call<CaregiverAppCountsOutput>('query', 'caregiverAppGetCounts', undefined, 'me');
    expect(counts.message).toBeUndefined();
    expect(counts.data).toEqual({ missed: 2, pickup: 1 });
  });
});

describe('caregiverAppCheckInOut', () => {
  it('records a check-in inside the geofence with the haversine distance', async () => {
    const res = await checkInOut(visits.inside, 'check_in', '2020-07-01T14:02:00.000Z', {
      position: { ...north(HOME, 40), accuracyMetres: 12 },
    });
    expect(res.status).toBe(200);
    expect(Math.abs(res.data.distanceMetres! - 40)).toBeLessThan(1);
    expect(res.data).toMatchObject({ scheduleId: visits.inside, insideGeofence: true, flaggedForReview: false });
    const [sheet, ...more] = await timesheetsOf(visits.inside);
    expect(more).toHaveLength(0);
    // Online, the server's receipt time is recorded; the phone's stated time is kept beside it.
    expect(sheet).toMatchObject({
      id: res.data.timesheetId,
      checkIn: at('2020-07-01T14:02:02Z'),
      checkInType: 1,
      checkOut: null,
    });
    expect(sheet!.checkInMetadata).toMatchObject({
      accuracyMetres: 12,
      insideGeofence: true,
      offline: false,
      receivedAt: '2020-07-01T14:02:02.000Z',
      phoneTime: '2020-07-01T14:02:00.000Z',
      clockOffsetSeconds: -2,
      clockSkew: false,
    });
    const [careSheet] = await db().select().from(careSheets).where(eq(careSheets.shiftId, visits.inside));
    expect(careSheet).toMatchObject({ id: res.data.careSheetId, caregiverId: me });
    expect(await shiftRow(visits.inside)).toMatchObject({ status: 'in_progress', checkInAt: at('2020-07-01T14:02:02Z') });

    const out = await checkInOut(visits.inside, 'check_out', '2020-07-01T15:58:00.000Z');
    expect(out.data).toMatchObject({
      timesheetId: res.data.timesheetId,
      careSheetId: res.data.careSheetId,
      insideGeofence: true,
    });
    expect(out.data.distanceMetres).toBeLessThan(1);
    expect(await shiftRow(visits.inside)).toMatchObject({ status: 'completed', checkOutAt: at('2020-07-01T15:58:02Z') });
  });

  it('records a check-in outside the geofence, flagged with the reason, never blocked', async () => {
    const res = await checkInOut(visits.outside, 'check_in', '2020-07-02T14:02:00.000Z', {
      position: { ...north(HOME, 400), accuracyMetres: 5 },
      reason: 'Client was at the clinic next door',
    });
    expect(res.status).toBe(200);
    expect(Math.abs(res.data.distanceMetres! - 400)).toBeLessThan(1);
    expect(res.data).toMatchObject({ insideGeofence: false, flaggedForReview: true });
    const [sheet] = await timesheetsOf(visits.outside);
    expect(sheet!.checkInMetadata).toMatchObject({
      insideGeofence: false,
      outsideGeofenceReason: 'Client was at the clinic next door',
    });
    // The branch's office is alerted once, opening the client's schedule.
    const alerts = () => db().select().from(inAppNotifications).where(eq(inAppNotifications.kind, 'geofence_flag'));
    const told = await alerts();
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((n) => n.link === `/clients/${clientId}/schedule`)).toBe(true);
    expect(told[0]!.body).toMatch(/checked in or out away from .+'s address on Thu 07\/02\/20 10:00 AM-/);
    // The check-out at home keeps the visit flagged: its check-in was outside. It alerts no one again.
    const out = await checkInOut(visits.outside, 'check_out', '2020-07-02T15:58:00.000Z');
    expect(out.data).toMatchObject({ insideGeofence: true, flaggedForReview: true });
    expect(await alerts()).toHaveLength(told.length);
  });

  it('flags a check without a position or at an address without coordinates', async () => {
    const noPosition = await checkInOut(visits.tasks, 'check_in', '2020-07-09T14:02:00.000Z', { position: null });
    expect(noPosition.data).toMatchObject({ distanceMetres: null, insideGeofence: null, flaggedForReview: true });
    const noCoords = await checkInOut(visits.plain, 'check_in', '2020-07-10T14:02:00.000Z');
    expect(noCoords.data).toMatchObject({ distanceMetres: null, insideGeofence: null, flaggedForReview: true });
  });

  it('refuses a check-out before any check-in or before the check-in', async () => {
    const none = await checkInOut(visits.order, 'check_out', '2020-07-03T15:58:00.000Z');
    expect(none.status).toBe(400);
    expect(none.message).toBe('Check in before checking out');
    expect(await timesheetsOf(visits.order)).toHaveLength(0);
    await checkInOut(visits.order, 'check_in', '2020-07-03T14:02:00.000Z');
    const early = await checkInOut(visits.order, 'check_out', '2020-07-03T14:00:00.000Z');
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/must be after the check-in/);
  });

  it('answers a replay of one record id with the first result and writes nothing', async () => {
    const id = randomUUID();
    const first = await checkInOut(visits.replay, 'check_in', '2020-07-04T14:02:00.000Z', { id });
    const again = await checkInOut(visits.replay, 'check_in', '2020-07-04T14:09:00.000Z', { id });
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    // The same visit sent again under a new id (a second tap): the first check-in wins.
    const tap = await checkInOut(visits.replay, 'check_in', '2020-07-04T14:05:00.000Z');
    expect(tap.data.timesheetId).toBe(first.data.timesheetId);
    const sheets = await timesheetsOf(visits.replay);
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.checkIn).toEqual(at('2020-07-04T14:02:02Z'));
    // Another user's record id is refused.
    const stolen = await checkInOut(visits.replay, 'check_in', '2020-07-04T14:02:00.000Z', { id, as: 'other' });
    expect(stolen.status).toBe(409);
    expect(stolen.message).toBe('This record id was already used');
  });

  it('stores an offline replay as type 2 with the device timestamps', async () => {
    const headers = { [HEADERS.offline]: '1', [HEADERS.offlineTimestamp]: '2020-07-06T14:02:03.000Z' };
    const inRes = await checkInOut(visits.offline, 'check_in', '2020-07-06T14:02:00.000Z', { headers });
    expect(inRes.status).toBe(200);
    const outRes = await checkInOut(visits.offline, 'check_out', '2020-07-06T15:58:00.000Z', {
      headers: { [HEADERS.offline]: 'true', [HEADERS.offlineTimestamp]: '2020-07-06T15:58:04.000Z' },
    });
    expect(outRes.status).toBe(200);
    const [sheet, ...more] = await timesheetsOf(visits.offline);
    expect(more).toHaveLength(0);
    expect(sheet).toMatchObject({
      checkIn: at('2020-07-06T14:02:00Z'),
      checkOut: at('2020-07-06T15:58:00Z'),
      checkInType: 2,
      checkOutType: 2,
    });
    expect(sheet!.checkInMetadata).toMatchObject({ offline: true, offlineTimestamp: '2020-07-06T14:02:03.000Z' });
    expect(sheet!.checkOutMetadata).toMatchObject({ offline: true, offlineTimestamp: '2020-07-06T15:58:04.000Z' });
    const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', { after: '2020-07-06T00:00:00.000Z' }, 'me');
    expect(page.data.shifts[0]).toMatchObject({ id: visits.offline, offlineCheckIn: true, offlineCheckOut: true });
  });

  it('answers concurrent replays of one record id with one result and one timesheet', async () => {
    const id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => checkInOut(visits.concurrent, 'check_in', '2020-07-07T14:02:00.000Z', { id })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const r of results) expect(r.data).toEqual(results[0]!.data);
    expect(await timesheetsOf(visits.concurrent)).toHaveLength(1);
    expect(await db().select().from(clientRecordReceipts).where(eq(clientRecordReceipts.clientRecordId, id))).toHaveLength(1);
  });

  it('keeps the first of two concurrent taps with different ids', async () => {
    const results = await Promise.all([
      checkInOut(visits.taps, 'check_in', '2020-07-08T14:02:00.000Z'),
      checkInOut(visits.taps, 'check_in', '2020-07-08T14:03:00.000Z'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.data.timesheetId).toBe(results[1]!.data.timesheetId);
    expect(await timesheetsOf(visits.taps)).toHaveLength(1);
  });

  it('refuses a visit in a locked pay period', async () => {
    const res = await checkInOut(visits.locked, 'check_in', '2020-06-10T14:02:00.000Z');
    expect(res.status).toBe(409);
    expect(res.message).toMatch(/^The pay period 2020-06-01 to 2020-06-15 of Visit Test is locked/);
    expect(await timesheetsOf(visits.locked)).toHaveLength(0);
  });

  it('sets tasks missing at check-out when the care plan has tasks and none is completed', async () => {
    await checkInOut(visits.tasks, 'check_out', '2020-07-09T15:58:00.000Z');
    expect((await shiftRow(visits.tasks)).tasksMissing).toBe(true);
    await checkInOut(visits.plain, 'check_out', '2020-07-10T15:58:00.000Z');
    expect((await shiftRow(visits.plain)).tasksMissing).toBe(false);
  });

  it('refuses a cancelled shift and another caregiver’s shift', async () => {
    const cancelled = await checkInOut(visits.cancelled, 'check_in', '2020-07-11T14:02:00.000Z');
    expect(cancelled.status).toBe(400);
    const foreign = await checkInOut(otherToday, 'check_in', new Date().toISOString());
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe(`Shift ${otherToday} not found`);
    expect(await timesheetsOf(otherToday)).toHaveLength(0);
  });
});

describe('caregiverAppUpsertCaregiverMetadata', () => {
  it('creates then updates one row per device, the app version from the header by default', async () => {
    const first = await call<{ ok: true }>(
      'mutation',
      'caregiverAppUpsertCaregiverMetadata',
      { deviceId: 'phone-1', platform: 'iOS' },
      'me',
      {
        [HEADERS.appVersion]: '3.13.55',
      },
    );
    expect(first.data).toEqual({ ok: true });
    await call('mutation', 'caregiverAppUpsertCaregiverMetadata', { deviceId: 'phone-1', appVersion: '3.14.0' }, 'me');
    const rows = await db().select().from(caregiverDevices).where(eq(caregiverDevices.caregiverId, me));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceId: 'phone-1', appVersion: '3.14.0', platform: 'iOS' });
  });
});

describe('who may call the caregiver app', () => {
  it('refuses every staff role', async () => {
    for (const staff of ['companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) {
      for (const [kind, path, input] of [
        ['query', 'caregiverAppGetShifts', undefined],
        ['query', 'caregiverAppGetCounts', undefined],
        [
          'mutation',
          'caregiverAppCheckInOut',
          {
            scheduleId: visits.inside,
            kind: 'check_in',
            timestamp: '2020-07-01T14:00:00Z',
            position: null,
            clientRecordId: randomUUID(),
          },
        ],
        ['mutation', 'caregiverAppUpsertCaregiverMetadata', { deviceId: 'x' }],
        ['mutation', 'encryptionKeys.createKey', undefined],
      ] as const) {
        const res = await call(kind, path, input, staff);
        expect({ staff, path, status: res.status }).toEqual({ staff, path, status: 403 });
      }
    }
  });

  it('refuses a user with no caregiver record even when the role allows everything', async () => {
    const res = await call('query', 'caregiverAppGetShifts', undefined, 'developer');
    expect(res.status).toBe(403);
    expect(res.message).toBe('Only caregivers use the caregiver app');
  });
});
