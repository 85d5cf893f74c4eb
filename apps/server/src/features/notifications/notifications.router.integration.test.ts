import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CAREGIVER_KINDS,
  FAMILY_KINDS,
  type InAppNotification,
  type NotificationPreference,
  type NotificationStatus,
} from '@hearth/shared/notifications/notifications.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from 'better-auth/crypto';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { accounts, users } from '../users/users.schema';
import { companies } from '../companies/companies.schema';
import { inAppNotifications } from './notifications.schema';
import { renderNotification, sendUserNotification } from './notifications.service';

/** Every demo login: each reads only their own notifications, whatever their role and reach. */
const LOGINS = ['developer', 'companyadmin', 'rvp', 'branchmanager', 'nurse', 'prn', 'caregiver', 'client', 'trustedcontact'];

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  await addTrustedContact();
  const rows = await t.database.db.select({ id: users.id, username: users.username }).from(users);
  for (const row of rows) ids[row.username] = row.id;
  for (const login of LOGINS) tokens[login] = await t.signIn(login);
});
afterAll(() => t.close());

/** A Trusted Contact login (role 9; the demo has none), with the demo password. */
async function addTrustedContact(): Promise<void> {
  const [user] = await t.database.db
    .insert(users)
    .values({
      name: 'Tina Trusted',
      email: 'trustedcontact@example.com',
      username: 'trustedcontact',
      roleId: ROLE_IDS.trustedContact,
      companyId: (await t.database.db.select({ c: users.companyId }).from(users).where(eq(users.username, 'client')))[0]!.c,
    })
    .returning({ id: users.id });
  await t.database.db.insert(accounts).values({
    accountId: String(user!.id),
    providerId: 'credential',
    userId: user!.id,
    password: await hashPassword(DEMO_PASSWORD),
  });
}

type Data<T> = { status: number; data: T; message?: string };

async function query<T>(path: string, input: unknown, as: string): Promise<Data<T>> {
  const res = await t.trpc('query', path, input, tokens[as]);
  return { status: res.status, data: res.body.result?.data as T, message: res.body.error?.message };
}

async function mutate<T>(path: string, input: unknown, as: string): Promise<Data<T>> {
  const res = await t.trpc('mutation', path, input, tokens[as]);
  return { status: res.status, data: res.body.result?.data as T, message: res.body.error?.message };
}

type PageOf = { rows: InAppNotification[]; totalCount: number; totalPages: number; page: number };

/** Sends `n` notifications to `username` one statement at a time, so each has its own created time. */
async function sendMany(username: string, n: number, kind: 'late_visit' | 'export_finished' = 'late_visit') {
  const sent: number[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await sendUserNotification({
      db: t.database.db,
      userId: ids[username]!,
      kind,
      params: { caregiver: `Caregiver ${i}`, client: 'Ana', when: '9:00 AM', file: `f${i}.csv` },
      link: `/shifts/${i + 1}`,
    });
    sent.push(id);
  }
  return sent;
}

describe('getInAppNotifications', () => {
  it('pages the caller’s notifications newest first, filtered by unread and kind', async () => {
    const late = await sendMany('rvp', 5);
    const exports = await sendMany('rvp', 2, 'export_finished');
    const first = await query<PageOf>('getInAppNotifications', { page: 1, pageSize: 3 }, 'rvp');
    expect(first.status).toBe(200);
    expect(first.data.totalCount).toBe(7);
    expect(first.data.totalPages).toBe(3);
    expect(first.data.rows.map((r) => r.id)).toEqual([exports[1], exports[0], late[4]]);
    const last = await query<PageOf>('getInAppNotifications', { page: 3, pageSize: 3 }, 'rvp');
    expect(last.data.rows.map((r) => r.id)).toEqual([late[0]]);
    expect(last.data.rows[0]).toMatchObject({
      kind: 'late_visit',
      ...renderNotification('late_visit', { caregiver: 'Caregiver 0', client: 'Ana', when: '9:00 AM' }, 'en'),
      link: '/shifts/1',
      seenAt: null,
      readAt: null,
    });

    const onlyExports = await query<PageOf>('getInAppNotifications', { kind: 'export_finished' }, 'rvp');
    expect(onlyExports.data.rows.map((r) => r.id)).toEqual([exports[1], exports[0]]);
    await mutate('markNotificationRead', { id: late[4] }, 'rvp');
    const unread = await query<PageOf>('getInAppNotifications', { unreadOnly: true, kind: 'late_visit' }, 'rvp');
    expect(unread.data.rows.map((r) => r.id)).toEqual([late[3], late[2], late[1], late[0]]);
  });
});

