import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ShiftPatternOutput, ShiftPatternSaveOutput } from '@hearth/shared/shifts/shift-patterns.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { withRequestScope } from '../../db/request-scope';
import { levelOf, type Caller } from '../../auth/caller';
import type { Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { users, branchUsers } from '../users/users.schema';
import { roles } from '../roles/roles.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { payPeriodLockTimes } from '../pay-periods/pay-periods.schema';
import { shiftPatterns, shifts, shiftTimesheets } from './shifts.schema';
import { createShiftPattern, deleteShiftPattern, updateShiftPattern } from './shift-patterns.service';
import { extendPatternHorizons } from './shift-patterns.generate';
import { runPatternHorizonJob } from './shift-patterns.job';
import { todayIn } from '@hearth/shared/caregivers/caregivers.rules';

/*
 * Dates here are in October to December 2026 (the daylight-saving change of 2026-11-01) and in 2031, on clients
 * and caregivers made by this file, so the demo agency's schedule (around the day of seeding) never meets them.
 * The horizon's "today" is passed to the service, so generation does not depend on the real date.
 */

const NY = 'America/New_York';
let t: TestApp;
let db: TestApp['database']['db'];
let boston: typeof branches.$inferSelect;
let worcester: typeof branches.$inferSelect;
let manager: Caller;
let admin: Caller;
let managerToken: string;
let nurseToken: string;

async function callerOf(username: string): Promise<Caller> {
  const [row] = await db.select().from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.username, username));
  const links = await db
    .select({ branchId: branchUsers.branchId })
    .from(branchUsers)
    .where(eq(branchUsers.userId, row!.users.id));
  return {
    actorUserId: row!.users.id,
    user: row!.users,
    role: row!.roles,
    branchIds: links.map((l) => l.branchId),
    level: levelOf(row!.roles),
    impersonatedUserId: null,
  };
}

/** Runs service calls as a user in one transaction, as a request does. */
const as = <T>(caller: Caller, fn: (scope: Scope) => Promise<T>) => withRequestScope(db, caller, fn);

let serial = 0;
async function newClient(branchId: number) {
  const [row] = await db
    .insert(clients)
    .values({ branchId, firstName: 'Pat', lastName: `Tern${++serial}` })
    .returning();
  return row!;
}
async function newCaregiver(branchId: number) {
  const [row] = await db
    .insert(caregivers)
    .values({ branchId, firstName: 'Gale', lastName: `Weekly${++serial}` })
    .returning();
  return row!;
}

const local = (d: Date) => DateTime.fromJSDate(d, { zone: NY }).toFormat('yyyy-MM-dd HH:mm');
const localDate = (d: Date) => DateTime.fromJSDate(d, { zone: NY }).toISODate()!;

async function clientShifts(clientId: number) {
  return db.select().from(shifts).where(eq(shifts.clientId, clientId)).orderBy(asc(shifts.startAt));
}

/** The local dates of a weekday set between two dates, both included (to count expected occurrences). */
function datesOn(weekdays: number[], from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = DateTime.fromISO(from); d.toISODate()! <= to; d = d.plus({ days: 1 })) {
    if (weekdays.includes(d.weekday)) out.push(d.toISODate()!);
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  const branchRows = await db.select().from(branches);
  boston = branchRows.find((b) => b.name === 'Boston')!;
  worcester = branchRows.find((b) => b.name === 'Worcester')!;
  manager = await callerOf('branchmanager');
  admin = await callerOf('companyadmin');
  managerToken = await t.signIn('branchmanager');
  nurseToken = await t.signIn('nurse');
});
afterAll(() => t.close());

