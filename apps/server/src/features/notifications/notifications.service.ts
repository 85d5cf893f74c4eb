import { eq } from 'drizzle-orm';
import { PREFERENCE_CHANNELS, type NotificationKind } from '@hearth/shared/notifications/notifications.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { languageOfUser } from '../../i18n/request-language';
import { serverT } from '../../i18n/server-i18n';
import { users } from '../users/users.schema';
import { notify } from '../notify/notify.service';
import { publishLiveEvent } from '../live/live.publish';
import { inAppNotifications } from './notifications.schema';
import { channelsOfUser } from './notifications.preferences';

/**
 * A value put into a notification's title or body: a name or number as is, or a function that words it in the
 * recipient's language (a visit's time in their locale and time zone).
 */
export type NotificationParam = string | number | ((language: Language) => string);

/** What to tell whom (sendUserNotification). */
export interface UserNotification {
  /** The database or, normally, the caller's transaction: a rolled-back change notifies no one. */
  db: Db;
  userId: number;
  kind: NotificationKind;
  /**
   * The values of the kind's texts in the `notifications` catalogue (kinds.<kind>.title / .body): `client`, `when`
   * for visits; `caregiver`, `client`, `when` for late and geofence alerts; `caregiver`, `credential`, `date`;
   * `client`, `number`, `date` for authorizations; `file` for imports and exports.
   */
  params?: Record<string, NotificationParam>;
  /** The app path the notification opens (e.g. /shifts/12), or null. */
  link?: string | null;
}

/** The title and body of a notification of `kind` in `language`, its values worded in that language. */
export function renderNotification(
  kind: NotificationKind,
  params: Record<string, NotificationParam>,
  language: Language,
): { title: string; body: string } {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) values[name] = typeof value === 'function' ? value(language) : value;
  const t = serverT(language);
  return {
    title: t(`notifications:kinds.${kind}.title` as never, values) as string,
    body: t(`notifications:kinds.${kind}.body` as never, values) as string,
  };
}

/**
 * Notifies a user (issue 21 item 2; the contract other features code against): renders the kind's title and body
 * from the `notifications` catalogue in the user's language (languageOfUser), stores the in-app row, publishes a
 * live event on topic 'notifications' to that user (live.publish.ts), and for each
 * further channel the user chose for the kind (their preference, else their role's default; notifications.preferences
 * channelsOfUser) writes one outbox message through notify(): email to their email, SMS to their phone number
 * (skipped when they have none), push to `user:<id>` (the push driver reaches all their devices). An inactive user
 * gets the in-app row only: no message leaves for someone who can no longer sign in.
 * @returns the in-app notification's id
 */
export async function sendUserNotification({
  db,
  userId,
  kind,
  params = {},
  link = null,
}: UserNotification): Promise<{ id: number }> {
  const language = await languageOfUser(db, userId);
  const { title, body } = renderNotification(kind, params, language);
  const [row] = await db
    .insert(inAppNotifications)
    .values({ userId, kind, title, body, link })
    .returning({ id: inAppNotifications.id });
  if (!row) throw new Error('in-app notification insert returned nothing');
  // The recipient's open screens refresh their red dot and list once the caller's transaction commits.
  await publishLiveEvent(db, { topic: 'notifications', userIds: [userId], refId: row.id });

  const [user] = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber, roleId: users.roleId, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isActive) return { id: row.id };
  const chosen = await channelsOfUser(db, userId, user.roleId, kind);
  for (const channel of PREFERENCE_CHANNELS) {
    if (!chosen[channel]) continue;
    const recipient = channel === 'email' ? user.email : channel === 'sms' ? user.phoneNumber : `user:${userId}`;
    if (!recipient) continue;
    // A text has no subject line: the title leads the body.
    const text = channel === 'sms' ? `${title}: ${body}` : body;
    await notify({ db, channel, kind, recipient, userId, subject: channel === 'sms' ? null : title, body: text, link });
  }
  return { id: row.id };
}
