import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ClientAuthorizationOutput } from '@hearth/shared/clients/client-authorizations.schema';
import {
  ZShiftListItem,
  type ShiftChangeOutput,
  type ShiftListItem,
  type ShiftOutput,
  type ShiftSaveOutput,
} from '@hearth/shared/shifts/shifts.schema';
import { startTestApp, type TestApp, type TrpcBody } from '../../test/test-app';
import { NO_CHAT, type Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { caregiverCredentials } from '../caregivers/caregivers.schema';
import { payerSourceServices } from '../payer-sources/payer-sources.schema';
import { payPeriodLockOverrides, payPeriodLockTimes } from '../pay-periods/pay-periods.schema';
import { shiftPatterns, shiftPickupInvitations, shifts } from './shifts.schema';
import { guardedWrite } from './shifts.conflict';
import { ny, shiftFixtures } from './shifts.test-support';

let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
let eva: { id: number };
let lia: { id: number };
let maria: { id: number };
let john: { id: number };
beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
  eva = await f.addClient('Eva', 'Costa');
  lia = await f.addClient('Lia', 'Rocha');
  maria = await f.addCaregiver({ firstName: 'Maria', lastName: 'Lopez' });
  john = await f.addCaregiver({ firstName: 'John', lastName: 'Reed' });
});
afterAll(() => t.close());

const shiftCount = async () => (await f.db.select({ n: count() }).from(shifts))[0]!.n;

describe('create, read and list', () => {
  it('creates a shift with its matched authorization and reads it back', async () => {
    const auth = await f.api.ok<ClientAuthorizationOutput>('mutation', 'createClientAuthorization', {
      clientId: eva.id,
      payerSourceId: f.payer.id,
      serviceCode: 'T1019',
      startDate: '2031-01-01',
      endDate: '2031-12-31',
      unitsPerWeek: 40,
    });
    const saved = await f.createShift({
      clientId: eva.id,
      caregiverId: maria.id,
      startTimestamp: ny('2031-06-03 09:00'),
      endTimestamp: ny('2031-06-03 13:00'),
      serviceCode: 't1019',
      payerSourceId: f.payer.id,
      notes: 'Bring gloves',
    });
    expect(saved.warnings).toEqual([]);
    expect(saved.shift).toMatchObject({
      branchId: f.boston.id,
      timezone: 'America/New_York',
      clientId: eva.id,
      clientName: 'Eva Costa',
      caregiverId: maria.id,
      caregiverName: 'Maria Lopez',
      serviceCode: 'T1019',
      modifiers: [],
      payerSourceName: 'MassHealth',
      authorizationId: auth.id,
      startTimestamp: '2031-06-03T13:00:00.000Z',
      endTimestamp: '2031-06-03T17:00:00.000Z',
      status: 'scheduled',
      checkIn: null,
      offlineCheckIn: false,
      timeEntryMissing: false,
      timesheets: [],
      notes: 'Bring gloves',
    });
    const id = saved.shift!.id;
    expect(await f.api.ok('query', 'getShift', { id }, 'nurse')).toEqual(saved.shift);

    const open = await f.shift({
      clientId: eva.id,
      startTimestamp: ny('2031-06-04 09:00'),
      endTimestamp: ny('2031-06-04 10:00'),
    });
    expect(open).toMatchObject({ caregiverId: null, caregiverName: null, payerSourceId: null, authorizationId: null });
    const week = await f.api.ok<ShiftListItem[]>('query', 'getShifts', {
      after: '2031-06-01T04:00:00Z',
      before: '2031-06-08T04:00:00Z',
      clientId: eva.id,
    });
    expect(week.map((s) => s.id)).toEqual([id, open.id]);
    // The list carries the calendar's fields only, with the same values getShift gives (times in UTC, names).
    expect(week).toEqual([
      ZShiftListItem.parse(await f.api.ok<ShiftOutput>('query', 'getShift', { id })),
      ZShiftListItem.parse(await f.api.ok<ShiftOutput>('query', 'getShift', { id: open.id })),
    ]);
    expect(week[0]).not.toHaveProperty('timesheets');
    expect(week[1]).toMatchObject({ caregiverId: null, caregiverName: null, startTimestamp: '2031-06-04T13:00:00.000Z' });
    const byCaregiver = await f.api.ok<ShiftListItem[]>('query', 'getShifts', {
      after: '2031-06-01T04:00:00Z',
      before: '2031-06-08T04:00:00Z',
      caregiverId: maria.id,
    });
    expect(byCaregiver.map((s) => s.id)).toEqual([id]);
    // Overlapping the window is enough: a window starting mid-visit still lists it.
    const midVisit = await f.api.ok<ShiftListItem[]>('query', 'getShifts', {
      after: '2031-06-03T15:00:00Z',
      before: '2031-06-03T16:00:00Z',
      clientId: eva.id,
    });
    expect(midVisit.map((s) => s.id)).toEqual([id]);
  });

  it.each([
    [{ caregiverId: 999999 }, 400, 'Caregiver 999999 not found'],
    [{ endTimestamp: ny('2031-06-05 08:00') }, 400, 'endTimestamp: The end must be after the start'],
    [{ endTimestamp: ny('2031-06-06 10:00') }, 400, 'endTimestamp: A shift lasts at most 24 hours'],
  ])('refuses %o', async (patch, status, message) => {
    const res = await f.api.fail('mutation', 'createShift', {
      clientId: eva.id,
      startTimestamp: ny('2031-06-05 09:00'),
      endTimestamp: ny('2031-06-05 10:00'),
      ...patch,
    });
    expect(res).toMatchObject({ status, message });
  });

  it('takes only an active caregiver of the client’s branch and a payer of its company', async () => {
    const input = { clientId: eva.id, startTimestamp: ny('2031-06-05 09:00'), endTimestamp: ny('2031-06-05 10:00') };
    const worcesterAide = await f.addCaregiver({ firstName: 'Wes', lastName: 'Park', branchId: f.worcester.id });
    const inactive = await f.addCaregiver({ firstName: 'Ina', lastName: 'Stone', status: 'inactive' });
    expect(await f.api.fail('mutation', 'createShift', { ...input, caregiverId: worcesterAide.id })).toMatchObject({
      status: 400,
      message: `Caregiver ${worcesterAide.id} is not in this client's branch`,
    });
    expect(await f.api.fail('mutation', 'createShift', { ...input, caregiverId: inactive.id })).toMatchObject({
      status: 400,
      message: `Caregiver Ina Stone (${inactive.id}) is not active`,
    });
    expect(await f.api.fail('mutation', 'createShift', { ...input, payerSourceId: f.foreignPayer.id })).toMatchObject({
      status: 400,
      message: `Payer source ${f.foreignPayer.id} not found`,
    });
  });
});