describe('a weekly pattern across the fall-back change, its regeneration and edits', () => {
  let client: Awaited<ReturnType<typeof newClient>>;
  let caregiver: Awaited<ReturnType<typeof newCaregiver>>;
  let saved: ShiftPatternSaveOutput;

  beforeAll(async () => {
    client = await newClient(boston.id);
    caregiver = await newCaregiver(boston.id);
    saved = await as(manager, (scope) =>
      createShiftPattern({
        scope,
        today: '2026-10-19',
        input: {
          clientId: client.id,
          caregiverId: caregiver.id,
          serviceCode: 'T1019',
          rrule: 'FREQ=WEEKLY;BYDAY=MO,FR',
          startDate: '2026-10-19',
          startTime: '09:00',
          durationMinutes: 240,
        },
      }),
    );
  });

  it('generates 09:00-13:00 local on both sides of 2026-11-01, through today + 60 days', async () => {
    const expected = datesOn([1, 5], '2026-10-19', '2026-12-18');
    expect(saved.generated).toBe(expected.length);
    expect(saved.openedForConflict).toEqual([]);
    expect(saved.pattern).toMatchObject({
      clientId: client.id,
      branchId: boston.id,
      caregiverId: caregiver.id,
      caregiverName: `Gale ${caregiver.lastName}`,
      timezone: NY,
      generatedThrough: '2026-12-18',
      description: 'every week on Monday, Friday',
      endDate: null,
    });
    const rows = await clientShifts(client.id);
    expect(rows.map((s) => localDate(s.startAt))).toEqual(expected);
    expect(rows.every((s) => local(s.startAt).endsWith('09:00') && local(s.endAt).endsWith('13:00'))).toBe(true);
    expect(
      rows.every((s) => s.patternId === saved.pattern.id && s.caregiverId === caregiver.id && s.status === 'scheduled'),
    ).toBe(true);
    expect(rows.every((s) => s.occurrenceStart?.getTime() === s.startAt.getTime())).toBe(true);
    const friday = rows.find((s) => localDate(s.startAt) === '2026-10-30')!;
    const monday = rows.find((s) => localDate(s.startAt) === '2026-11-02')!;
    expect(friday.startAt.toISOString()).toBe('2026-10-30T13:00:00.000Z');
    expect(monday.startAt.toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('extends the horizon day by day and never generates an occurrence twice', async () => {
    expect(await extendPatternHorizons({ db, today: '2026-10-19' })).toEqual({
      patterns: 0,
      generated: 0,
      opened: 0,
      skipped: 0,
    });
    const week = await extendPatternHorizons({ db, today: '2026-10-26' });
    expect(week).toEqual({ patterns: 1, generated: datesOn([1, 5], '2026-12-19', '2026-12-25').length, opened: 0, skipped: 0 });
    expect(await extendPatternHorizons({ db, today: '2026-10-26' })).toEqual({
      patterns: 0,
      generated: 0,
      opened: 0,
      skipped: 0,
    });
    const [pattern] = await db.select().from(shiftPatterns).where(eq(shiftPatterns.id, saved.pattern.id));
    expect(pattern!.generatedThrough).toBe('2026-12-25');
    expect((await clientShifts(client.id)).map((s) => localDate(s.startAt))).toEqual(datesOn([1, 5], '2026-10-19', '2026-12-25'));
  });

  it('leaves an exception and a cancelled occurrence alone when everything is generated again', async () => {
    const rows = await clientShifts(client.id);
    const moved = rows.find((s) => localDate(s.startAt) === '2026-11-06')!;
    const cancelled = rows.find((s) => localDate(s.startAt) === '2026-11-09')!;
    await db
      .update(shifts)
      .set({ startAt: new Date('2026-11-06T15:00:00Z'), endAt: new Date('2026-11-06T19:00:00Z'), isException: true })
      .where(eq(shifts.id, moved.id));
    await db.update(shifts).set({ status: 'cancelled', cancelReason: 'Client in hospital' }).where(eq(shifts.id, cancelled.id));
    await db.update(shiftPatterns).set({ generatedThrough: null }).where(eq(shiftPatterns.id, saved.pattern.id));

    expect(await extendPatternHorizons({ db, today: '2026-10-26' })).toEqual({
      patterns: 1,
      generated: 0,
      opened: 0,
      skipped: 0,
    });
    const after = await clientShifts(client.id);
    expect(after).toHaveLength(rows.length);
    expect(after.find((s) => s.id === moved.id)).toMatchObject({ isException: true, caregiverId: caregiver.id });
    expect(local(after.find((s) => s.id === moved.id)!.startAt)).toBe('2026-11-06 10:00');
    expect(after.filter((s) => localDate(s.startAt) === '2026-11-09').map((s) => [s.id, s.status])).toEqual([
      [cancelled.id, 'cancelled'],
    ]);
  });

  it('changes this and the following shifts only, keeping exceptions and worked shifts', async () => {
    const rows = await clientShifts(client.id);
    const exception = rows.find((s) => localDate(s.startAt) === '2026-11-20')!;
    await db
      .update(shifts)
      .set({ startAt: new Date('2026-11-20T17:00:00Z'), endAt: new Date('2026-11-20T21:00:00Z'), isException: true })
      .where(eq(shifts.id, exception.id));
    const worked = rows.find((s) => localDate(s.startAt) === '2026-11-23')!;
    await db.insert(shiftTimesheets).values({ shiftId: worked.id, checkIn: worked.startAt, checkInType: 1 });
    const before = rows.filter((s) => localDate(s.startAt) < '2026-11-16');

    const edited = await as(manager, (scope) =>
      updateShiftPattern({
        scope,
        today: '2026-10-26',
        input: { id: saved.pattern.id, effectiveFrom: '2026-11-16', startTime: '10:00', durationMinutes: 180 },
      }),
    );
    expect(edited.pattern).toMatchObject({
      startDate: '2026-11-16',
      startTime: '10:00',
      durationMinutes: 180,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    expect(edited.pattern.id).not.toBe(saved.pattern.id);
    const [old] = await db.select().from(shiftPatterns).where(eq(shiftPatterns.id, saved.pattern.id));
    expect(old).toMatchObject({ endDate: '2026-11-15', generatedThrough: '2026-11-15' });

    const after = await clientShifts(client.id);
    // One shift a day: the new pattern does not book again the days an exception or a worked shift holds.
    expect(after.map((s) => localDate(s.startAt))).toEqual(datesOn([1, 5], '2026-10-19', '2026-12-25'));
    for (const s of before) expect(after.find((a) => a.id === s.id)).toEqual(s);
    const later = after.filter((s) => localDate(s.startAt) >= '2026-11-16');
    expect(after.find((s) => s.id === exception.id)).toMatchObject({ isException: true, patternId: edited.pattern.id });
    expect(local(after.find((s) => s.id === exception.id)!.startAt)).toBe('2026-11-20 12:00');
    expect(local(after.find((s) => s.id === worked.id)!.startAt)).toBe('2026-11-23 09:00');
    const regenerated = later.filter((s) => s.id !== exception.id && s.id !== worked.id);
    expect(regenerated.length).toBe(later.length - 2);
    expect(regenerated.every((s) => local(s.startAt).endsWith('10:00') && local(s.endAt).endsWith('13:00'))).toBe(true);
    expect(regenerated.every((s) => s.patternId === edited.pattern.id)).toBe(true);
    expect(edited.generated).toBe(regenerated.length);
    saved = edited;
  });

  it('ends a pattern from a date, deleting only its plain shifts from then on', async () => {
    const rows = await clientShifts(client.id);
    const keep = rows.find((s) => localDate(s.startAt) === '2026-12-11')!;
    await db.update(shifts).set({ isException: true, notes: 'Moved by phone' }).where(eq(shifts.id, keep.id));

    expect(
      await as(manager, (scope) => deleteShiftPattern({ scope, input: { id: saved.pattern.id, effectiveFrom: '2026-12-07' } })),
    ).toEqual({
      id: saved.pattern.id,
    });
    const after = await clientShifts(client.id);
    expect(after.filter((s) => localDate(s.startAt) >= '2026-12-07').map((s) => s.id)).toEqual([keep.id]);
    expect(after.filter((s) => localDate(s.startAt) < '2026-12-07')).toEqual(
      rows.filter((s) => localDate(s.startAt) < '2026-12-07'),
    );
    const [ended] = await db.select().from(shiftPatterns).where(eq(shiftPatterns.id, saved.pattern.id));
    expect(ended).toMatchObject({ endDate: '2026-12-06', generatedThrough: '2026-12-06' });
    // An ended pattern is not carried on, on a later day nor on the real clock (the demo's patterns may be).
    await extendPatternHorizons({ db, today: '2026-11-30' });
    await extendPatternHorizons({ db });
    expect(await clientShifts(client.id)).toEqual(after);
  });
});

describe('generation rules', () => {
  it('leaves open, and reports, an occurrence whose caregiver is busy then', async () => {
    const caregiver = await newCaregiver(boston.id);
    const elsewhere = await newClient(boston.id);
    const [busy] = await db
      .insert(shifts)
      .values({
        branchId: boston.id,
        clientId: elsewhere.id,
        caregiverId: caregiver.id,
        startAt: new Date('2031-03-05T13:00:00Z'),
        endAt: new Date('2031-03-05T15:30:00Z'),
      })
      .returning();
    const client = await newClient(boston.id);
    const saved = await as(manager, (scope) =>
      createShiftPattern({
        scope,
        today: '2031-03-01',
        input: {
          clientId: client.id,
          caregiverId: caregiver.id,
          rrule: 'FREQ=WEEKLY;BYDAY=WE',
          startDate: '2031-03-03',
          endDate: '2031-03-31',
          startTime: '10:00',
          durationMinutes: 120,
        },
      }),
    );
    expect(saved.generated).toBe(4);
    expect(saved.openedForConflict).toHaveLength(1);
    expect(saved.openedForConflict[0]!.startTimestamp).toBe('2031-03-05T15:00:00.000Z');
    expect(saved.openedForConflict[0]!.message).toContain(
      `Gale ${caregiver.lastName} already has a shift then: Pat ${elsewhere.lastName}`,
    );
    expect(saved.openedForConflict[0]!.message).toContain(`(shift ${busy!.id})`);
    const rows = await clientShifts(client.id);
    expect(rows.map((s) => [localDate(s.startAt), s.caregiverId])).toEqual([
      ['2031-03-05', null],
      ['2031-03-12', caregiver.id],
      ['2031-03-19', caregiver.id],
      ['2031-03-26', caregiver.id],
    ]);
    expect(saved.pattern.generatedThrough).toBe('2031-03-31');
  });

  it('skips a stored pattern whose rule cannot be read, and extends the others', async () => {
    const good = await newClient(boston.id);
    const bad = await newClient(boston.id);
    const fields = { branchId: boston.id, startDate: '2026-02-02', startTime: '09:00', durationMinutes: 60, timezone: NY };
    const [badPattern] = await db
      .insert(shiftPatterns)
      .values({ ...fields, clientId: bad.id, rrule: 'FREQ=HOURLY' })
      .returning();
    await db.insert(shiftPatterns).values({ ...fields, clientId: good.id, rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(await extendPatternHorizons({ db, today: '2026-01-01' })).toEqual({
      patterns: 1,
      generated: 5,
      opened: 0,
      skipped: 1,
    });
    expect((await clientShifts(good.id)).map((s) => local(s.startAt))).toEqual(
      datesOn([1], '2026-02-02', '2026-03-02').map((d) => `${d} 09:00`),
    );
    await db.delete(shiftPatterns).where(eq(shiftPatterns.id, badPattern!.id));
  });

  it('skips locked pay periods and matches the authorization of each date', async () => {
    const client = await newClient(boston.id);
    const [payer] = await db.select().from(payerSources).where(eq(payerSources.companyId, boston.companyId)).limit(1);
    const [authorization] = await db
      .insert(clientAuthorizations)
      .values({
        clientId: client.id,
        payerSourceId: payer!.id,
        serviceCode: 'T1019',
        unitsPerWeek: 40,
        startDate: '2031-04-01',
        endDate: '2031-04-04',
      })
      .returning();
    await db.insert(payPeriodLockTimes).values({
      branchId: boston.id,
      periodStart: '2031-04-05',
      periodEnd: '2031-04-06',
      locksAt: new Date('2020-01-01T00:00:00Z'),
    });
    const saved = await as(manager, (scope) =>
      createShiftPattern({
        scope,
        today: '2031-03-25',
        input: {
          clientId: client.id,
          payerSourceId: payer!.id,
          serviceCode: 'T1019',
          rrule: 'FREQ=DAILY',
          startDate: '2031-04-01',
          endDate: '2031-04-08',
          startTime: '08:30',
          durationMinutes: 60,
        },
      }),
    );
    const rows = await clientShifts(client.id);
    expect(saved.generated).toBe(6);
    expect(rows.map((s) => [localDate(s.startAt), s.authorizationId, s.caregiverId])).toEqual([
      ['2031-04-01', authorization!.id, null],
      ['2031-04-02', authorization!.id, null],
      ['2031-04-03', authorization!.id, null],
      ['2031-04-04', authorization!.id, null],
      ['2031-04-07', null, null],
      ['2031-04-08', null, null],
    ]);
    expect(saved.openedForConflict).toEqual([]);
  });

  it('carries a COUNT rule on with the days it had left when edited from a later date', async () => {
    const client = await newClient(boston.id);
    const saved = await as(manager, (scope) =>
      createShiftPattern({
        scope,
        today: '2031-05-01',
        input: {
          clientId: client.id,
          rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
          startDate: '2031-05-06',
          startTime: '14:00',
          durationMinutes: 90,
        },
      }),
    );
    expect(saved.generated).toBe(4);
    const edited = await as(manager, (scope) =>
      updateShiftPattern({
        scope,
        today: '2031-05-01',
        input: { id: saved.pattern.id, effectiveFrom: '2031-05-14', startTime: '15:00' },
      }),
    );
    expect(edited.pattern).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310527', startDate: '2031-05-20' });
    expect((await clientShifts(client.id)).map((s) => local(s.startAt))).toEqual([
      '2031-05-06 14:00',
      '2031-05-13 14:00',
      '2031-05-20 15:00',
      '2031-05-27 15:00',
    ]);
  });
});

describe('the daily horizon job', () => {
  it('the extend-pattern-horizons job extends a pattern to the real clock and logs what it did', async () => {
    const client = await newClient(boston.id);
    const today = todayIn(NY);
    const [pattern] = await db
      .insert(shiftPatterns)
      .values({
        branchId: boston.id,
        clientId: client.id,
        rrule: 'FREQ=DAILY',
        startDate: today,
        startTime: '07:00',
        durationMinutes: 30,
        timezone: NY,
      })
      .returning();
    const lines: string[] = [];
    await runPatternHorizonJob(db, { info: (m) => lines.push(m), error: (m) => lines.push(`error: ${m}`) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Recurring patterns: \d+ extended, \d+ shifts generated, 0 left open$/);
    const [after] = await db.select().from(shiftPatterns).where(eq(shiftPatterns.id, pattern!.id));
    expect(after!.generatedThrough).toBe(DateTime.fromISO(today).plus({ days: 60 }).toISODate());
    expect(await clientShifts(client.id)).toHaveLength(61);
  });
});

describe('over HTTP: scope, permissions and validation', () => {
  let worcesterClientId: number;
  let worcesterPatternId: number;
  let bostonClientId: number;

  beforeAll(async () => {
    const worcesterClient = await newClient(worcester.id);
    worcesterClientId = worcesterClient.id;
    worcesterPatternId = (
      await as(admin, (scope) =>
        createShiftPattern({
          scope,
          today: '2031-06-01',
          input: {
            clientId: worcesterClientId,
            rrule: 'FREQ=WEEKLY',
            startDate: '2031-06-02',
            startTime: '09:00',
            durationMinutes: 60,
          },
        }),
      )
    ).pattern.id;
    bostonClientId = (await newClient(boston.id)).id;
  });

  it('creates and lists a pattern far ahead (nothing generated yet)', async () => {
    const res = await t.trpc(
      'mutation',
      'createShiftPattern',
      {
        clientId: bostonClientId,
        rrule: 'freq=weekly;byday=mo,fr',
        startDate: '2031-09-01',
        startTime: '09:00',
        durationMinutes: 120,
      },
      managerToken,
    );
    expect(res.status).toBe(200);
    const saved = res.body.result!.data as ShiftPatternSaveOutput;
    expect(saved).toMatchObject({
      generated: 0,
      openedForConflict: [],
      pattern: { rrule: 'FREQ=WEEKLY;BYDAY=MO,FR', caregiverName: null },
    });
    const list = await t.trpc('query', 'getShiftPatterns', { clientId: bostonClientId }, nurseToken);
    expect(list.status).toBe(200);
    expect((list.body.result!.data as ShiftPatternOutput[]).map((p) => p.id)).toEqual([saved.pattern.id]);
  });

  it("answers 404 for another branch's client and pattern", async () => {
    const list = await t.trpc('query', 'getShiftPatterns', { clientId: worcesterClientId }, managerToken);
    expect([list.status, list.body.error?.message]).toEqual([404, `Client ${worcesterClientId} not found`]);
    const create = await t.trpc(
      'mutation',
      'createShiftPattern',
      { clientId: worcesterClientId, rrule: 'FREQ=DAILY', startDate: '2031-06-02', startTime: '09:00', durationMinutes: 60 },
      managerToken,
    );
    expect(create.status).toBe(404);
    const update = await t.trpc(
      'mutation',
      'updateShiftPattern',
      { id: worcesterPatternId, effectiveFrom: '2031-06-10', startTime: '10:00' },
      managerToken,
    );
    expect([update.status, update.body.error?.message]).toEqual([404, `Shift pattern ${worcesterPatternId} not found`]);
    const remove = await t.trpc(
      'mutation',
      'deleteShiftPattern',
      { id: worcesterPatternId, effectiveFrom: '2031-06-10' },
      managerToken,
    );
    expect(remove.status).toBe(404);
  });

  it('describes each rule in the caller’s language, in the save’s answer and the list', async () => {
    const clientId = (await newClient(boston.id)).id;
    const base = { clientId, startDate: '2031-06-02', startTime: '09:00', durationMinutes: 60 };
    const english = await t.trpc(
      'mutation',
      'createShiftPattern',
      { ...base, rrule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6' },
      managerToken,
    );
    expect((english.body.result?.data as ShiftPatternSaveOutput).pattern.description).toBe(
      'every month on the last Friday for 6 times',
    );
    expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, managerToken)).status).toBe(200);
    try {
      const spanish = await t.trpc(
        'mutation',
        'createShiftPattern',
        { ...base, startDate: '2031-07-01', rrule: 'FREQ=DAILY;INTERVAL=2;UNTIL=20310830' },
        managerToken,
      );
      expect((spanish.body.result?.data as ShiftPatternSaveOutput).pattern.description).toBe(
        'cada 2 días, hasta el 30 de agosto de 2031',
      );
      const list = await t.trpc('query', 'getShiftPatterns', { clientId }, managerToken);
      expect((list.body.result?.data as ShiftPatternOutput[]).map((p) => p.description)).toEqual([
        'todos los meses, el último viernes, 6 veces',
        'cada 2 días, hasta el 30 de agosto de 2031',
      ]);
    } finally {
      await t.trpc('mutation', 'setMyLanguage', { language: null }, managerToken);
    }
  });

  it('refuses a nurse (no createShiftPattern permission)', async () => {
    const res = await t.trpc(
      'mutation',
      'createShiftPattern',
      { clientId: bostonClientId, rrule: 'FREQ=DAILY', startDate: '2031-06-02', startTime: '09:00', durationMinutes: 60 },
      nurseToken,
    );
    expect(res.status).toBe(403);
  });

  it.each([
    [
      { rrule: 'FREQ=DAILY;BYHOUR=9' },
      400,
      "A visit pattern's rule cannot use BYHOUR: the time and first day are set separately",
    ],
    [{ rrule: 'FREQ=WEEKLY;COUNT=2;UNTIL=20311231' }, 400, 'A rule cannot have both COUNT and UNTIL'],
    // The schema refuses a rule that starts FREQ=YEARLY; a second FREQ part (the last one counts) reached rrule.
    [{ rrule: 'FREQ=YEARLY' }, 400, 'rrule: Use a daily, weekly or monthly rule, like FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    [
      { rrule: 'FREQ=WEEKLY;FREQ=YEARLY' },
      400,
      'A visit pattern repeats daily, weekly or monthly (FREQ=DAILY, WEEKLY or MONTHLY)',
    ],
    [{ caregiverId: -1 }, 400, undefined],
  ])('refuses %o', async (patch, status, message) => {
    const input = {
      clientId: bostonClientId,
      rrule: 'FREQ=DAILY',
      startDate: '2031-06-02',
      startTime: '09:00',
      durationMinutes: 60,
      ...patch,
    };
    const res = await t.trpc('mutation', 'createShiftPattern', input, managerToken);
    expect(res.status).toBe(status);
    if (message) expect(res.body.error?.message).toBe(message);
    if (message && 'rrule' in patch) expect(Object.keys(res.body.error?.data.fieldErrors ?? {})).toEqual(['rrule']);
  });

  it("refuses a caregiver of another branch and an ended pattern's edit", async () => {
    const other = await newCaregiver(worcester.id);
    const res = await t.trpc(
      'mutation',
      'createShiftPattern',
      {
        clientId: bostonClientId,
        caregiverId: other.id,
        rrule: 'FREQ=DAILY',
        startDate: '2031-06-02',
        startTime: '09:00',
        durationMinutes: 60,
      },
      managerToken,
    );
    expect([res.status, res.body.error?.message]).toEqual([400, `Caregiver ${other.id} not found`]);
    const mine = await as(admin, (scope) =>
      createShiftPattern({
        scope,
        today: '2031-06-01',
        input: {
          clientId: bostonClientId,
          rrule: 'FREQ=DAILY',
          startDate: '2031-07-01',
          endDate: '2031-07-10',
          startTime: '09:00',
          durationMinutes: 60,
        },
      }),
    );
    const late = await t.trpc(
      'mutation',
      'updateShiftPattern',
      { id: mine.pattern.id, effectiveFrom: '2031-07-20', startTime: '10:00' },
      managerToken,
    );
    expect([late.status, late.body.error?.message]).toEqual([400, 'This pattern ended on 2031-07-10, before 2031-07-20']);
  });

  it('deletes a pattern ended from its first day, leaving none of its plain shifts', async () => {
    const client = await newClient(boston.id);
    const created = await as(manager, (scope) =>
      createShiftPattern({
        scope,
        today: '2031-08-01',
        input: {
          clientId: client.id,
          rrule: 'FREQ=DAILY',
          startDate: '2031-08-03',
          endDate: '2031-08-09',
          startTime: '09:00',
          durationMinutes: 60,
        },
      }),
    );
    expect(created.generated).toBe(7);
    const res = await t.trpc(
      'mutation',
      'deleteShiftPattern',
      { id: created.pattern.id, effectiveFrom: '2031-08-01' },
      managerToken,
    );
    expect(res.status).toBe(200);
    expect(await db.select().from(shiftPatterns).where(eq(shiftPatterns.id, created.pattern.id))).toEqual([]);
    const left = await db
      .select()
      .from(shifts)
      .where(
        and(
          inArray(shifts.clientId, [client.id]),
          gte(shifts.startAt, new Date('2031-08-01')),
          lte(shifts.startAt, new Date('2031-08-31')),
        ),
      );
    expect(left).toEqual([]);
  });
});
