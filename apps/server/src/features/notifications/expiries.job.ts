import { sql } from 'drizzle-orm';
import { EXPIRY_NOTICE_DAYS } from '@hearth/shared/notifications/notification-timing';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { intlLocale } from '../../i18n/server-i18n';
import { sendUserNotification } from './notifications.service';
import { claimNotices, notClaimed } from './notice-ledger';
import { branchOfficeUserIds } from './office-recipients';

/**
 * A calendar date (YYYY-MM-DD) as a notification says it: "12/01/2026" in English (the spec's dates), through Intl
 * in another language's locale ("1/12/2026" in Spanish).
 */
export function dayText(isoDate: string, language: Language): string {
  const [y, m, d] = isoDate.split('-');
  if (language === 'en') return `${m}/${d}/${y}`;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeZone: 'UTC' })
    .format(new Date(`${isoDate}T00:00:00Z`))
    .replace(/\/(\d\d)$/, `/${y}`);
}

interface ExpiringCredential {
  id: number;
  name: string;
  expires_on: string;
  branch_id: number;
  caregiver_id: number;
  caregiver: string;
  user_id: number | null;
}

interface EndingAuthorization {
  id: number;
  number: string;
  end_date: string;
  branch_id: number;
  client_id: number;
  client: string;
}

/** The UTC calendar day of `now` and the day EXPIRY_NOTICE_DAYS after it, as YYYY-MM-DD. */
function noticeWindow(now: Date): { today: string; until: string } {
  const until = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  return { today: now.toISOString().slice(0, 10), until: until.toISOString().slice(0, 10) };
}

/**
 * The `expiry-notices` job (daily, and at start; issue "Reaching people" item 3). Within EXPIRY_NOTICE_DAYS (30)
 * of `now`, once per record and date (the notice ledger: a renewed credential or an extended authorization with a
 * new date is announced again):
 * - each active caregiver's credential expiring (kind credential_expiring) reaches the caregiver's branch office
 *   (branchOfficeUserIds) and the caregiver, opening the caregiver's profile for the office and the app for them;
 * - each active client's authorization ending (kind authorization_expiring) reaches the client's branch office,
 *   opening the client's profile.
 * Dates already past are not announced (the day itself is). One transaction per kind.
 * @param now the job's clock (UTC; a test gives it).
 * @returns how many credentials and authorizations were announced.
 */
export async function announceExpiries(db: Db, now: Date = new Date()): Promise<{ credentials: number; authorizations: number }> {
  const { today, until } = noticeWindow(now);
  const credentials = await inTransaction(db, async (tx) => {
    const rows = rowsOf<ExpiringCredential>(
      await tx.execute(sql`
        select cc.id, cc.name, cc.expires_on::text as expires_on, c.branch_id, c.id as caregiver_id,
          c.first_name || ' ' || c.last_name as caregiver, u.id as user_id
        from caregiver_credentials cc
        join caregivers c on c.id = cc.caregiver_id and c.status = 'active'
        left join users u on u.id = c.user_id and u.is_active
        where cc.expires_on between ${today}::date and ${until}::date
          and ${notClaimed('credential_expiring', sql`cc.id::text || ':' || cc.expires_on::text`)}
        order by cc.expires_on, cc.id`),
    );
    const claimed = await claimNotices(
      tx,
      'credential_expiring',
      rows.map((r) => `${r.id}:${r.expires_on}`),
    );
    const offices = await branchOfficeUserIds(
      tx,
      rows.map((r) => r.branch_id),
    );
    let sent = 0;
    for (const row of rows) {
      if (!claimed.has(`${row.id}:${row.expires_on}`)) continue;
      const params = {
        caregiver: row.caregiver,
        credential: row.name,
        date: (language: Language) => dayText(row.expires_on, language),
      };
      for (const userId of offices.get(row.branch_id) ?? []) {
        const link = `/caregivers/${row.caregiver_id}/profile`;
        await sendUserNotification({ db: tx, userId, kind: 'credential_expiring', params, link });
      }
      if (row.user_id !== null) {
        await sendUserNotification({ db: tx, userId: row.user_id, kind: 'credential_expiring', params, link: '/app' });
      }
      sent += 1;
    }
    return sent;
  });
  const authorizations = await inTransaction(db, async (tx) => {
    const rows = rowsOf<EndingAuthorization>(
      await tx.execute(sql`
        select a.id, coalesce(a.authorization_number, a.service_code) as number, a.end_date::text as end_date,
          cl.branch_id, cl.id as client_id, cl.first_name || ' ' || cl.last_name as client
        from client_authorizations a
        join clients cl on cl.id = a.client_id and cl.status = 'active'
        where a.end_date between ${today}::date and ${until}::date
          and ${notClaimed('authorization_expiring', sql`a.id::text || ':' || a.end_date::text`)}
        order by a.end_date, a.id`),
    );
    const claimed = await claimNotices(
      tx,
      'authorization_expiring',
      rows.map((r) => `${r.id}:${r.end_date}`),
    );
    const offices = await branchOfficeUserIds(
      tx,
      rows.map((r) => r.branch_id),
    );
    let sent = 0;
    for (const row of rows) {
      if (!claimed.has(`${row.id}:${row.end_date}`)) continue;
      const params = {
        client: row.client,
        number: row.number,
        date: (language: Language) => dayText(row.end_date, language),
      };
      for (const userId of offices.get(row.branch_id) ?? []) {
        const link = `/clients/${row.client_id}/profile`;
        await sendUserNotification({ db: tx, userId, kind: 'authorization_expiring', params, link });
      }
      sent += 1;
    }
    return sent;
  });
  return { credentials, authorizations };
}
