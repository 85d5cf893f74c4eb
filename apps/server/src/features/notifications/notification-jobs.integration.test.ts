import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { NotificationKind } from '@hearth/shared/notifications/notifications.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ny, shiftFixtures } from '../shifts/shifts.test-support';
import { branches } from '../branches/branches.schema';
import { caregiverCredentials, caregivers } from '../caregivers/caregivers.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { liveEvents } from '../live/live.schema';
import { inAppNotifications } from './notifications.schema';
import { remindUpcomingVisits } from './visit-reminders.job';
import { alertLateVisits } from './late-visits.job';
import { announceExpiries, dayText } from './expiries.job';

let t: TestApp;
let f: Awaited<ReturnType<typeof shiftFixtures>>;
let client: { id: number };
let aide: { caregiverId: number; userId: number };
const userIds: Record<string, number> = {};

/** The notifications of `kind` created after `sinceId`, as [username, body]. */
async function sent(kind: NotificationKind, sinceId: number) {
  const rows = await f.db
    .select({ username: users.username, body: inAppNotifications.body, link: inAppNotifications.link })
    .from(inAppNotifications)
    .innerJoin(users, eq(users.id, inAppNotifications.userId))
    .where(and(eq(inAppNotifications.kind, kind), gt(inAppNotifications.id, sinceId)))
    .orderBy(users.username, inAppNotifications.id);
  return rows;
}

async function lastId(): Promise<number> {
  const rows = await f.db.select({ id: inAppNotifications.id }).from(inAppNotifications);
  return Math.max(0, ...rows.map((r) => r.id));
}

beforeAll(async () => {
  t = await startTestApp();
  f = await shiftFixtures(t);
  client = await f.addClient('Rosa', 'Lima');
  const [user] = await f.db
    .insert(users)
    .values({
      username: 'ines.jobs',
      email: 'ines.jobs@example.com',
      name: 'Ines Jobs',
      companyId: f.boston.companyId,
      roleId: ROLE_IDS.caregiver,
      language: 'es',
    })
    .returning();
  const caregiver = await f.addCaregiver({ firstName: 'Ines', lastName: 'Jobs', userId: user!.id });
  aide = { caregiverId: caregiver.id, userId: user!.id };
  for (const row of await f.db.select({ id: users.id, username: users.username }).from(users)) {
    userIds[row.username] = row.id;
  }
});
afterAll(() => t.close());

describe('visit reminders', () => {
  it('reminds the caregiver once of each visit starting within two hours, in their language', async () => {
    const since = await lastId();
    const now = new Date(ny('2031-11-03 08:00'));
    const soon = await f.shift({
      clientId: client.id,
      caregiverId: aide.caregiverId,
      startTimestamp: ny('2031-11-03 09:30'),
      endTimestamp: ny('2031-11-03 11:30'),
    });
    const later = await f.shift({
      clientId: client.id,
      caregiverId: aide.caregiverId,
      startTimestamp: ny('2031-11-03 11:45'),
      endTimestamp: ny('2031-11-03 12:30'),
    });
    const open = await f.shift({
      clientId: client.id,
      startTimestamp: ny('2031-11-03 09:00'),
      endTimestamp: ny('2031-11-03 10:00'),
    });
    expect(open.caregiverId).toBeNull();

    expect(await remindUpcomingVisits(f.db, now)).toEqual({ reminded: 1 });
    expect(await remindUpcomingVisits(f.db, now)).toEqual({ reminded: 0 });
    const [reminder, ...rest] = await sent('visit_reminder', since);
    expect(rest).toEqual([]);
    expect(reminder).toMatchObject({ username: 'ines.jobs', link: '/app' });
    expect(reminder!.body).toMatch(/^Su visita con Rosa L\. es el lun, 3\/11\/31, 9:30/);

    // Later the second visit is within two hours; a checked-in visit is never reminded.
    await f.db
      .update(shifts)
      .set({ checkInAt: new Date(ny('2031-11-03 09:40')) })
      .where(eq(shifts.id, later.id));
    expect(await remindUpcomingVisits(f.db, new Date(ny('2031-11-03 09:50')))).toEqual({ reminded: 0 });
    await f.db.update(shifts).set({ checkInAt: null }).where(eq(shifts.id, later.id));
    expect(await remindUpcomingVisits(f.db, new Date(ny('2031-11-03 09:50')))).toEqual({ reminded: 1 });
    expect(soon.id).toBeLessThan(later.id);
  });

  it('reminds each visit once when two runs race (as two server processes would)', async () => {
    const since = await lastId();
    for (let h = 0; h < 6; h += 1) {
      await f.shift({
        clientId: client.id,
        caregiverId: aide.caregiverId,
        startTimestamp: ny(`2031-12-01 0${h + 1}:00`),
        endTimestamp: ny(`2031-12-01 0${h + 1}:30`),
      });
    }
    const now = new Date(ny('2031-12-01 04:30'));
    const [a, b] = await Promise.all([remindUpcomingVisits(f.db, now), remindUpcomingVisits(f.db, now)]);
    expect(a.reminded + b.reminded).toBe(2);
    expect(await sent('visit_reminder', since)).toHaveLength(2);
  });

  it('reads every due visit once across batches', async () => {
    const since = await lastId();
    const first = new Date(ny('2032-01-05 01:00'));
    for (let k = 0; k < 5; k += 1) {
      const start = new Date(first.getTime() + k * 25 * 60_000);
      await f.shift({
        clientId: client.id,
        caregiverId: aide.caregiverId,
        startTimestamp: start.toISOString(),
        endTimestamp: new Date(start.getTime() + 20 * 60_000).toISOString(),
      });
    }
    const now = new Date(ny('2032-01-05 00:50'));
    // Three batches of at most 2: each starts after the last visit the one before read.
    expect(await remindUpcomingVisits(f.db, now, 2)).toEqual({ reminded: 5 });
    expect(await remindUpcomingVisits(f.db, now, 2)).toEqual({ reminded: 0 });
    expect(await sent('visit_reminder', since)).toHaveLength(5);
  });
});