describe('status and marking', () => {
  it('shows the red dot while the newest is unseen; seeing, reading one and reading all', async () => {
    const status = () => query<NotificationStatus>('getNotificationStatus', undefined, 'prn').then((r) => r.data);
    expect(await status()).toEqual({ unseenCount: 0, unreadCount: 0, newestUnseen: false, newestId: null });
    const [a, b] = await sendMany('prn', 2);
    expect(await status()).toEqual({ unseenCount: 2, unreadCount: 2, newestUnseen: true, newestId: b });

    expect((await mutate('markNotificationsSeen', undefined, 'prn')).data).toEqual({ updated: 2 });
    expect(await status()).toEqual({ unseenCount: 0, unreadCount: 2, newestUnseen: false, newestId: b });
    const [c] = await sendMany('prn', 1);
    expect(await status()).toEqual({ unseenCount: 1, unreadCount: 3, newestUnseen: true, newestId: c });

    // Reading one also sees it; reading it again changes nothing.
    expect((await mutate('markNotificationRead', { id: c }, 'prn')).data).toEqual({ updated: 1 });
    expect((await mutate('markNotificationRead', { id: c }, 'prn')).data).toEqual({ updated: 0 });
    expect(await status()).toEqual({ unseenCount: 0, unreadCount: 2, newestUnseen: false, newestId: c });
    const [row] = await t.database.db.select().from(inAppNotifications).where(eq(inAppNotifications.id, c!));
    expect(row!.readAt).not.toBeNull();
    expect(row!.seenAt).not.toBeNull();

    expect((await mutate('markAllNotificationsRead', undefined, 'prn')).data).toEqual({ updated: 2 });
    expect(await status()).toEqual({ unseenCount: 0, unreadCount: 0, newestUnseen: false, newestId: c });
    expect([a, b].length).toBe(2);
  });
});

describe('scope: a caller reaches only their own notifications', () => {
  it('every role gets 404 for another user’s notification, another company’s included, and changes nothing', async () => {
    const [other] = await t.database.db.insert(companies).values({ name: 'Another Agency' }).returning();
    const [stranger] = await t.database.db
      .insert(users)
      .values({
        username: 'strangernotified',
        email: 'strangernotified@example.com',
        name: 'S N',
        companyId: other!.id,
        roleId: ROLE_IDS.companyAdmin,
      })
      .returning();
    const { id: strangers } = await sendUserNotification({
      db: t.database.db,
      userId: stranger!.id,
      kind: 'import_finished',
      params: { file: 'secret.csv' },
    });
    const [colleagues] = await sendMany('nurse', 1);
    for (const login of LOGINS) {
      for (const id of login === 'nurse' ? [strangers] : [strangers, colleagues!]) {
        const res = await mutate('markNotificationRead', { id }, login);
        expect(res.status, `${login} marking ${id}`).toBe(404);
        expect(res.message).toBe(`Notification ${id} not found`);
      }
      const page = await query<PageOf>('getInAppNotifications', { pageSize: 100 }, login);
      expect(page.status).toBe(200);
      expect(page.data.rows.every((r) => r.id !== strangers && (login === 'nurse' || r.id !== colleagues))).toBe(true);
      await mutate('markAllNotificationsRead', undefined, login);
      await mutate('markNotificationsSeen', undefined, login);
    }
    const rows = await t.database.db.select().from(inAppNotifications).where(eq(inAppNotifications.userId, stranger!.id));
    expect(rows.map((r) => [r.seenAt, r.readAt])).toEqual([[null, null]]);
  });

  it('answers 404 in Spanish to a Spanish reader, and 401 signed out', async () => {
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, ids.client!));
    const res = await mutate('markNotificationRead', { id: 2_000_000_000 }, 'client');
    expect(res.status).toBe(404);
    expect(res.message).toBe('No se encontró la notificación 2000000000');
    expect((await t.trpc('query', 'getNotificationStatus')).status).toBe(401);
    expect((await t.trpc('query', 'getInAppNotifications', {})).status).toBe(401);
  });
});

describe('channel preferences', () => {
  it('lists the role’s kinds with their defaults, saves a choice, and refuses kinds the role never gets', async () => {
    const caregiver = await query<NotificationPreference[]>('getMyNotificationPreferences', undefined, 'caregiver');
    expect(caregiver.data.map((p) => p.kind)).toEqual(CAREGIVER_KINDS);
    expect(caregiver.data[0]).toEqual({ kind: 'visit_assigned', push: true, email: false, sms: true, isDefault: true });

    const nurse = await query<NotificationPreference[]>('getMyNotificationPreferences', undefined, 'nurse');
    expect(nurse.data.find((p) => p.kind === 'late_visit')).toEqual({
      kind: 'late_visit',
      push: false,
      email: true,
      sms: false,
      isDefault: true,
    });
    expect(nurse.data.find((p) => p.kind === 'geofence_flag')).toMatchObject({ push: false, email: false, sms: false });
    const client = await query<NotificationPreference[]>('getMyNotificationPreferences', undefined, 'client');
    expect(client.data.map((p) => p.kind)).toEqual(FAMILY_KINDS);
    expect(client.data.find((p) => p.kind === 'family_visit_missed')).toMatchObject({ push: true, email: true, sms: false });

    const saved = await mutate<NotificationPreference[]>(
      'setMyNotificationPreference',
      { kind: 'visit_moved', push: false, email: true, sms: false },
      'caregiver',
    );
    expect(saved.data.find((p) => p.kind === 'visit_moved')).toEqual({
      kind: 'visit_moved',
      push: false,
      email: true,
      sms: false,
      isDefault: false,
    });
    // Another user's defaults are untouched by the caregiver's choice.
    const other = await query<NotificationPreference[]>('getMyNotificationPreferences', undefined, 'nurse');
    expect(other.data).toEqual(nurse.data);

    const refused = await mutate(
      'setMyNotificationPreference',
      { kind: 'late_visit', push: true, email: true, sms: true },
      'caregiver',
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Your account does not receive this kind of notification');
    const bad = await mutate('setMyNotificationPreference', { kind: 'nope', push: 1, email: true, sms: true }, 'nurse');
    expect(bad.status).toBe(400);
  });
});
