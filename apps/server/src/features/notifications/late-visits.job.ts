import { sql } from 'drizzle-orm';
import { lateVisitWindow } from '@hearth/shared/notifications/notification-timing';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { publishLiveEvent } from '../live/live.publish';
import { sendUserNotifications, type UserNotification } from './notifications.service';
import { claimNotices, notClaimed, type Batch, type Cursor } from './notice-ledger';
import { branchOfficeUserIds } from './office-recipients';
import { officeAlert, officeVisits, type OfficeVisit } from './office-alerts';
import { familyMissedAlerts } from '../client-app/client-app-alerts.notify';

/** Late visits claimed and alerted per transaction. */
const BATCH = 200;

/**
 * The `late-visit-alerts` job (every minute; issue "Reaching people" item 3): for each visit with a caregiver,
 * still scheduled and not checked in LATE_VISIT_ALERT_MINUTES (15, the EVV grace period) after its start, and
 * started less than LATE_VISIT_ALERT_WINDOW_HOURS (12) ago, alerts its branch's office once (the notice ledger, kind
 * late_visit; who: office-recipients branchOfficeUserIds) with the caregiver, the client and the visit's times,
 * opening the client's schedule; and tells the branch's open screens (a live 'visits' event) so Home and the
 * schedule show it at once. The client's family is told in the same batch (family_visit_missed: the client's user
 * and the contacts with the alerts permission; client-app-alerts.notify.ts familyMissedAlerts). Batches of 200, each
 * claimed and sent in one transaction.
 * @param now the job's clock (UTC; a test gives it).
 * @returns how many visits were alerted.
 */
export async function alertLateVisits(db: Db, now: Date = new Date()): Promise<{ alerted: number }> {
  const { lateSince, windowStart } = lateVisitWindow(now);
  let alerted = 0;
  // Each batch starts after the last visit the previous one read (start, id), so a run reads every visit once.
  let after: Cursor | null = null;
  for (;;) {
    const from: Cursor | null = after;
    const batch = await inTransaction(db, async (tx): Promise<Batch<OfficeVisit>> => {
      const late = await officeVisits(
        tx,
        sql`s.status = 'scheduled' and s.check_in_at is null
          and s.start_at <= ${lateSince.toISOString()}::timestamptz
          and s.start_at > ${windowStart.toISOString()}::timestamptz
          and ${notClaimed('late_visit', sql`s.id::text`)}
          and ${from ? sql`(s.start_at, s.id) > (${from.startAt}::timestamptz, ${from.id})` : sql`true`}`,
        BATCH,
      );
      const claimed = await claimNotices(
        tx,
        'late_visit',
        late.map((v) => String(v.id)),
      );
      const offices = await branchOfficeUserIds(
        tx,
        late.map((v) => v.branch_id),
      );
      const alerts: Omit<UserNotification, 'db'>[] = [];
      for (const visit of late) {
        if (!claimed.has(String(visit.id))) continue;
        for (const userId of offices.get(visit.branch_id) ?? []) alerts.push(officeAlert('late_visit', visit, userId));
        await publishLiveEvent(tx, { topic: 'visits', branchIds: [visit.branch_id], refId: visit.id });
      }
      const missed = late.filter((v) => claimed.has(String(v.id)));
      alerts.push(
        ...(await familyMissedAlerts(
          tx,
          missed.map((v) => ({
            clientId: v.client_id,
            startAt: new Date(v.start_at),
            endAt: new Date(v.end_at),
            timezone: v.timezone,
          })),
        )),
      );
      await sendUserNotifications(tx, alerts);
      const last = late.at(-1);
      return { found: late.length, sent: claimed.size, last };
    });
    alerted += batch.sent;
    if (batch.found < BATCH || !batch.last) return { alerted };
    after = { startAt: new Date(batch.last.start_at).toISOString(), id: batch.last.id };
  }
}
