import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ShiftChangeOutput, ShiftCommentOutput, ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { outbox } from '../notify/notify.schema';
import { users } from '../users/users.schema';
import { ny, shiftFixtures } from './shifts.test-support';

let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
let clientId: number;
let caregiverId: number;
let shift: ShiftOutput;
beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
  clientId = (await f.addClient('Rosa', 'Lima')).id;
  caregiverId = (await f.addCaregiver({ firstName: 'Sam', lastName: 'Ortiz', phoneNumber: '617-555-0142' })).id;
  shift = await f.shift({ clientId, caregiverId, startTimestamp: ny('2020-08-12 09:00'), endTimestamp: ny('2020-08-12 13:00') });
});
afterAll(() => t.close());

const nameOf = async (username: string) =>
  (await f.db.select({ name: users.name }).from(users).where(eq(users.username, username)))[0]!.name;

describe('comments', () => {
  it('lists comments oldest first with their authors, and lets only the author edit or delete one', async () => {
    const mine = await f.api.ok<ShiftCommentOutput>('mutation', 'createShiftComment', {
      scheduleId: shift.id,
      body: ' Gate code 4512 ',
    });
    expect(mine).toMatchObject({
      scheduleId: shift.id,
      userId: await f.userId('branchmanager'),
      userName: await nameOf('branchmanager'),
      body: 'Gate code 4512',
    });
    const nurses = await f.api.ok<ShiftCommentOutput>(
      'mutation',
      'createShiftComment',
      { scheduleId: shift.id, body: 'Check blood pressure' },
      'nurse',
    );
    const list = await f.api.ok<ShiftCommentOutput[]>('query', 'getShiftComments', { scheduleId: shift.id }, 'rvp');
    expect(list.map((c) => c.id)).toEqual([mine.id, nurses.id]);

    const forbidden = { status: 403, message: 'Only the author may edit or delete a comment' };
    expect(await f.api.fail('mutation', 'updateShiftComment', { id: mine.id, body: 'Mine now' }, 'rvp')).toMatchObject(forbidden);
    expect(await f.api.fail('mutation', 'deleteShiftComment', { id: mine.id }, 'nurse')).toMatchObject(forbidden);
    const edited = await f.api.ok<ShiftCommentOutput>('mutation', 'updateShiftComment', { id: mine.id, body: 'Gate code 4513' });
    expect(edited).toMatchObject({ id: mine.id, body: 'Gate code 4513' });
    expect(await f.api.ok('mutation', 'deleteShiftComment', { id: mine.id })).toEqual({ id: mine.id });
    const after = await f.api.ok<ShiftCommentOutput[]>('query', 'getShiftComments', { scheduleId: shift.id });
    expect(after.map((c) => c.id)).toEqual([nurses.id]);
    expect(await f.api.fail('mutation', 'createShiftComment', { scheduleId: shift.id, body: '  ' })).toMatchObject({
      status: 400,
      message: 'body: Comment is required',
    });
  });

  it('is 404 for comments of another branch’s shift', async () => {
    const worcesterClient = await f.addClient('Will', 'Ames', f.worcester.id);
    const theirs = await f.shift(
      { clientId: worcesterClient.id, startTimestamp: ny('2020-08-12 09:00'), endTimestamp: ny('2020-08-12 10:00') },
      'developer',
    );
    const comment = await f.api.ok<ShiftCommentOutput>(
      'mutation',
      'createShiftComment',
      { scheduleId: theirs.id, body: 'Hi' },
      'prn',
    );
    expect(await f.api.fail('mutation', 'updateShiftComment', { id: comment.id, body: 'x' })).toMatchObject({
      status: 404,
      message: `Comment ${comment.id} not found`,
    });
    expect(await f.api.fail('query', 'getShiftComments', { scheduleId: shift.id }, 'prn')).toMatchObject({
      status: 404,
      message: `Shift ${shift.id} not found`,
    });
  });
});