describe('caregiver overlap', () => {
  it('refuses an overlapping shift of the caregiver with 409 naming the other, allows adjacent ones, ignores cancelled', async () => {
    const first = await f.shift({
      clientId: eva.id,
      caregiverId: maria.id,
      startTimestamp: ny('2031-06-10 09:00'),
      endTimestamp: ny('2031-06-10 13:00'),
    });
    const overlapping = {
      clientId: lia.id,
      caregiverId: maria.id,
      startTimestamp: ny('2031-06-10 12:00'),
      endTimestamp: ny('2031-06-10 15:00'),
    };
    const refused = await f.api.fail('mutation', 'createShift', overlapping);
    const message = `Maria Lopez already has a shift then: Eva Costa, 06/10/31 9:00 AM–1:00 PM EDT (shift ${first.id})`;
    expect(refused).toMatchObject({ status: 409, message, fieldErrors: { caregiverId: [message] } });
    expect(await f.api.fail('mutation', 'createShift', { ...overlapping, dryRun: true })).toMatchObject({ status: 409, message });

    const adjacent = await f.shift({ ...overlapping, startTimestamp: ny('2031-06-10 13:00') });
    expect(adjacent.caregiverId).toBe(maria.id);

    await f.api.ok('mutation', 'deleteShift', { id: first.id, reason: 'Client in hospital' });
    const replacing = await f.shift({
      ...overlapping,
      startTimestamp: ny('2031-06-10 10:00'),
      endTimestamp: ny('2031-06-10 12:00'),
    });

    const moved = await f.api.fail('mutation', 'updateShift', { id: adjacent.id, startTimestamp: ny('2031-06-10 11:30') });
    expect(moved).toMatchObject({
      status: 409,
      message: `Maria Lopez already has a shift then: Lia Rocha, 06/10/31 10:00 AM–12:00 PM EDT (shift ${replacing.id})`,
    });
    // A new caregiver is checked again: John takes 10-12, Maria's later shift may then move, but not onto John.
    await f.api.ok('mutation', 'updateShift', { id: replacing.id, caregiverId: john.id });
    await f.api.ok('mutation', 'updateShift', { id: adjacent.id, startTimestamp: ny('2031-06-10 11:30') });
    expect(await f.api.fail('mutation', 'updateShift', { id: adjacent.id, caregiverId: john.id })).toMatchObject({
      status: 409,
      message: `John Reed already has a shift then: Lia Rocha, 06/10/31 10:00 AM–12:00 PM EDT (shift ${replacing.id})`,
    });
  });

  it('lets exactly one of several simultaneous bookings of the same caregiver through', async () => {
    const client = await f.addClient('Pat', 'Quinn');
    const input = {
      clientId: client.id,
      caregiverId: john.id,
      startTimestamp: ny('2031-06-12 09:00'),
      endTimestamp: ny('2031-06-12 10:00'),
    };
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.trpc('mutation', 'createShift', input, f.api.tokens.branchmanager)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 200);
    expect(losers).toHaveLength(3);
    for (const r of losers) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toMatch(
        /^John Reed already has a shift then: Pat Quinn, 06\/12\/31 9:00 AM–10:00 AM EDT \(shift \d+\)$/,
      );
    }
  });

  it('turns a violation of the EXCLUDE constraint into the same 409 and keeps the transaction usable', async () => {
    const taken = await f.shift({
      clientId: lia.id,
      caregiverId: john.id,
      startTimestamp: ny('2031-06-13 09:00'),
      endTimestamp: ny('2031-06-13 11:00'),
    });
    const slot = {
      caregiverId: john.id,
      caregiverName: 'John Reed',
      startAt: new Date(ny('2031-06-13 10:00')),
      endAt: new Date(ny('2031-06-13 12:00')),
      excludeId: 0,
    };
    await f.db.transaction(async (tx) => {
      const scope: Scope = {
        db: tx,
        userId: 0,
        actorUserId: 0,
        roleId: 0,
        level: 'system',
        companyId: null,
        branchIds: [],
        viewPermissions: [],
        tablePermissions: [],
        hasPayPeriodLockOverride: false,
        chat: NO_CHAT,
      };
      // No pre-check: the insert reaches the constraint, as a concurrent save would.
      const error = await guardedWrite(scope, slot, (db) =>
        db
          .insert(shifts)
          .values({ branchId: f.boston.id, clientId: eva.id, caregiverId: john.id, startAt: slot.startAt, endAt: slot.endAt }),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'CONFLICT',
        message: `John Reed already has a shift then: Lia Rocha, 06/13/31 9:00 AM–11:00 AM EDT (shift ${taken.id})`,
      });
      const [mine] = await tx.select({ n: count() }).from(shifts).where(eq(shifts.caregiverId, john.id));
      expect(mine!.n).toBeGreaterThan(0);
    });
  });
});

