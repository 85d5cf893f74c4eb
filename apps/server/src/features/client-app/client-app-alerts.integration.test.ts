import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { FAMILY_KINDS, type NotificationPreference } from '@hearth/shared/notifications/notifications.schema';
import type { ShiftSaveOutput } from '@hearth/shared/shifts/shifts.schema';
import type { TestApp } from '../../test/test-app';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientContacts, clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { outbox } from '../notify/notify.schema';
import { pushSubscriptions } from '../notify/push.schema';
import { inAppNotifications } from '../notifications/notifications.schema';
import { alertLateVisits } from '../notifications/late-visits.job';
import {
  FAMILY_LOGINS,
  STAFF_LOGINS,
  startClientAppTests,
  type ClientAppApi,
  type ClientAppFixtures,
} from './client-app.test-support';

/*
 * The family alerts (issue "client and family app" item 4) end to end on the real database and the real outbox:
 * a caregiver's phone checks a visit in and out over HTTP at instants the test gives the server's clock, the
 * late-visits job runs at a given instant, and the office changes visits through the shifts calls. The demo client
 * and `family` (every permission, Spanish) hear of them on their channels; `limited` (no alerts permission),
 * `former` (portal access removed), `stranger` (another client's family) and the staff hear nothing.
 */

let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
let serverNow: Date | null = null;
let caregiverId: number;
let caregiverName: string;
let clientName: string;

/** A wall-clock time in New York (the demo branches' zone) as a Date: "2031-03-07 09:02". */
const ny = (local: string) => DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: 'America/New_York' }).toJSDate();

/** The family kinds' in-app notifications after `sinceId`, as {login, kind, title, body, link}. */
async function familyNotes(sinceId: number) {
  const logins = Object.fromEntries(Object.entries(f.userIds).map(([login, id]) => [id, login]));
  const rows = await t.database.db
    .select()
    .from(inAppNotifications)
    .where(and(gt(inAppNotifications.id, sinceId), inArray(inAppNotifications.kind, [...FAMILY_KINDS])))
    .orderBy(inAppNotifications.id);
  return rows.map((r) => ({
    login: logins[r.userId] ?? `user ${r.userId}`,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
  }));
}

/** The outbox messages of the family kinds after `sinceId`, as "login channel recipient". */
async function familyMessages(sinceId: number) {
  const logins = Object.fromEntries(Object.entries(f.userIds).map(([login, id]) => [id, login]));
  const rows = await t.database.db
    .select()
    .from(outbox)
    .where(and(gt(outbox.id, sinceId), inArray(outbox.kind, [...FAMILY_KINDS])))
    .orderBy(outbox.id);
  return rows.map((r) => ({
    who: logins[r.userId ?? 0],
    channel: r.channel,
    recipient: r.recipient,
    body: r.body,
    subject: r.subject,
  }));
}

/** The last in-app notification and outbox ids so far: what a step sends comes after them. */
async function marks() {
  const notes = await t.database.db.select({ id: inAppNotifications.id }).from(inAppNotifications);
  const sent = await t.database.db.select({ id: outbox.id }).from(outbox);
  return { notes: Math.max(0, ...notes.map((n) => n.id)), sent: Math.max(0, ...sent.map((m) => m.id)) };
}

/** A visit of the demo caregiver at `clientId`, written directly (times as New York wall clock). */
async function addVisit(clientId: number, start: string, end: string) {
  const [client] = await t.database.db.select({ branchId: clients.branchId }).from(clients).where(eq(clients.id, clientId));
  const [row] = await t.database.db
    .insert(shifts)
    .values({ branchId: client!.branchId, clientId, caregiverId, serviceCode: 'T1019', startAt: ny(start), endAt: ny(end) })
    .returning({ id: shifts.id });
  return row!.id;
}

/** The demo caregiver's phone checks a visit in or out, received by the server at `receivedAt`. */
async function check(shiftId: number, kind: 'check_in' | 'check_out', receivedAt: Date) {
  serverNow = receivedAt;
  try {
    const input = {
      scheduleId: shiftId,
      kind,
      timestamp: receivedAt.toISOString(),
      position: null,
      clientRecordId: randomUUID(),
    };
    const res = await api.call('mutation', 'caregiverAppCheckInOut', input, 'caregiver');
    expect(res.message).toBeUndefined();
  } finally {
    serverNow = null;
  }
}