describe('changes', () => {
  it('lists who changed what on the shift and its timesheets, newest first', async () => {
    const s = await f.shift({
      clientId,
      caregiverId,
      startTimestamp: ny('2020-08-13 09:00'),
      endTimestamp: ny('2020-08-13 12:00'),
    });
    await f.api.ok('mutation', 'updateShift', { id: s.id, endTimestamp: ny('2020-08-13 13:00'), notes: 'Longer visit' });
    const timed = await f.api.ok<ShiftOutput>(
      'mutation',
      'saveShiftTimesheet',
      { scheduleId: s.id, checkIn: ny('2020-08-13 09:10'), reasonCode: 'no_signal' },
      'rvp',
    );
    await f.api.ok('mutation', 'deleteTimesheet', { id: timed.timesheets[0]!.id }, 'rvp');

    const changes = await f.api.ok<ShiftChangeOutput[]>('query', 'getShiftChanges', { scheduleId: s.id }, 'nurse');
    const summary = changes.map((c) => `${c.record} ${c.operation} by ${c.userName}`);
    const manager = await nameOf('branchmanager');
    const rvp = await nameOf('rvp');
    expect(summary).toEqual([
      `shift UPDATE by ${rvp}`,
      `timesheet DELETE by ${rvp}`,
      `shift UPDATE by ${rvp}`,
      `timesheet INSERT by ${rvp}`,
      `shift UPDATE by ${manager}`,
      `shift INSERT by ${manager}`,
    ]);
    const byField = (c: ShiftChangeOutput) => [...c.changes].sort((a, b) => a.field.localeCompare(b.field));
    expect(byField(changes[4]!)).toEqual([
      { field: 'endAt', from: '2020-08-13T16:00:00.000Z', to: '2020-08-13T17:00:00.000Z' },
      { field: 'notes', from: null, to: 'Longer visit' },
    ]);
    expect(byField(changes[2]!)).toEqual([
      { field: 'checkInAt', from: null, to: '2020-08-13T13:10:00.000Z' },
      { field: 'status', from: 'scheduled', to: 'in_progress' },
    ]);
    expect(changes[3]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'shiftId', from: null, to: s.id },
        { field: 'checkIn', from: null, to: '2020-08-13T13:10:00.000Z' },
        { field: 'checkInType', from: null, to: 3 },
        { field: 'reasonCode', from: null, to: 'no_signal' },
      ]),
    );
    expect(changes[1]!.changes).toEqual(
      expect.arrayContaining([{ field: 'checkIn', from: '2020-08-13T13:10:00.000Z', to: null }]),
    );
    expect(changes[0]!.changes).toEqual(expect.arrayContaining([{ field: 'status', from: 'in_progress', to: 'scheduled' }]));
    expect(changes[5]!.changes).toEqual(
      expect.arrayContaining([{ field: 'caregiverId', from: null, to: caregiverId, fromLabel: null, toLabel: 'Sam Ortiz' }]),
    );
    expect(changes.flatMap((c) => c.changes.map((x) => x.field))).not.toContain('updatedAt');
    expect(changes.every((c) => !c.lockOverride)).toBe(true);
    expect(new Set(changes.map((c) => c.at)).size).toBeGreaterThan(1);
  });
});

describe('sendShiftReminder', () => {
  const lastReminder = async () =>
    (await f.db.select().from(outbox).where(eq(outbox.kind, 'shift_reminder')).orderBy(desc(outbox.id)).limit(1))[0];

  it('texts the caregiver’s phone, else emails them, through the outbox', async () => {
    expect(await f.api.ok('mutation', 'sendShiftReminder', { scheduleId: shift.id })).toEqual({
      channel: 'sms',
      recipient: '617-555-0142',
    });
    expect(await lastReminder()).toMatchObject({
      channel: 'sms',
      recipient: '617-555-0142',
      body: 'Hi Sam, a reminder of your visit with Rosa L. on 08/12/20 9:00 AM–1:00 PM EDT.',
      sentAt: null,
    });

    const emailOnly = await f.addCaregiver({ firstName: 'Eli', lastName: 'Marsh', phoneNumber: null });
    const s = await f.shift({
      clientId,
      caregiverId: emailOnly.id,
      startTimestamp: ny('2020-08-14 09:00'),
      endTimestamp: ny('2020-08-14 10:00'),
    });
    expect(await f.api.ok('mutation', 'sendShiftReminder', { scheduleId: s.id })).toEqual({
      channel: 'email',
      recipient: 'eli.marsh@example.com',
    });
    expect(await lastReminder()).toMatchObject({
      channel: 'email',
      subject: 'Reminder: your visit on 08/14/20 9:00 AM–10:00 AM EDT',
    });
  });

  it('refuses an open shift, a caregiver with no phone or email, and a role without the action', async () => {
    const open = await f.shift({ clientId, startTimestamp: ny('2020-08-15 09:00'), endTimestamp: ny('2020-08-15 10:00') });
    expect(await f.api.fail('mutation', 'sendShiftReminder', { scheduleId: open.id })).toMatchObject({
      status: 400,
      message: `Shift ${open.id} is an open shift: there is no caregiver to remind`,
    });
    const unreachable = await f.addCaregiver({ firstName: 'Nia', lastName: 'Quiet', phoneNumber: null, email: null });
    const s = await f.shift({
      clientId,
      caregiverId: unreachable.id,
      startTimestamp: ny('2020-08-16 09:00'),
      endTimestamp: ny('2020-08-16 10:00'),
    });
    expect(await f.api.fail('mutation', 'sendShiftReminder', { scheduleId: s.id })).toMatchObject({
      status: 400,
      message: 'Caregiver Nia Quiet has no phone number or email to send a reminder to',
    });
    expect((await f.api.fail('mutation', 'sendShiftReminder', { scheduleId: shift.id }, 'nurse')).status).toBe(403);
  });
});