describe('dry run and scope', () => {
  it('runs the checks and returns the warnings without writing anything', async () => {
    await f.shift({ clientId: eva.id, startTimestamp: ny('2031-06-11 09:00'), endTimestamp: ny('2031-06-11 10:00') });
    const before = await shiftCount();
    const dry = await f.createShift({
      clientId: eva.id,
      caregiverId: maria.id,
      startTimestamp: ny('2031-06-11 09:00'),
      endTimestamp: ny('2031-06-11 10:00'),
      payerSourceId: f.secondPayer.id,
      dryRun: true,
    });
    expect(dry.shift).toBeNull();
    expect(dry.warnings.map((w) => w.code)).toEqual(['client_double_booked', 'authorization_exceeded']);
    expect(await shiftCount()).toBe(before);

    const s = await f.shift({ clientId: eva.id, startTimestamp: ny('2031-06-18 09:00'), endTimestamp: ny('2031-06-18 10:00') });
    const dryUpdate = await f.api.ok<ShiftSaveOutput>('mutation', 'updateShift', { id: s.id, notes: 'changed', dryRun: true });
    expect(dryUpdate.shift).toBeNull();
    expect((await f.api.ok<ShiftOutput>('query', 'getShift', { id: s.id })).notes).toBeNull();
  });

  it('hides another branch’s shifts and clients as missing', async () => {
    const worcesterClient = await f.addClient('Wanda', 'Hill', f.worcester.id);
    const theirs = await f.shift(
      { clientId: worcesterClient.id, startTimestamp: ny('2031-06-18 09:00'), endTimestamp: ny('2031-06-18 10:00') },
      'developer',
    );
    const missing = { status: 404, message: `Shift ${theirs.id} not found` };
    expect(await f.api.fail('query', 'getShift', { id: theirs.id })).toMatchObject(missing);
    expect(await f.api.fail('mutation', 'updateShift', { id: theirs.id, notes: 'x' })).toMatchObject(missing);
    expect(await f.api.fail('mutation', 'deleteShift', { id: theirs.id })).toMatchObject(missing);
    expect(await f.api.fail('query', 'getShiftComments', { scheduleId: theirs.id })).toMatchObject(missing);
    expect(
      await f.api.fail('mutation', 'createShift', {
        clientId: worcesterClient.id,
        startTimestamp: ny('2031-06-18 09:00'),
        endTimestamp: ny('2031-06-18 10:00'),
      }),
    ).toMatchObject({ status: 404, message: `Client ${worcesterClient.id} not found` });
    const window = { after: '2031-06-18T00:00:00Z', before: '2031-06-19T00:00:00Z', branchId: f.worcester.id };
    expect(await f.api.ok('query', 'getShifts', window)).toEqual([]);
    expect((await f.api.ok<ShiftListItem[]>('query', 'getShifts', window, 'rvp')).map((s) => s.id)).toEqual([theirs.id]);
    expect(
      (
        await f.api.fail(
          'mutation',
          'createShift',
          { clientId: eva.id, startTimestamp: ny('2031-06-18 09:00'), endTimestamp: ny('2031-06-18 10:00') },
          'nurse',
        )
      ).status,
    ).toBe(403);
  });
});