beforeAll(async () => {
  ({ t, f, api } = await startClientAppTests({ now: () => serverNow ?? new Date() }));
  const db = t.database.db;
  const [aide] = await db
    .select({ id: caregivers.id, firstName: caregivers.firstName })
    .from(caregivers)
    .where(eq(caregivers.userId, f.userIds.caregiver));
  caregiverId = aide!.id;
  caregiverName = aide!.firstName;
  const [client] = await db.select().from(clients).where(eq(clients.id, f.clientId));
  clientName = `${client!.firstName} ${client!.lastName.charAt(0)}.`;
  // The client reads English and has no phone; `family` reads Spanish and has a phone for texts.
  await db.update(users).set({ language: 'en', phoneNumber: null }).where(eq(users.id, f.userIds.client));
  await db.update(users).set({ language: 'es', phoneNumber: '+16175550177' }).where(eq(users.id, f.userIds.family));
});
afterAll(() => t.close());

describe('visit started and ended', () => {
  let visit: number;

  it("tells the client and the contacts with alerts of the check-in, in each one's language, by their default channels", async () => {
    visit = await addVisit(f.clientId, '2031-03-07 09:00', '2031-03-07 13:00');
    const since = await marks();
    await check(visit, 'check_in', ny('2031-03-07 09:02'));
    expect(await familyNotes(since.notes)).toEqual([
      {
        login: 'client',
        kind: 'family_visit_started',
        title: 'Visit started',
        body: `${caregiverName} checked in with ${clientName} at 9:02 AM EST.`,
        link: '/client-mobile-app',
      },
      expect.objectContaining({ login: 'family', kind: 'family_visit_started', title: 'Visita iniciada' }),
    ]);
    const [, spanish] = await familyNotes(since.notes);
    expect(spanish!.body).toMatch(
      new RegExp(`^${caregiverName} registró la llegada con ${clientName} a las 9:02 a\\. ?m\\. EST\\.$`),
    );
    // Push is the default; no browser of theirs has it on, so a text stands in (family) or else an email (client).
    const [clientUser] = await t.database.db.select().from(users).where(eq(users.id, f.userIds.client));
    expect((await familyMessages(since.sent)).map((m) => `${m.who} ${m.channel} ${m.recipient}`)).toEqual([
      `client email ${clientUser!.email}`,
      'family sms +16175550177',
    ]);
  });

  it('tells nothing for a replay of a check already recorded', async () => {
    const since = await marks();
    await check(visit, 'check_in', ny('2031-03-07 09:05'));
    expect(await familyNotes(since.notes)).toEqual([]);
  });

  it('follows the channels a family member chose, and pushes to a browser that allows it', async () => {
    const choice = { kind: 'family_visit_ended', push: false, email: true, sms: true };
    const prefs = await api.ok<NotificationPreference[]>('mutation', 'setMyNotificationPreference', choice, 'family');
    expect(prefs.find((p) => p.kind === 'family_visit_ended')).toEqual({ ...choice, isDefault: false });
    await t.database.db.insert(pushSubscriptions).values({
      userId: f.userIds.client,
      device: 'phone',
      endpoint: 'https://push.example/client',
      p256dh: 'key',
      auth: 'auth',
    });
    const since = await marks();
    await check(visit, 'check_out', ny('2031-03-07 13:01'));
    expect((await familyNotes(since.notes)).map((n) => `${n.login} ${n.kind}`)).toEqual([
      'client family_visit_ended',
      'family family_visit_ended',
    ]);
    const messages = await familyMessages(since.sent);
    expect(messages.map((m) => `${m.who} ${m.channel} ${m.recipient}`)).toEqual([
      `client push user:${f.userIds.client}`,
      'family email family@family.example',
      'family sms +16175550177',
    ]);
    expect(messages[0]!.body).toBe(`${caregiverName} checked out from the visit with ${clientName} at 1:01 PM EST.`);
  });

  it('tells nothing of a visit uploaded hours after it happened', async () => {
    const late = await addVisit(f.clientId, '2031-03-08 09:00', '2031-03-08 10:00');
    const since = await marks();
    await check(late, 'check_in', ny('2031-03-08 09:00'));
    const offline = {
      scheduleId: late,
      kind: 'check_out',
      timestamp: ny('2031-03-08 10:00').toISOString(),
      position: null,
      clientRecordId: randomUUID(),
    };
    serverNow = ny('2031-03-08 12:30');
    const headers = { 'x-offline': '1', 'x-offline-timestamp': ny('2031-03-08 10:00').toISOString(), 'x-mobile-app': '1' };
    const res = await t.fetch('/api/trpc/caregiverAppCheckInOut', {
      method: 'POST',
      headers: { authorization: `Bearer ${api.tokens.caregiver}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(offline),
    });
    serverNow = null;
    expect(res.status).toBe(200);
    expect((await familyNotes(since.notes)).map((n) => n.kind)).toEqual(['family_visit_started', 'family_visit_started']);
  });

  it("tells a contact nothing of a client whose alerts they do not hold, and nobody of another client's visit", async () => {
    // `family` is a contact of the other client with the schedule only; the stranger's client has its own family.
    const other = await addVisit(f.otherClientId, '2031-03-09 09:00', '2031-03-09 10:00');
    const strangers = await addVisit(f.strangerClientId, '2031-03-09 11:00', '2031-03-09 12:00');
    const since = await marks();
    await check(other, 'check_in', ny('2031-03-09 09:01'));
    await check(strangers, 'check_in', ny('2031-03-09 11:01'));
    const told = await familyNotes(since.notes);
    expect(told.map((n) => n.login)).toEqual(['stranger']);
    expect(told[0]!.body).toContain('checked in with');
  });
});

describe('visit missed', () => {
  it('tells the family once when the late-visits job finds a visit not started, with email by default', async () => {
    const visit = await addVisit(f.clientId, '2031-03-10 09:00', '2031-03-10 11:00');
    const since = await marks();
    expect((await alertLateVisits(t.database.db, ny('2031-03-10 09:10'))).alerted).toBe(0);
    expect(await familyNotes(since.notes)).toEqual([]);
    expect((await alertLateVisits(t.database.db, ny('2031-03-10 09:16'))).alerted).toBe(1);
    expect(await alertLateVisits(t.database.db, ny('2031-03-10 09:17'))).toEqual({ alerted: 0 });
    const told = await familyNotes(since.notes);
    expect(told).toEqual([
      {
        login: 'client',
        kind: 'family_visit_missed',
        title: 'Visit not started',
        body: `The visit of ${clientName} planned for Mon 03/10/31 9:00 AM-11:00 AM EDT has not started. The agency knows and is on it.`,
        link: '/client-mobile-app',
      },
      expect.objectContaining({ login: 'family', kind: 'family_visit_missed', title: 'La visita no ha empezado' }),
    ]);
    const channels = (await familyMessages(since.sent)).map((m) => `${m.who} ${m.channel}`);
    expect(channels).toEqual(['client push', 'client email', 'family email', 'family sms']);
    expect(visit).toBeGreaterThan(0);
  });
});

describe("the office's changes to a visit", () => {
  let shiftId: number;
  const body = async (since: number) => (await familyNotes(since)).filter((n) => n.login === 'client').map((n) => n.body);

  it('tells a new visit, a move, a new caregiver and a cancellation', async () => {
    let since = await marks();
    const created = await api.ok<ShiftSaveOutput>(
      'mutation',
      'createShift',
      {
        clientId: f.clientId,
        startTimestamp: ny('2031-04-02 09:00').toISOString(),
        endTimestamp: ny('2031-04-02 12:00').toISOString(),
      },
      'branchmanager',
    );
    shiftId = created.shift!.id;
    expect(await body(since.notes)).toEqual([
      `A visit of ${clientName} changed: a new visit on Wed 04/02/31 9:00 AM-12:00 PM EDT.`,
    ]);
    const spanish = (await familyNotes(since.notes)).find((n) => n.login === 'family');
    expect(spanish!.body).toMatch(new RegExp(`^Cambió una visita de ${clientName}: nueva visita el mié`));

    since = await marks();
    await api.ok(
      'mutation',
      'updateShift',
      { id: shiftId, startTimestamp: ny('2031-04-02 10:00').toISOString() },
      'branchmanager',
    );
    expect(await body(since.notes)).toEqual([
      `A visit of ${clientName} changed: moved from Wed 04/02/31 9:00 AM-12:00 PM EDT to Wed 04/02/31 10:00 AM-12:00 PM EDT.`,
    ]);

    since = await marks();
    await api.ok('mutation', 'updateShift', { id: shiftId, caregiverId }, 'branchmanager');
    const told = (await familyNotes(since.notes)).filter((n) => n.login === 'client');
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'family_caregiver_changed',
        title: 'New caregiver',
        body: `The visit of ${clientName} on Wed 04/02/31 10:00 AM-12:00 PM EDT is now with ${caregiverName}.`,
      }),
    ]);
    // Caregiver changes and schedule changes add email by default.
    expect((await familyMessages(since.sent)).filter((m) => m.who === 'client').map((m) => m.channel)).toEqual(['push', 'email']);

    since = await marks();
    await api.ok('mutation', 'deleteShift', { id: shiftId, reason: 'Client in hospital' }, 'branchmanager');
    expect(await body(since.notes)).toEqual([
      `A visit of ${clientName} changed: the visit on Wed 04/02/31 10:00 AM-12:00 PM EDT is cancelled.`,
    ]);
  });

  it('tells only the client and the contacts with the alerts permission, while they hold it', async () => {
    const since = await marks();
    await api.ok(
      'mutation',
      'createShift',
      {
        clientId: f.clientId,
        startTimestamp: ny('2031-04-03 09:00').toISOString(),
        endTimestamp: ny('2031-04-03 10:00').toISOString(),
      },
      'branchmanager',
    );
    expect((await familyNotes(since.notes)).map((n) => n.login)).toEqual(['client', 'family']);

    // The office takes the alerts permission from `family`: the next change tells the client only.
    await t.database.db.update(clientContacts).set({ portalAlerts: false }).where(eq(clientContacts.id, f.contactIds.family));
    const next = await marks();
    await api.ok(
      'mutation',
      'createShift',
      {
        clientId: f.clientId,
        startTimestamp: ny('2031-04-04 09:00').toISOString(),
        endTimestamp: ny('2031-04-04 10:00').toISOString(),
      },
      'branchmanager',
    );
    expect((await familyNotes(next.notes)).map((n) => n.login)).toEqual(['client']);
    await t.database.db.update(clientContacts).set({ portalAlerts: true }).where(eq(clientContacts.id, f.contactIds.family));
  });

  it('tells who is coming when a caregiver picks up an open visit', async () => {
    const open = await api.ok<ShiftSaveOutput>(
      'mutation',
      'createShift',
      {
        clientId: f.clientId,
        startTimestamp: ny('2031-04-05 09:00').toISOString(),
        endTimestamp: ny('2031-04-05 10:00').toISOString(),
      },
      'branchmanager',
    );
    const invited = await api.ok<{ invitations: { id: number; caregiverId: number }[] }>(
      'mutation',
      'sendPickupInvitations',
      { scheduleId: open.shift!.id, caregiverIds: [caregiverId] },
      'branchmanager',
    );
    const since = await marks();
    await api.ok('mutation', 'caregiverAppAcceptPickupInvitation', { id: invited.invitations[0]!.id }, 'caregiver');
    expect((await familyNotes(since.notes)).filter((n) => n.login === 'client')).toEqual([
      expect.objectContaining({
        kind: 'family_caregiver_changed',
        body: `The visit of ${clientName} on Sat 04/05/31 9:00 AM-10:00 AM EDT is now with ${caregiverName}.`,
      }),
    ]);
  });

  it('tells nothing of a change to a visit that is over', async () => {
    const past = await addVisit(f.clientId, '2020-01-06 09:00', '2020-01-06 10:00');
    const since = await marks();
    await api.ok('mutation', 'updateShift', { id: past, status: 'completed' }, 'branchmanager');
    expect(await familyNotes(since.notes)).toEqual([]);
  });
});

describe('who hears nothing', () => {
  it('gave no family alert to a contact without the permission, a former contact, another family or the staff', async () => {
    const told = new Set((await familyNotes(0)).map((n) => n.login));
    for (const login of ['limited', 'former', ...STAFF_LOGINS]) expect(told.has(login)).toBe(false);
    expect([...told].sort()).toEqual(['client', 'family', 'stranger']);
    expect(FAMILY_LOGINS).toContain('stranger');
  });
});

describe('choosing channels', () => {
  it('lists the family kinds for a client and a contact, each with its default until chosen', async () => {
    for (const as of ['client', 'limited'] as const) {
      const prefs = await api.ok<NotificationPreference[]>('query', 'getMyNotificationPreferences', undefined, as);
      expect(prefs.map((p) => p.kind)).toEqual([...FAMILY_KINDS]);
      expect(prefs.find((p) => p.kind === 'family_visit_missed')).toEqual({
        kind: 'family_visit_missed',
        push: true,
        email: true,
        sms: false,
        isDefault: true,
      });
    }
  });

  it('refuses a family kind to the staff and an office kind to a family (400 naming no other field)', async () => {
    const family = { kind: 'family_visit_started', push: true, email: false, sms: false };
    expect((await api.call('mutation', 'setMyNotificationPreference', family, 'branchmanager')).status).toBe(400);
    const office = { kind: 'late_visit', push: true, email: false, sms: false };
    expect((await api.call('mutation', 'setMyNotificationPreference', office, 'family')).status).toBe(400);
    expect((await api.call('mutation', 'setMyNotificationPreference', { ...family, sms: 'yes' }, 'family')).status).toBe(400);
  });

  it("reads and marks only the caller's own notifications", async () => {
    const [theirs] = await t.database.db
      .select({ id: inAppNotifications.id })
      .from(inAppNotifications)
      .where(eq(inAppNotifications.userId, f.userIds.client))
      .limit(1);
    expect((await api.call('mutation', 'markNotificationRead', { id: theirs!.id }, 'family')).status).toBe(404);
    expect((await api.call('mutation', 'markNotificationRead', { id: theirs!.id }, 'client')).status).toBe(200);
    const page = await api.ok<{ rows: { kind: string }[] }>('query', 'getInAppNotifications', { pageSize: 100 }, 'limited');
    expect(page.rows.filter((r) => (FAMILY_KINDS as readonly string[]).includes(r.kind))).toEqual([]);
  });
});