describe('late visit alerts', () => {
  it("alerts the branch's office once when a visit is not checked in 15 minutes after its start", async () => {
    const since = await lastId();
    const visit = await f.shift({
      clientId: client.id,
      caregiverId: aide.caregiverId,
      startTimestamp: ny('2031-11-10 09:00'),
      endTimestamp: ny('2031-11-10 11:00'),
    });
    expect(await alertLateVisits(f.db, new Date(ny('2031-11-10 09:14')))).toEqual({ alerted: 0 });
    expect(await alertLateVisits(f.db, new Date(ny('2031-11-10 09:16')))).toEqual({ alerted: 1 });
    expect(await alertLateVisits(f.db, new Date(ny('2031-11-10 09:30')))).toEqual({ alerted: 0 });
    const alerts = await sent('late_visit', since);
    // Boston's branch-level staff; not Worcester's PRN, not the company admin, not the caregiver.
    expect(alerts.map((a) => a.username)).toEqual(['branchmanager', 'nurse', 'rvp']);
    expect(alerts[0]).toMatchObject({
      body: 'Ines Jobs has not checked in for the visit with Rosa Lima on Mon 11/10/31 9:00 AM-11:00 AM EST.',
      link: `/clients/${client.id}/schedule`,
    });
    const live = await f.db.select().from(liveEvents).where(eq(liveEvents.refId, visit.id));
    expect(live.map((e) => [e.topic, e.branchIds])).toContainEqual(['visits', [f.boston.id]]);
  });

  it('falls back to the company admins of a branch without office staff, and leaves old and checked-in visits alone', async () => {
    const since = await lastId();
    const [lowell] = await f.db
      .insert(branches)
      .values({ companyId: f.boston.companyId, name: 'Lowell', timezone: 'America/New_York' })
      .returning();
    const far = await f.addClient('Tom', 'Far', lowell!.id);
    const farAide = await f.addCaregiver({ firstName: 'Lee', lastName: 'Far', branchId: lowell!.id });
    await f.shift(
      {
        clientId: far.id,
        caregiverId: farAide.id,
        startTimestamp: ny('2031-11-11 09:00'),
        endTimestamp: ny('2031-11-11 10:00'),
      },
      'companyadmin',
    );
    const checkedIn = await f.shift({
      clientId: client.id,
      caregiverId: aide.caregiverId,
      startTimestamp: ny('2031-11-11 08:00'),
      endTimestamp: ny('2031-11-11 12:00'),
    });
    await f.db
      .update(shifts)
      .set({ checkInAt: new Date(ny('2031-11-11 08:40')) })
      .where(eq(shifts.id, checkedIn.id));
    expect(await alertLateVisits(f.db, new Date(ny('2031-11-11 09:20')))).toEqual({ alerted: 1 });
    expect((await sent('late_visit', since)).map((a) => a.username)).toEqual(['companyadmin']);
    // Thirteen hours late is a missed visit, no longer alerted.
    await f.shift({
      clientId: client.id,
      caregiverId: aide.caregiverId,
      startTimestamp: ny('2031-11-12 07:00'),
      endTimestamp: ny('2031-11-12 08:00'),
    });
    expect(await alertLateVisits(f.db, new Date(ny('2031-11-12 20:01')))).toEqual({ alerted: 0 });
  });
});

