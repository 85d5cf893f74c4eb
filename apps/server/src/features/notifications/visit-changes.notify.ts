import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { notifyFamilyVisitChange } from '../client-app/client-app-alerts.notify';
import { sendUserNotification } from './notifications.service';
import { visitChangeNotices, type VisitState } from './visit-changes.rules';
import { visitWhen } from './visit-when';

/** A visit after a change, as the notifier needs it: its rule state and whose it is. */
export interface ChangedVisit extends VisitState {
  clientId: number;
  branchId: number;
}

/** What a caregiver's message calls a client: first name and last initial; the full name stays in the app. */
export function clientShortName(client: { firstName: string; lastName: string }): string {
  return `${client.firstName} ${client.lastName.charAt(0)}.`.trim();
}

/**
 * Tells the caregivers concerned of a change to a visit (issue "Reaching people" item 3; who and what:
 * visit-changes.rules visitChangeNotices): each gets an in-app notification and the channels they chose
 * (sendUserNotification), worded in their language with the visit's times on the branch's wall clock, opening the
 * caregiver app (/app). A caregiver without a sign-in user is told nothing here: they have no app to open, and the
 * office reaches them as before (sendShiftReminder by SMS or email). The client's family is told too (schedule and
 * caregiver changes; client-app-alerts.notify.ts notifyFamilyVisitChange).
 * @param db the change's transaction: a change rolled back tells no one.
 * @param before the visit before the change, or null for a new one; `after` as saved; `now` the clock (UTC).
 * @returns how many caregivers were notified, and how many family notifications were sent.
 */
export async function notifyVisitChange(
  db: Db,
  before: VisitState | null,
  after: ChangedVisit,
  now: Date = new Date(),
): Promise<{ notified: number; family: number }> {
  const family = (await notifyFamilyVisitChange(db, before, after, now)).sent;
  const { notified } = await notifyCaregivers(db, before, after, now);
  return { notified, family };
}

/** The caregivers' part of notifyVisitChange. */
async function notifyCaregivers(
  db: Db,
  before: VisitState | null,
  after: ChangedVisit,
  now: Date,
): Promise<{ notified: number }> {
  const notices = visitChangeNotices(before, after, now);
  if (notices.length === 0) return { notified: 0 };
  const people = await db
    .select({ id: caregivers.id, userId: caregivers.userId })
    .from(caregivers)
    .where(
      inArray(
        caregivers.id,
        notices.map((n) => n.caregiverId),
      ),
    );
  const userOf = new Map(people.map((p) => [p.id, p.userId]));
  const [place] = await db
    .select({ firstName: clients.firstName, lastName: clients.lastName, timezone: branches.timezone })
    .from(clients)
    .innerJoin(branches, eq(branches.id, after.branchId))
    .where(eq(clients.id, after.clientId));
  if (!place) throw new Error(`visit of client ${after.clientId} lost its client or branch`);
  let notified = 0;
  for (const notice of notices) {
    const userId = userOf.get(notice.caregiverId);
    if (!userId) continue;
    // The visit as the caregiver knew it when it is taken away or cancelled; as it now is otherwise.
    const shown = notice.kind === 'visit_unassigned' && before ? before : after;
    await sendUserNotification({
      db,
      userId,
      kind: notice.kind,
      params: {
        client: clientShortName(place),
        when: (language) => visitWhen(shown.startAt, shown.endAt, place.timezone, language),
      },
      link: '/app',
    });
    notified += 1;
  }
  return { notified };
}