describe('warnings', () => {
  it('warns that the client already has a shift then', async () => {
    const client = await f.addClient('Dora', 'Bell');
    const first = await f.shift({
      clientId: client.id,
      caregiverId: john.id,
      startTimestamp: ny('2031-06-16 09:00'),
      endTimestamp: ny('2031-06-16 11:00'),
    });
    const second = await f.createShift({
      clientId: client.id,
      startTimestamp: ny('2031-06-16 10:00'),
      endTimestamp: ny('2031-06-16 12:00'),
    });
    expect(second.warnings).toEqual([
      {
        code: 'client_double_booked',
        message: `Dora Bell already has a shift then: 06/16/31 9:00 AM–11:00 AM EDT, with John Reed (shift ${first.id})`,
      },
    ]);
    const next = await f.createShift({
      clientId: client.id,
      startTimestamp: ny('2031-06-16 11:00'),
      endTimestamp: ny('2031-06-16 12:00'),
      dryRun: true,
    });
    expect(next.warnings.map((w) => w.message)).toEqual([expect.stringContaining(`open shift (shift ${second.shift!.id})`)]);
  });

  it('warns when the authorization’s weekly or monthly units would be exceeded, by the payer’s unit rule', async () => {
    const client = await f.addClient('Ana', 'Weeks');
    await f.api.ok('mutation', 'createClientAuthorization', {
      clientId: client.id,
      payerSourceId: f.payer.id,
      serviceCode: 'S5125',
      authorizationNumber: 'MH-W',
      startDate: '2031-01-01',
      endDate: '2031-12-31',
      unitsPerWeek: 20,
    });
    const weekly = (day: string) => ({
      clientId: client.id,
      payerSourceId: f.payer.id,
      serviceCode: 'S5125',
      startTimestamp: ny(`2031-06-${day} 09:00`),
      endTimestamp: ny(`2031-06-${day} 12:00`),
    });
    expect((await f.createShift(weekly('16'))).warnings).toEqual([]);
    // Another week: its own 20 units.
    expect((await f.createShift(weekly('23'))).warnings).toEqual([]);
    expect((await f.createShift(weekly('17'))).warnings).toEqual([
      {
        code: 'authorization_exceeded',
        message:
          'With this shift, 24 units of the S5125 authorization MH-W would be scheduled in the week of 06/15/31: it allows 20',
      },
    ]);

    // Hourly units, always rounded up: 2.5 hours count 3 units.
    await f.db.insert(payerSourceServices).values({
      payerSourceId: f.secondPayer.id,
      serviceCode: 'S5130',
      billRateCents: 2500,
      unitMinutes: 60,
      roundingRule: 'up',
    });
    const monthly = await f.api.ok<ClientAuthorizationOutput>('mutation', 'createClientAuthorization', {
      clientId: client.id,
      payerSourceId: f.secondPayer.id,
      serviceCode: 'S5130',
      startDate: '2031-06-10',
      endDate: '2031-12-31',
      unitsPerWeek: null,
      unitsPerMonth: 5,
    });
    const homemaking = (day: string) => ({
      clientId: client.id,
      payerSourceId: f.secondPayer.id,
      serviceCode: 'S5130',
      startTimestamp: ny(`2031-06-${day} 13:00`),
      endTimestamp: ny(`2031-06-${day} 15:30`),
    });
    const first = await f.createShift(homemaking('18'));
    expect(first).toMatchObject({ warnings: [], shift: { authorizationId: monthly.id } });
    expect((await f.createShift(homemaking('25'))).warnings).toEqual([
      {
        code: 'authorization_exceeded',
        message: `With this shift, 6 units of the S5130 authorization #${monthly.id} would be scheduled in June 2031: it allows 5`,
      },
    ]);
    // Before the authorization starts, none covers the date.
    expect((await f.createShift({ ...homemaking('04'), dryRun: true })).warnings).toEqual([
      { code: 'authorization_exceeded', message: 'No S5130 authorization of Commonwealth Care Alliance covers 06/04/31' },
    ]);
  });

  it('warns past 40 hours in the FLSA workweek and past the caregiver’s weekly maximum', async () => {
    const client = await f.addClient('Otto', 'Vance');
    const olga = await f.addCaregiver({ firstName: 'Olga', lastName: 'Tran', maxWeeklyHours: 41 });
    for (const day of ['16', '17', '18', '19', '20']) {
      const saved = await f.createShift({
        clientId: client.id,
        caregiverId: olga.id,
        startTimestamp: ny(`2031-06-${day} 08:00`),
        endTimestamp: ny(`2031-06-${day} 16:00`),
      });
      expect(saved.warnings).toEqual([]);
    }
    // A shift of the week before and one of the next do not count.
    await f.shift({
      clientId: client.id,
      caregiverId: olga.id,
      startTimestamp: ny('2031-06-14 08:00'),
      endTimestamp: ny('2031-06-14 16:00'),
    });
    await f.shift({
      clientId: client.id,
      caregiverId: olga.id,
      startTimestamp: ny('2031-06-22 08:00'),
      endTimestamp: ny('2031-06-22 16:00'),
    });
    const saturday = await f.createShift({
      clientId: client.id,
      caregiverId: olga.id,
      startTimestamp: ny('2031-06-21 08:00'),
      endTimestamp: ny('2031-06-21 10:30'),
    });
    expect(saturday.warnings).toEqual([
      { code: 'overtime', message: 'Olga Tran would work 42.5 hours in the week of 06/15/31 (over 40: overtime)' },
      {
        code: 'max_weekly_hours',
        message: 'Olga Tran would work 42.5 hours in the week of 06/15/31, over their maximum of 41 hours a week',
      },
    ]);
  });

  it('warns when a credential of the caregiver has expired by the day of the shift, ignoring renewed ones', async () => {
    const cora = await f.addCaregiver({ firstName: 'Cora', lastName: 'Kent' });
    await f.db.insert(caregiverCredentials).values([
      { caregiverId: cora.id, name: 'CPR', expiresOn: '2031-06-01' },
      { caregiverId: cora.id, name: 'CNA', expiresOn: '2030-01-01' },
      { caregiverId: cora.id, name: 'CNA', expiresOn: '2033-01-01' },
      { caregiverId: cora.id, name: 'TB test', expiresOn: '2031-06-17' },
    ]);
    const saved = await f.createShift({
      clientId: lia.id,
      caregiverId: cora.id,
      startTimestamp: ny('2031-06-17 09:00'),
      endTimestamp: ny('2031-06-17 10:00'),
      dryRun: true,
    });
    expect(saved.warnings).toEqual([
      { code: 'credential_expires', message: "Cora Kent's CPR expires on 06/01/31, before this shift on 06/17/31" },
    ]);
  });
});

