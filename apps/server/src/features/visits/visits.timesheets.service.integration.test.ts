import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ShiftOutput, ShiftSaveOutput } from '@hearth/shared/shifts/shifts.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { ny, shiftFixtures } from '../shifts/shifts.test-support';

let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
let clientId: number;
let caregiverId: number;
beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
  clientId = (await f.addClient('Rosa', 'Lima')).id;
  caregiverId = (await f.addCaregiver({ firstName: 'Tom', lastName: 'Hale' })).id;
});
afterAll(() => t.close());

const save = (input: Record<string, unknown>, as = 'branchmanager') =>
  f.api.ok<ShiftOutput>('mutation', 'saveShiftTimesheet', input, as);

describe('office edits of visit times', () => {
  it('adds, edits and deletes timesheets and keeps the shift’s times and status in step', async () => {
    const shift = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2020-08-05 09:00'),
      endTimestamp: ny('2020-08-05 13:00'),
    });
    const checkedIn = await save({
      scheduleId: shift.id,
      checkIn: ny('2020-08-05 09:05'),
      reasonCode: 'caregiver_forgot',
      reasonNote: 'Phone battery died',
    });
    expect(checkedIn).toMatchObject({ status: 'in_progress', checkIn: '2020-08-05T13:05:00.000Z', checkOut: null });
    const [first] = checkedIn.timesheets;
    expect(first).toEqual({
      id: expect.any(Number),
      check_in: '2020-08-05T13:05:00.000Z',
      check_out: null,
      check_in_type: 3,
      check_out_type: null,
      reason_code: 'caregiver_forgot',
      reason_note: 'Phone battery died',
      check_in_metadata: null,
      check_out_metadata: null,
    });

    const completed = await save({
      scheduleId: shift.id,
      id: first!.id,
      checkOut: ny('2020-08-05 13:02'),
      reasonCode: 'device_problem',
    });
    expect(completed).toMatchObject({
      status: 'completed',
      checkIn: '2020-08-05T13:05:00.000Z',
      checkOut: '2020-08-05T17:02:00.000Z',
    });
    expect(completed.timesheets).toEqual([
      expect.objectContaining({
        id: first!.id,
        check_in_type: 3,
        check_out_type: 3,
        reason_code: 'device_problem',
        reason_note: null,
      }),
    ]);

    // A second, open timesheet (the caregiver came back): in progress again; the check-in stays the earliest.
    const back = await save({ scheduleId: shift.id, checkIn: ny('2020-08-05 14:00'), reasonCode: 'schedule_change' });
    expect(back).toMatchObject({
      status: 'in_progress',
      checkIn: '2020-08-05T13:05:00.000Z',
      checkOut: '2020-08-05T17:02:00.000Z',
    });
    expect(back.timesheets).toHaveLength(2);
    const second = back.timesheets.find((s) => s.id !== first!.id)!;

    const afterDelete = await f.api.ok<ShiftOutput>('mutation', 'deleteTimesheet', { id: second.id });
    expect(afterDelete).toMatchObject({ status: 'completed', timesheets: [expect.objectContaining({ id: first!.id })] });
    const none = await f.api.ok<ShiftOutput>('mutation', 'deleteTimesheet', { id: first!.id });
    expect(none).toMatchObject({ status: 'scheduled', checkIn: null, checkOut: null, timesheets: [] });
  });
});

