import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';
import { users } from '../users/users.schema';
import { outbox } from '../notify/notify.schema';
import { pushSubscriptions } from '../notify/push.schema';
import { liveEvents } from '../live/live.schema';
import { inAppNotifications, notificationPreferences } from './notifications.schema';
import { renderNotification, sendUserNotification } from './notifications.service';

let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await database.db.select({ id: users.id, username: users.username }).from(users);
  for (const row of rows) ids[row.username] = row.id;
});
afterAll(() => database.close());

/** The outbox rows sent for `userId` of `kind`, by channel. */
async function outboxOf(userId: number, kind: string) {
  const rows = await database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.kind, kind)));
  return rows.sort((a, b) => a.channel.localeCompare(b.channel));
}

describe('sendUserNotification', () => {
  it("stores the in-app row in the recipient's language and sends on the role's default channels", async () => {
    const db = database.db;
    const caregiverId = ids.caregiver!;
    await db.update(users).set({ language: 'es', phoneNumber: '+16175550123' }).where(eq(users.id, caregiverId));
    // Push on in one browser, so push reaches them.
    await db.insert(pushSubscriptions).values({
      userId: caregiverId,
      device: 'Chrome on Android',
      endpoint: 'https://push.example.com/send/caregiver',
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });
    const when = (language: string) => (language === 'es' ? 'lunes 2 de noviembre a las 9:00' : 'Monday, Nov 2 at 9:00 AM');
    const { id } = await sendUserNotification({
      db,
      userId: caregiverId,
      kind: 'visit_assigned',
      params: { client: 'Ana Pérez', when },
      link: '/caregiver/visits/7',
    });
    const [row] = await db.select().from(inAppNotifications).where(eq(inAppNotifications.id, id));
    expect(row).toMatchObject({
      userId: caregiverId,
      kind: 'visit_assigned',
      title: 'Nueva visita asignada',
      body: 'Tiene una visita con Ana Pérez el lunes 2 de noviembre a las 9:00.',
      link: '/caregiver/visits/7',
      seenAt: null,
      readAt: null,
    });
    // The recipient's open screens are told, naming the notification.
    const live = await db.select().from(liveEvents).where(eq(liveEvents.refId, id));
    expect(live.map((e) => [e.topic, e.userIds, e.branchIds])).toEqual([['notifications', [caregiverId], []]]);
    // Caregivers: push and SMS for their visits, no email.
    const sent = await outboxOf(caregiverId, 'visit_assigned');
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['push', `user:${caregiverId}`],
      ['sms', '+16175550123'],
    ]);
    expect(sent[1]!.body).toBe('Nueva visita asignada: Tiene una visita con Ana Pérez el lunes 2 de noviembre a las 9:00.');
    expect(sent[0]).toMatchObject({ subject: 'Nueva visita asignada', link: '/caregiver/visits/7' });
  });

  it('emails office staff about late visits and sends nothing further for in-app-only kinds', async () => {
    const db = database.db;
    const nurseId = ids.nurse!;
    const [nurse] = await db.select().from(users).where(eq(users.id, nurseId));
    const params = { caregiver: 'Sam Lee', client: 'Ana Pérez', when: '9:00 AM' };
    await sendUserNotification({ db, userId: nurseId, kind: 'late_visit', params, link: '/shifts/3' });
    const sent = await outboxOf(nurseId, 'late_visit');
    const { title, body } = renderNotification('late_visit', params, 'en');
    expect(body).toContain('Sam Lee');
    expect(sent.map((m) => [m.channel, m.recipient, m.subject, m.body])).toEqual([['email', nurse!.email, title, body]]);
    await sendUserNotification({ db, userId: nurseId, kind: 'geofence_flag', params: {}, link: null });
    expect(await outboxOf(nurseId, 'geofence_flag')).toEqual([]);
  });

  it("follows the user's own choice over the default, one outbox row per chosen channel", async () => {
    const db = database.db;
    const managerId = ids.branchmanager!;
    await db.update(users).set({ phoneNumber: '+16175550199' }).where(eq(users.id, managerId));
    await db
      .insert(notificationPreferences)
      .values({ userId: managerId, kind: 'export_finished', push: true, email: false, sms: true });
    await sendUserNotification({ db, userId: managerId, kind: 'export_finished', params: { file: 'payroll.csv' } });
    const sent = await outboxOf(managerId, 'export_finished');
    // No browser has push on for them: push is left out (it could not reach them) and the text carries it.
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([['sms', '+16175550199']]);
  });

  it('lets SMS stand in for push that cannot reach a user, else email', async () => {
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({
        username: 'fieldphone',
        email: 'fieldphone@example.com',
        name: 'F P',
        roleId: ROLE_IDS.caregiver,
        phoneNumber: '+16175550111',
      })
      .returning();
    await db
      .insert(notificationPreferences)
      .values({ userId: user!.id, kind: 'visit_moved', push: true, email: false, sms: false });
    await sendUserNotification({ db, userId: user!.id, kind: 'visit_moved', params: { client: 'A', when: 'B' } });
    expect((await outboxOf(user!.id, 'visit_moved')).map((m) => [m.channel, m.recipient])).toEqual([['sms', '+16175550111']]);
  });

  it('skips SMS without a phone number, and every further channel for an inactive user', async () => {
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ username: 'fieldnophone', email: 'fieldnophone@example.com', name: 'F N', roleId: ROLE_IDS.caregiver })
      .returning();
    await sendUserNotification({ db, userId: user!.id, kind: 'visit_moved', params: { client: 'A', when: 'B' } });
    // Push (their default) cannot reach them without a browser, and there is no phone: email stands in.
    expect((await outboxOf(user!.id, 'visit_moved')).map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'fieldnophone@example.com'],
    ]);

    await db.update(users).set({ isActive: false }).where(eq(users.id, user!.id));
    const { id } = await sendUserNotification({ db, userId: user!.id, kind: 'visit_cancelled', params: {} });
    expect(await outboxOf(user!.id, 'visit_cancelled')).toEqual([]);
    expect((await db.select().from(inAppNotifications).where(eq(inAppNotifications.id, id))).length).toBe(1);
  });

  it('sends nothing when the caller rolls its transaction back', async () => {
    const db = database.db;
    const before = await db.select().from(inAppNotifications);
    const liveBefore = (await db.select().from(liveEvents)).length;
    await expect(
      db.transaction(async (tx) => {
        await sendUserNotification({ db: tx, userId: ids.caregiver!, kind: 'visit_reminder', params: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await db.select().from(inAppNotifications)).length).toBe(before.length);
    expect(await outboxOf(ids.caregiver!, 'visit_reminder')).toEqual([]);
    expect((await db.select().from(liveEvents)).length).toBe(liveBefore);
  });
});

describe('renderNotification', () => {
  it('words every kind in English and Spanish with its values', () => {
    expect(renderNotification('credential_expiring', { caregiver: 'Sam', credential: 'CPR', date: '12/1/2026' }, 'en')).toEqual({
      title: 'Credential expiring',
      body: "Sam's CPR expires on 12/1/2026.",
    });
    expect(renderNotification('credential_expiring', { caregiver: 'Sam', credential: 'CPR', date: '1/12/2026' }, 'es')).toEqual({
      title: 'Credencial por vencer',
      body: 'La credencial CPR de Sam vence el 1/12/2026.',
    });
  });
});
