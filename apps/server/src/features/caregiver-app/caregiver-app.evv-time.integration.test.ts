import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { HEADERS } from '@hearth/shared/app/app.constants';
import type { CaregiverAppCheckInOutOutput, CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import type { EvvPersonDashboardOutput } from '@hearth/shared/dashboards/dashboards.schema';
import { DEFAULT_EVV_SETTINGS, type EvvSettings } from '@hearth/shared/caregiver-app/evv-settings';
import type { TestApp } from '../../test/test-app';
import { offlineHeaders, startEvvTestApp } from './caregiver-app.evv.test-support';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';

/**
 * EVV time integrity of the caregiver app's check-ins and check-outs (evv-time-rules.ts), on a controlled server
 * clock: the receipt time of each request is set by the test, never waited for. Visits of caregivers of their own
 * at a Boston client (America/New_York, so the demo branch manager reaches them and the PRN, linked to Worcester
 * only, does not), around the 2026 DST changes (08 March spring forward, 01 November fall back) and in June.
 */
let kit: Awaited<ReturnType<typeof startEvvTestApp>>;
let t: TestApp;
let tokens: Record<string, string>;
/** A tRPC call received at the instant the test gives (caregiver-app.evv.test-support.ts). */
const call = <T>(...args: Parameters<typeof kit.call>) => kit.call<T>(...args);
const PASSWORD = 'Evv-time-pass-1';
const HOME = { lat: 42.3588, lon: -71.0707 };
const at = (iso: string) => new Date(iso);
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
const MINUTE = 60_000;
let bostonId: number;
let clientId: number;
let me: number;
/** A visit of another branch's caregiver at another branch's client. */
let worcesterVisit: number;
let worcesterCaregiver: number;
let worcesterClient: number;
const v = {} as Record<
  | 'spring'
  | 'fall'
  | 'ahead'
  | 'missed'
  | 'missedOffline'
  | 'tomorrow'
  | 'tomorrowRecord'
  | 'tomorrowOffline'
  | 'earlyOffline'
  | 'lateUpload'
  | 'lateRecord'
  | 'skewOnline'
  | 'skewOffline'
  | 'aheadOffline'
  | 'tolerant'
  | 'early30',
  number
>;

/** A check at the client's door (inside the geofence) through caregiverAppCheckInOut. */
const check = (
  shiftId: number,
  kind: 'check_in' | 'check_out',
  timestamp: string,
  options: { receivedAt?: Date; headers?: Record<string, string>; as?: string } = {},
) =>
  call<CaregiverAppCheckInOutOutput>(
    'mutation',
    'caregiverAppCheckInOut',
    { scheduleId: shiftId, kind, timestamp, position: { ...HOME, accuracyMetres: 10 }, clientRecordId: randomUUID() },
    options.as ?? 'me',
    { receivedAt: options.receivedAt, headers: options.headers },
  );

/** An online check sent at once from a phone whose clock is right: received two seconds after its time. */
const online = (shiftId: number, kind: 'check_in' | 'check_out', timestamp: string, headers: Record<string, string> = {}) =>
  check(shiftId, kind, timestamp, { receivedAt: plus(timestamp, 2_000), headers });

const timesheetsOf = (shiftId: number) =>
  t.database.db.select().from(shiftTimesheets).where(eq(shiftTimesheets.shiftId, shiftId)).orderBy(asc(shiftTimesheets.id));

const addShift = (startAt: string, endAt: string, caregiverId = me) =>
  kit.addShift({ branchId: bostonId, clientId, caregiverId, startAt, endAt });

const addCaregiverUser = (key: string, firstName: string) => kit.addCaregiverUser(key, firstName, bostonId);

async function setSettings(settings: Partial<EvvSettings>): Promise<EvvSettings> {
  const res = await call<EvvSettings>('mutation', 'updateEvvSettings', settings, 'companyadmin');
  expect(res.message).toBeUndefined();
  return res.data;
}

beforeAll(async () => {
  kit = await startEvvTestApp(PASSWORD, 'Evvtime');
  ({ t, tokens } = kit);
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
  const [boston] = await t.database.db.select().from(branches).where(eq(branches.name, 'Boston'));
  bostonId = boston!.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({ branchId: bostonId, firstName: 'Iris', lastName: 'Evvtime' })
    .returning({ id: clients.id });
  clientId = client!.id;
  await t.database.db
    .insert(clientAddresses)
    .values({ clientId, line1: '1 Beacon St', city: 'Boston', state: 'MA', zip: '02108', ...HOME, isPrimary: true });
  me = await addCaregiverUser('me', 'Mara');
  await addCaregiverUser('other', 'Odin');

  // 03:30-05:30 EDT on the day clocks spring forward (02:00 EST became 03:00 EDT).
  v.spring = await addShift('2026-03-08T07:30:00Z', '2026-03-08T09:30:00Z');
  // 20:00-23:00 EDT the evening before clocks fall back (02:00 EDT became 01:00 EST).
  v.fall = await addShift('2026-11-01T00:00:00Z', '2026-11-01T03:00:00Z');
  v.ahead = await addShift('2026-07-15T13:00:00Z', '2026-07-15T17:00:00Z');
  v.missed = await addShift('2026-06-01T13:00:00Z', '2026-06-01T17:00:00Z');
  v.missedOffline = await addShift('2026-06-02T13:00:00Z', '2026-06-02T17:00:00Z');
  // 9:00 AM-1:00 PM EDT on 12 June, the day after the "today" of the tests that check it in.
  v.tomorrow = await addShift('2026-06-12T13:00:00Z', '2026-06-12T17:00:00Z');
  v.tomorrowRecord = await addShift('2026-06-12T18:00:00Z', '2026-06-12T20:00:00Z');
  v.tomorrowOffline = await addShift('2026-06-12T21:00:00Z', '2026-06-12T23:00:00Z');
  v.earlyOffline = await addShift('2026-06-13T13:00:00Z', '2026-06-13T17:00:00Z');
  v.lateUpload = await addShift('2026-06-03T13:00:00Z', '2026-06-03T17:00:00Z');
  v.lateRecord = await addShift('2026-06-04T13:00:00Z', '2026-06-04T17:00:00Z');
  v.skewOnline = await addShift('2026-06-05T13:00:00Z', '2026-06-05T17:00:00Z');
  v.skewOffline = await addShift('2026-06-06T13:00:00Z', '2026-06-06T17:00:00Z');
  v.aheadOffline = await addShift('2026-06-08T13:00:00Z', '2026-06-08T17:00:00Z');
  v.tolerant = await addShift('2026-06-09T13:00:00Z', '2026-06-09T17:00:00Z');
  v.early30 = await addShift('2026-06-10T13:00:00Z', '2026-06-10T17:00:00Z');

  const [worcester] = await t.database.db.select().from(branches).where(eq(branches.name, 'Worcester'));
  const [wClient] = await t.database.db
    .insert(clients)
    .values({ branchId: worcester!.id, firstName: 'Wes', lastName: 'Evvtime' })
    .returning({ id: clients.id });
  const [wCaregiver] = await t.database.db
    .insert(caregivers)
    .values({ branchId: worcester!.id, firstName: 'Wyn', lastName: 'Evvtime', status: 'active' })
    .returning({ id: caregivers.id });
  const [wShift] = await t.database.db
    .insert(shifts)
    .values({
      branchId: worcester!.id,
      clientId: wClient!.id,
      caregiverId: wCaregiver!.id,
      startAt: at('2026-06-01T13:00:00Z'),
      endAt: at('2026-06-01T17:00:00Z'),
    })
    .returning({ id: shifts.id });
  worcesterVisit = wShift!.id;
  worcesterCaregiver = wCaregiver!.id;
  worcesterClient = wClient!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('EVV settings', () => {
  it('are read by the office roles that review EVV and changed by a company admin only', async () => {
    const defaults = { earlyCheckInMinutes: 120, lateEntryLimitMinutes: 1440, clockSkewToleranceMinutes: 5 };
    for (const role of ['developer', 'companyadmin', 'branchmanager', 'rvp']) {
      const res = await call<EvvSettings>('query', 'getEvvSettings', undefined, role);
      expect({ role, status: res.status, data: res.data }).toEqual({ role, status: 200, data: defaults });
    }
    for (const role of ['nurse', 'prn', 'me']) {
      expect({ role, status: (await call('query', 'getEvvSettings', undefined, role)).status }).toEqual({ role, status: 403 });
    }
    for (const role of ['branchmanager', 'rvp', 'nurse', 'prn', 'me']) {
      const res = await call('mutation', 'updateEvvSettings', { ...defaults, earlyCheckInMinutes: 10 }, role);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
    expect((await call<EvvSettings>('query', 'getEvvSettings', undefined, 'branchmanager')).data).toEqual(defaults);
  });

  it('refuses a value out of range naming the field, and keeps what was stored', async () => {
    const bad = await call('mutation', 'updateEvvSettings', { clockSkewToleranceMinutes: 0 }, 'companyadmin');
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors?.clockSkewToleranceMinutes).toEqual(['The clock tolerance must be at least 1 minute']);
    expect((await call<EvvSettings>('query', 'getEvvSettings', undefined, 'companyadmin')).data.clockSkewToleranceMinutes).toBe(
      5,
    );
  });

  it('keeps every setting an update leaves out: {} changes nothing, one key changes only that key', async () => {
    const stored = await setSettings({ earlyCheckInMinutes: 45, lateEntryLimitMinutes: 600, clockSkewToleranceMinutes: 7 });
    expect(await setSettings({})).toEqual(stored);
    expect(await setSettings({ clockSkewToleranceMinutes: 9 })).toEqual({ ...stored, clockSkewToleranceMinutes: 9 });
    await setSettings(DEFAULT_EVV_SETTINGS);
  });
});

describe('check-in opens a set time before the start', () => {
  it('refuses a check-in for a visit two weeks ahead', async () => {
    const res = await online(v.ahead, 'check_in', '2026-07-01T13:00:00Z');
    expect(res.status).toBe(400);
    expect(res.message).toBe('Too early to check in: check-in opens at 07/15/26 7:00 AM EDT, 2 hours before the visit starts.');
    expect(res.fieldErrors).toEqual({ checkIn: [res.message] });
    expect(await timesheetsOf(v.ahead)).toHaveLength(0);
  });

  it('counts 120 elapsed minutes across the spring-forward change (three hours on the wall clock)', async () => {
    const early = await check(v.spring, 'check_in', '2026-03-08T05:29:59Z', { receivedAt: at('2026-03-08T05:29:59Z') });
    expect(early.status).toBe(400);
    expect(early.message).toBe(
      'Too early to check in: check-in opens at 03/08/26 12:30 AM EST, 2 hours before the visit starts.',
    );
    // Received at 05:30:00Z = 00:30 EST, exactly 120 minutes before 03:30 EDT.
    const onTime = await check(v.spring, 'check_in', '2026-03-08T05:30:00Z', { receivedAt: at('2026-03-08T05:30:00Z') });
    expect(onTime.status).toBe(200);
    expect(onTime.data.flaggedForReview).toBe(false);
  });

  it('follows the company setting, and the caregiver’s shifts say when check-in opens', async () => {
    await setSettings({ earlyCheckInMinutes: 30 });
    const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', { after: '2026-06-10T00:00:00Z' }, 'me');
    expect(page.data.shifts[0]).toMatchObject({
      id: v.early30,
      checkInOpensAt: '2026-06-10T12:30:00.000Z',
      phoneEntriesCloseAt: '2026-06-11T17:00:00.000Z',
    });
    const res = await online(v.early30, 'check_in', '2026-06-10T12:00:00Z');
    expect(res.message).toBe(
      'Too early to check in: check-in opens at 06/10/26 8:30 AM EDT, 30 minutes before the visit starts.',
    );
    expect((await online(v.early30, 'check_in', '2026-06-10T12:30:00Z')).status).toBe(200);
    await setSettings({});
  });
});

describe('entries past the limit after the scheduled end', () => {
  const askTheOffice = (what: string, ended: string) =>
    `Too late to record this ${what} from the phone: the visit ended at ${ended}, and the phone records times until ` +
    `24 hours after the end. Ask the office to record your ${what} as a manual edit with a reason code.`;

  it('counts 24 elapsed hours across the fall-back change, to the second', async () => {
    expect((await online(v.fall, 'check_in', '2026-11-01T00:05:00Z')).status).toBe(200);
    const page = await call<CaregiverShiftsPage>('query', 'caregiverAppGetShifts', { after: '2026-10-31T00:00:00Z' }, 'me');
    expect(page.data.shifts.find((s) => s.id === v.fall)?.phoneEntriesCloseAt).toBe('2026-11-02T03:00:00.000Z');
    // 03:00:01Z is 10:00:01 PM EST on 1 November: 23 wall-clock hours after 11:00 PM EDT, but 24 elapsed hours.
    const late = await check(v.fall, 'check_out', '2026-11-02T03:00:01Z', { receivedAt: at('2026-11-02T03:00:01Z') });
    expect(late.status).toBe(400);
    expect(late.message).toBe(askTheOffice('check-out', '10/31/26 11:00 PM EDT'));
    expect(late.fieldErrors).toEqual({ checkOut: [late.message] });
    const last = await check(v.fall, 'check_out', '2026-11-02T03:00:00Z', { receivedAt: at('2026-11-02T03:00:00Z') });
    expect(last.status).toBe(200);
  });

  it('refuses a missed visit checked in fifteen days late online, even from a phone clock set back', async () => {
    const fifteenDaysLater = '2026-06-16T14:00:00Z';
    const checkIn = await online(v.missed, 'check_in', fifteenDaysLater);
    expect(checkIn).toMatchObject({ status: 400, message: askTheOffice('check-in', '06/01/26 1:00 PM EDT') });
    // Online, the receipt time counts: a phone clock set back to the visit's day does not help.
    const setBack = await check(v.missed, 'check_in', '2026-06-01T13:05:00Z', { receivedAt: at(fifteenDaysLater) });
    expect(setBack.message).toBe(askTheOffice('check-in', '06/01/26 1:00 PM EDT'));
    expect(await timesheetsOf(v.missed)).toHaveLength(0);
    expect((await t.database.db.select().from(shifts).where(eq(shifts.id, v.missed)))[0]!.status).toBe('scheduled');
  });

  it('records a visit made offline fifteen days late and flags it: an offline replay is never dropped', async () => {
    // Offline, the phone's time counts: made fifteen days late, it is past the limit however it uploads, and the
    // phone would drop a refused record, so it is kept for the office to review.
    const fifteenDaysLater = '2026-06-17T14:00:00Z';
    const record = await call<{ care_sheet_id: number }>(
      'mutation',
      'saveCareSheetCheckInOut',
      {
        shift_id: v.missedOffline,
        clientRecordId: randomUUID(),
        checkInOut: {
          checkIn: fifteenDaysLater,
          checkOut: plus(fifteenDaysLater, 60 * MINUTE).toISOString(),
          checkInMetadata: { position: null, offline: true },
          checkOutMetadata: { position: null, offline: true },
        },
      },
      'me',
      { receivedAt: plus(fifteenDaysLater, 90 * MINUTE), headers: offlineHeaders(fifteenDaysLater) },
    );
    expect(record.status).toBe(200);
    const [sheet, ...more] = await timesheetsOf(v.missedOffline);
    expect(more).toHaveLength(0);
    expect(sheet).toMatchObject({
      checkIn: at(fifteenDaysLater),
      checkOut: plus(fifteenDaysLater, 60 * MINUTE),
      checkInType: 2,
      checkOutType: 2,
    });
    expect(sheet!.checkInMetadata).toMatchObject({ offline: true, outsideEntryTimes: 'too_late' });
    expect(sheet!.checkOutMetadata).toMatchObject({ offline: true, outsideEntryTimes: 'too_late' });
    // The same through caregiverAppCheckInOut: answered flagged for review.
    const lateAgain = await check(v.missedOffline, 'check_in', fifteenDaysLater, {
      receivedAt: plus(fifteenDaysLater, MINUTE),
      headers: offlineHeaders(fifteenDaysLater),
    });
    expect(lateAgain).toMatchObject({ status: 200, data: { flaggedForReview: true } });
  });

  it('the office records the refused visit as a manual edit with a reason code, in its scope only', async () => {
    const edit = {
      scheduleId: v.missed,
      checkIn: '2026-06-01T13:02:00Z',
      checkOut: '2026-06-01T16:58:00Z',
      reasonCode: 'caregiver_forgot',
      reasonNote: 'Phone refused: checked in 15 days late; confirmed with the client',
    };
    for (const role of ['nurse', 'prn', 'me', 'other']) {
      const res = await call('mutation', 'saveShiftTimesheet', edit, role);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
    // The branch manager of Boston finds no visit of Worcester.
    const elsewhere = await call('mutation', 'saveShiftTimesheet', { ...edit, scheduleId: worcesterVisit }, 'branchmanager');
    expect(elsewhere).toMatchObject({ status: 404, message: `Shift ${worcesterVisit} not found` });
    const saved = await call<{ status: string; timesheets: { check_in_type: number; reason_code: string }[] }>(
      'mutation',
      'saveShiftTimesheet',
      edit,
      'branchmanager',
    );
    expect(saved.status).toBe(200);
    expect(saved.data.status).toBe('completed');
    expect(saved.data.timesheets).toMatchObject([{ check_in_type: 3, check_out_type: 3, reason_code: 'caregiver_forgot' }]);
  });
});

describe('the time of an online entry is the server’s', () => {
  // "Today" is 11 June 2026, 3:00 PM EDT; the visits are tomorrow.
  const today = at('2026-06-11T19:00:00Z');

  it('refuses an online check-in of tomorrow’s visit as too early, whatever time the phone states', async () => {
    const res = await check(v.tomorrow, 'check_in', '2026-06-12T13:00:00Z', { receivedAt: today });
    expect(res).toMatchObject({ status: 400, fieldErrors: { checkIn: [res.message] } });
    expect(res.message).toMatch(/^Too early to check in: check-in opens at 06\/12\/26 /);
    const record = await call(
      'mutation',
      'saveCareSheetCheckInOut',
      {
        shift_id: v.tomorrowRecord,
        clientRecordId: randomUUID(),
        checkInOut: {
          checkIn: '2026-06-12T18:00:00Z',
          checkOut: '2026-06-12T20:00:00Z',
          // The metadata's own offline flag, sent online, does not make the stated times count.
          checkInMetadata: { position: { ...HOME, accuracyMetres: 9 }, offline: true },
          checkOutMetadata: { position: { ...HOME, accuracyMetres: 9 }, offline: true },
        },
      },
      'me',
      { receivedAt: today },
    );
    expect(record.status).toBe(400);
    expect(record.message).toMatch(/^Too early to check in/);
    expect(await timesheetsOf(v.tomorrow)).toHaveLength(0);
    expect(await timesheetsOf(v.tomorrowRecord)).toHaveLength(0);
  });

  it('records an online check-in and check-out at the receipt times, keeping the times the phone stated', async () => {
    const checkInAt = at('2026-06-12T12:55:00Z');
    const inRes = await check(v.tomorrow, 'check_in', '2026-06-12T13:30:00Z', { receivedAt: checkInAt });
    expect(inRes.status).toBe(200);
    // The phone states a check-out past the end; the server received it an hour earlier.
    const outRes = await check(v.tomorrow, 'check_out', '2026-06-12T18:00:00Z', { receivedAt: at('2026-06-12T16:00:00Z') });
    expect(outRes.status).toBe(200);
    const [sheet] = await timesheetsOf(v.tomorrow);
    expect(sheet).toMatchObject({
      checkIn: checkInAt,
      checkOut: at('2026-06-12T16:00:00Z'),
      checkInType: 1,
      checkOutType: 1,
    });
    expect(sheet!.checkInMetadata).toMatchObject({
      offline: false,
      receivedAt: '2026-06-12T12:55:00.000Z',
      phoneTime: '2026-06-12T13:30:00.000Z',
      clockOffsetSeconds: 35 * 60,
      clockSkew: true,
    });
    expect(sheet!.checkOutMetadata).toMatchObject({ phoneTime: '2026-06-12T18:00:00.000Z', clockSkew: true });
    const [shift] = await t.database.db.select().from(shifts).where(eq(shifts.id, v.tomorrow));
    expect(shift).toMatchObject({ status: 'completed', checkInAt, checkOutAt: at('2026-06-12T16:00:00Z') });
  });

  it('keeps the phone’s time of an offline replay of tomorrow’s visit uploaded today, flagged for review', async () => {
    const headers = offlineHeaders('2026-06-12T23:00:00Z', today);
    const inRes = await check(v.tomorrowOffline, 'check_in', '2026-06-12T21:00:00Z', { receivedAt: today, headers });
    const outRes = await check(v.tomorrowOffline, 'check_out', '2026-06-12T23:00:00Z', { receivedAt: today, headers });
    expect([inRes.status, outRes.status]).toEqual([200, 200]);
    expect(outRes.data.flaggedForReview).toBe(true);
    const [sheet] = await timesheetsOf(v.tomorrowOffline);
    expect(sheet).toMatchObject({
      checkIn: at('2026-06-12T21:00:00Z'),
      checkOut: at('2026-06-12T23:00:00Z'),
      checkInType: 2,
      checkOutType: 2,
    });
    // Made "tomorrow" and received today, from a phone whose clock reads today: stated after its receipt, so the
    // phone's clock was off when it was made.
    expect(sheet!.checkInMetadata).toMatchObject({
      offline: true,
      receivedAt: today.toISOString(),
      clockOffsetSeconds: 0,
      clockSkew: true,
      outsideEntryTimes: 'after_receipt',
    });
    expect(sheet!.checkInMetadata).not.toHaveProperty('phoneTime');
  });

  it('records an offline check-in made before check-in opened, flagged as too early', async () => {
    const res = await check(v.earlyOffline, 'check_in', '2026-06-13T10:30:00Z', {
      receivedAt: at('2026-06-13T14:00:00Z'),
      headers: offlineHeaders('2026-06-13T10:30:00Z', at('2026-06-13T14:00:00Z')),
    });
    expect(res).toMatchObject({ status: 200, data: { flaggedForReview: true } });
    const [sheet] = await timesheetsOf(v.earlyOffline);
    expect(sheet).toMatchObject({ checkIn: at('2026-06-13T10:30:00Z'), checkInType: 2 });
    expect(sheet!.checkInMetadata).toMatchObject({ outsideEntryTimes: 'too_early', clockSkew: false });
  });
});

describe('offline entries made in time and uploaded late', () => {
  it('are accepted days later, keeping the phone time and the receipt time', async () => {
    const upload = at('2026-06-18T09:00:00Z');
    const headers = offlineHeaders('2026-06-03T16:59:30Z', upload);
    const inRes = await check(v.lateUpload, 'check_in', '2026-06-03T13:01:00Z', { receivedAt: upload, headers });
    const outRes = await check(v.lateUpload, 'check_out', '2026-06-03T16:59:00Z', { receivedAt: upload, headers });
    expect([inRes.status, outRes.status]).toEqual([200, 200]);
    expect(outRes.data).toMatchObject({ insideGeofence: true, flaggedForReview: false });
    const [sheet, ...more] = await timesheetsOf(v.lateUpload);
    expect(more).toHaveLength(0);
    expect(sheet).toMatchObject({
      checkIn: at('2026-06-03T13:01:00Z'),
      checkOut: at('2026-06-03T16:59:00Z'),
      checkInType: 2,
      checkOutType: 2,
    });
    expect(sheet!.checkOutMetadata).toMatchObject({
      offline: true,
      offlineTimestamp: '2026-06-03T16:59:30.000Z',
      receivedAt: '2026-06-18T09:00:00.000Z',
      deviceTime: '2026-06-18T09:00:00.000Z',
      clockOffsetSeconds: 0,
      clockSkew: false,
      mobileApp: true,
    });
  });

  it('are accepted through the offline visit record (saveCareSheetCheckInOut) too', async () => {
    const upload = at('2026-06-20T12:00:00Z');
    const res = await call<{ care_sheet_id: number }>(
      'mutation',
      'saveCareSheetCheckInOut',
      {
        shift_id: v.lateRecord,
        clientRecordId: randomUUID(),
        completed_tasks: [],
        checkInOut: {
          checkIn: '2026-06-04T12:58:00Z',
          checkOut: '2026-06-04T17:03:00Z',
          checkInMetadata: { position: { ...HOME, accuracyMetres: 9 }, offline: true },
          checkOutMetadata: { position: { ...HOME, accuracyMetres: 9 }, offline: true },
        },
      },
      'me',
      { receivedAt: upload, headers: offlineHeaders('2026-06-04T17:03:10Z', upload) },
    );
    expect(res.status).toBe(200);
    const [sheet] = await timesheetsOf(v.lateRecord);
    expect(sheet).toMatchObject({ checkIn: at('2026-06-04T12:58:00Z'), checkOutType: 2 });
    expect(sheet!.checkInMetadata).toMatchObject({ receivedAt: '2026-06-20T12:00:00.000Z', clockSkew: false });
  });
});

describe('a phone clock off beyond the tolerance', () => {
  it('flags an online entry for review, never refuses it, and keeps the offset', async () => {
    const received = at('2026-06-05T13:02:00Z');
    const behind = new Date(received.getTime() - 7 * MINUTE);
    const res = await check(v.skewOnline, 'check_in', behind.toISOString(), {
      receivedAt: received,
      headers: { [HEADERS.mobileApp]: '1', [HEADERS.deviceTime]: behind.toISOString() },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ insideGeofence: true, flaggedForReview: true });
    const out = await online(v.skewOnline, 'check_out', '2026-06-05T16:58:00Z');
    expect(out.data.flaggedForReview).toBe(true);
    const [sheet] = await timesheetsOf(v.skewOnline);
    expect(sheet!.checkInMetadata).toMatchObject({
      receivedAt: '2026-06-05T13:02:00.000Z',
      deviceTime: '2026-06-05T12:55:00.000Z',
      clockOffsetSeconds: -420,
      clockSkew: true,
      mobileApp: true,
    });
    // Without the header the entry's own time stands for the phone clock: two seconds is within the tolerance.
    expect(sheet!.checkOutMetadata).toMatchObject({ clockOffsetSeconds: -2, clockSkew: false, mobileApp: false });
  });

  it('flags an offline upload from a phone clock behind, and an offline entry stamped after its receipt', async () => {
    const upload = at('2026-06-06T18:00:00Z');
    const phoneClock = new Date(upload.getTime() - 10 * MINUTE);
    const headers = offlineHeaders('2026-06-06T16:50:00Z', phoneClock);
    expect((await check(v.skewOffline, 'check_in', '2026-06-06T13:00:00Z', { receivedAt: upload, headers })).status).toBe(200);
    const out = await check(v.skewOffline, 'check_out', '2026-06-06T16:50:00Z', { receivedAt: upload, headers });
    expect(out).toMatchObject({ status: 200, data: { flaggedForReview: true } });
    const [sheet] = await timesheetsOf(v.skewOffline);
    expect(sheet!.checkOutMetadata).toMatchObject({ clockOffsetSeconds: -600, clockSkew: true, offline: true });

    // No device time header: a phone time 15 minutes after the server received it shows a clock ahead.
    const ahead = await check(v.aheadOffline, 'check_in', '2026-06-08T13:20:00Z', {
      receivedAt: at('2026-06-08T13:05:00Z'),
      headers: offlineHeaders('2026-06-08T13:20:00Z'),
    });
    expect(ahead).toMatchObject({ status: 200, data: { flaggedForReview: true } });
    expect((await timesheetsOf(v.aheadOffline))[0]!.checkInMetadata).toMatchObject({ clockOffsetSeconds: 900, clockSkew: true });
  });

  it('follows the company tolerance', async () => {
    await setSettings({ clockSkewToleranceMinutes: 10 });
    const received = at('2026-06-09T13:01:00Z');
    const behind = new Date(received.getTime() - 7 * MINUTE).toISOString();
    const res = await check(v.tolerant, 'check_in', behind, { receivedAt: received, headers: { [HEADERS.deviceTime]: behind } });
    expect(res.data).toMatchObject({ flaggedForReview: false });
    expect((await timesheetsOf(v.tolerant))[0]!.checkInMetadata).toMatchObject({ clockOffsetSeconds: -420, clockSkew: false });
    await setSettings({});
  });

  it('shows in EVV review: the visit flagged and not compliant, beside the late upload and the manual edit', async () => {
    const input = { caregiverId: me, from: '2026-06-01', to: '2026-06-30' };
    const review = await call<EvvPersonDashboardOutput>('query', 'getEvvCaregiverDashboard', input, 'branchmanager');
    expect(review.status).toBe(200);
    const byShift = new Map(review.data.visits.map((visit) => [visit.shiftId, visit]));
    expect(byShift.get(v.skewOnline)).toMatchObject({ clockSkew: true, compliant: false, geofenceException: false });
    expect(byShift.get(v.skewOffline)).toMatchObject({ clockSkew: true, compliant: false });
    // Tomorrow’s visit replayed offline today: flagged as a phone clock off.
    expect(byShift.get(v.tomorrowOffline)).toMatchObject({ clockSkew: true, compliant: false, checkInType: 2 });
    expect(byShift.get(v.lateUpload)).toMatchObject({ clockSkew: false, compliant: true, checkInType: 2 });
    expect(byShift.get(v.missed)).toMatchObject({ manualEdit: true, reasonCode: 'caregiver_forgot', clockSkew: false });
    // Out of scope: Boston's branch manager finds no Worcester caregiver; a nurse, a PRN and the caregiver have no
    // EVV review.
    const elsewhere = await call(
      'query',
      'getEvvCaregiverDashboard',
      { ...input, caregiverId: worcesterCaregiver },
      'branchmanager',
    );
    expect(elsewhere).toMatchObject({ status: 404, message: `Caregiver ${worcesterCaregiver} not found` });
    for (const role of ['nurse', 'prn', 'me']) {
      expect({ role, status: (await call('query', 'getEvvCaregiverDashboard', input, role)).status }).toEqual({
        role,
        status: 403,
      });
    }
    // The client's drill-down flags the same visit; another branch's client is not found.
    const period = { from: '2026-06-01', to: '2026-06-30' };
    const ofClient = await call<EvvPersonDashboardOutput>('query', 'getEvvClientDashboard', { ...period, clientId }, 'rvp');
    expect(ofClient.data.visits.find((visit) => visit.shiftId === v.skewOnline)).toMatchObject({ clockSkew: true });
    const otherClient = await call('query', 'getEvvClientDashboard', { ...period, clientId: worcesterClient }, 'branchmanager');
    expect(otherClient).toMatchObject({ status: 404, message: `Client ${worcesterClient} not found` });
  });
});

describe('who may record a visit', () => {
  it('refuses every staff role, and another caregiver finds no such shift', async () => {
    const input = {
      shift_id: v.tolerant,
      clientRecordId: randomUUID(),
      checkInOut: { checkOut: '2026-06-09T16:59:00Z', checkOutMetadata: { position: null, offline: false } },
    };
    for (const role of ['companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) {
      const a = await check(v.tolerant, 'check_out', '2026-06-09T16:59:00Z', {
        as: role,
        receivedAt: at('2026-06-09T17:00:00Z'),
      });
      const b = await call('mutation', 'saveCareSheetCheckInOut', { ...input, clientRecordId: randomUUID() }, role);
      expect({ role, statuses: [a.status, b.status] }).toEqual({ role, statuses: [403, 403] });
    }
    const a = await check(v.tolerant, 'check_out', '2026-06-09T16:59:00Z', {
      as: 'other',
      receivedAt: at('2026-06-09T17:00:00Z'),
    });
    const b = await call('mutation', 'saveCareSheetCheckInOut', input, 'other', { receivedAt: at('2026-06-09T17:00:00Z') });
    expect([a, b].map((r) => [r.status, r.message])).toEqual([
      [404, `Shift ${v.tolerant} not found`],
      [404, `Shift ${v.tolerant} not found`],
    ]);
    expect((await timesheetsOf(v.tolerant))[0]!.checkOut).toBeNull();
  });
});
