import { eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { users } from '../users/users.schema';
import { notify } from '../notify/notify.service';
import { sendUserNotification } from '../notifications/notifications.service';
import { pickLanguage, type Language } from '@hearth/shared/i18n/languages';
import { msg, translate } from '../../i18n/server-i18n';
import { zonedDate } from '../../i18n/server-dates';
import { visitWhen } from '../notifications/visit-when';

/**
 * How a pickup invitation reaches a caregiver (issue "Scheduling" item 4): its text, and the channel the notifier
 * sends it on.
 */

/** The path of the caregiver app's pickup screen, carried by every invitation message. */
const PICKUP_LINK = '/app/pickup';

/** What an invitation message says of its shift: the client, the times and the branch's IANA time zone. */
interface InvitedShift {
  clientId: number;
  startAt: Date;
  endAt: Date;
  serviceCode: string | null;
  timezone: string;
}

/** The values an invitation's text is made of, each worded in the reader's language (see invitationText). */
export function invitationParams(
  shift: Pick<InvitedShift, 'startAt' | 'endAt' | 'serviceCode' | 'timezone'>,
  city: string | null,
): { when: (language: Language) => string; where: (language: Language) => string; code: string } {
  return {
    when: (language) => visitWhen(shift.startAt, shift.endAt, shift.timezone, language),
    where: (language) => (city ? translate(msg('pickup.near', { city }), language) : ''),
    code: shift.serviceCode ? ` (${shift.serviceCode})` : '',
  };
}

/**
 * The text of an invitation in `language`, in the branch's time zone and saying which: in English "Open shift Tue
 * 11/24/26 9:00 AM-1:00 PM EST near Dorchester (T1019). Open Hearth to pick it up." ("near" and the code are left
 * out when unknown); in another language the same message from the `server` catalogue, its times through Intl in
 * the language's locale. The client is not named: the offer goes to caregivers who do not care for them yet.
 */
export function invitationText(
  shift: Pick<InvitedShift, 'startAt' | 'endAt' | 'serviceCode' | 'timezone'>,
  city: string | null,
  language: Language = 'en',
): { subject: string; body: string } {
  const { when, where, code } = invitationParams(shift, city);
  const date =
    language === 'en'
      ? DateTime.fromJSDate(shift.startAt, { zone: shift.timezone }).setLocale('en-US').toFormat('ccc MM/dd/yy')
      : zonedDate(shift.startAt, shift.timezone, language);
  return {
    subject: translate(msg('pickup.subject', { date }), language),
    body: translate(msg('pickup.body', { when: when(language), where: where(language), code }), language),
  };
}

/**
 * The city of a client's primary address (the oldest primary should there be two), or null. `clientIdColumn` is
 * written out qualified ("shifts.client_id"): Drizzle leaves select-list columns of a one-table query unqualified.
 */
export function primaryCity(clientIdColumn: 'shifts.client_id' | 'clients.id') {
  return sql<string | null>`(select a.city from client_addresses a
    where a.client_id = ${sql.raw(clientIdColumn)} and a.is_primary order by a.id limit 1)`;
}

/**
 * Sends the invitation message for `shift` to each of `caregiverIds` (kind pickup_invitation, link /app/pickup): a
 * caregiver with an active sign-in user gets it as a notification (sendUserNotification: in-app, and push or SMS as
 * they chose); one without is texted on their phone, else emailed (notify); a caregiver with none of these gets
 * nothing (they still see the offer once they sign in). Each message is in its caregiver's language.
 */
export async function sendInvitationMessages(db: Db, shift: InvitedShift, caregiverIds: number[]): Promise<void> {
  const [client] = await db
    .select({ city: primaryCity('clients.id') })
    .from(clients)
    .where(eq(clients.id, shift.clientId));
  const contacts = await db
    .select({
      userId: users.id,
      userActive: users.isActive,
      language: users.language,
      phoneNumber: caregivers.phoneNumber,
      email: caregivers.email,
    })
    .from(caregivers)
    .leftJoin(users, eq(users.id, caregivers.userId))
    .where(inArray(caregivers.id, caregiverIds));
  for (const c of contacts) {
    if (c.userId !== null && c.userActive) {
      await sendUserNotification({
        db,
        userId: c.userId,
        kind: 'pickup_invitation',
        params: invitationParams(shift, client?.city ?? null),
        link: PICKUP_LINK,
      });
      continue;
    }
    // In the caregiver's language: their user's setting, else English.
    const { subject, body } = invitationText(shift, client?.city ?? null, pickLanguage([c.language]));
    const base = { db, kind: 'pickup_invitation', body, link: PICKUP_LINK, userId: c.userId };
    if (c.phoneNumber) {
      await notify({ ...base, channel: 'sms', recipient: c.phoneNumber });
    } else if (c.email) {
      await notify({ ...base, channel: 'email', recipient: c.email, subject });
    }
  }
}