describe('updateShift', () => {
  it('marks a pattern’s shift as an exception, takes an office status, and checks a new caregiver', async () => {
    const [pattern] = await f.db
      .insert(shiftPatterns)
      .values({
        branchId: f.boston.id,
        clientId: lia.id,
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
        startDate: '2031-06-23',
        startTime: '09:00',
        durationMinutes: 60,
        timezone: 'America/New_York',
      })
      .returning();
    const start = new Date(ny('2031-06-23 09:00'));
    const [generated] = await f.db
      .insert(shifts)
      .values({
        branchId: f.boston.id,
        clientId: lia.id,
        caregiverId: maria.id,
        patternId: pattern!.id,
        occurrenceStart: start,
        startAt: start,
        endAt: new Date(ny('2031-06-23 10:00')),
      })
      .returning();
    const edited = await f.api.ok<ShiftSaveOutput>('mutation', 'updateShift', {
      id: generated!.id,
      endTimestamp: ny('2031-06-23 11:00'),
    });
    expect(edited.shift).toMatchObject({
      patternId: pattern!.id,
      isException: true,
      endTimestamp: '2031-06-23T15:00:00.000Z',
      caregiverName: 'Maria Lopez',
    });

    const done = await f.api.ok<ShiftSaveOutput>('mutation', 'updateShift', { id: generated!.id, status: 'completed' });
    expect(done.shift!.status).toBe('completed');

    const inactive = await f.addCaregiver({ firstName: 'Ivy', lastName: 'Gone', status: 'terminated' });
    expect(await f.api.fail('mutation', 'updateShift', { id: generated!.id, caregiverId: inactive.id })).toMatchObject({
      status: 400,
      message: `Caregiver Ivy Gone (${inactive.id}) is not active`,
    });
    const swapped = await f.api.ok<ShiftSaveOutput>('mutation', 'updateShift', { id: generated!.id, caregiverId: john.id });
    expect(swapped.shift).toMatchObject({ caregiverId: john.id, caregiverName: 'John Reed' });
    const opened = await f.api.ok<ShiftSaveOutput>('mutation', 'updateShift', { id: generated!.id, caregiverId: null });
    expect(opened.shift).toMatchObject({ caregiverId: null, caregiverName: null });
    expect(
      await f.api.fail('mutation', 'updateShift', { id: generated!.id, startTimestamp: ny('2031-06-23 12:00') }),
    ).toMatchObject({
      status: 400,
      message: 'endTimestamp: The end must be after the start',
    });
  });
});

