import { sql } from 'drizzle-orm';
import { VISIT_REMINDER_LEAD_MINUTES } from '@hearth/shared/notifications/notification-timing';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { sendUserNotifications } from './notifications.service';
import { claimNotices, notClaimed, type Batch, type Cursor } from './notice-ledger';
import { clientShortName } from './visit-changes.notify';
import { visitWhen } from './visit-when';

/** Visits claimed and reminded per transaction: a crash loses no reminder, and a batch commits in well under a second. */
const BATCH = 500;

interface DueVisit {
  id: number;
  start_at: Date | string;
  end_at: Date | string;
  user_id: number;
  first_name: string;
  last_name: string;
  timezone: string;
}

/**
 * The `visit-reminders` job (every minute; issue "Reaching people" item 3): reminds the caregiver of each scheduled,
 * not yet checked-in visit that starts within VISIT_REMINDER_LEAD_MINUTES (120) after `now`, once (the
 * notice ledger, kind visit_reminder), as a notification (sendUserNotification: in-app, and push or SMS as they
 * chose; sendUserNotifications, one batch per transaction) in their language with the visit's times on the branch's
 * wall clock, opening the caregiver app. Only
 * caregivers with an active sign-in user are reminded here; the office texts the others with sendShiftReminder.
 * Batches of 500 visits, each claimed and reminded in one transaction: safe to run in several processes at once.
 * @param now the job's clock (UTC; a test gives it); `batchSize` visits per transaction (default 500).
 * @returns how many visits were reminded.
 */
export async function remindUpcomingVisits(
  db: Db,
  now: Date = new Date(),
  batchSize: number = BATCH,
): Promise<{ reminded: number }> {
  const until = new Date(now.getTime() + VISIT_REMINDER_LEAD_MINUTES * 60_000);
  let reminded = 0;
  // Each batch starts after the last visit the previous one read (start, id), so a run reads every visit once.
  let after: Cursor | null = null;
  for (;;) {
    const from: Cursor | null = after;
    const batch = await inTransaction(db, async (tx): Promise<Batch<DueVisit>> => {
      const due = rowsOf<DueVisit>(
        await tx.execute(sql`
          select s.id, s.start_at, s.end_at, u.id as user_id, cl.first_name, cl.last_name, b.timezone
          from shifts s
          join caregivers c on c.id = s.caregiver_id
          join users u on u.id = c.user_id and u.is_active
          join clients cl on cl.id = s.client_id
          join branches b on b.id = s.branch_id
          where s.status = 'scheduled' and s.check_in_at is null
            and s.start_at > ${now.toISOString()}::timestamptz and s.start_at <= ${until.toISOString()}::timestamptz
            and ${notClaimed('visit_reminder', sql`s.id::text`)}
            and ${from ? sql`(s.start_at, s.id) > (${from.startAt}::timestamptz, ${from.id})` : sql`true`}
          order by s.start_at, s.id
          limit ${batchSize}`),
      );
      const claimed = await claimNotices(
        tx,
        'visit_reminder',
        due.map((v) => String(v.id)),
      );
      const reminders = due
        .filter((visit) => claimed.has(String(visit.id)))
        .map((visit) => {
          const start = new Date(visit.start_at);
          const end = new Date(visit.end_at);
          return {
            userId: visit.user_id,
            kind: 'visit_reminder' as const,
            params: {
              client: clientShortName({ firstName: visit.first_name, lastName: visit.last_name }),
              when: (language: Language) => visitWhen(start, end, visit.timezone, language),
            },
            link: '/app',
          };
        });
      await sendUserNotifications(tx, reminders);
      const last = due.at(-1);
      return { found: due.length, sent: claimed.size, last };
    });
    reminded += batch.sent;
    if (batch.found < batchSize || !batch.last) return { reminded };
    after = { startAt: new Date(batch.last.start_at).toISOString(), id: batch.last.id };
  }
}
