import { inArray } from 'drizzle-orm';
import {
  PREFERENCE_CHANNELS,
  defaultChannels,
  type ChannelChoice,
  type NotificationKind,
} from '@hearth/shared/notifications/notifications.schema';
import { pickLanguage, type Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { serverT } from '../../i18n/server-i18n';
import { users } from '../users/users.schema';
import { notifyAll, type Notification } from '../notify/notify.service';
import { pushSubscriptions } from '../notify/push.schema';
import { publishLiveEvent } from '../live/live.publish';
import { inAppNotifications, notificationPreferences } from './notifications.schema';

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
 * The channels that carry a notification given the user's choice and whether push can reach them: push needs a
 * browser where they turned it on (push_subscriptions; an iPhone pushes only to a web app added to the Home Screen).
 * Without one, push is dropped and SMS stands in when they have a phone number, else email (issue 21 item 4: "when
 * push cannot reach a user, SMS or email does").
 */
export function withPushStandIn(
  chosen: ChannelChoice,
  pushReaches: boolean,
  person: { phoneNumber: string | null; email: string | null },
): ChannelChoice {
  if (!chosen.push || pushReaches) return chosen;
  if (person.phoneNumber) return { push: false, sms: true, email: chosen.email };
  return { push: false, sms: chosen.sms, email: isDeliverableEmail(person.email) || chosen.email };
}

/**
 * Whether mail can reach `email`: a caregiver's sign-in made without an address gets a placeholder in the reserved
 * `.invalid` domain (RFC 2606; caregiver-login.service.ts), which no mail server accepts.
 */
export function isDeliverableEmail(email: string | null): boolean {
  return email !== null && email.trim() !== '' && !/\.invalid$/i.test(email.trim());
}

/**
 * Notifies a user (issue 21 item 2; the contract other features code against): renders the kind's title and body
 * from the `notifications` catalogue in the user's language (their setting, else English), stores the in-app row,
 * publishes a live event on topic 'notifications' to that user (live.publish.ts), and for each further channel the
 * user chose for the kind (their preference, else their role's default: defaultChannels) writes one outbox message
 * through notify(): email to their email, SMS to their phone number (skipped when they have none), push to
 * `user:<id>` (the push driver reaches all their devices; without a device, SMS or email stands in:
 * withPushStandIn). An inactive user gets the in-app row only: no message leaves for someone who can no longer sign
 * in. The batch form is sendUserNotifications.
 * @returns the in-app notification's id
 */
export async function sendUserNotification({ db, ...notification }: UserNotification): Promise<{ id: number }> {
  const [id] = await sendUserNotifications(db, [notification]);
  if (id === undefined) throw new Error('in-app notification insert returned nothing');
  return { id };
}

/**
 * sendUserNotification for many notifications in one transaction `db`, as the notification jobs send them (a
 * reminder run covers every visit of the next two hours): the recipients and their channel choices are read once,
 * the in-app rows and the outbox messages are each written in one statement, and one live event tells all the
 * recipients. The same rules and texts as sendUserNotification.
 * @returns the in-app notification ids, in the order of `notifications`.
 */
export async function sendUserNotifications(db: Db, notifications: Omit<UserNotification, 'db'>[]): Promise<number[]> {
  if (notifications.length === 0) return [];
  const userIds = [...new Set(notifications.map((n) => n.userId))];
  const people = await db
    .select({
      id: users.id,
      language: users.language,
      email: users.email,
      phoneNumber: users.phoneNumber,
      roleId: users.roleId,
      isActive: users.isActive,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  const personOf = new Map(people.map((p) => [p.id, p]));
  const choices = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
  const choiceOf = new Map(choices.map((c) => [`${c.userId}:${c.kind}`, c]));
  const rendered = notifications.map((n) => {
    const person = personOf.get(n.userId);
    const texts = renderNotification(n.kind, n.params ?? {}, pickLanguage([person?.language]));
    return { ...n, ...texts, link: n.link ?? null, person };
  });
  const rows = await db
    .insert(inAppNotifications)
    .values(rendered.map((n) => ({ userId: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link })))
    .returning({ id: inAppNotifications.id });
  // A multi-row INSERT ... RETURNING answers in the order of its VALUES; sorted the same way to be sure.
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  // The recipients' open screens refresh their red dot and list once the caller's transaction commits.
  await publishLiveEvent(db, {
    topic: 'notifications',
    userIds,
    refId: notifications.length === 1 ? (ids[0] ?? null) : null,
  });

  const reachable = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  const pushable = new Set(reachable.map((r) => r.userId));
  const messages: Omit<Notification, 'db'>[] = [];
  for (const n of rendered) {
    const { person } = n;
    if (!person?.isActive) continue;
    const saved = choiceOf.get(`${n.userId}:${n.kind}`) ?? defaultChannels(person.roleId, n.kind);
    const chosen = withPushStandIn(saved, pushable.has(n.userId), person);
    for (const channel of PREFERENCE_CHANNELS) {
      if (!chosen[channel]) continue;
      const recipient = channel === 'email' ? person.email : channel === 'sms' ? person.phoneNumber : `user:${n.userId}`;
      if (!recipient || (channel === 'email' && !isDeliverableEmail(recipient))) continue;
      // A text has no subject line: the title leads the body.
      const body = channel === 'sms' ? `${n.title}: ${n.body}` : n.body;
      const subject = channel === 'sms' ? null : n.title;
      messages.push({ channel, kind: n.kind, recipient, userId: n.userId, subject, body, link: n.link });
    }
  }
  await notifyAll(db, messages);
  return ids;
}