describe('deleteShift', () => {
  it('deletes a shift no caregiver saw and keeps its pattern from bringing it back', async () => {
    const [pattern] = await f.db
      .insert(shiftPatterns)
      .values({
        branchId: f.boston.id,
        clientId: lia.id,
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
        startDate: '2031-07-01',
        startTime: '09:00',
        durationMinutes: 60,
        timezone: 'America/New_York',
      })
      .returning();
    const start = new Date(ny('2031-07-01 09:00'));
    const [generated] = await f.db
      .insert(shifts)
      .values({
        branchId: f.boston.id,
        clientId: lia.id,
        patternId: pattern!.id,
        occurrenceStart: start,
        startAt: start,
        endAt: new Date(ny('2031-07-01 10:00')),
      })
      .returning();
    expect(await f.api.ok('mutation', 'deleteShift', { id: generated!.id })).toEqual({ id: generated!.id, cancelled: false });
    expect((await f.api.fail('query', 'getShift', { id: generated!.id })).status).toBe(404);
    const [after] = await f.db.select().from(shiftPatterns).where(eq(shiftPatterns.id, pattern!.id));
    expect(after!.exdates).toEqual(['2031-07-01T13:00:00.000Z']);
  });

  it('cancels, with a reason, a shift a caregiver has or had, or was invited to', async () => {
    const assigned = await f.shift({
      clientId: lia.id,
      caregiverId: maria.id,
      startTimestamp: ny('2031-07-02 09:00'),
      endTimestamp: ny('2031-07-02 10:00'),
    });
    expect(await f.api.fail('mutation', 'deleteShift', { id: assigned.id, reason: ' ' })).toMatchObject({
      status: 400,
      message: 'Give a reason to cancel a shift a caregiver has seen',
    });
    expect(await f.api.ok('mutation', 'deleteShift', { id: assigned.id, reason: 'Client moved' })).toEqual({
      id: assigned.id,
      cancelled: true,
    });
    const window = { after: '2031-07-02T00:00:00Z', before: '2031-07-03T00:00:00Z', clientId: lia.id };
    expect(await f.api.ok('query', 'getShifts', window)).toEqual([]);
    const withCancelled = await f.api.ok<ShiftListItem[]>('query', 'getShifts', { ...window, includeCancelled: true });
    expect(withCancelled).toEqual([expect.objectContaining({ id: assigned.id, status: 'cancelled' })]);
    expect(await f.api.ok('query', 'getShift', { id: assigned.id })).toMatchObject({ cancelReason: 'Client moved' });
    expect(await f.api.fail('mutation', 'updateShift', { id: assigned.id, notes: 'x' })).toMatchObject({
      status: 400,
      message: `Shift ${assigned.id} is cancelled: it cannot be changed`,
    });

    const once = await f.shift({
      clientId: lia.id,
      caregiverId: maria.id,
      startTimestamp: ny('2031-07-03 09:00'),
      endTimestamp: ny('2031-07-03 10:00'),
    });
    await f.api.ok('mutation', 'updateShift', { id: once.id, caregiverId: null });
    expect((await f.api.fail('mutation', 'deleteShift', { id: once.id })).status).toBe(400);

    const invited = await f.shift({
      clientId: lia.id,
      startTimestamp: ny('2031-07-04 09:00'),
      endTimestamp: ny('2031-07-04 10:00'),
    });
    await f.db.insert(shiftPickupInvitations).values({ shiftId: invited.id, caregiverId: john.id, rank: 1 });
    expect(await f.api.ok('mutation', 'deleteShift', { id: invited.id, reason: 'Family will cover' })).toEqual({
      id: invited.id,
      cancelled: true,
    });
    const [invitation] = await f.db.select().from(shiftPickupInvitations).where(eq(shiftPickupInvitations.shiftId, invited.id));
    expect(invitation!.status).toBe('expired');
  });
});

