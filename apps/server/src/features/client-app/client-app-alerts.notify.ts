import { eq, inArray } from 'drizzle-orm';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { serverT } from '../../i18n/server-i18n';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { sendUserNotifications, type UserNotification } from '../notifications/notifications.service';
import { visitWhen } from '../notifications/visit-when';
import { familyUserIds } from './client-app-visits.family';
import { checkTime, familyChangeNotices, familyCheckKinds, type FamilyVisitState } from './client-app-alerts.rules';

/*
 * Sends the family kinds of notification (issue "client and family app" item 4) from the places where visits
 * change: the caregiver's check-in and check-out (visits.record.ts), the late-visits job (missed), and the
 * office's changes to a visit (visit-changes.notify.ts). Who: familyAlertUserIds. Each notification goes through
 * sendUserNotifications, so it is worded in the recipient's language and reaches them in-app and on the channels
 * they chose on the client app's alerts page (push, SMS, email; until they choose, the family defaults of
 * defaultChannels).
 */

/** What a family notification opens: the client app's home, with today's visits and the next ones. */
export const FAMILY_ALERT_LINK = '/client-mobile-app';

/** What the family is called in a family notification: the client's first name and last initial, as elsewhere. */
function shortName(client: { firstName: string; lastName: string }): string {
  return `${client.firstName} ${client.lastName.charAt(0)}.`.trim();
}

/**
 * The users who hear of the visits of each client (issue "client and family app" items 4 and 6): the client's own
 * sign-in user, and the sign-in user of every contact of the client with portal access AND the alerts permission,
 * while the client may use the client app and the user is active (client-app-visits.family.ts familyUserIds, the
 * rule of reachClient). A contact without the alerts permission, a former contact (portal access taken away) and a
 * discharged client's family hear nothing.
 * @param clientIds clients.id values (duplicates allowed).
 * @returns a map from each given client id to its recipients' user ids, ascending (possibly empty).
 */
export async function familyAlertUserIds(db: Db, clientIds: number[]): Promise<Map<number, number[]>> {
  const byClient = new Map<number, number[]>();
  for (const clientId of new Set(clientIds)) byClient.set(clientId, await familyUserIds(db, clientId, 'alerts'));
  return byClient;
}

/** The client's names and their branch's IANA zone, as the family notifications word them. */
async function clientPlace(db: Db, clientId: number) {
  const [place] = await db
    .select({ firstName: clients.firstName, lastName: clients.lastName, timezone: branches.timezone })
    .from(clients)
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(eq(clients.id, clientId));
  if (!place) throw new Error(`client ${clientId} lost its branch`);
  return place;
}

/** A caregiver's first name (what a family is told of the caregiver), or null when there is none. */
async function caregiverFirstName(db: Db, caregiverId: number | null): Promise<string | null> {
  if (caregiverId === null) return null;
  const [row] = await db.select({ firstName: caregivers.firstName }).from(caregivers).where(eq(caregivers.id, caregiverId));
  return row?.firstName ?? null;
}

/** The same notification for every family recipient of `clientId`. */
async function toFamily(
  db: Db,
  clientId: number,
  notification: Omit<UserNotification, 'db' | 'userId'>,
): Promise<Omit<UserNotification, 'db'>[]> {
  const userIds = (await familyAlertUserIds(db, [clientId])).get(clientId) ?? [];
  return userIds.map((userId) => ({ ...notification, userId }));
}

/**
 * Tells the client's family that a caregiver's phone checked a visit in or out (family_visit_started {caregiver,
 * client, time}, family_visit_ended): called by the visits feature with the checks a request wrote (recordVisitTimes;
 * a replay that writes nothing tells nothing). Which checks are news: familyCheckKinds (an offline upload more than
 * FAMILY_CHECK_FRESH_MINUTES old is not; a whole visit uploaded at once is told as ended). The time is the check's,
 * on the branch's wall clock in the reader's language (checkTime).
 * @param db the check's transaction: a check rolled back tells no one.
 * @param written the check-in and check-out times (UTC) the request wrote, null for those it did not.
 * @param receivedAt the server's receipt time of the request (UTC).
 * @returns how many notifications were sent.
 */