describe('expiry notices', () => {
  it('tells the office and the caregiver of a credential expiring within 30 days, once per expiry date', async () => {
    const since = await lastId();
    const now = new Date('2031-08-01T12:00:00Z');
    const [cpr] = await f.db
      .insert(caregiverCredentials)
      .values({ caregiverId: aide.caregiverId, name: 'CPR', expiresOn: '2031-08-20' })
      .returning();
    await f.db.insert(caregiverCredentials).values({ caregiverId: aide.caregiverId, name: 'HHA', expiresOn: '2031-09-15' });
    await f.db.insert(caregiverCredentials).values({ caregiverId: aide.caregiverId, name: 'TB', expiresOn: '2031-07-31' });
    const [auth] = await f.db
      .insert(clientAuthorizations)
      .values({
        clientId: client.id,
        payerSourceId: f.payer.id,
        serviceCode: 'T1019',
        authorizationNumber: 'PA-7731',
        startDate: '2031-01-01',
        endDate: '2031-08-31',
      })
      .returning();

    expect(await announceExpiries(f.db, now)).toEqual({ credentials: 1, authorizations: 1 });
    expect(await announceExpiries(f.db, now)).toEqual({ credentials: 0, authorizations: 0 });
    const credential = await sent('credential_expiring', since);
    expect(credential.map((c) => c.username)).toEqual(['branchmanager', 'ines.jobs', 'nurse', 'rvp']);
    expect(credential[0]).toMatchObject({
      body: "Ines Jobs's CPR expires on 08/20/2031.",
      link: `/caregivers/${aide.caregiverId}/profile`,
    });
    expect(credential[1]).toMatchObject({ body: 'La credencial CPR de Ines Jobs vence el 20/8/2031.', link: '/app' });
    const authorization = await sent('authorization_expiring', since);
    expect(authorization.map((a) => [a.username, a.body])).toContainEqual([
      'branchmanager',
      "Rosa Lima's authorization PA-7731 ends on 08/31/2031.",
    ]);

    // Renewed, then due again: a new expiry date is a new notice. A discharged client's authorization is not.
    await f.db.update(caregiverCredentials).set({ expiresOn: '2031-08-25' }).where(eq(caregiverCredentials.id, cpr!.id));
    await f.db.update(clients).set({ status: 'discharged' }).where(eq(clients.id, client.id));
    await f.db.update(clientAuthorizations).set({ endDate: '2031-08-30' }).where(eq(clientAuthorizations.id, auth!.id));
    expect(await announceExpiries(f.db, now)).toEqual({ credentials: 1, authorizations: 0 });
    await f.db.update(clients).set({ status: 'active' }).where(eq(clients.id, client.id));
  });

  it('does not tell an inactive caregiver or their office', async () => {
    const gone = await f.addCaregiver({ firstName: 'Old', lastName: 'Hand', status: 'inactive' });
    await f.db.insert(caregiverCredentials).values({ caregiverId: gone.id, name: 'CNA', expiresOn: '2032-02-10' });
    expect(await announceExpiries(f.db, new Date('2032-02-01T12:00:00Z'))).toEqual({ credentials: 0, authorizations: 0 });
    const rows = await f.db
      .select()
      .from(caregivers)
      .where(inArray(caregivers.id, [gone.id]));
    expect(rows[0]!.status).toBe('inactive');
  });

  it('says a date in each language', () => {
    expect(dayText('2031-08-05', 'en')).toBe('08/05/2031');
    expect(dayText('2031-08-05', 'es')).toBe('5/8/2031');
  });
});