describe('pay period locks', () => {
  let lockId: number;
  beforeAll(async () => {
    const [lock] = await f.db
      .insert(payPeriodLockTimes)
      .values({
        branchId: f.boston.id,
        periodStart: '2020-03-01',
        periodEnd: '2020-03-15',
        locksAt: new Date('2020-03-20T00:00:00Z'),
      })
      .returning();
    lockId = lock!.id;
  });
  const locked = (day: string) => ({
    clientId: eva.id,
    caregiverId: maria.id,
    startTimestamp: ny(`2020-03-${day} 09:00`),
    endTimestamp: ny(`2020-03-${day} 10:00`),
  });
  const overrides = (shiftId: number) =>
    f.db
      .select()
      .from(payPeriodLockOverrides)
      .where(eq(payPeriodLockOverrides.shiftId, shiftId))
      .orderBy(payPeriodLockOverrides.id);

  it('refuses changes in a locked period to a role without the override', async () => {
    const word = (what: string) => ({
      status: 409,
      message: `The pay period 2020-03-01 to 2020-03-15 of Boston is locked: you cannot ${what}`,
    });
    expect(await f.api.fail('mutation', 'createShift', locked('03'), 'rvp')).toMatchObject(word('add a shift to it'));
    const inLock = await f.shift(locked('04'));
    expect(await f.api.fail('mutation', 'updateShift', { id: inLock.id, notes: 'late' }, 'rvp')).toMatchObject(
      word('change a shift in it'),
    );
    expect(await f.api.fail('mutation', 'deleteShift', { id: inLock.id, reason: 'x' }, 'rvp')).toMatchObject(
      word('delete a shift in it'),
    );
    const times = { scheduleId: inLock.id, checkIn: ny('2020-03-04 09:00'), reasonCode: 'caregiver_forgot' };
    expect(await f.api.fail('mutation', 'saveShiftTimesheet', times, 'rvp')).toMatchObject(
      word('edit the times of a shift in it'),
    );
    // Moving a shift of an open period into the locked one is refused too.
    const open = await f.shift(locked('20'), 'rvp');
    expect(
      await f.api.fail(
        'mutation',
        'updateShift',
        { id: open.id, startTimestamp: ny('2020-03-10 09:00'), endTimestamp: ny('2020-03-10 10:00') },
        'rvp',
      ),
    ).toMatchObject(word('change a shift in it'));
  });

  it('words the refusal in the reader’s language, the period’s dates in its locale', async () => {
    // A caller without a language setting, whose browser asks for Spanish (the rvp has none in the demo data).
    const spanish = (path: string, input: unknown) =>
      t
        .fetch(`/api/trpc/${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${f.api.tokens.rvp}`,
            'content-type': 'application/json',
            'accept-language': 'es',
          },
          body: JSON.stringify(input),
        })
        .then(async (res) => ({ status: res.status, message: ((await res.json()) as TrpcBody).error?.message }));
    const period = 'El período de pago del 1/3/2020 al 15/3/2020 de Boston está bloqueado';
    expect(await spanish('createShift', locked('03'))).toEqual({
      status: 409,
      message: `${period}: no puede agregarle un turno`,
    });
    const inLock = await f.shift(locked('06'));
    expect(await spanish('updateShift', { id: inLock.id, notes: 'tarde' })).toEqual({
      status: 409,
      message: `${period}: no puede cambiar un turno en él`,
    });
    expect(await spanish('deleteShift', { id: inLock.id, reason: 'x' })).toEqual({
      status: 409,
      message: `${period}: no puede eliminar un turno en él`,
    });
    const times = { scheduleId: inLock.id, checkIn: ny('2020-03-06 09:00'), reasonCode: 'caregiver_forgot' };
    expect(await spanish('saveShiftTimesheet', times)).toEqual({
      status: 409,
      message: `${period}: no puede editar los horarios de un turno en él`,
    });
  });

  it('lets a role with the override through and records each override', async () => {
    const before = (await f.db.select({ n: count() }).from(payPeriodLockOverrides))[0]!.n;
    await f.createShift({ ...locked('05'), dryRun: true });
    expect((await f.db.select({ n: count() }).from(payPeriodLockOverrides))[0]!.n).toBe(before);

    const manager = await f.userId('branchmanager');
    const created = await f.shift(locked('05'));
    await f.api.ok('mutation', 'updateShift', { id: created.id, notes: 'Covered by the office' });
    await f.api.ok('mutation', 'saveShiftTimesheet', {
      scheduleId: created.id,
      checkIn: ny('2020-03-05 09:02'),
      checkOut: ny('2020-03-05 10:00'),
      reasonCode: 'device_problem',
    });
    expect((await overrides(created.id)).map((o) => ({ action: o.action, userId: o.userId, lockTimeId: o.lockTimeId }))).toEqual([
      { action: 'create', userId: manager, lockTimeId: lockId },
      { action: 'update', userId: manager, lockTimeId: lockId },
      { action: 'timesheet', userId: manager, lockTimeId: lockId },
    ]);
    const changes = await f.api.ok<ShiftChangeOutput[]>('query', 'getShiftChanges', { scheduleId: created.id });
    expect(changes.length).toBeGreaterThanOrEqual(4);
    expect(changes.every((c) => c.lockOverride)).toBe(true);
    expect(await f.api.ok('mutation', 'deleteShift', { id: created.id, reason: 'Entered twice' })).toEqual({
      id: created.id,
      cancelled: true,
    });
    expect((await overrides(created.id)).at(-1)?.action).toBe('delete');
  });

  it('marks only the changes made under an override', async () => {
    const free = await f.shift(locked('25'));
    await f.api.ok('mutation', 'updateShift', { id: free.id, notes: 'no lock here' });
    const changes = await f.api.ok<ShiftChangeOutput[]>('query', 'getShiftChanges', { scheduleId: free.id });
    expect(changes.map((c) => c.lockOverride)).toEqual([false, false]);
  });
});