describe('office edits of visit times: what is refused or kept', () => {
  it('refuses times out of order, an empty timesheet, another shift’s timesheet, and a cancelled shift', async () => {
    const shift = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2020-08-06 09:00'),
      endTimestamp: ny('2020-08-06 13:00'),
    });
    const other = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2020-08-07 09:00'),
      endTimestamp: ny('2020-08-07 13:00'),
    });
    const withIn = await save({ scheduleId: shift.id, checkIn: ny('2020-08-06 09:00'), reasonCode: 'no_signal' });
    const sheetId = withIn.timesheets[0]!.id;
    const fail = (input: Record<string, unknown>) =>
      f.api.fail('mutation', 'saveShiftTimesheet', { reasonCode: 'other', ...input });
    expect(await fail({ scheduleId: shift.id, id: sheetId, checkOut: ny('2020-08-06 08:00') })).toMatchObject({
      status: 400,
      message: 'checkOut: The check-out must be after the check-in',
    });
    expect(await fail({ scheduleId: shift.id, id: sheetId, checkIn: null })).toMatchObject({
      status: 400,
      message: 'checkIn: Give a check-in or a check-out time',
    });
    expect(await fail({ scheduleId: other.id, id: sheetId, checkOut: ny('2020-08-07 13:00') })).toMatchObject({
      status: 404,
      message: `Timesheet ${sheetId} not found`,
    });
    expect(await fail({ scheduleId: shift.id, checkOut: ny('2020-08-06 13:00'), reasonCode: 'because' })).toMatchObject({
      status: 400,
      message: 'reasonCode: Choose a reason code',
    });
    expect((await f.api.fail('mutation', 'deleteTimesheet', { id: sheetId }, 'nurse')).status).toBe(403);

    await f.api.ok('mutation', 'deleteShift', { id: other.id, reason: 'Client away' });
    expect(await fail({ scheduleId: other.id, checkIn: ny('2020-08-07 09:00') })).toMatchObject({
      status: 400,
      message: `Shift ${other.id} is cancelled: its times cannot be edited`,
    });
  });

  it('is 404 for a timesheet of another branch’s shift', async () => {
    const worcesterClient = await f.addClient('Will', 'Ames', f.worcester.id);
    const theirs = await f.shift(
      { clientId: worcesterClient.id, startTimestamp: ny('2020-08-08 09:00'), endTimestamp: ny('2020-08-08 10:00') },
      'developer',
    );
    const withTimes = await save({ scheduleId: theirs.id, checkIn: ny('2020-08-08 09:00'), reasonCode: 'other' }, 'developer');
    const sheetId = withTimes.timesheets[0]!.id;
    expect(await f.api.fail('mutation', 'deleteTimesheet', { id: sheetId })).toMatchObject({
      status: 404,
      message: `Timesheet ${sheetId} not found`,
    });
    expect(
      await f.api.fail('mutation', 'saveShiftTimesheet', {
        scheduleId: theirs.id,
        checkIn: ny('2020-08-08 09:00'),
        reasonCode: 'other',
      }),
    ).toMatchObject({
      status: 404,
      message: `Shift ${theirs.id} not found`,
    });
  });

  it('keeps a missed shift missed while it has no check-in', async () => {
    const shift = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2020-08-09 09:00'),
      endTimestamp: ny('2020-08-09 10:00'),
    });
    await f.api.ok<ShiftSaveOutput>('mutation', 'updateShift', { id: shift.id, status: 'missed' });
    const onlyOut = await save({ scheduleId: shift.id, checkOut: ny('2020-08-09 10:00'), reasonCode: 'other' });
    expect(onlyOut).toMatchObject({ status: 'missed', checkIn: null, checkOut: '2020-08-09T14:00:00.000Z' });
    const worked = await save({
      scheduleId: shift.id,
      id: onlyOut.timesheets[0]!.id,
      checkIn: ny('2020-08-09 09:00'),
      reasonCode: 'other',
    });
    expect(worked.status).toBe('completed');
  });
});

describe('derived flags', () => {
  it('flags a past shift missing a check-in or a check-out, and offline entries', async () => {
    const past = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2021-03-02 09:00'),
      endTimestamp: ny('2021-03-02 11:00'),
    });
    expect(past.timeEntryMissing).toBe(true);
    const inOnly = await save({ scheduleId: past.id, checkIn: ny('2021-03-02 09:00'), reasonCode: 'caregiver_forgot' });
    expect(inOnly).toMatchObject({ status: 'in_progress', timeEntryMissing: true });
    const both = await save({
      scheduleId: past.id,
      id: inOnly.timesheets[0]!.id,
      checkOut: ny('2021-03-02 11:00'),
      reasonCode: 'caregiver_forgot',
    });
    expect(both).toMatchObject({ status: 'completed', timeEntryMissing: false, offlineCheckIn: false, offlineCheckOut: false });

    // A visit recorded offline by the app: check-in type 2, check-out type 1.
    const offline = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2021-03-03 09:00'),
      endTimestamp: ny('2021-03-03 11:00'),
    });
    const checkIn = new Date(ny('2021-03-03 09:01'));
    const checkOut = new Date(ny('2021-03-03 11:00'));
    await f.db.insert(shiftTimesheets).values({
      shiftId: offline.id,
      checkIn,
      checkOut,
      checkInType: 2,
      checkOutType: 1,
      checkInMetadata: { lat: 42.36, lon: -71.06, offline: true },
    });
    await f.db
      .update(shifts)
      .set({ checkInAt: checkIn, checkOutAt: checkOut, status: 'completed', tasksMissing: true })
      .where(eq(shifts.id, offline.id));
    const read = await f.api.ok<ShiftOutput>('query', 'getShift', { id: offline.id });
    expect(read).toMatchObject({
      offlineCheckIn: true,
      offlineCheckOut: false,
      tasksMissing: true,
      timeEntryMissing: false,
      timesheets: [
        expect.objectContaining({
          check_in_type: 2,
          check_out_type: 1,
          check_in_metadata: { lat: 42.36, lon: -71.06, offline: true },
        }),
      ],
    });
  });
});