export async function notifyFamilyVisitChecked(
  db: Db,
  shiftId: number,
  written: { checkIn: Date | null; checkOut: Date | null },
  receivedAt: Date,
): Promise<{ sent: number }> {
  const kinds = familyCheckKinds(written, receivedAt);
  if (kinds.length === 0) return { sent: 0 };
  const [shift] = await db
    .select({ clientId: shifts.clientId, caregiverId: shifts.caregiverId })
    .from(shifts)
    .where(eq(shifts.id, shiftId));
  if (!shift) return { sent: 0 };
  const place = await clientPlace(db, shift.clientId);
  const caregiver = (await caregiverFirstName(db, shift.caregiverId)) ?? '';
  const notifications: Omit<UserNotification, 'db'>[] = [];
  for (const { kind, at } of kinds) {
    const params = {
      caregiver,
      client: shortName(place),
      time: (language: Language) => checkTime(at, place.timezone, language),
    };
    notifications.push(...(await toFamily(db, shift.clientId, { kind, params, link: FAMILY_ALERT_LINK })));
  }
  await sendUserNotifications(db, notifications);
  return { sent: notifications.length };
}

/** A visit the late-visits job found not started, as the family's "missed" notice needs it (times UTC). */
export interface MissedVisit {
  clientId: number;
  startAt: Date;
  endAt: Date;
  /** The branch's IANA zone. */
  timezone: string;
}

/**
 * The family_visit_missed notifications {client, when} for visits the late-visits job claimed (late-visits.job.ts:
 * not checked in 15 minutes after the start, alerted once through the notice ledger), one per visit and family
 * recipient, for the job to send in the same batch as the office's alerts. The text says the agency knows: the
 * office got its late_visit alert in the same transaction.
 * @returns the notifications to send (none for a client without family recipients).
 */
export async function familyMissedAlerts(db: Db, visits: MissedVisit[]): Promise<Omit<UserNotification, 'db'>[]> {
  if (visits.length === 0) return [];
  const clientIds = [...new Set(visits.map((v) => v.clientId))];
  const recipients = await familyAlertUserIds(db, clientIds);
  const names = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(inArray(clients.id, clientIds));
  const nameOf = new Map(names.map((c) => [c.id, shortName(c)]));
  return visits.flatMap((visit) =>
    (recipients.get(visit.clientId) ?? []).map((userId) => ({
      userId,
      kind: 'family_visit_missed' as const,
      params: {
        client: nameOf.get(visit.clientId) ?? '',
        when: (language: Language) => visitWhen(visit.startAt, visit.endAt, visit.timezone, language),
      },
      link: FAMILY_ALERT_LINK,
    })),
  );
}

/**
 * Tells the client's family of the office's change to a visit (family_schedule_changed {client, change},
 * family_caregiver_changed {client, when, caregiver}); what is told: client-app-alerts.rules.ts
 * familyChangeNotices (nothing for a visit that has ended). Times on the branch's wall clock in the reader's
 * language; the caregiver by first name. Called by the notifications feature's notifyVisitChange, which every
 * change to a visit through the shifts service goes through (create, edit, cancel, and the office's approval of a
 * family's request).
 * @param db the change's transaction: a change rolled back tells no one.
 * @param before the visit before the change, or null for a new one; `after` as saved; `now` the clock (UTC).
 * @returns how many notifications were sent.
 */
export async function notifyFamilyVisitChange(
  db: Db,
  before: FamilyVisitState | null,
  after: FamilyVisitState & { clientId: number },
  now: Date,
): Promise<{ sent: number }> {
  const notices = familyChangeNotices(before, after, now);
  if (notices.length === 0) return { sent: 0 };
  const place = await clientPlace(db, after.clientId);
  const client = shortName(place);
  const span = (v: FamilyVisitState) => (language: Language) => visitWhen(v.startAt, v.endAt, place.timezone, language);
  const notifications: Omit<UserNotification, 'db'>[] = [];
  for (const notice of notices) {
    let params: UserNotification['params'];
    if (notice.kind === 'family_caregiver_changed') {
      params = { client, when: span(after), caregiver: (await caregiverFirstName(db, notice.caregiverId)) ?? '' };
    } else {
      // The visit as it was for a cancellation; as it now is (and was, for a move) otherwise.
      const shown = notice.change === 'cancelled' && before ? before : after;
      const change = (language: Language) =>
        serverT(language)(`notifications:familyChanges.${notice.change}` as never, {
          when: span(shown)(language),
          before: before ? span(before)(language) : '',
        }) as string;
      params = { client, change };
    }
    notifications.push(...(await toFamily(db, after.clientId, { kind: notice.kind, params, link: FAMILY_ALERT_LINK })));
  }
  await sendUserNotifications(db, notifications);
  return { sent: notifications.length };
}
