import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { CaregiverAppCheckInOutOutput } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import type { EvvPersonDashboardOutput } from '@hearth/shared/dashboards/dashboards.schema';
import type { PayPeriodLockTimeOutput } from '@hearth/shared/pay-periods/pay-periods.schema';
import type { ShiftChangeOutput, ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import type { TestApp } from '../../test/test-app';
import { offlineHeaders, startEvvTestApp } from './caregiver-app.evv.test-support';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { payPeriodLockOverrides } from '../pay-periods/pay-periods.schema';
import { payrollLines } from '../payroll/payroll.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';

/**
 * A pay period lock never loses a visit the phone recorded offline in time (pay-periods.lock.ts admitPhoneEntry,
 * visits/visits.record.ts recordVisitTimes), on a controlled server clock as caregiver-app.evv-time.integration.test.ts.
 * Boston's period 2026-06-01..15 locks at 2026-06-16T04:00Z (midnight EDT); the lock is in force because that
 * instant has passed. A visit worked and computed for payroll before the lock shows the stored lines stay as they
 * were.
 */
let kit: Awaited<ReturnType<typeof startEvvTestApp>>;
let t: TestApp;
let tokens: Record<string, string>;
/** A tRPC call received at the instant the test gives (caregiver-app.evv.test-support.ts). */
const call = <T>(...args: Parameters<typeof kit.call>) => kit.call<T>(...args);
const PASSWORD = 'Evv-lock-pass-1';
const HOME = { lat: 42.3588, lon: -71.0707 };
const PERIOD = { from: '2026-06-01', to: '2026-06-15' };
const LOCKS_AT = '2026-06-16T04:00:00.000Z';
const at = (iso: string) => new Date(iso);
let bostonId: number;
let clientId: number;
let me: number;
let myUserId: number;
let lock: PayPeriodLockTimeOutput;
const v = {} as Record<'before' | 'offline' | 'record' | 'online' | 'onlineRecord' | 'pastLimit', number>;

/** A check at the client's door through caregiverAppCheckInOut. */
const check = (
  shiftId: number,
  kind: 'check_in' | 'check_out',
  timestamp: string,
  options: { receivedAt: Date; headers?: Record<string, string>; as?: string; clientRecordId?: string },
) =>
  call<CaregiverAppCheckInOutOutput>(
    'mutation',
    'caregiverAppCheckInOut',
    {
      scheduleId: shiftId,
      kind,
      timestamp,
      position: { ...HOME, accuracyMetres: 10 },
      clientRecordId: options.clientRecordId ?? randomUUID(),
    },
    options.as ?? 'me',
    options,
  );

/** The offline visit record (saveCareSheetCheckInOut) of a visit (its check-in, and its check-out when given). */
const visitRecord = (shiftId: number, checkIn: string, checkOut: string | null, offline: boolean) => ({
  shift_id: shiftId,
  clientRecordId: randomUUID(),
  completed_tasks: [],
  checkInOut: {
    checkIn,
    checkInMetadata: { position: { ...HOME, accuracyMetres: 8 }, offline },
    ...(checkOut ? { checkOut, checkOutMetadata: { position: { ...HOME, accuracyMetres: 8 }, offline } } : {}),
  },
});

const timesheetsOf = (shiftId: number) =>
  t.database.db.select().from(shiftTimesheets).where(eq(shiftTimesheets.shiftId, shiftId)).orderBy(asc(shiftTimesheets.id));

const overridesOf = (shiftId: number) =>
  t.database.db
    .select({
      action: payPeriodLockOverrides.action,
      userId: payPeriodLockOverrides.userId,
      lockTimeId: payPeriodLockOverrides.lockTimeId,
    })
    .from(payPeriodLockOverrides)
    .where(eq(payPeriodLockOverrides.shiftId, shiftId))
    .orderBy(asc(payPeriodLockOverrides.id));

const addShift = (startAt: string, endAt: string) =>
  kit.addShift({ branchId: bostonId, clientId, caregiverId: me, startAt, endAt });

const addCaregiverUser = (key: string, firstName: string) => kit.addCaregiverUser(key, firstName, bostonId);

/** The stored payroll line of the caregiver for the locked period (regular minutes), or undefined. */
async function storedPayrollLine() {
  const [line] = await t.database.db
    .select({ regularMinutes: payrollLines.regularMinutes, computedAt: payrollLines.computedAt })
    .from(payrollLines)
    .where(and(eq(payrollLines.caregiverId, me), eq(payrollLines.periodFrom, PERIOD.from), eq(payrollLines.periodTo, PERIOD.to)));
  return line;
}

beforeAll(async () => {
  kit = await startEvvTestApp(PASSWORD, 'Evvlock');
  ({ t, tokens } = kit);
  for (const u of ['companyadmin', 'branchmanager', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
  const [boston] = await t.database.db.select().from(branches).where(eq(branches.name, 'Boston'));
  bostonId = boston!.id;
  const [client] = await t.database.db
    .insert(clients)
    .values({ branchId: bostonId, firstName: 'Lena', lastName: 'Evvlock' })
    .returning({ id: clients.id });
  clientId = client!.id;
  await t.database.db
    .insert(clientAddresses)
    .values({ clientId, line1: '1 Beacon St', city: 'Boston', state: 'MA', zip: '02108', ...HOME, isPrimary: true });
  me = await addCaregiverUser('me', 'Lori');
  await addCaregiverUser('other', 'Olaf');
  const [mine] = await t.database.db.select({ userId: caregivers.userId }).from(caregivers).where(eq(caregivers.id, me));
  myUserId = mine!.userId!;

  v.before = await addShift('2026-06-10T13:00:00Z', '2026-06-10T17:00:00Z');
  v.offline = await addShift('2026-06-12T13:00:00Z', '2026-06-12T17:00:00Z');
  v.record = await addShift('2026-06-13T13:00:00Z', '2026-06-13T17:00:00Z');
  v.online = await addShift('2026-06-15T13:00:00Z', '2026-06-15T17:00:00Z');
  v.pastLimit = await addShift('2026-06-11T13:00:00Z', '2026-06-11T17:00:00Z');
  // Overnight, 4:00 PM to 4:00 AM EDT from the 14th.
  v.onlineRecord = await addShift('2026-06-14T20:00:00Z', '2026-06-15T08:00:00Z');

  // Worked and computed for payroll while the period was open (four hours).
  expect((await check(v.before, 'check_in', '2026-06-10T13:00:00Z', { receivedAt: at('2026-06-10T13:00:02Z') })).status).toBe(
    200,
  );
  expect((await check(v.before, 'check_out', '2026-06-10T17:00:00Z', { receivedAt: at('2026-06-10T17:00:02Z') })).status).toBe(
    200,
  );
  const computed = await call('mutation', 'computePayrollReport', { ...PERIOD, branchId: bostonId }, 'companyadmin');
  expect(computed.status).toBe(200);
  expect((await storedPayrollLine())?.regularMinutes).toBe(240);

  const created = await call<PayPeriodLockTimeOutput>(
    'mutation',
    'createPayPeriodLockTime',
    { branchId: bostonId, periodStart: PERIOD.from, periodEnd: PERIOD.to, locksAt: LOCKS_AT },
    'companyadmin',
  );
  expect(created.message).toBeUndefined();
  lock = created.data;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('an offline entry uploaded after its pay period locked', () => {
  it('is recorded with the phone time and the receipt time, flagged, and audited as the phone’s override', async () => {
    const upload = at('2026-06-18T09:00:00Z');
    const headers = offlineHeaders('2026-06-12T17:00:30Z', upload);
    const checkInId = randomUUID();
    const inRes = await check(v.offline, 'check_in', '2026-06-12T13:02:00Z', {
      receivedAt: upload,
      headers,
      clientRecordId: checkInId,
    });
    const outRes = await check(v.offline, 'check_out', '2026-06-12T16:58:00Z', { receivedAt: upload, headers });
    expect([inRes.status, outRes.status]).toEqual([200, 200]);
    expect(outRes.data).toMatchObject({ insideGeofence: true, flaggedForReview: true });

    const [sheet, ...more] = await timesheetsOf(v.offline);
    expect(more).toHaveLength(0);
    expect(sheet).toMatchObject({
      checkIn: at('2026-06-12T13:02:00Z'),
      checkOut: at('2026-06-12T16:58:00Z'),
      checkInType: 2,
      checkOutType: 2,
    });
    const afterPayPeriodLock = { periodStart: PERIOD.from, periodEnd: PERIOD.to, locksAt: LOCKS_AT };
    for (const metadata of [sheet!.checkInMetadata, sheet!.checkOutMetadata]) {
      expect(metadata).toMatchObject({
        offline: true,
        offlineTimestamp: '2026-06-12T17:00:30.000Z',
        receivedAt: '2026-06-18T09:00:00.000Z',
        clockSkew: false,
        afterPayPeriodLock,
      });
    }
    const [shift] = await t.database.db.select().from(shifts).where(eq(shifts.id, v.offline));
    expect(shift).toMatchObject({ status: 'completed', checkInAt: at('2026-06-12T13:02:00Z') });
    const audit = { action: 'offline_timesheet', userId: myUserId, lockTimeId: lock.id };
    expect(await overridesOf(v.offline)).toEqual([audit, audit]);

    // The phone replaying its check-in (the same record id) writes nothing more, and no second override.
    const replay = await check(v.offline, 'check_in', '2026-06-12T13:02:00Z', {
      receivedAt: at('2026-06-18T09:05:00Z'),
      headers,
      clientRecordId: checkInId,
    });
    expect(replay.status).toBe(200);
    expect(await overridesOf(v.offline)).toHaveLength(2);
  });

  it('is recorded through the offline visit record (saveCareSheetCheckInOut) with its care sheet', async () => {
    const upload = at('2026-06-20T12:00:00Z');
    const res = await call<{ care_sheet_id: number }>(
      'mutation',
      'saveCareSheetCheckInOut',
      visitRecord(v.record, '2026-06-13T12:58:00Z', '2026-06-13T17:03:00Z', true),
      'me',
      { receivedAt: upload, headers: offlineHeaders('2026-06-13T17:03:10Z', upload) },
    );
    expect(res.status).toBe(200);
    const [sheet] = await timesheetsOf(v.record);
    expect(sheet).toMatchObject({ checkIn: at('2026-06-13T12:58:00Z'), checkOut: at('2026-06-13T17:03:00Z'), checkOutType: 2 });
    expect(sheet!.checkOutMetadata).toMatchObject({
      receivedAt: '2026-06-20T12:00:00.000Z',
      afterPayPeriodLock: { locksAt: LOCKS_AT },
    });
    const [careSheet] = await t.database.db.select().from(careSheets).where(eq(careSheets.shiftId, v.record));
    expect(careSheet?.id).toBe(res.data.care_sheet_id);
    expect(await overridesOf(v.record)).toEqual([{ action: 'offline_timesheet', userId: myUserId, lockTimeId: lock.id }]);
  });

  it('is recorded past the phone’s limit too, flagged for both: an offline replay is never dropped', async () => {
    // Made offline six days after the visit ended (past the 24-hour limit), it was never "in time".
    const res = await check(v.pastLimit, 'check_in', '2026-06-17T18:00:00Z', {
      receivedAt: at('2026-06-18T10:00:00Z'),
      headers: offlineHeaders('2026-06-17T18:00:00Z', at('2026-06-18T10:00:00Z')),
    });
    expect(res).toMatchObject({ status: 200, data: { flaggedForReview: true } });
    const [sheet, ...more] = await timesheetsOf(v.pastLimit);
    expect(more).toHaveLength(0);
    expect(sheet).toMatchObject({ checkIn: at('2026-06-17T18:00:00Z'), checkInType: 2 });
    expect(sheet!.checkInMetadata).toMatchObject({
      outsideEntryTimes: 'too_late',
      afterPayPeriodLock: { periodStart: PERIOD.from, periodEnd: PERIOD.to, locksAt: LOCKS_AT },
    });
  });

  it('is not another caregiver’s to upload: 404, nothing written, no override', async () => {
    const upload = at('2026-06-18T09:00:00Z');
    const headers = offlineHeaders('2026-06-15T17:00:00Z', upload);
    const a = await check(v.online, 'check_in', '2026-06-15T13:00:00Z', { receivedAt: upload, headers, as: 'other' });
    const b = await call(
      'mutation',
      'saveCareSheetCheckInOut',
      visitRecord(v.online, '2026-06-15T13:00:00Z', '2026-06-15T17:00:00Z', true),
      'other',
      { receivedAt: upload, headers },
    );
    expect([a, b].map((r) => [r.status, r.message])).toEqual([
      [404, `Shift ${v.online} not found`],
      [404, `Shift ${v.online} not found`],
    ]);
    expect(await timesheetsOf(v.online)).toHaveLength(0);
    expect(await overridesOf(v.online)).toHaveLength(0);
  });
});

describe('an online entry into a locked pay period', () => {
  it('is refused with a message that sends the caregiver to the office, and nothing is written', async () => {
    // 10:00Z on the 16th: 17 hours after the visit ended (within the phone's limit), 6 hours after the lock.
    const res = await check(v.online, 'check_in', '2026-06-16T10:00:00Z', { receivedAt: at('2026-06-16T10:00:02Z') });
    expect(res.status).toBe(409);
    expect(res.message).toBe(
      'The pay period 2026-06-01 to 2026-06-15 of Boston is locked: the phone cannot record this check-in. ' +
        'Ask the office to record your check-in as a manual edit with a reason code.',
    );
    const record = await call(
      'mutation',
      'saveCareSheetCheckInOut',
      visitRecord(v.onlineRecord, '2026-06-16T06:00:00Z', null, false),
      'me',
      { receivedAt: at('2026-06-16T06:00:02Z') },
    );
    expect(record.status).toBe(409);
    expect(record.message).toContain('is locked: the phone cannot record this check-in. Ask the office');
    // A Spanish phone reads the check and the period's dates in Spanish.
    const spanish = await check(v.online, 'check_in', '2026-06-16T10:00:00Z', {
      receivedAt: at('2026-06-16T10:00:02Z'),
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.status).toBe(409);
    expect(spanish.message).toBe(
      'El período de pago del 1/6/2026 al 15/6/2026 de Boston está cerrado: el teléfono ya no puede registrar esta ' +
        'entrada. Pida a la oficina que registre su entrada como una corrección manual con un código de motivo.',
    );
    for (const id of [v.online, v.onlineRecord]) {
      expect(await timesheetsOf(id)).toHaveLength(0);
      expect(await overridesOf(id)).toHaveLength(0);
    }
    expect((await t.database.db.select().from(careSheets).where(eq(careSheets.shiftId, v.onlineRecord))).length).toBe(0);
  });
});

describe('the office sees the late arrival', () => {
  it('in the shift’s timesheets and history, as the branch manager; not as a role without shifts or another branch', async () => {
    const shift = await call<ShiftOutput>('query', 'getShift', { id: v.offline }, 'branchmanager');
    expect(shift.status).toBe(200);
    expect(shift.data.timesheets[0]!.check_out_metadata).toMatchObject({
      afterPayPeriodLock: { periodStart: PERIOD.from, periodEnd: PERIOD.to, locksAt: LOCKS_AT },
    });
    const changes = await call<ShiftChangeOutput[]>('query', 'getShiftChanges', { scheduleId: v.offline }, 'branchmanager');
    const timesheetChanges = changes.data.filter((c) => c.record === 'timesheet');
    expect(timesheetChanges.length).toBeGreaterThan(0);
    expect(
      timesheetChanges.every((c) => c.lockOverride && c.lockOverrideAction === 'offline_timesheet' && c.userId === myUserId),
    ).toBe(true);
    // The visit worked before the lock carries no override.
    const earlier = await call<ShiftChangeOutput[]>('query', 'getShiftChanges', { scheduleId: v.before }, 'branchmanager');
    expect(earlier.data.some((c) => c.lockOverride)).toBe(false);
    for (const role of ['me', 'other']) {
      expect({ role, status: (await call('query', 'getShift', { id: v.offline }, role)).status }).toEqual({ role, status: 403 });
    }
  });

  it('in EVV review: flagged after the lock, still EVV-compliant, beside the visit worked before it', async () => {
    const input = { caregiverId: me, ...PERIOD };
    const review = await call<EvvPersonDashboardOutput>('query', 'getEvvCaregiverDashboard', input, 'branchmanager');
    expect(review.status).toBe(200);
    const byShift = new Map(review.data.visits.map((visit) => [visit.shiftId, visit]));
    expect(byShift.get(v.offline)).toMatchObject({ afterLock: true, compliant: true, checkInType: 2 });
    expect(byShift.get(v.record)).toMatchObject({ afterLock: true });
    expect(byShift.get(v.before)).toMatchObject({ afterLock: false, compliant: true });
    for (const role of ['nurse', 'prn', 'me']) {
      expect({ role, status: (await call('query', 'getEvvCaregiverDashboard', input, role)).status }).toEqual({
        role,
        status: 403,
      });
    }
  });

  it('in payroll: the lines computed before the lock keep their figures until the period is computed again', async () => {
    const before = await storedPayrollLine();
    expect(before?.regularMinutes).toBe(240);
    const again = await call('mutation', 'computePayrollReport', { ...PERIOD, branchId: bostonId }, 'companyadmin');
    expect(again.status).toBe(200);
    // 4 h before the lock + 3 h 56 min and 4 h 5 min uploaded after it.
    expect((await storedPayrollLine())?.regularMinutes).toBe(240 + 236 + 245);
  });
});
